import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { dialects } from './helpers/databases.js';
import type { TestApp } from './helpers/app.js';
import { createUser, type TestRole, type TestUser } from './helpers/users.js';
import { buildAuthApp, refresh, refreshCookie, signIn } from './auth-helpers.js';

interface UserView {
  uid: string;
  email: string;
  displayName: string;
  role: 'super' | 'admin' | 'none';
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
}

const strong = 'a long and unusual passphrase';

describe.each(dialects())('users API on %s', (dialect) => {
  let t: TestApp;
  let boss: TestUser;
  beforeAll(async () => {
    t = await buildAuthApp(dialect);
    boss = await createUser(t.app, 'super');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who: TestUser | null = boss) =>
    t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), ...(who ? { headers: who.headers } : {}) });

  describe('access by role', () => {
    const endpoints = (uid: string): [('GET' | 'POST' | 'PATCH' | 'DELETE'), string, unknown][] => [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { email: 'matrix@example.org', role: 'admin', password: strong }],
      ['GET', `/api/users/${uid}`, undefined],
      ['PATCH', `/api/users/${uid}`, { displayName: 'Changed' }],
      ['DELETE', `/api/users/${uid}`, undefined],
    ];

    it('answers 401 unauthenticated to a visitor on every users endpoint', async () => {
      const target = await createUser(t.app, 'admin');
      for (const [method, url, payload] of endpoints(target.uid)) {
        const res = await call(method, url, payload, null);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      }
    });

    it.each<TestRole>(['none', 'admin'])('answers 403 permission-denied to a signed-in %s user and changes nothing', async (role) => {
      const caller = await createUser(t.app, role);
      const target = await createUser(t.app, 'admin');
      for (const [method, url, payload] of endpoints(target.uid)) {
        const res = await call(method, url, payload, caller);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'permission-denied' } });
      }
      const still = await call('GET', `/api/users/${target.uid}`);
      expect((still.json() as UserView).displayName).toBe('admin user');
      expect((await call('GET', '/api/users?q=matrix@example.org')).json()).toMatchObject({ total: 0 });
    });

    it('answers 403 auth/user-disabled to a disabled super-admin', async () => {
      const caller = await createUser(t.app, 'super', { disabled: true });
      const res = await call('GET', '/api/users', undefined, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'auth/user-disabled' } });
    });

    it('lets a super-admin through every endpoint', async () => {
      const target = await createUser(t.app, 'admin');
      const expected = [200, 201, 200, 200, 204];
      const got: number[] = [];
      for (const [method, url, payload] of endpoints(target.uid)) got.push((await call(method, url, payload)).statusCode);
      expect(got).toEqual(expected);
    });

    it('follows the stored role, not the claims of an older idToken', async () => {
      const caller = await createUser(t.app, 'super');
      await t.app.services.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', caller.uid).execute();
      expect((await call('GET', '/api/users', undefined, caller)).statusCode).toBe(403);
    });
  });

  describe('create', () => {
    it('creates an account that can sign in, storing the e-mail trimmed and lower-cased, never showing the hash', async () => {
      const res = await call('POST', '/api/users', { email: '  New.Editor@Example.ORG ', displayName: ' Ama Mensah ', role: 'admin', password: strong });
      expect(res.statusCode).toBe(201);
      const view = res.json() as UserView;
      expect(view).toEqual({
        uid: expect.any(String),
        email: 'new.editor@example.org',
        displayName: 'Ama Mensah',
        role: 'admin',
        disabled: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastSignInAt: null,
      });
      expect(res.body).not.toMatch(/hash|argon/i);
      const row = await t.app.services.db.kysely.selectFrom('users').selectAll().where('id', '=', view.uid).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const s = await signIn(t.app, 'new.editor@example.org', strong);
      expect(s.statusCode).toBe(200);
      expect((await call('GET', `/api/users/${view.uid}`)).json()).toMatchObject({ lastSignInAt: expect.any(String) });
    });

    it('answers 409 auth/email-already-in-use for a duplicate e-mail, whatever its case', async () => {
      await call('POST', '/api/users', { email: 'dup@example.org', role: 'admin', password: strong });
      const res = await call('POST', '/api/users', { email: 'DUP@example.org ', role: 'super', password: strong });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'auth/email-already-in-use' } });
      expect((await call('GET', '/api/users?q=dup@example.org')).json()).toMatchObject({ total: 1 });
    });

    it('refuses a short, an overlong or a common password with 400 auth/weak-password on the field password, saying why', async () => {
      const short = await call('POST', '/api/users', { email: 'weak1@example.org', role: 'admin', password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ error: { code: 'auth/weak-password', field: 'password', message: expect.stringMatching(/at least 8/) } });
      const long = await call('POST', '/api/users', { email: 'weak2@example.org', role: 'admin', password: 'x'.repeat(4097) });
      expect(long.json()).toMatchObject({ error: { code: 'auth/weak-password', message: expect.stringMatching(/at most 4096/) } });
      for (const common of ['qwertyuiop', 'Password1', 'iloveyou123']) {
        const res = await call('POST', '/api/users', { email: 'weak3@example.org', role: 'admin', password: common });
        expect(res.statusCode, common).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'auth/weak-password', field: 'password', message: expect.stringMatching(/common/) } });
      }
      expect((await call('GET', '/api/users?q=weak')).json()).toMatchObject({ total: 0 });
    });

    it('refuses a malformed e-mail, a bad role and an unknown field, naming the field', async () => {
      const email = await call('POST', '/api/users', { email: 'nope', role: 'admin', password: strong });
      expect(email.statusCode).toBe(400);
      expect(email.json()).toMatchObject({ error: { code: 'auth/invalid-email', field: 'email' } });
      const role = await call('POST', '/api/users', { email: 'r@example.org', role: 'owner', password: strong });
      expect(role.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'role' } });
      const extra = await call('POST', '/api/users', { email: 'x@example.org', role: 'admin', password: strong, isRoot: true });
      expect(extra.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'isRoot' } });
      const missing = await call('POST', '/api/users', { role: 'admin', password: strong });
      expect(missing.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'email' } });
    });
  });

  describe('list and read', () => {
    it('lists with a search, a page size and an offset, and the total', async () => {
      for (const n of ['Kofi Boateng', 'Kwame Boateng', 'Esi Boateng']) {
        await call('POST', '/api/users', { email: `${n.split(' ')[0]!.toLowerCase()}@boateng.example.org`, displayName: n, role: 'admin', password: strong });
      }
      const all = (await call('GET', '/api/users?q=BOATENG')).json() as { users: UserView[]; total: number };
      expect(all.total).toBe(3);
      expect(all.users.map((u) => u.email)).toEqual(['esi@boateng.example.org', 'kofi@boateng.example.org', 'kwame@boateng.example.org']);
      const page = (await call('GET', '/api/users?q=boateng&limit=1&offset=1')).json() as { users: UserView[]; total: number };
      expect(page).toMatchObject({ total: 3, users: [{ displayName: 'Kofi Boateng' }] });
      const byName = (await call('GET', '/api/users?q=kwame%20b')).json() as { users: UserView[] };
      expect(byName.users.map((u) => u.displayName)).toEqual(['Kwame Boateng']);
      // A % in the search is a character, not a wildcard.
      expect((await call('GET', '/api/users?q=%25')).json()).toMatchObject({ total: 0 });
      expect(JSON.stringify(all)).not.toMatch(/hash/i);
    });

    it('refuses a bad page size with 400 invalid-argument naming it', async () => {
      const res = await call('GET', '/api/users?limit=0');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'limit' } });
    });

    it('reads one user, and answers 404 not-found for an unknown one', async () => {
      const u = await createUser(t.app, 'none');
      expect((await call('GET', `/api/users/${u.uid}`)).json()).toMatchObject({ uid: u.uid, email: u.email, role: 'none', disabled: false });
      const missing = await call('GET', '/api/users/no-such-user');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: { code: 'not-found' } });
    });
  });

  describe('update', () => {
    it('changes the name and the role; the new role shows in the next sign-in', async () => {
      const u = await createUser(t.app, 'admin');
      const res = await call('PATCH', `/api/users/${u.uid}`, { displayName: 'Yaa Asantewaa', role: 'super' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uid: u.uid, displayName: 'Yaa Asantewaa', role: 'super' });
      const s = await signIn(t.app, u.email, u.password);
      expect(s.json()).toMatchObject({ user: { displayName: 'Yaa Asantewaa', claims: { admin: false, super: true } } });
    });

    it('sets a new password: the old one stops working and open sessions end', async () => {
      const u = await createUser(t.app, 'admin');
      const session = refreshCookie(await signIn(t.app, u.email, u.password))!;
      const res = await call('PATCH', `/api/users/${u.uid}`, { password: strong });
      expect(res.statusCode).toBe(200);
      expect((await refresh(t.app, session)).statusCode).toBe(401);
      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(401);
      expect((await signIn(t.app, u.email, strong)).statusCode).toBe(200);
    });

    it('refuses to set the caller\'s own password (the account page asks for the current one), and changes nothing', async () => {
      const res = await call('PATCH', `/api/users/${boss.uid}`, { password: strong, displayName: 'Changed too' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringContaining('account page') } });
      expect((await signIn(t.app, boss.email, boss.password)).statusCode).toBe(200);
      expect((await signIn(t.app, boss.email, strong)).statusCode).toBe(401);
      expect((await call('GET', `/api/users/${boss.uid}`)).json()).not.toMatchObject({ displayName: 'Changed too' });
    });

    it('refuses the idTokens issued before a password change, and accepts those issued after', async () => {
      const u = await createUser(t.app, 'admin');
      const before = await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: u.headers });
      expect(before.statusCode).toBe(200);
      // Token times are whole seconds: the clock moves past the old token's second.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 1100);
        expect((await call('PATCH', `/api/users/${u.uid}`, { password: strong })).statusCode).toBe(200);
        const stale = await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: u.headers });
        expect(stale.statusCode).toBe(401);
        expect(stale.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
        const fresh = (await signIn(t.app, u.email, strong)).json() as { idToken: string };
        const after = await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: { authorization: `Bearer ${fresh.idToken}` } });
        expect(after.statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses a weak new password and changes nothing', async () => {
      const u = await createUser(t.app, 'admin');
      const session = refreshCookie(await signIn(t.app, u.email, u.password))!;
      const res = await call('PATCH', `/api/users/${u.uid}`, { password: 'password', displayName: 'Not saved' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'auth/weak-password', field: 'password' } });
      expect((await call('GET', `/api/users/${u.uid}`)).json()).toMatchObject({ displayName: 'admin user' });
      expect((await refresh(t.app, session)).statusCode).toBe(200);
    });

    it('disables and enables an account', async () => {
      const u = await createUser(t.app, 'admin');
      expect((await call('PATCH', `/api/users/${u.uid}`, { disabled: true })).json()).toMatchObject({ disabled: true });
      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(403);
      // Their idToken stops working at once.
      expect((await t.app.inject({ method: 'GET', url: '/api/collections', headers: u.headers })).statusCode).toBe(403);
      expect((await call('PATCH', `/api/users/${u.uid}`, { disabled: false })).json()).toMatchObject({ disabled: false });
      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
    });

    it('refuses unknown fields and wrong types, and answers 404 for an unknown user', async () => {
      const u = await createUser(t.app, 'admin');
      expect((await call('PATCH', `/api/users/${u.uid}`, { email: 'new@example.org' })).json()).toMatchObject({ error: { code: 'invalid-argument', field: 'email' } });
      expect((await call('PATCH', `/api/users/${u.uid}`, { disabled: 'yes' })).json()).toMatchObject({ error: { code: 'invalid-argument', field: 'disabled' } });
      expect((await call('PATCH', '/api/users/nobody', { displayName: 'x' })).statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes the account and its sessions', async () => {
      const u = await createUser(t.app, 'admin');
      const session = refreshCookie(await signIn(t.app, u.email, u.password))!;
      const res = await call('DELETE', `/api/users/${u.uid}`);
      expect(res.statusCode).toBe(204);
      expect((await call('GET', `/api/users/${u.uid}`)).statusCode).toBe(404);
      expect((await refresh(t.app, session)).statusCode).toBe(401);
      expect((await signIn(t.app, u.email, u.password)).json()).toMatchObject({ error: { code: 'auth/invalid-credential' } });
      const tokens = await t.app.services.db.kysely.selectFrom('refresh_tokens').select('id').where('user_id', '=', u.uid).execute();
      expect(tokens).toHaveLength(0);
      expect((await call('DELETE', `/api/users/${u.uid}`)).statusCode).toBe(404);
    });
  });
});

