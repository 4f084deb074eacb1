/**
 * Accounts that look after themselves: password reset by mail and
 * invitations. A reset request answers the same, and as fast, whatever the
 * address: the lookup and the mail happen after the answer has gone. Using a
 * link, setting the password and ending the sessions happen in one
 * transaction, so a link works exactly once and bad input changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Principal } from '../../../shared/access.js';
import {
  accountLinkPaths,
  actionLink,
  invitationRoleText,
  type InvitationCheck,
  type InvitationRole,
  type InvitationView,
  type PasswordResetCheck,
} from '../../../shared/account-links.js';
import { AppError } from '../../../shared/errors.js';
import { roleDescriptions } from '../../../shared/users.js';
import { authorize } from '../../authorize.js';
import { transaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { appendAudit } from '../../audit/repository.js';
import { composeMail } from '../../mail/index.js';
import type { Services } from '../../services.js';
import { createAccount, normaliseEmail } from '../accounts/accounts.js';
import {
  checkActionCode,
  findActionCode,
  issueActionCode,
  openInvitations,
  revokeActionCode,
  revokeActionCodesFor,
  senderLostRights,
  useActionCode,
  type ActionCodeRow,
} from './repository.js';
import { assertAcceptablePassword } from '../common-passwords.js';
import { hashPassword } from '../passwords.js';
import { endAccountSessions } from '../sessions/revocation.js';
import { knownDevice } from '../sessions/sign-in-device.js';
import { connectRedisStore, MemoryThrottleStore, SignInThrottle, type SignInThrottleOptions, type ThrottleStore } from '../sessions/sign-in-throttle.js';
import { findUserByEmail, findUserById, lockSupers, namesOfUsers, updateUserRow, type UserRow } from '../accounts/repository.js';

const users = { type: 'users' } as const;

/** An invitation works only while the super-admin who sent it still is one, and active. */
async function senderCanInvite(db: Kysely<Database>, code: ActionCodeRow): Promise<boolean> {
  const sender = code.created_by ? await findUserById(db, code.created_by) : undefined;
  return sender !== undefined && sender.role === 'super' && !sender.disabled;
}

/**
 * Reset requests in 15 minutes: 3 for one account from one client address, 6
 * for one account from all clients it has not seen sign in, 20 from one
 * address; a known device of the account (its device cookie) gets 3 of its own.
 */
export const passwordResetThrottle: SignInThrottleOptions = { pairLimit: 3, accountLimit: 6, ipLimit: 20, deviceLimit: 3, windowSeconds: 15 * 60, keyPrefix: 'ngo-reset:' };

/** 429 for too many reset requests, with the wait for Retry-After. */
export class ResetThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('auth/too-many-requests', `Too many password reset requests. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`);
  }
}

type LinkServices = Pick<Services, 'config' | 'db' | 'mail' | 'settings'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Password reset and invitations (auth/invitations/routes.ts); tests wait on `idle()`. */
    accountLinks: AccountLinks;
  }
}

export class AccountLinks {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly services: LinkServices,
    private readonly throttle: SignInThrottle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts reset requests in Redis when REDIS_URL is set (every instance sees them), in memory otherwise. */
  static async create(services: LinkServices, log: FastifyBaseLogger, throttle: Partial<SignInThrottleOptions> = {}): Promise<AccountLinks> {
    const { redisUrl } = services.config;
    const store: ThrottleStore = redisUrl ? await connectRedisStore(redisUrl, log) : new MemoryThrottleStore();
    return new AccountLinks(services, new SignInThrottle(store, { ...passwordResetThrottle, ...throttle }, log), log.child({ component: 'account-links' }));
  }

  async close(): Promise<void> {
    await this.idle();
    await this.throttle.close();
  }

