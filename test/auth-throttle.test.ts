import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import { RedisThrottleStore } from '../src/server/auth/sessions/sign-in-throttle.js';
import { deviceCookie } from '../src/server/auth/sessions/sign-in-device.js';
import { dialects } from './helpers/databases.js';
import type { TestApp } from './helpers/app.js';
import { createUser } from './helpers/users.js';
import { buildAuthApp, setCookieHeader, signIn } from './auth-helpers.js';

function redisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url && process.env.CI) throw new Error('TEST_REDIS_URL is not set: CI must test the Redis throttle store.');
  if (!url) console.warn('TEST_REDIS_URL is not set: the Redis throttle store is not tested on this machine.');
  return url;
}

describe.each(dialects())('sign-in throttle with the default limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAuthApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The device cookie a successful sign-in set (its value), after checking its attributes. */
  function deviceOf(res: LightMyRequestResponse): string {
    const c = res.cookies.find((k) => k.name === deviceCookie.nameFor(false));
    expect(c, 'a device cookie').toBeDefined();
    return c!.value;
  }

  function signInFrom(email: string, password: string, ip: string, device?: string): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: ip, ...(device ? { cookies: { [deviceCookie.nameFor(false)]: device } } : {}) });
  }

  it("refuses an attacker's address after 10 failures for an account while the owner's right password still gets in, from their known browser even at that address", async () => {
    const u = await createUser(t.app, 'admin');
    // The owner signed in from this browser before: it carries a device cookie for the account.
    const first = await signInFrom(u.email, u.password, '10.1.9.9');
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(setCookieHeader(first)).toMatch(new RegExp(`${deviceCookie.nameFor(false)}=[^;]+; Max-Age=${deviceCookie.maxAgeSeconds}; Path=/api/auth; HttpOnly; SameSite=Strict`));
    expect(setCookieHeader(first)).not.toMatch(new RegExp(`${deviceCookie.nameFor(false)}=[^\n]*Secure`));

    // The attacker, behind the office's router: 10 wrong passwords, then even the right one is refused there.
    const office = '10.1.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await signInFrom(u.email, `wrong-${i}`, office);
      expect(res.json()).toMatchObject({ error: { code: 'auth/invalid-credential' } });
    }
    const blocked = await signInFrom(u.email, u.password, office);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'auth/too-many-requests', message: expect.stringMatching(/minutes/) } });
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);

    // The owner's own browser, at the same address, still gets in; so does the owner from another address.
    expect((await signInFrom(u.email, u.password, office, device)).statusCode).toBe(200);
    expect((await signInFrom(u.email, u.password, '10.1.1.1')).statusCode).toBe(200);
    // The attacker's address stays slowed down.
    expect((await signInFrom(u.email, 'wrong-again', office)).statusCode).toBe(429);
  });

  it("caps guessing spread over many addresses at 30 per account for browsers it has not seen (they wait the window), never for the owner's known browser", async () => {
    const u = await createUser(t.app, 'admin');
    const other = await createUser(t.app, 'admin');
    const device = deviceOf(await signInFrom(u.email, u.password, '10.8.9.9'));
    const othersDevice = deviceOf(await signInFrom(other.email, other.password, '10.8.9.9'));
    for (let i = 0; i < 30; i++) expect((await signInFrom(u.email, `wrong-${i}`, `10.8.0.${i}`)).statusCode).toBe(401);
    // A browser that never signed in to this account, anywhere, waits (documented: the account-wide cap).
    const unknown = await signInFrom(u.email, u.password, '10.8.1.1');
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another account's device cookie, or a forged one, is no pass.
    expect((await signInFrom(u.email, u.password, '10.8.1.1', othersDevice)).statusCode).toBe(429);
    const [nonce, issued, mac] = device.split('.');
    expect((await signInFrom(u.email, u.password, '10.8.1.1', `${nonce}.${Number(issued) + 1}.${mac}`)).statusCode).toBe(429);
    // The owner's own browser gets in.
    const owner = await signInFrom(u.email, u.password, '10.8.1.1', device);
    expect(owner.statusCode).toBe(200);
    // A known browser is counted on its own: 10 wrong passwords from it, then it waits too.
    const fresh = deviceOf(owner);
    for (let i = 0; i < 10; i++) expect((await signInFrom(u.email, `typo-${i}`, '10.8.1.1', fresh)).statusCode).toBe(401);
    expect((await signInFrom(u.email, u.password, '10.8.1.1', fresh)).statusCode).toBe(429);
  });

  it('allows 50 failed sign-ins per address, then answers 429 for any account from it but not from elsewhere', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 50; i++) {
      const res = await signIn(t.app, `someone-${i}@example.org`, 'wrong-password', ip);
      expect(res.statusCode).toBe(401);
    }
    const u = await createUser(t.app, 'admin');
    const blocked = await signIn(t.app, u.email, u.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t.app, u.email, u.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('does not count a burst of parallel guesses as fewer than they are', async () => {
    const u = await createUser(t.app, 'admin');
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(t.app, u.email, `wrong-${i}`, '10.3.0.1')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });
});

