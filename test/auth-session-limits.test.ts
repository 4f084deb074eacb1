/**
 * How long a staff session lasts (ASVS 7.3.1, 7.3.2): it ends after
 * `sessionIdleTimeout` without a refresh and `sessionMaxAge` after its
 * sign-in, for the refresh cookie and the idToken alike; and the cookie names
 * on an https site (ASVS 3.3.1): `__Secure-` for the cookies scoped to
 * /api/auth, `__Host-` for the light-pages switch, read back under those names
 * only.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignInAnswer } from '../src/shared/auth.js';
import { dialects } from './helpers/databases.js';
import type { TestApp } from './helpers/app.js';
import { createUser } from './helpers/users.js';
import { buildAuthApp, setCookieHeader, signIn } from './auth-helpers.js';
import { configFromEnv } from '../src/server/config.js';

const minute = 60_000;

/** What a browser holds after a sign-in or refresh: its idToken and its refresh cookie. */
interface Held {
  idToken: string;
  cookie: string;
}

function heldFrom(res: LightMyRequestResponse, cookieName = 'refresh_token'): Held {
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === cookieName)?.value;
  expect(cookie, `a ${cookieName} cookie`).toBeTruthy();
  return { idToken: (res.json() as SignInAnswer).idToken, cookie: cookie! };
}

