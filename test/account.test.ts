/**
 * The own account: the name, the password change (the current password is
 * asked for; other sessions end, this one carries on), and the sessions list
 * with signing one or all others out.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, SessionsAnswer } from '../src/shared/account.js';
import type { SignInAnswer } from '../src/shared/auth.js';
import { dialects } from './helpers/databases.js';
import type { TestApp } from './helpers/app.js';
import { createUser, type TestUser } from './helpers/users.js';
import { buildAuthApp, refresh, refreshCookie } from './auth-helpers.js';
import { editorialApi, type AuditAnswer } from '../src/shared/editorial.js';

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const chromeAndroid = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** One signed-in browser: its idToken's headers and its refresh cookie. */
interface Device {
  headers: { authorization: string };
  cookie: string;
}

describe.each(dialects())('own account on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAuthApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signInFrom(user: { email: string; password: string }, userAgent: string, remoteAddress: string): Promise<Device> {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent }, remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    return { headers: { authorization: `Bearer ${(res.json() as SignInAnswer).idToken}` }, cookie: refreshCookie(res)! };
  }

  function deviceOf(res: LightMyRequestResponse): Device {
    expect(res.statusCode, res.body).toBe(200);
    return { headers: { authorization: `Bearer ${(res.json() as SignInAnswer).idToken}` }, cookie: refreshCookie(res)! };
  }

  /** Ends the session the test account was made with, so the devices signed in next are its only ones. */
  const endHelperSession = async (u: TestUser) => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { refresh_token: u.refreshToken } })).statusCode).toBe(204);
  };

  const sessions = async (device: Device | TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: device.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SessionsAnswer).sessions;
  };

  it('shows the account and changes the name', async () => {
    const u = await createUser(t.app, 'admin', { email: 'amina@example.org' });
    const before = await t.app.inject({ method: 'GET', url: '/api/account', headers: u.headers });
    expect(before.json()).toEqual({
      uid: u.uid,
      email: 'amina@example.org',
      displayName: 'admin user',
      role: 'admin',
      twoFactor: { enabled: false, required: false, recoveryCodesLeft: 0 },
    } satisfies AccountView);

    const res = await t.app.inject({ method: 'PATCH', url: '/api/account', headers: u.headers, payload: { displayName: '  Amina Juma ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ displayName: 'Amina Juma' });
    // The next sign-in answer carries the new name.
    const signedIn = (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: u.password } })).json() as SignInAnswer;
    expect(signedIn.user.displayName).toBe('Amina Juma');

    const bad = await t.app.inject({ method: 'PATCH', url: '/api/account', headers: u.headers, payload: { displayName: 'x'.repeat(201) } });
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'displayName' } });
    // Nothing else of the account can be changed here.
    const role = await t.app.inject({ method: 'PATCH', url: '/api/account', headers: u.headers, payload: { displayName: 'A', role: 'super' } });
    expect(role.statusCode).toBe(400);
  });

  it('refuses a password change with a wrong current password, and leaves the password as it was', async () => {
    const u = await createUser(t.app, 'admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: u.headers, payload: { currentPassword: 'not-it', newPassword: 'Kilimanjaro-sunrise-2026' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'auth/requires-recent-login', field: 'currentPassword' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: u.password } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: 'Kilimanjaro-sunrise-2026' } })).statusCode).toBe(401);
  });

  it('refuses a new password the policy refuses', async () => {
    const u = await createUser(t.app, 'admin');
    const short = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: u.headers, payload: { currentPassword: u.password, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { code: 'auth/weak-password', field: 'newPassword' } });
    const common = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: u.headers, payload: { currentPassword: u.password, newPassword: 'password123' } });
    expect(common.json()).toMatchObject({ error: { code: 'auth/weak-password' } });
  });

  it('changes the password: the old one stops working, other sessions end, this one carries on', async () => {
    const u = await createUser(t.app, 'admin');
    const here = await signInFrom(u, firefox, '198.51.100.7');
    const there = await signInFrom(u, chromeAndroid, '203.0.113.9');
    const newPassword = 'Kilimanjaro-sunrise-2026';

    const res = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: here.headers, payload: { currentPassword: u.password, newPassword } });
    expect(res.statusCode, res.body).toBe(204);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: u.password } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: newPassword } })).statusCode).toBe(200);

    // The other browser cannot renew its session.
    const other = await refresh(t.app, there.cookie);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });

    // This one renews and goes on working.
    const renewed = deviceOf(await refresh(t.app, here.cookie));
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: renewed.headers })).statusCode).toBe(200);
    expect((await sessions(renewed)).filter((s) => s.current)).toHaveLength(1);

    // The other browser's idToken is refused at once too.
    const otherToken = await t.app.inject({ method: 'GET', url: '/api/account', headers: there.headers });
    expect(otherToken.statusCode).toBe(401);
    expect(otherToken.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });

    // The audit log has the change and the sessions it ended, and no password.
    const boss = await createUser(t.app, 'super');
    const log = (await t.app.inject({ method: 'GET', url: `${editorialApi.audit}?limit=1000`, headers: boss.headers })).json() as AuditAnswer;
    const mine = log.entries.filter((e) => e.subjectId === u.uid);
    expect(mine.find((e) => e.action === 'auth.password-change')).toMatchObject({ actor: { uid: u.uid }, subject: u.email, ip: '127.0.0.1' });
    expect(mine.find((e) => e.action === 'auth.sign-out')).toMatchObject({ subject: `${u.email}: every other session ended by the new password` });
    expect(JSON.stringify(mine)).not.toContain(newPassword);
    expect(JSON.stringify(mine)).not.toContain(u.password);
  });

  it('lists the sessions with browser, address and this device marked', async () => {
    const u = await createUser(t.app, 'admin');
    await endHelperSession(u);
    const laptop = await signInFrom(u, firefox, '198.51.100.7');
    const phone = await signInFrom(u, chromeAndroid, '203.0.113.9');

    const list = await sessions(laptop);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ browser: 'Firefox on Windows', address: '198.51.100.7', current: true });
    expect(list[1]).toMatchObject({ browser: 'Chrome on Android', address: '203.0.113.9', current: false });
    for (const s of list) {
      expect(Date.parse(s.lastUsedAt)).not.toBeNaN();
      expect(Date.parse(s.createdAt)).not.toBeNaN();
    }
    // The phone sees the same two, with itself marked.
    expect((await sessions(phone)).map((s) => [s.browser, s.current])).toEqual([
      ['Chrome on Android', true],
      ['Firefox on Windows', false],
    ]);

    // Renewing keeps the session (same id) and records the address it came from.
    const before = list[1]!;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: phone.cookie }, headers: { 'user-agent': chromeAndroid }, remoteAddress: '203.0.113.10' });
    expect(res.statusCode).toBe(200);
    const after = (await sessions(laptop)).find((s) => s.id === before.id);
    expect(after).toMatchObject({ address: '203.0.113.10', createdAt: before.createdAt });
  });

  it('signs one session out: its refresh ends, the others stay; another user’s session is unknown', async () => {
    const u = await createUser(t.app, 'admin');
    const someoneElse = await createUser(t.app, 'admin');
    await endHelperSession(u);
    await endHelperSession(someoneElse);
    const laptop = await signInFrom(u, firefox, '198.51.100.7');
    const phone = await signInFrom(u, chromeAndroid, '203.0.113.9');
    const theirs = await signInFrom(someoneElse, firefox, '192.0.2.1');
    const phoneId = (await sessions(laptop)).find((s) => !s.current)!.id;
    const theirId = (await sessions(theirs))[0]!.id;

    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${theirId}`, headers: laptop.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'not-found' } });
    expect((await refresh(t.app, theirs.cookie)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: laptop.headers });
    expect(res.statusCode).toBe(204);
    expect((await refresh(t.app, phone.cookie)).statusCode).toBe(401);
    expect((await sessions(laptop)).map((s) => s.current)).toEqual([true]);
    // Already ended: 404.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: laptop.headers })).statusCode).toBe(404);
    expect((await refresh(t.app, laptop.cookie)).statusCode).toBe(200);
  });

  it('signs out everywhere else, leaving only this session', async () => {
    const u = await createUser(t.app, 'admin');
    await endHelperSession(u);
    const devices = [await signInFrom(u, firefox, '198.51.100.7'), await signInFrom(u, chromeAndroid, '203.0.113.9'), await signInFrom(u, firefox, '192.0.2.44')];
    const [here, ...others] = devices as [Device, Device, Device];
    expect(await sessions(here)).toHaveLength(3);

    const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: here.headers });
    expect(res.statusCode).toBe(204);
    const left = await sessions(here);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, address: '198.51.100.7' });
    for (const d of others) expect((await refresh(t.app, d.cookie)).statusCode).toBe(401);
    expect((await refresh(t.app, here.cookie)).statusCode).toBe(200);
  });
});
