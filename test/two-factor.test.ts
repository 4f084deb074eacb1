/**
 * Two-factor sign-in: turning it on (a code must confirm the key), the two
 * sign-in steps, codes that work once, recovery codes, the throttle on wrong
 * codes, the challenge's lifetime, turning it off, the super-admin's reset,
 * the site setting that requires it, and a log that holds none of the secrets.
 */
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRecoveryCode, sealSecret } from '../src/server/auth/two-factor/codes.js';
import type { AccountView, TwoFactorSetup } from '../src/shared/account.js';
import type { SignInAnswer } from '../src/shared/auth.js';
import { defaultSiteSettings } from '../src/shared/settings.js';
import { secondFactorFailureLimit } from '../src/shared/two-factor.js';
import { dialects } from './helpers/databases.js';
import type { TestApp } from './helpers/app.js';
import { startSmtp, type TestSmtp } from './helpers/smtp.js';
import { createUser, type TestUser } from './helpers/users.js';
import { buildAuthApp, refreshCookie, setCookieHeader, signIn } from './auth-helpers.js';

const start = Date.UTC(2026, 10, 24, 9, 0, 0);
const step = 30_000;

function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
}

interface MfaRequired {
  error: { code: string; message: string };
  mfa: { challenge: string };
}

describe.each(dialects())('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let log = '';
  let now = start;
  /** Every secret, code, recovery code and challenge the tests saw: none may reach the log. */
  const sensitive: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        log += chunk.toString('utf8');
        done();
      },
    });
    t = await buildAuthApp(
      dialect,
      { logLevel: 'trace' },
      { logger: true, logStream: stream, auth: { now: () => now, secondFactorThrottle: { accountLimit: 3, windowSeconds: 60 } } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Moves the two-factor clock on by whole 30-second steps, so that a new code is due. */
  function nextStep(steps = 1): void {
    now += steps * step;
  }

  const post = (url: string, user: TestUser | null, payload?: Record<string, string>): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

  async function setup(user: TestUser): Promise<TwoFactorSetup> {
    const res = await post('/api/auth/second-factor/setup', user);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TwoFactorSetup;
    sensitive.push(body.secret);
    return body;
  }

  async function turnOn(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = await setup(user);
    const code = codeAt(secret, now);
    sensitive.push(code);
    const res = await post('/api/auth/second-factor/enable', user, { password: user.password, code });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    sensitive.push(...recoveryCodes);
    // The confirming code is used up: the next sign-in needs the next one.
    nextStep();
    return { secret, recoveryCodes };
  }

  async function firstStep(user: TestUser): Promise<string> {
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode, res.body).toBe(401);
    const { challenge } = (res.json() as MfaRequired).mfa;
    sensitive.push(challenge);
    return challenge;
  }

  function secondStep(challenge: string, code: string): Promise<LightMyRequestResponse> {
    sensitive.push(code);
    return post('/api/auth/sign-in/second-factor', null, { challenge, code });
  }

  async function account(user: TestUser): Promise<AccountView> {
    const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AccountView;
  }

  it('is turned on only with a right code from the app; a wrong code turns nothing on', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret, otpauthUrl, qrSvg } = await setup(u);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    expect(otpauthUrl).toContain(encodeURIComponent(defaultSiteSettings.organisationName));
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // A code of another time is wrong: 400, and the account still signs in with its password alone.
    const wrong = await post('/api/auth/second-factor/enable', u, { password: u.password, code: codeAt(secret, now + 20 * 60_000) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'code' } });
    expect((await account(u)).twoFactor).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const plain = await signIn(t.app, u.email, u.password);
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as SignInAnswer).user.twoFactor).toEqual({ enabled: false, required: false });

    const right = await post('/api/auth/second-factor/enable', u, { password: u.password, code: codeAt(secret, now) });
    expect(right.statusCode, right.body).toBe(200);
    const { recoveryCodes } = right.json() as { recoveryCodes: string[] };
    sensitive.push(...recoveryCodes);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await account(u)).twoFactor).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // At rest the key is encrypted, and only hashes of the recovery codes are kept.
    const stored = JSON.stringify([
      await t.app.services.db.kysely.selectFrom('two_factor').selectAll().execute(),
      await t.app.services.db.kysely.selectFrom('two_factor_recovery_codes').selectAll().execute(),
    ]);
    expect(stored).not.toContain(secret);
    for (const c of recoveryCodes) expect(stored).not.toContain(c.replace('-', ''));
    nextStep();
  });

  it('asks for the second step after the password, with no tokens; a right code signs in, once', async () => {
    const u = await createUser(t.app, 'super');
    const { secret } = await turnOn(u);

    const res = await signIn(t.app, u.email, u.password);
    expect(res.statusCode).toBe(401);
    const body = res.json() as MfaRequired & { idToken?: string };
    expect(body.error.code).toBe('auth/multi-factor-auth-required');
    expect(body.mfa.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    sensitive.push(body.mfa.challenge);
    expect(body.idToken).toBeUndefined();
    expect(refreshCookie(res)).toBeUndefined();
    expect(setCookieHeader(res)).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');

    const code = codeAt(secret, now);
    const done = await secondStep(body.mfa.challenge, code);
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json() as SignInAnswer;
    expect(answer.user).toMatchObject({ uid: u.uid, claims: { super: true }, twoFactor: { enabled: true, required: false } });
    expect(refreshCookie(done)).toBeDefined();
    const who = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${answer.idToken}` } });
    expect(who.statusCode).toBe(200);

    // The challenge is used up, and so is the code: a second sign-in in the same 30 seconds is refused.
    const reused = await secondStep(body.mfa.challenge, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
    const again = await secondStep(await firstStep(u), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'auth/invalid-credential', field: 'code' } });
    expect(refreshCookie(again)).toBeUndefined();

    // The next code (30 seconds later) works; so does a code typed with a space, as apps show it.
    nextStep();
    const later = codeAt(secret, now);
    expect((await secondStep(await firstStep(u), `${later.slice(0, 3)} ${later.slice(3)}`)).statusCode).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const u = await createUser(t.app, 'admin');
    const { recoveryCodes } = await turnOn(u);
    const [first, second] = recoveryCodes as [string, string];

    const ok = await secondStep(await firstStep(u), first.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await account(u)).twoFactor.recoveryCodesLeft).toBe(9);
    const again = await secondStep(await firstStep(u), first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'auth/invalid-credential' } });
    expect((await secondStep(await firstStep(u), second)).statusCode).toBe(200);
    expect((await account(u)).twoFactor.recoveryCodesLeft).toBe(8);
  });

  it('with two requests at once on one challenge, spends one recovery code and signs in once; a wrong code leaves the challenge usable', async () => {
    const u = await createUser(t.app, 'admin');
    const { recoveryCodes } = await turnOn(u);
    const [first, second] = recoveryCodes as [string, string];
    const challenge = await firstStep(u);
    const wrong = await secondStep(challenge, '000000');
    expect(wrong.json()).toMatchObject({ error: { code: 'auth/invalid-credential' } });
    const answers = await Promise.all([secondStep(challenge, first), secondStep(challenge, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect((await account(u)).twoFactor.recoveryCodesLeft).toBe(9);
  });

  it('is turned on only with the current password too: a missing or wrong one is refused and turns nothing on', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret } = await setup(u);
    const code = codeAt(secret, now);
    const missing = await post('/api/auth/second-factor/enable', u, { code });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'password' } });
    const wrong = await post('/api/auth/second-factor/enable', u, { password: 'not-the-password', code });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'auth/requires-recent-login', field: 'password', message: 'Your current password is not correct.' } });
    expect((await account(u)).twoFactor.enabled).toBe(false);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
    // The same code with the password turns it on.
    const right = await post('/api/auth/second-factor/enable', u, { password: u.password, code });
    expect(right.statusCode, right.body).toBe(200);
    sensitive.push(...(right.json() as { recoveryCodes: string[] }).recoveryCodes);
    nextStep();
  });

  it('turns on once when the confirming code is sent twice at once', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret } = await setup(u);
    const code = codeAt(secret, now);
    sensitive.push(code);
    const answers = await Promise.all([post('/api/auth/second-factor/enable', u, { password: u.password, code }), post('/api/auth/second-factor/enable', u, { password: u.password, code })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    const won = answers.find((a) => a.statusCode === 200)!;
    sensitive.push(...(won.json() as { recoveryCodes: string[] }).recoveryCodes);
    // The recovery codes of the answer that won are the ones that work.
    nextStep();
    const ok = await secondStep(await firstStep(u), (won.json() as { recoveryCodes: string[] }).recoveryCodes[0]!);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('throttles wrong codes: 429 with Retry-After, even for the right code meanwhile', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret } = await turnOn(u);
    const challenge = await firstStep(u);
    const wrongCode = codeAt(secret, now + 40 * 60_000);
    for (let i = 0; i < 3; i++) expect((await secondStep(challenge, wrongCode)).statusCode).toBe(401);
    const blocked = await secondStep(challenge, codeAt(secret, now));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(refreshCookie(blocked)).toBeUndefined();
  });

  it('refuses a challenge older than five minutes', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret } = await turnOn(u);
    const challenge = await firstStep(u);
    now += 5 * 60_000 + 1000;
    const late = await secondStep(challenge, codeAt(secret, now));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
    expect(refreshCookie(late)).toBeUndefined();
    nextStep();
  });

  it('is turned off by its owner with the password or a code, never with a wrong one', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret } = await turnOn(u);
    const del = (payload: Record<string, string>) => t.app.inject({ method: 'DELETE', url: '/api/auth/second-factor', headers: u.headers, payload });

    const wrong = await del({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'auth/requires-recent-login' } });
    expect((await del({ code: codeAt(secret, now + 30 * 60_000) })).statusCode).toBe(401);
    expect((await account(u)).twoFactor.enabled).toBe(true);

    const code = codeAt(secret, now);
    sensitive.push(code);
    expect((await del({ code })).statusCode).toBe(204);
    expect((await account(u)).twoFactor).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);

    // Turned on again, and off with the password.
    nextStep();
    await turnOn(u);
    expect((await del({ password: u.password })).statusCode).toBe(204);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('is reset by a super-admin for a colleague (an admin may not), and the reset is logged with both accounts', async () => {
    const colleague = await createUser(t.app, 'admin');
    const admin = await createUser(t.app, 'admin');
    const superUser = await createUser(t.app, 'super');
    await turnOn(colleague);
    const reset = (by: TestUser, uid = colleague.uid) => t.app.inject({ method: 'DELETE', url: `/api/users/${uid}/second-factor`, headers: by.headers });

    const refused = await reset(admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'permission-denied' } });
    expect((await signIn(t.app, colleague.email, colleague.password)).statusCode).toBe(401);

    expect((await reset(superUser)).statusCode).toBe(204);
    const plain = await signIn(t.app, colleague.email, colleague.password);
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as SignInAnswer).user.twoFactor).toEqual({ enabled: false, required: false });
    expect((await reset(superUser, 'no-such-user')).statusCode).toBe(404);
    // A super-admin's own second factor goes off only with a code or the password.
    await turnOn(superUser);
    const own = await reset(superUser, superUser.uid);
    expect(own.statusCode).toBe(412);
    expect((await signIn(t.app, superUser.email, superUser.password)).statusCode).toBe(401);

    const line = log.split('\n').find((l) => l.includes('reset by a super-admin') && l.includes(colleague.uid));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 30, uid: colleague.uid, by: superUser.uid });
  });

  it('when the site requires it, blocks a staff member without it from the API but lets them set it up', async () => {
    const superUser = await createUser(t.app, 'super');
    const admin = await createUser(t.app, 'admin');
    const setRequirement = async (requireTwoFactor: 'none' | 'super' | 'all', by: TestUser) => {
      const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: Record<string, unknown>; version: number };
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { ...by.headers, 'if-match': String(current.version) },
        payload: { data: { ...current.data, requireTwoFactor } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const content = (user: TestUser | { headers: { authorization: string } }) => t.app.inject({ method: 'GET', url: '/api/collections', headers: user.headers });

    expect((await content(admin)).statusCode).toBe(200);
    await setRequirement('all', superUser);

    const blocked = await content(admin);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringContaining('two-factor'), details: { reason: 'two-factor-required' } } });
    // The sign-in answer tells the staff app to take them to their account page.
    const answer = (await signIn(t.app, admin.email, admin.password)).json() as SignInAnswer;
    expect(answer.user.twoFactor).toEqual({ enabled: false, required: true });
    expect((await account(admin)).twoFactor).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });

    // Setting it up is allowed; once on, the API opens again (with the same idToken).
    await turnOn(admin);
    expect((await content(admin)).statusCode).toBe(200);

    // 'super': an admin without it may work, a super-admin without it may not.
    const otherAdmin = await createUser(t.app, 'admin');
    const enrolledSuper = await createUser(t.app, 'super');
    await turnOn(enrolledSuper);
    await setRequirement('super', enrolledSuper);
    expect((await content(otherAdmin)).statusCode).toBe(200);
    expect((await content(superUser)).statusCode).toBe(403);
    await setRequirement('none', enrolledSuper);
    expect((await content(superUser)).statusCode).toBe(200);
  });

  it('answers 401 to a signed-out caller and 400 to a malformed request', async () => {
    expect((await post('/api/auth/second-factor/setup', null)).statusCode).toBe(401);
    expect((await post('/api/auth/second-factor/enable', null, { password: 'x', code: '123456' })).statusCode).toBe(401);
    const u = await createUser(t.app, 'admin');
    expect((await post('/api/auth/second-factor/enable', u, { password: u.password, code: '12345' })).json()).toMatchObject({ error: { code: 'invalid-argument', field: 'code' } });
    expect((await post('/api/auth/sign-in/second-factor', null, { challenge: 'x' })).statusCode).toBe(400);
    // Enabling without a set-up first says what to do.
    expect((await post('/api/auth/second-factor/enable', u, { password: u.password, code: '123456' })).statusCode).toBe(412);
  });

  it('counts wrong codes when turning it off too: a stolen idToken cannot guess its way through', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret } = await turnOn(u);
    const del = (code: string) => t.app.inject({ method: 'DELETE', url: '/api/auth/second-factor', headers: u.headers, payload: { code } });
    const wrongCode = codeAt(secret, now + 50 * 60_000);
    for (let i = 0; i < 3; i++) expect((await del(wrongCode)).statusCode).toBe(401);
    const blocked = await del(codeAt(secret, now));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await account(u)).twoFactor.enabled).toBe(true);
  });

  it('still lets its owner in with a recovery code when the key cannot be opened (another AUTH_SECRET)', async () => {
    const u = await createUser(t.app, 'admin');
    const { secret, recoveryCodes } = await turnOn(u);
    // As if the row had been sealed by another server: the same account, another key.
    await t.app.services.db.kysely
      .updateTable('two_factor')
      .set({ secret: sealSecret('another-secret-another-secret-another-secret', u.uid, secret) })
      .where('user_id', '=', u.uid)
      .execute();
    const refused = await secondStep(await firstStep(u), codeAt(secret, now));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'auth/invalid-credential' } });
    expect((await secondStep(await firstStep(u), recoveryCodes[0]!)).statusCode).toBe(200);
  });

  it('keeps recovery codes as an HMAC under the server secret, not a bare SHA-256; codes stored as SHA-256 before still work, once', async () => {
    const u = await createUser(t.app, 'admin');
    const { recoveryCodes } = await turnOn(u);
    const db = t.app.services.db.kysely;
    const stored = await db.selectFrom('two_factor_recovery_codes').select(['id', 'code_hash']).where('user_id', '=', u.uid).execute();
    expect(stored).toHaveLength(10);
    // A copy of the database alone gives no way to test a guess: no row is the code's plain SHA-256.
    // As codes were kept before: SHA-256 of "recovery:" and the code without its dash.
    const plainSha = (code: string) => crypto.createHash('sha256').update(`recovery:${code.replace('-', '')}`).digest('hex');
    for (const code of recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(plainSha(code));
    for (const row of stored) expect(row.code_hash).toMatch(/^h1:[0-9a-f]{64}$/);

    // A code stored the old way (SHA-256 only) is accepted, once.
    const rowOf = (code: string) => db.updateTable('two_factor_recovery_codes').where('user_id', '=', u.uid).where('code_hash', '=', hashRecoveryCode(t.app.services.config.authSecret, code));
    await rowOf(recoveryCodes[0]!).set({ code_hash: plainSha(recoveryCodes[0]!) }).execute();
    expect((await secondStep(await firstStep(u), recoveryCodes[0]!)).statusCode).toBe(200);
    expect((await secondStep(await firstStep(u), recoveryCodes[0]!)).statusCode).toBe(401);
    // One made under another AUTH_SECRET (a restore onto another server) is refused: a super-admin resets it.
    await rowOf(recoveryCodes[1]!).set({ code_hash: hashRecoveryCode('another-secret-another-secret-another-secret', recoveryCodes[1]!) }).execute();
    expect((await secondStep(await firstStep(u), recoveryCodes[1]!)).statusCode).toBe(401);
    expect((await secondStep(await firstStep(u), recoveryCodes[2]!)).statusCode).toBe(200);
  });

  it('writes no key, code, recovery code or challenge to the log', () => {
    expect(sensitive.length).toBeGreaterThan(30);
    expect(log).toContain('second factor');
    for (const value of sensitive) {
      // A 6-digit code could occur inside a longer number (a timestamp): only a whole number counts.
      const found = /^\d+$/.test(value) ? new RegExp(`(?<![0-9])${value}(?![0-9])`).test(log) : log.includes(value);
      expect(found, 'a secret value reached the log').toBe(false);
    }
  });
});

describe.each(dialects())('two-factor lock-out on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let now = start;
  beforeAll(async () => {
    smtp = await startSmtp();
    // The rate limit is set out of the way: the run of wrong codes in the database is what is tested here.
    t = await buildAuthApp(dialect, { smtpUrl: smtp.url }, { auth: { now: () => now, secondFactorThrottle: { pairLimit: 100, accountLimit: 100 } } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, user: TestUser | null, payload?: Record<string, string>): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

  async function turnOn(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = (await post('/api/auth/second-factor/setup', user)).json() as TwoFactorSetup;
    const res = await post('/api/auth/second-factor/enable', user, { password: user.password, code: codeAt(secret, now) });
    expect(res.statusCode, res.body).toBe(200);
    now += step;
    return { secret, recoveryCodes: (res.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  async function firstStep(user: TestUser): Promise<string> {
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode, res.body).toBe(401);
    return (res.json() as MfaRequired).mfa.challenge;
  }

  const secondStep = (challenge: string, code: string) => post('/api/auth/sign-in/second-factor', null, { challenge, code });

  it(`stops two-factor sign-in after ${secondFactorFailureLimit} wrong codes in a row until a super-admin resets it, with a mail to the account; a right code ends the run`, async () => {
    const u = await createUser(t.app, 'admin');
    const boss = await createUser(t.app, 'super');
    const { secret, recoveryCodes } = await turnOn(u);
    const wrong = codeAt(secret, now + 60 * 60_000);

    // Nine wrong codes, then the right one: the run starts again.
    let challenge = await firstStep(u);
    for (let i = 0; i < 9; i++) expect((await secondStep(challenge, wrong)).statusCode).toBe(401);
    expect((await secondStep(challenge, codeAt(secret, now))).statusCode).toBe(200);
    now += step;

    // Ten in a row: the tenth locks it.
    challenge = await firstStep(u);
    for (let i = 0; i < 9; i++) expect((await secondStep(challenge, wrong)).statusCode).toBe(401);
    const tenth = await secondStep(challenge, wrong);
    expect(tenth.statusCode).toBe(403);
    expect(tenth.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringMatching(/super-admin/), details: { reason: 'two-factor-locked' } } });
    expect(tenth.headers['retry-after']).toBeUndefined();

    // Every code is refused now, the right one and a recovery code too, and the password step says so (to someone who knows the password).
    for (const code of [codeAt(secret, now), recoveryCodes[0]!]) {
      const refused = await secondStep(challenge, code);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { details: { reason: 'two-factor-locked' } } });
      expect(refreshCookie(refused)).toBeUndefined();
    }
    const password = await signIn(t.app, u.email, u.password);
    expect(password.statusCode).toBe(403);
    expect(password.json()).toMatchObject({ error: { details: { reason: 'two-factor-locked' } } });
    expect((await signIn(t.app, u.email, 'not the password')).statusCode).toBe(401);

    // One mail to the account, saying what happened and what to do; one line in the audit log.
    const [mail] = await smtp.waitForMail(1);
    expect(mail!.rcptTo).toEqual([u.email]);
    expect(mail!.parsed.subject).toBe(`Two-factor sign-in to ${defaultSiteSettings.organisationName} is locked for your account`);
    expect(mail!.parsed.text).toContain(`${secondFactorFailureLimit} wrong codes in a row for the staff account ${u.email}`);
    expect(mail!.parsed.text).toContain('Ask a super-admin to reset your two-factor sign-in');
    const lines = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'user.two-factor-lock').where('subject_id', '=', u.uid).execute();
    expect(lines).toHaveLength(1);
    await t.app.services.mail.idle();
    expect(smtp.received.filter((m) => m.rcptTo.includes(u.email))).toHaveLength(1);

    // A super-admin resets it: the colleague signs in with the password and sets it up again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${u.uid}/second-factor`, headers: boss.headers })).statusCode).toBe(204);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
    const again = await turnOn(u);
    expect((await secondStep(await firstStep(u), codeAt(again.secret, now))).statusCode).toBe(200);
    // The runs above are written out for the declared limit.
    expect(secondFactorFailureLimit).toBe(10);
  });
});