describe.each(dialects())('session limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // An idToken that outlives the idle time: the session's end must refuse it, not its own expiry.
    t = await buildAuthApp(dialect, { authTokenTtl: 3600, sessionIdleTimeout: 30 * 60, sessionMaxAge: 2 * 3600 });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const refresh = (held: Held) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: held.cookie } });
  const account = (held: Held) => t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${held.idToken}` } });

  it('ends a session unused for the idle time: its refresh and its idToken are refused, though the idToken has not expired', async () => {
    const u = await createUser(t.app, 'admin');
    vi.useFakeTimers({ toFake: ['Date'] });
    const held = heldFrom(await signIn(t.app, u.email, u.password));
    later(29 * minute);
    expect((await account(held)).statusCode).toBe(200);

    later(2 * minute);
    const refused = await account(held);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
    const renewal = await refresh(held);
    expect(renewal.statusCode).toBe(401);
    expect(renewal.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
  });

  it('keeps a session in use going past the idle time, and its cookie lasts as long as the session would without use', async () => {
    const u = await createUser(t.app, 'admin');
    vi.useFakeTimers({ toFake: ['Date'] });
    const signedIn = await signIn(t.app, u.email, u.password);
    expect(setCookieHeader(signedIn)).toMatch(/refresh_token=[^;]+; Max-Age=1800; Path=\/api\/auth; HttpOnly; SameSite=Strict/);
    let held = heldFrom(signedIn);
    for (let i = 0; i < 3; i++) {
      later(25 * minute);
      held = heldFrom(await refresh(held));
    }
    // 75 minutes after signing in, 25 after the last renewal.
    later(25 * minute);
    expect((await account(held)).statusCode).toBe(200);
  });

  it('ends a session at its absolute lifetime however often it is renewed; the last renewal’s cookie says so', async () => {
    const u = await createUser(t.app, 'admin');
    vi.useFakeTimers({ toFake: ['Date'] });
    let held = heldFrom(await signIn(t.app, u.email, u.password));
    for (let i = 0; i < 4; i++) {
      later(25 * minute);
      held = heldFrom(await refresh(held));
    }
    // 100 minutes in: the renewal's cookie lasts the 20 minutes left, not the idle 30.
    later(10 * minute);
    const last = await refresh(held);
    expect(setCookieHeader(last)).toMatch(/refresh_token=[^;]+; Max-Age=600;/);
    held = heldFrom(last);
    expect((await account(held)).statusCode).toBe(200);

    later(11 * minute);
    expect((await account(held)).json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
    expect((await refresh(held)).json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
    // A new sign-in starts a new session.
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
  });
});

describe.each(dialects())('cookie names on an https site on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // One unknown client's wrong password slows the account down, so the device cookie's effect shows at once.
    t = await buildAuthApp(dialect, { publicUrl: 'https://ngo.example.org' }, { auth: { throttle: { accountLimit: 1 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the refresh and device cookies as __Secure- on /api/auth, and reads them back under those names only', async () => {
    const u = await createUser(t.app, 'admin');
    const res = await signIn(t.app, u.email, u.password, '192.0.2.10');
    const header = setCookieHeader(res);
    expect(header).toMatch(/^__Secure-refresh_token=[^;]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; Secure; SameSite=Strict$/m);
    expect(header).toMatch(/^__Secure-signin_device=[^;]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; Secure; SameSite=Strict$/m);
    expect(header).not.toMatch(/^(refresh_token|signin_device)=/m);
    expect(header).not.toMatch(/Domain=/i);
    const held = heldFrom(res, '__Secure-refresh_token');
    const device = res.cookies.find((c) => c.name === '__Secure-signin_device')!.value;

    // The refresh cookie under its name renews; the same value without the prefix is no cookie at all.
    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Secure-refresh_token': held.cookie } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(setCookieHeader(renewed)).toMatch(/^__Secure-refresh_token=/m);
    const unprefixed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: heldFrom(renewed, '__Secure-refresh_token').cookie } });
    expect(unprefixed.statusCode).toBe(401);

    // A wrong password from elsewhere slows the account for unknown clients; the owner's device cookie still gets in.
    expect((await signIn(t.app, u.email, 'not-the-password', '198.51.100.20')).statusCode).toBe(401);
    const signInWith = (cookies: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: u.password }, remoteAddress: '203.0.113.30', cookies });
    expect((await signInWith({ signin_device: device })).statusCode).toBe(429);
    expect((await signInWith({ '__Secure-signin_device': device })).statusCode).toBe(200);

    // Signing out clears the prefixed cookie.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { '__Secure-refresh_token': held.cookie } });
    expect(setCookieHeader(out)).toMatch(/^__Secure-refresh_token=;/m);
  });
});

describe.each(dialects())('the light-pages cookie on an https site on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAuthApp(dialect, { publicUrl: 'https://ngo.example.org' }, { render: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the switch as __Host- (Secure, Path=/, no Domain) and reads it back under that name only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/light-pages?on&back=/' });
    expect(res.statusCode).toBe(303);
    expect(setCookieHeader(res)).toMatch(/^__Host-light=1; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    // A light page offers the switch back to full pages.
    const page = (cookie: string) => t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', cookie } });
    const light = await page('__Host-light=1');
    expect(light.statusCode).toBe(200);
    expect(light.body).toContain('href="/light-pages?off&amp;back=%2F"');
    // The name without its prefix could have been set by another host of the domain: it does not count.
    expect((await page('light=1')).body).toContain('href="/light-pages?on&amp;back=%2F"');
  });
});

describe('session limits in the configuration', () => {
  const base = { AUTH_SECRET: 'a'.repeat(40), DATA_DIR: '/tmp/ngo-config-test', PAGE_WEIGHT_BROWSER: 'off' };

  it('defaults to an hour without use and twelve hours in all, and takes other values from the environment', () => {
    expect(configFromEnv(base)).toMatchObject({ sessionIdleTimeout: 3600, sessionMaxAge: 43_200 });
    expect(configFromEnv({ ...base, SESSION_IDLE_TIMEOUT: '1800', SESSION_MAX_AGE: '28800' })).toMatchObject({ sessionIdleTimeout: 1800, sessionMaxAge: 28_800 });
  });

  it('refuses nonsense, a lifetime shorter than the idle time, and the old 30-day REFRESH_TOKEN_TTL, saying what to set', () => {
    expect(() => configFromEnv({ ...base, SESSION_IDLE_TIMEOUT: '60' })).toThrow('SESSION_IDLE_TIMEOUT must be a whole number of seconds, at least 600');
    expect(() => configFromEnv({ ...base, SESSION_MAX_AGE: 'a day' })).toThrow('SESSION_MAX_AGE must be a whole number of seconds');
    expect(() => configFromEnv({ ...base, SESSION_IDLE_TIMEOUT: '7200', SESSION_MAX_AGE: '3600' })).toThrow('SESSION_MAX_AGE must be at least SESSION_IDLE_TIMEOUT');
    expect(() => configFromEnv({ ...base, REFRESH_TOKEN_TTL: '2592000' })).toThrow(/REFRESH_TOKEN_TTL is no longer read: set SESSION_IDLE_TIMEOUT and SESSION_MAX_AGE/);
  });
});
