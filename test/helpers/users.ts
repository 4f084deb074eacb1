/**
 * Test accounts: inserts a user straight into the database, starts a session
 * (a refresh-token family) for it and mints its idToken with the app's own
 * token service, so API tests do not depend on the sign-in flow (which has
 * tests of its own).
 */
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { sessionLimits } from '../../src/server/auth/sessions/service.js';
import { startRefreshFamily } from '../../src/server/auth/sessions/refresh-tokens.js';
import { newTokenEpoch } from '../../src/server/auth/sessions/revocation.js';

export type TestRole = 'super' | 'admin' | 'none';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  /** The account's name as screens, revisions and the audit log show it. */
  displayName: string;
  token: string;
  headers: { authorization: string };
  /** The session the token belongs to, and its refresh token (the cookie a browser would hold). */
  sid: string;
  refreshToken: string;
}

export async function createUser(app: FastifyInstance, role: TestRole, options: { disabled?: boolean; email?: string; password?: string } = {}): Promise<TestUser> {
  const uid = crypto.randomUUID();
  const email = options.email ?? `${role}-${uid.slice(0, 8)}@example.org`;
  const password = options.password ?? `pw-${crypto.randomBytes(8).toString('hex')}`;
  const now = new Date().toISOString();
  const displayName = `${role} user`;
  const epoch = newTokenEpoch();
  await app.services.db.kysely
    .insertInto('users')
    .values({
      id: uid,
      email,
      display_name: displayName,
      // Low cost is fine for test fixtures; production hashes use OWASP parameters.
      password_hash: await hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }),
      role,
      disabled: options.disabled ? 1 : 0,
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
      token_epoch: epoch,
    })
    .execute();
  const session = await startRefreshFamily(app.services.db.kysely, uid, sessionLimits(app.services.config));
  const token = await app.services.tokens.sign({ uid, email, claims: { admin: role === 'admin', super: role === 'super' }, sid: session.familyId, epoch });
  return { uid, email, password, displayName, token, headers: { authorization: `Bearer ${token}` }, sid: session.familyId, refreshToken: session.token };
}