describe.each(dialects())('sign-in throttle windows on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAuthApp(dialect, {}, { auth: { throttle: { accountLimit: 3, ipLimit: 6, windowSeconds: 1 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Runs attempts inside one window, the clock held still: the window is 1 s
   * (so the test above can step past it), and a handful of sign-ins on a busy
   * machine can take longer than that, which would start a new window.
   */
  async function inOneWindow(attempts: () => Promise<void>): Promise<void> {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await attempts();
    } finally {
      vi.useRealTimers();
    }
  }

  it('lets the owner in again once the window has passed', async () => {
    const u = await createUser(t.app, 'admin');
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, u.email, 'wrong', '10.4.0.1')).statusCode).toBe(401);
    const blocked = await signIn(t.app, u.email, u.password, '10.4.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    // The in-memory window is measured with Date: move the clock past its second instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1100);
      expect((await signIn(t.app, u.email, u.password, '10.4.0.2')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("resets the account's counter on a successful sign-in", async () => {
    const u = await createUser(t.app, 'admin');
    await inOneWindow(async () => {
      for (let i = 0; i < 2; i++) expect((await signIn(t.app, u.email, 'wrong', '10.5.0.1')).statusCode).toBe(401);
      expect((await signIn(t.app, u.email, u.password, '10.5.0.1')).statusCode).toBe(200);
      // Three more failures are allowed again before the fourth attempt is refused.
      for (let i = 0; i < 3; i++) expect((await signIn(t.app, u.email, 'wrong', '10.5.0.2')).statusCode).toBe(401);
      expect((await signIn(t.app, u.email, u.password, '10.5.0.2')).statusCode).toBe(429);
    });
  });

  it('counts an IPv6 client by its /64 network, so rotating addresses inside it does not help', async () => {
    await inOneWindow(async () => {
      for (let i = 1; i <= 6; i++) expect((await signIn(t.app, `v6-${i}@example.org`, 'wrong', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
      expect((await signIn(t.app, 'v6-7@example.org', 'wrong', '2001:db8:1:2:ffff::99')).statusCode).toBe(429);
      expect((await signIn(t.app, 'v6-8@example.org', 'wrong', '2001:db8:1:3::1')).statusCode).toBe(401);
    });
  });

  it('does not count successful sign-ins against the address (an office behind one router)', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 8; i++) {
      const u = await createUser(t.app, 'admin');
      expect((await signIn(t.app, u.email, u.password, ip)).statusCode).toBe(200);
    }
  });
});

const redis = redisUrl();

describe.runIf(redis).each(dialects())('sign-in throttle in Redis on %s', (dialect) => {
  const keyPrefix = `ngo-signin-test-${crypto.randomBytes(4).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildAuthApp(dialect, { redisUrl: redis }, { auth: { throttle: { accountLimit: 3, ipLimit: 100, windowSeconds: 2, keyPrefix } } });
    // A second server instance on its own database, sharing the Redis counters.
    b = await buildAuthApp(dialect, { redisUrl: redis }, { auth: { throttle: { accountLimit: 3, ipLimit: 100, windowSeconds: 2, keyPrefix } } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const r = new Redis(redis!);
    const keys = await r.keys(`${keyPrefix}*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  it('shares the counts between server instances and lets the window expire', async () => {
    const email = `shared-${crypto.randomBytes(4).toString('hex')}@example.org`;
    const ua = await createUser(a.app, 'admin', { email });
    const ub = await createUser(b.app, 'admin', { email });
    for (let i = 0; i < 3; i++) expect((await signIn(i % 2 ? a.app : b.app, email, 'wrong', '10.7.0.1')).statusCode).toBe(401);
    const blocked = await signIn(b.app, email, ub.password, '10.7.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect((await signIn(a.app, email, ua.password, '10.7.0.2')).statusCode).toBe(429);
    // Redis expires the window at its own time, so the test waits for the account's counter to be gone.
    const r = new Redis(redis!);
    try {
      await expect.poll(async () => (await r.keys(`${keyPrefix}account:*`)).length, { timeout: 5000, interval: 100 }).toBe(0);
    } finally {
      await r.quit();
    }
    expect((await signIn(a.app, email, ua.password, '10.7.0.2')).statusCode).toBe(200);
  });

  it("slows an account down on every instance for unknown browsers, but lets its owner's known browser in on either", async () => {
    const email = `known-${crypto.randomBytes(4).toString('hex')}@example.org`;
    const password = 'the same password on both instances';
    await createUser(a.app, 'admin', { email, password });
    await createUser(b.app, 'admin', { email, password });
    const first = await signIn(a.app, email, password, '10.9.9.9');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === deviceCookie.nameFor(false))!.value;
    for (let i = 0; i < 3; i++) expect((await signIn(i % 2 ? a.app : b.app, email, 'wrong', `10.9.0.${i}`)).statusCode).toBe(401);
    expect((await signIn(b.app, email, password, '10.9.1.1')).statusCode).toBe(429);
    const known = await b.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: '10.9.1.1', cookies: { [deviceCookie.nameFor(false)]: device } });
    expect(known.statusCode).toBe(200);
  });

  it('keeps its counters in Redis with an expiry', async () => {
    const r = new Redis(redis!);
    try {
      const store = new RedisThrottleStore(r);
      const key = `${keyPrefix}unit`;
      expect(await store.hit(key, 5000)).toMatchObject({ count: 1 });
      const second = await store.hit(key, 5000);
      expect(second.count).toBe(2);
      expect(second.ttlMs).toBeGreaterThan(4000);
      expect(second.ttlMs).toBeLessThanOrEqual(5000);
      await store.undo(key);
      expect(await r.get(key)).toBe('1');
      await store.reset(key);
      expect(await r.exists(key)).toBe(0);
    } finally {
      await r.quit();
    }
  });
});

describe('sign-in throttle when Redis is down', () => {
  it('still signs staff in and still throttles, counting in memory', async () => {
    const t = await buildAuthApp('sqlite', { redisUrl: 'redis://127.0.0.1:1' }, { auth: { throttle: { accountLimit: 2, windowSeconds: 60 } } });
    try {
      const u = await createUser(t.app, 'admin');
      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await signIn(t.app, u.email, 'wrong')).statusCode).toBe(401);
      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
