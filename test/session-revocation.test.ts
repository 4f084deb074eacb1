/**
 * An ended session ends its idToken at once, and revoking an account's
 * sessions is exact: an idToken issued in the same second as a new password,
 * a reset, a disable or "sign out everywhere else" is refused on its next
 * request, while the sessions that were not ended carry on.
 */
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionsAnswer } from '../src/shared/account.js';
import { accountLinkApi } from '../src/shared/account-links.js';
import type { SignInAnswer } from '../src/shared/auth.js';
import { issueActionCode } from '../src/server/auth/invitations/repository.js';
import { dialects } from './helpers/databases.js';
import type { TestApp } from './helpers/app.js';
import { createUser, type TestUser } from './helpers/users.js';
import { buildAuthApp, refresh, refreshCookie } from './auth-helpers.js';

/** One signed-in browser: its idToken's headers and its refresh cookie. */
interface Device {
  headers: { authorization: string };
  cookie: string;
}

describe.each(dialects())('ending sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAuthApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signInAs(user: { email: string; password: string }): Promise<Device> {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    return { headers: { authorization: `Bearer ${(res.json() as SignInAnswer).idToken}` }, cookie: refreshCookie(res)! };
  }

  /** A staff call any signed-in account may make. */
  const call = (device: { headers: { authorization: string } }) => t.app.inject({ method: 'GET', url: '/api/account', headers: device.headers });

  async function expectEnded(device: { headers: { authorization: string } }): Promise<void> {
    const res = await call(device);
    expect(res.statusCode, res.body).toBe(401);
    // The code the staff app answers with one refresh, and a sign-out when that fails too.
    expect(res.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
  }

  async function expectLive(device: { headers: { authorization: string } }): Promise<void> {
    const res = await call(device);
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Stops the clock inside one second, so a sign-in and the revocation after it share their second whatever the machine's speed. */
  function freezeClock(): void {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Math.floor(Date.now() / 1000) * 1000 + 100));
  }

  describe('an ended session ends its idToken', () => {
    it('signing out refuses that idToken on its next request; another session of the account carries on', async () => {
      const u = await createUser(t.app, 'admin');
      const laptop = await signInAs(u);
      const phone = await signInAs(u);
      await expectLive(laptop);
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { refresh_token: laptop.cookie } });
      expect(out.statusCode).toBe(204);
      await expectEnded(laptop);
      // The app's one refresh then fails too: it signs out cleanly.
      expect((await refresh(t.app, laptop.cookie)).statusCode).toBe(401);
      await expectLive(phone);
    });

    it('ending one session on the account screen refuses its idToken at once; the caller’s own stays', async () => {
      const u = await createUser(t.app, 'admin');
      const laptop = await signInAs(u);
      const phone = await signInAs(u);
      const list = (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: laptop.headers })).json() as SessionsAnswer;
      // The helper's session and the phone's: each ended from the laptop's account screen.
      const others = list.sessions.filter((s) => !s.current).map((s) => s.id);
      expect(others).toHaveLength(2);
      for (const id of others) expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: laptop.headers })).statusCode).toBe(204);
      await expectEnded(phone);
      await expectEnded(u);
      await expectLive(laptop);
    });

    it('signing out everywhere else refuses the other sessions’ idTokens at once, in the same second', async () => {
      const u = await createUser(t.app, 'admin');
      freezeClock();
      const laptop = await signInAs(u);
      const phone = await signInAs(u);
      const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: phone.headers });
      expect(res.statusCode).toBe(204);
      await expectEnded(laptop);
      await expectEnded(u);
      await expectLive(phone);
    });

    it('refuses an idToken of no session, and one naming a session that does not exist', async () => {
      const u = await createUser(t.app, 'admin');
      const key = new TextEncoder().encode(t.app.services.config.authSecret);
      const mint = (extra: Record<string, string>) =>
        new SignJWT({ email: u.email, admin: true, super: false, ...extra })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(u.uid)
          .setIssuer(t.app.services.config.publicUrl)
          .setAudience('staff')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(key);
      // What a token from before sessions were checked looked like: signed with the site's key, no session.
      await expectEnded({ headers: { authorization: `Bearer ${await mint({})}` } });
      const epoch = (await t.app.services.db.kysely.selectFrom('users').select('token_epoch').where('id', '=', u.uid).executeTakeFirstOrThrow()).token_epoch;
      await expectEnded({ headers: { authorization: `Bearer ${await mint({ ep: epoch })}` } });
      await expectEnded({ headers: { authorization: `Bearer ${await mint({ ep: epoch, sid: 'no-such-session' })}` } });
      // Another account's session does not do either.
      const other = await createUser(t.app, 'admin');
      await expectEnded({ headers: { authorization: `Bearer ${await mint({ ep: epoch, sid: other.sid })}` } });
      await expectLive({ headers: { authorization: `Bearer ${await mint({ ep: epoch, sid: u.sid })}` } });
    });
  });

  describe('revocation within the second of a sign-in', () => {
    let superUser: TestUser;
    beforeAll(async () => {
      superUser = await createUser(t.app, 'super');
    });

    it('a password set by a super-admin refuses the idToken issued in the same second', async () => {
      const u = await createUser(t.app, 'admin');
      freezeClock();
      const device = await signInAs(u);
      const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${u.uid}`, headers: superUser.headers, payload: { password: 'Serengeti-migration-2026' } });
      expect(res.statusCode, res.body).toBe(200);
      await expectEnded(device);
      await expectEnded(u);
    });

    it('a password reset by mail refuses the idToken issued in the same second', async () => {
      const u = await createUser(t.app, 'admin');
      const { token } = await issueActionCode(t.app.services.db.kysely, { purpose: 'password-reset', email: u.email, userId: u.uid });
      freezeClock();
      const device = await signInAs(u);
      const res = await t.app.inject({ method: 'POST', url: accountLinkApi.passwordResetConfirm, payload: { token, password: 'Zanzibar-spice-route-2026' } });
      expect(res.statusCode, res.body).toBe(204);
      await expectEnded(device);
    });

    it('a disable (even undone in the same second) refuses the idToken issued before it', async () => {
      const u = await createUser(t.app, 'admin');
      freezeClock();
      const device = await signInAs(u);
      for (const disabled of [true, false]) {
        const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${u.uid}`, headers: superUser.headers, payload: { disabled } });
        expect(res.statusCode, res.body).toBe(200);
      }
      await expectEnded(device);
      // Enabled again, the account signs in afresh.
      await expectLive(await signInAs(u));
    });

    it('a new password refuses every idToken issued before it, this session’s too; this session’s refresh renews it', async () => {
      const u = await createUser(t.app, 'admin');
      freezeClock();
      const laptop = await signInAs(u);
      const phone = await signInAs(u);
      const res = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: laptop.headers, payload: { currentPassword: u.password, newPassword: 'Kilimanjaro-sunrise-2026' } });
      expect(res.statusCode, res.body).toBe(204);
      await expectEnded(phone);
      await expectEnded(laptop);
      expect((await refresh(t.app, phone.cookie)).statusCode).toBe(401);
      const renewed = await refresh(t.app, laptop.cookie);
      expect(renewed.statusCode, renewed.body).toBe(200);
      await expectLive({ headers: { authorization: `Bearer ${(renewed.json() as SignInAnswer).idToken}` } });
    });
  });
});