  /** Resolves once the work started after answering reset requests is done (tests; closing). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * Checks the address's form and the throttle (a device cookie of this
   * account counts apart), then returns at once; the
   * account lookup and the mail happen afterwards, so an unknown address
   * answers as fast as a known one.
   */
  async requestReset(rawEmail: string, ip: string, deviceCookie?: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const decision = await this.throttle.begin(email, ip, knownDevice(this.services.config.authSecret, email, deviceCookie));
    if (!decision.allowed) {
      this.log.warn({ retryAfter: decision.retryAfterSeconds }, 'password reset throttled');
      throw new ResetThrottledError(decision.retryAfterSeconds);
    }
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.sendReset(email, ip))
      .catch((err: unknown) => this.log.error({ err: err instanceof Error ? err.message : String(err) }, 'password reset mail could not be queued'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  private async sendReset(email: string, ip: string): Promise<void> {
    const { db, config, mail } = this.services;
    const user = await findUserByEmail(db.kysely, email);
    // Written after the answer, as the mail is, so the log says what the requester cannot learn: whether the address has an account.
    const requested = (subject: string, trx: Kysely<Database> = db.kysely) =>
      appendAudit(trx, { action: 'auth.password-reset-request', actor: null, subjectId: user?.id ?? null, subject, ip });
    if (!user || user.disabled) {
      await requested(`${email}: no active account, nothing sent`);
      this.log.info('password reset asked for an address without an active account; nothing sent');
      return;
    }
    // A new link replaces the ones sent before; the link and its line land together.
    const { row, token } = await transaction(db, async (trx) => {
      await revokeActionCodesFor(trx, 'password-reset', email);
      const issued = await issueActionCode(trx, { purpose: 'password-reset', email, userId: user.id });
      await requested(`${email}: link sent`, trx);
      return issued;
    });
    const { organisationName } = (await this.services.settings.current()).data;
    const composed = composeMail({
      subject: `Choose a new password for ${organisationName}`,
      organisation: organisationName,
      heading: 'Choose a new password',
      paragraphs: [`Someone, probably you, asked to reset the password of the staff account ${email} on the website of ${organisationName}.`],
      action: { label: 'Choose a new password', url: actionLink(config.publicUrl, accountLinkPaths.resetPassword, token) },
      after: [
        'The link works once, for 30 minutes. Choosing a new password signs this account out everywhere.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ],
    });
    await mail.enqueue({ ...composed, purpose: 'password-reset', to: email });
    this.log.info({ uid: user.id, link: row.id }, 'password reset link sent');
  }

  async checkReset(token: string): Promise<PasswordResetCheck> {
    const row = await checkActionCode(this.services.db.kysely, 'password-reset', token);
    return { email: row.email, expiresAt: row.expires_at };
  }

  /** Sets the new password from a reset link and ends every session of the account. */
  async confirmReset(token: string, password: string, ip: string | null = null): Promise<void> {
    const { db } = this.services;
    // A dead link says so before the password is looked at; a weak password uses nothing up.
    await checkActionCode(db.kysely, 'password-reset', token);
    await assertAcceptablePassword(password);
    const passwordHash = await hashPassword(password);
    const uid = await transaction(db, async (trx) => {
      const code = await useActionCode(trx, 'password-reset', token);
      const user = code.user_id ? await findUserById(trx, code.user_id) : undefined;
      if (!user || user.disabled || user.email !== code.email) {
        throw new AppError('auth/invalid-action-code', 'This password reset link is not valid for any active account. Contact your administrator.');
      }
      const now = new Date();
      await updateUserRow(trx, user.id, { password_hash: passwordHash, updated_at: now.toISOString() });
      await endAccountSessions(trx, user.id);
      await revokeActionCodesFor(trx, 'password-reset', user.email, now);
      await appendAudit(trx, { action: 'auth.password-reset', actor: { uid: user.id }, subjectId: user.id, subject: user.email, ip });
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid: user.id }, subjectId: user.id, subject: `${user.email}: every session ended by the password reset`, ip });
      return user.id;
    });
    this.log.info({ uid }, 'password reset: new password set, every session ended');
  }

  async invite(principal: Principal | null, input: () => { email: string; role: InvitationRole }, ip: string | null = null): Promise<InvitationView> {
    authorize(principal, 'create', users);
    const { db } = this.services;
    const { email: rawEmail, role } = input();
    const email = normaliseEmail(rawEmail);
    if (await findUserByEmail(db.kysely, email)) {
      throw new AppError('auth/email-already-in-use', 'An account with this e-mail address already exists.', { field: 'email' });
    }
    // Inviting the same address again replaces the earlier invitation.
    await revokeActionCodesFor(db.kysely, 'invitation', email);
    const view = await this.sendInvitation(principal, email, role);
    await appendAudit(db.kysely, { action: 'user.invite', actor: principal ? { uid: principal.uid } : null, subjectId: view.id, subject: `${email}: role ${role}`, ip });
    this.log.info({ invitation: view.id, role, by: principal?.uid }, 'invitation sent');
    return view;
  }

  async list(principal: Principal | null): Promise<InvitationView[]> {
    authorize(principal, 'read', users);
    const rows = await openInvitations(this.services.db.kysely);
    return this.views(rows);
  }

  /** A new link for an invitation (the earlier link stops working); an expired one gets another 7 days. */
  async resend(principal: Principal | null, input: () => { id: string }, ip: string | null = null): Promise<InvitationView> {
    authorize(principal, 'update', users);
    const { db } = this.services;
    const { id } = input();
    const row = await findActionCode(db.kysely, 'invitation', id);
    if (!row || row.used_at || row.revoked_at || !row.role) throw new AppError('not-found', 'There is no such pending invitation. It may have been accepted or withdrawn.');
    if (await findUserByEmail(db.kysely, row.email)) {
      throw new AppError('auth/email-already-in-use', 'An account with this e-mail address exists now; the invitation is no longer needed.');
    }
    await revokeActionCode(db.kysely, row.id);
    const view = await this.sendInvitation(principal, row.email, row.role);
    await appendAudit(db.kysely, { action: 'user.invite', actor: principal ? { uid: principal.uid } : null, subjectId: view.id, subject: `${row.email}: role ${row.role}, sent again`, ip });
    this.log.info({ invitation: view.id, replaces: row.id, by: principal?.uid }, 'invitation sent again');
    return view;
  }