describe.each(dialects())('the last active super-admin on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildAuthApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.app.services.db.kysely.deleteFrom('refresh_tokens').execute();
    await t.app.services.db.kysely.deleteFrom('users').execute();
  });

  const patch = (who: TestUser, uid: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${uid}`, headers: who.headers, payload });
  const expectPrecondition = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ error: { code: 'failed-precondition', message: expect.stringMatching(/last active super-admin/) } });
  };

  it('can be neither demoted, disabled nor deleted', async () => {
    const only = await createUser(t.app, 'super');
    // A disabled super-admin does not count.
    await createUser(t.app, 'super', { disabled: true });
    expectPrecondition(await patch(only, only.uid, { role: 'admin' }));
    expectPrecondition(await patch(only, only.uid, { disabled: true }));
    expectPrecondition(await t.app.inject({ method: 'DELETE', url: `/api/users/${only.uid}`, headers: only.headers }));
    expect((await patch(only, only.uid, { displayName: 'Still here', role: 'super', disabled: false })).statusCode).toBe(200);
    const row = await t.app.services.db.kysely.selectFrom('users').selectAll().where('id', '=', only.uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'super', disabled: 0, display_name: 'Still here' });
  });

  it('can be demoted once another super-admin is active', async () => {
    const a = await createUser(t.app, 'super');
    const b = await createUser(t.app, 'super');
    expect((await patch(a, b.uid, { role: 'admin' })).statusCode).toBe(200);
    expectPrecondition(await patch(a, a.uid, { role: 'none' }));
  });

  it('survives two concurrent demotions: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      await t.app.services.db.kysely.deleteFrom('users').execute();
      const a = await createUser(t.app, 'super');
      const b = await createUser(t.app, 'super');
      const results = await Promise.all([
        patch(a, a.uid, { role: 'admin' }),
        patch(b, b.uid, round % 2 ? { disabled: true } : { role: 'admin' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 412]);
      const active = await t.app.services.db.kysely.selectFrom('users').select('id').where('role', '=', 'super').where('disabled', '=', 0).execute();
      expect(active).toHaveLength(1);
    }
  });

  it('survives a concurrent demotion and deletion', async () => {
    const a = await createUser(t.app, 'super');
    const b = await createUser(t.app, 'super');
    const results = await Promise.all([
      patch(a, a.uid, { role: 'admin' }),
      t.app.inject({ method: 'DELETE', url: `/api/users/${b.uid}`, headers: b.headers }),
    ]);
    expect(results.filter((r) => r.statusCode === 412)).toHaveLength(1);
    const active = await t.app.services.db.kysely.selectFrom('users').select('id').where('role', '=', 'super').where('disabled', '=', 0).execute();
    expect(active).toHaveLength(1);
  });
});
