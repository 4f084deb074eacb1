/**
 * The signed-in user's own account: read it, change the name, change the
 * password, list the sessions (refresh-token families), end one, end every
 * other. Every signed-in user may do these, whatever the role. Which session
 * is the caller's own comes from their idToken's `sid` claim. Routes are in
 * account-routes.ts; SQL in users-repository.ts and
 * refresh-token-repository.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../../../shared/access.js';
import { describeBrowser, twoFactorRequiredFor, type accountPatchBody, type AccountView, type passwordChangeBody, type SessionsAnswer } from '../../../shared/account.js';
import { AppError } from '../../../shared/errors.js';
import { transaction } from '../../db/index.js';
import { appendAudit } from '../../audit/repository.js';
import type { Services } from '../../services.js';
import type { AuthService } from '../sessions/service.js';
import { assertAcceptablePassword } from '../common-passwords.js';
import { hashPassword } from '../passwords.js';
import { findLiveSessions, revokeOtherFamilies, revokeUserFamily } from '../sessions/repository.js';
import { endAccountSessions } from '../sessions/revocation.js';
import { findUserById, updateUserRow, type UserRow } from './repository.js';
import type { Input } from './users-service.js';

/** Who asks, from where: the caller, the idToken they sent (for its session), their address and the request's log. */
export interface AccountCaller {
  principal: Principal | null;
  /** The request's idToken, or null without one. */
  token: string | null;
  ip: string;
  log: FastifyBaseLogger;
}

function signedIn(caller: AccountCaller): Principal {
  if (!caller.principal) throw new AppError('unauthenticated');
  return caller.principal;
}

export class AccountService {
  constructor(
    private readonly services: Pick<Services, 'db' | 'tokens'>,
    private readonly auth: AuthService,
  ) {}

  /** The session the caller's idToken was issued for, or null for a token without one. */
  private async sessionOf(caller: AccountCaller): Promise<string | null> {
    return caller.token ? ((await this.services.tokens.verify(caller.token)).sid ?? null) : null;
  }

  private async account(principal: Principal): Promise<UserRow> {
    const user = await findUserById(this.services.db.kysely, principal.uid);
    if (!user) throw new AppError('auth/user-token-expired', 'This account no longer exists.');
    return user;
  }

  private async view(user: UserRow): Promise<AccountView> {
    const { twoFactor } = this.auth;
    const [enabled, recoveryCodesLeft, requirement] = await Promise.all([twoFactor.isEnabled(user.id), twoFactor.recoveryCodesLeft(user.id), twoFactor.currentRequirement()]);
    return {
      uid: user.id,
      email: user.email,
      displayName: user.display_name,
      role: user.role,
      twoFactor: { enabled, required: twoFactorRequiredFor(requirement, user.role), recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 },
    };
  }

  async get(caller: AccountCaller): Promise<AccountView> {
    return this.view(await this.account(signedIn(caller)));
  }

  /** A new display name; the audit log has a line only when it differs from the old one. */
  async rename(caller: AccountCaller, input: Input<z.infer<typeof accountPatchBody>>): Promise<AccountView> {
    const principal = signedIn(caller);
    const { displayName } = input();
    const user = await this.account(principal);
    const updatedAt = new Date().toISOString();
    await transaction(this.services.db, async (trx) => {
      await updateUserRow(trx, user.id, { display_name: displayName, updated_at: updatedAt });
      if (displayName !== user.display_name) {
        await appendAudit(trx, { action: 'user.update', actor: { uid: user.id }, subjectId: user.id, subject: `${user.email}: own name changed`, ip: caller.ip });
      }
    });
    caller.log.info({ uid: user.id }, 'own name changed');
    return this.view({ ...user, display_name: displayName, updated_at: updatedAt });
  }

  /**
   * A new password: the current one must be right (401 auth/requires-recent-login
   * otherwise, throttled as sign-in is: a ThrottledError says how long to wait)
   * and the new one pass the password policy. Every other session ends
   * (revocation.ts); the caller's own family stays, so the staff app renews
   * its idToken and carries on.
   */
  async changePassword(caller: AccountCaller, input: Input<z.infer<typeof passwordChangeBody>>): Promise<void> {
    const principal = signedIn(caller);
    const body = input();
    const user = await this.account(principal);
    await this.auth.confirmPassword(user, body.currentPassword, caller.ip, caller.log);
    try {
      await assertAcceptablePassword(body.newPassword);
    } catch (err) {
      // The shared check names the field `password`; this form calls it `newPassword`.
      if (err instanceof AppError) throw new AppError(err.code, err.message, { field: 'newPassword', fields: { newPassword: err.message } });
      throw err;
    }
    const passwordHash = await hashPassword(body.newPassword);
    const keep = await this.sessionOf(caller);
    await transaction(this.services.db, async (trx) => {
      const now = new Date();
      await updateUserRow(trx, user.id, { password_hash: passwordHash, updated_at: now.toISOString() });
      await endAccountSessions(trx, user.id, keep);
      await appendAudit(trx, { action: 'auth.password-change', actor: { uid: user.id }, subjectId: user.id, subject: user.email, ip: caller.ip });
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid: user.id }, subjectId: user.id, subject: `${user.email}: every other session ended by the new password`, ip: caller.ip });
    });
    caller.log.info({ uid: user.id, keptSession: keep !== null }, 'own password changed; other sessions ended');
  }

  /** The live sessions: the caller's own first, then the most recently used. */
  async sessions(caller: AccountCaller): Promise<SessionsAnswer> {
    const principal = signedIn(caller);
    const current = await this.sessionOf(caller);
    const rows = await findLiveSessions(this.services.db.kysely, principal.uid, new Date().toISOString());
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
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt)),
    };
  }

  /** Ends one of the caller's sessions; another user's session is as unknown (404) as one that never existed. */
  async endSession(caller: AccountCaller, input: Input<{ id: string }>): Promise<void> {
    const principal = signedIn(caller);
    const { id } = input();
    await transaction(this.services.db, async (trx) => {
      if (!(await revokeUserFamily(trx, principal.uid, id))) throw new AppError('not-found', 'There is no such session. It may already have ended.');
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid: principal.uid }, subjectId: principal.uid, subject: `${principal.email}: a session ended from the account screen`, ip: caller.ip });
    });
    caller.log.info({ uid: principal.uid }, 'session signed out from the account page');
  }

  /** Ends every session of the caller's but the one their idToken belongs to. */
  async signOutOthers(caller: AccountCaller): Promise<void> {
    const principal = signedIn(caller);
    const keep = await this.sessionOf(caller);
    await transaction(this.services.db, async (trx) => {
      await revokeOtherFamilies(trx, principal.uid, keep);
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid: principal.uid }, subjectId: principal.uid, subject: `${principal.email}: every other session ended`, ip: caller.ip });
    });
    caller.log.info({ uid: principal.uid }, 'signed out everywhere else');
  }
}