  async revoke(principal: Principal | null, input: () => { id: string }, ip: string | null = null): Promise<void> {
    authorize(principal, 'delete', users);
    const { id } = input();
    const row = await findActionCode(this.services.db.kysely, 'invitation', id);
    if (!row || !(await revokeActionCode(this.services.db.kysely, id))) {
      throw new AppError('not-found', 'There is no such pending invitation. It may have been accepted or withdrawn.');
    }
    await appendAudit(this.services.db.kysely, {
      action: 'user.invitation-withdraw',
      actor: principal ? { uid: principal.uid } : null,
      subjectId: id,
      subject: `${row.email}: role ${row.role ?? 'admin'}`,
      ip,
    });
    this.log.info({ invitation: id, by: principal?.uid }, 'invitation withdrawn');
  }

  async checkInvitation(token: string): Promise<InvitationCheck> {
    const row = await checkActionCode(this.services.db.kysely, 'invitation', token);
    if (!(await senderCanInvite(this.services.db.kysely, row))) throw senderLostRights();
    const { organisationName } = (await this.services.settings.current()).data;
    return { email: row.email, role: row.role ?? 'admin', organisation: organisationName, expiresAt: row.expires_at };
  }

  /** Creates the invitee's account with the name and password they chose; the caller signs them in. */
  async accept(input: { token: string; displayName: string; password: string }, ip: string | null = null): Promise<UserRow> {
    const { db } = this.services;
    await checkActionCode(db.kysely, 'invitation', input.token);
    await assertAcceptablePassword(input.password);
    const uid = await transaction(db, async (trx): Promise<string | null> => {
      // The lock a demotion, disable or deletion of a super-admin takes: the sender's rights are read as they are now.
      await lockSupers(db, trx);
      const open = await checkActionCode(trx, 'invitation', input.token);
      if (!(await senderCanInvite(trx, open))) {
        // Its withdrawal was missed (a sender who lost the role before withdrawals existed): withdrawn now, for good.
        await revokeActionCode(trx, open.id);
        await appendAudit(trx, {
          action: 'user.invitation-withdraw',
          actor: null,
          subjectId: open.id,
          subject: `${open.email}: role ${open.role ?? 'admin'}, its sender is no longer an active super-admin`,
          ip,
        });
        return null;
      }
      const code = await useActionCode(trx, 'invitation', input.token);
      const account = await createAccount(
        trx,
        { email: code.email, password: input.password, role: code.role ?? 'admin', displayName: input.displayName },
        { audit: { actor: 'self', ip, how: 'by accepting an invitation' } },
      );
      return account.uid;
    });
    if (uid === null) {
      this.log.info('invitation refused: its sender is no longer an active super-admin');
      throw senderLostRights();
    }
    const user = await findUserById(db.kysely, uid);
    if (!user) throw new AppError('internal', 'The account was created but cannot be read back.');
    this.log.info({ uid, role: user.role }, 'invitation accepted: account created');
    return user;
  }

  private async sendInvitation(principal: Principal | null, email: string, role: InvitationRole): Promise<InvitationView> {
    const { db, config, mail } = this.services;
    const { row, token } = await issueActionCode(db.kysely, { purpose: 'invitation', email, role, createdBy: principal?.uid ?? null });
    const { organisationName } = (await this.services.settings.current()).data;
    const inviter = principal ? await findUserById(db.kysely, principal.uid) : undefined;
    const who = inviter ? inviter.display_name || inviter.email : 'A super-admin';
    const composed = composeMail({
      subject: `${who} invited you to the website of ${organisationName}`,
      organisation: organisationName,
      heading: `You are invited to help run the website of ${organisationName}`,
      paragraphs: [
        `${who} invited you (${email}) to the content manager of ${organisationName}'s website as ${invitationRoleText(role)}: ${roleDescriptions[role]}`,
      ],
      action: { label: 'Accept the invitation', url: actionLink(config.publicUrl, accountLinkPaths.acceptInvitation, token) },
      after: ['The link works once, for 7 days. When you open it, you choose the name colleagues see and your own password.', 'If you did not expect this invitation, ignore this mail.'],
    });
    await mail.enqueue({ ...composed, purpose: 'invitation', to: email });
    const [view] = await this.views([row]);
    return view!;
  }

  private async views(rows: ActionCodeRow[]): Promise<InvitationView[]> {
    const inviterIds = [...new Set(rows.map((r) => r.created_by).filter((id): id is string => id !== null))];
    const names = await namesOfUsers(this.services.db.kysely, inviterIds);
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role ?? 'admin',
      invitedBy: r.created_by ? (names.get(r.created_by) ?? null) : null,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      status: Date.parse(r.expires_at) <= now ? 'expired' : 'pending',
    }));
  }
}
