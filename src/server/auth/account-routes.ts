/**
 * The signed-in user's own account: `GET/PATCH /api/account` (name), `POST
 * /api/account/password`, and the sessions (refresh-token families): list,
 * sign one out, sign out everywhere else. Which session is the caller's own
 * comes from the idToken's `sid` claim, so these endpoints need no cookie
 * (the refresh cookie is scoped to /api/auth). Every signed-in user may use
 * them, whatever the role, and so may one the site still requires to turn
 * two-factor sign-in on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../shared/access.js';
import { accountPatchBody, describeBrowser, passwordChangeBody, twoFactorRequiredFor, type AccountView, type SessionsAnswer } from '../../shared/account.js';
import { AppError } from '../../shared/errors.js';
import { transaction } from '../db/index.js';
import { appendAudit } from '../audit/repository.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { ThrottledError, type AuthService } from './auth-service.js';
import { assertAcceptablePassword } from './common-passwords.js';
import { hashPassword } from './passwords.js';
import { bearerToken } from './principal.js';
import { findLiveSessions, revokeOtherFamilies, revokeUserFamily } from './refresh-token-repository.js';
import { endAccountSessions } from './revocation.js';
import { findUserById, updateUserRow, type UserRow } from './users-repository.js';


const sessionParams = z.object({ id: z.string().min(1).max(100) });

function signedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthenticated');
  return request.principal;
}

export async function accountRoutes(app: FastifyInstance, { auth }: { auth: AuthService }): Promise<void> {
  const { db, tokens } = app.services;

  /** The session the request's idToken was issued for, or null for a token without one. */
  async function sessionOf(request: FastifyRequest): Promise<string | null> {
    const token = bearerToken(request);
    return token ? ((await tokens.verify(token)).sid ?? null) : null;
  }

  async function account(principal: Principal): Promise<UserRow> {
    const user = await findUserById(db.kysely, principal.uid);
    if (!user) throw new AppError('auth/user-token-expired', 'This account no longer exists.');
    return user;
  }

  async function view(user: UserRow): Promise<AccountView> {
    const [enabled, recoveryCodesLeft, requirement] = await Promise.all([
      auth.twoFactor.isEnabled(user.id),
      auth.twoFactor.recoveryCodesLeft(user.id),
      auth.twoFactor.currentRequirement(),
    ]);
    return {
      uid: user.id,
      email: user.email,
      displayName: user.display_name,
      role: user.role,
      twoFactor: { enabled, required: twoFactorRequiredFor(requirement, user.role), recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 },
    };
  }

  app.get('/api/account', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return view(await account(signedIn(request)));
  });

  app.patch('/api/account', async (request) => {
    const principal = signedIn(request);
    const { displayName } = parse(accountPatchBody, request.body);
    const user = await account(principal);
    const updatedAt = new Date().toISOString();
    await transaction(db, async (trx) => {
      await updateUserRow(trx, user.id, { display_name: displayName, updated_at: updatedAt });
      if (displayName !== user.display_name) {
        await appendAudit(trx, { action: 'user.update', actor: { uid: user.id }, subjectId: user.id, subject: `${user.email}: own name changed`, ip: request.ip });
      }
    });
    request.log.info({ uid: user.id }, 'own name changed');
    return view({ ...user, display_name: displayName, updated_at: updatedAt });
  });

  /**
   * A new password: the current one must be right (401 auth/requires-recent-login
   * otherwise) and the new one pass the password policy. Every other session
   * ends (revocation.ts); this session's family stays, so the staff app
   * renews its idToken and carries on.
   */
  app.post('/api/account/password', async (request, reply) => {
    const principal = signedIn(request);
    const body = parse(passwordChangeBody, request.body);
    const user = await account(principal);
    try {
      await auth.confirmPassword(user, body.currentPassword, request.ip, request.log);
    } catch (err) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
    try {
      await assertAcceptablePassword(body.newPassword);
    } catch (err) {
      // The shared check names the field `password`; this form calls it `newPassword`.
      if (err instanceof AppError) throw new AppError(err.code, err.message, { field: 'newPassword', fields: { newPassword: err.message } });
      throw err;
    }
    const passwordHash = await hashPassword(body.newPassword);
    const keep = await sessionOf(request);
    await transaction(db, async (trx) => {
      const now = new Date();
      await updateUserRow(trx, user.id, { password_hash: passwordHash, updated_at: now.toISOString() });
      await endAccountSessions(trx, user.id, keep);
      await appendAudit(trx, { action: 'auth.password-change', actor: { uid: user.id }, subjectId: user.id, subject: user.email, ip: request.ip });
    });
    request.log.info({ uid: user.id, keptSession: keep !== null }, 'own password changed; other sessions ended');
    return reply.status(204).send();
  });

  app.get('/api/account/sessions', async (request, reply): Promise<SessionsAnswer> => {
    const principal = signedIn(request);
    const current = await sessionOf(request);
    const rows = await findLiveSessions(db.kysely, principal.uid, new Date().toISOString());
    reply.header('cache-control', 'no-store');
    return {
      sessions: rows
        .map((r) => ({
          id: r.family_id,
          browser: describeBrowser(r.user_agent),
          address: r.ip ?? '',
          lastUsedAt: r.last_used_at ?? r.created_at,
          createdAt: r.session_created_at ?? r.created_at,
          current: r.family_id === current,
        }))
        // This device first, then the most recently used.
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt)),
    };
  });

  app.delete('/api/account/sessions/:id', async (request, reply) => {
    const principal = signedIn(request);
    const { id } = parse(sessionParams, request.params);
    // Another user's session is as unknown as one that never existed.
    await transaction(db, async (trx) => {
      if (!(await revokeUserFamily(trx, principal.uid, id))) throw new AppError('not-found', 'There is no such session. It may already have ended.');
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid: principal.uid }, subjectId: principal.uid, subject: `${principal.email}: a session ended from the account screen`, ip: request.ip });
    });
    request.log.info({ uid: principal.uid }, 'session signed out from the account page');
    return reply.status(204).send();
  });

  app.post('/api/account/sessions/sign-out-others', async (request, reply) => {
    const principal = signedIn(request);
    const keep = await sessionOf(request);
    await transaction(db, async (trx) => {
      await revokeOtherFamilies(trx, principal.uid, keep);
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid: principal.uid }, subjectId: principal.uid, subject: `${principal.email}: every other session ended`, ip: request.ip });
    });
    request.log.info({ uid: principal.uid }, 'signed out everywhere else');
    return reply.status(204).send();
  });
}
