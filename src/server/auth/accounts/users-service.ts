/**
 * The users domain (super only): list, create with a role, change role or
 * name, disable and enable, set a password, delete. The last active
 * super-admin can be neither demoted, disabled nor deleted.
 */
import type { Kysely } from 'kysely';
import type { Principal } from '../../../shared/access.js';
import { AppError } from '../../../shared/errors.js';
import type { UserRole, UserView } from '../../../shared/users.js';
import { authorize } from '../../authorize.js';
import { transaction, type Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { appendAudit, type AuditActorRef } from '../../audit/repository.js';
import { withdrawInvitationsBy } from '../invitations/repository.js';
import { createAccount, toUserView, type NewAccount } from './accounts.js';
import { assertAcceptablePassword } from '../common-passwords.js';
import { hashPassword } from '../passwords.js';
import { endAccountSessions } from '../sessions/revocation.js';
import { deleteUserRow, findUserById, lockSupers, otherActiveSupers, searchUsers, updateUserRow, type UserRow } from './repository.js';

const users = { type: 'users' } as const;

/** The request's parsed input, read only once the caller is authorised: a refused caller learns nothing of its shape. */
export type Input<T> = () => T;

export interface UserChanges {
  displayName?: string | undefined;
  role?: UserRole | undefined;
  disabled?: boolean | undefined;
  password?: string | undefined;
}

/** The client address of the request that makes a change, for the audit log. */
export interface Client {
  ip: string | null;
}

function actorOf(principal: Principal | null): AuditActorRef | null {
  return principal ? { uid: principal.uid } : null;
}

/** What an update changed, in words for the audit log: "role admin → super; disabled". Never the password itself. */
export function describeUserChanges(current: UserRow, body: UserChanges): string[] {
  const said: string[] = [];
  if (body.displayName !== undefined && body.displayName !== current.display_name) said.push(`name "${current.display_name}" → "${body.displayName}"`);
  if (body.role !== undefined && body.role !== current.role) said.push(`role ${current.role} → ${body.role}`);
  if (body.disabled !== undefined && body.disabled !== Boolean(current.disabled)) said.push(body.disabled ? 'disabled' : 'enabled');
  if (body.password !== undefined) said.push('password set');
  return said;
}

/** A super-admin who is demoted, disabled or deleted: the invitations they sent stop working, each with its line in the audit log. */
async function withdrawInvitationsOf(trx: Kysely<Database>, sender: UserRow, actor: AuditActorRef | null, client: Client): Promise<void> {
  for (const row of await withdrawInvitationsBy(trx, sender.id)) {
    await appendAudit(trx, {
      action: 'user.invitation-withdraw',
      actor,
      subjectId: row.id,
      subject: `${row.email}: role ${row.role ?? 'admin'}, sent by ${sender.email}, who is no longer an active super-admin`,
      ip: client.ip,
    });
  }
}

function noSuchUser(): AppError {
  return new AppError('not-found', 'There is no such user.');
}

export class UsersService {
  constructor(private readonly db: Db) {}

  async list(principal: Principal | null, input: Input<{ q?: string | undefined; limit: number; offset: number }>): Promise<{ users: UserView[]; total: number }> {
    authorize(principal, 'read', users);
    const query = input();
    const { rows, total } = await searchUsers(this.db.kysely, query.q, query.limit, query.offset);
    return { users: rows.map(toUserView), total };
  }

  async create(principal: Principal | null, input: Input<NewAccount>, client: Client = { ip: null }): Promise<UserView> {
    authorize(principal, 'create', users);
    return createAccount(this.db.kysely, input(), { audit: { actor: actorOf(principal), ip: client.ip } });
  }

  async get(principal: Principal | null, input: Input<{ uid: string }>): Promise<UserView> {
    authorize(principal, 'read', users);
    const { uid } = input();
    const user = await findUserById(this.db.kysely, uid);
    if (!user) throw noSuchUser();
    return toUserView(user);
  }

  async update(principal: Principal | null, input: Input<{ uid: string; changes: UserChanges }>, client: Client = { ip: null }): Promise<UserView> {
    authorize(principal, 'update', users);
    const { uid, changes: body } = input();
    // One's own password is changed on the account page, which asks for the current one (re-authentication, ASVS 7.5.1).
    if (body.password !== undefined && principal?.uid === uid) {
      const message = 'Change your own password on your account page: it asks for your current password first.';
      throw new AppError('permission-denied', message, { field: 'password', fields: { password: message } });
    }
    if (body.password !== undefined) await assertAcceptablePassword(body.password);
    // Hashing is slow by design: done before the transaction so it holds no lock meanwhile.
    const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;
    const db = this.db;
    const updated = await transaction(db, async (trx): Promise<UserRow> => {
      const current = await findUserById(trx, uid);
      if (!current) throw noSuchUser();
      const losesSuper = current.role === 'super' && !current.disabled && ((body.role !== undefined && body.role !== 'super') || body.disabled === true);
      if (losesSuper) {
        await lockSupers(db, trx);
        if ((await otherActiveSupers(trx, uid)) === 0) {
          throw new AppError(
            'failed-precondition',
            body.disabled === true
              ? 'This is the last active super-admin: make another user super-admin before disabling this one.'
              : 'This is the last active super-admin: make another user super-admin before changing this role.',
          );
        }
      }
      const changes: Partial<UserRow> = { updated_at: new Date().toISOString() };
      if (body.displayName !== undefined) changes.display_name = body.displayName;
      if (body.role !== undefined) changes.role = body.role;
      if (body.disabled !== undefined) changes.disabled = body.disabled ? 1 : 0;
      if (passwordHash !== undefined) changes.password_hash = passwordHash;
      await updateUserRow(trx, uid, changes);
      // A disabled account or a new password ends every open session.
      if (body.disabled === true || passwordHash !== undefined) await endAccountSessions(trx, uid);
      const said = describeUserChanges(current, body);
      if (said.length > 0) {
        await appendAudit(trx, { action: 'user.update', actor: actorOf(principal), subjectId: uid, subject: `${current.email}: ${said.join('; ')}`, ip: client.ip });
      }
      if (losesSuper) await withdrawInvitationsOf(trx, current, actorOf(principal), client);
      return { ...current, ...changes };
    });
    return toUserView(updated);
  }

  async remove(principal: Principal | null, input: Input<{ uid: string }>, client: Client = { ip: null }): Promise<void> {
    authorize(principal, 'delete', users);
    const { uid } = input();
    const db = this.db;
    await transaction(db, async (trx) => {
      const current = await findUserById(trx, uid);
      if (!current) throw noSuchUser();
      if (current.role === 'super' && !current.disabled) {
        await lockSupers(db, trx);
        if ((await otherActiveSupers(trx, uid)) === 0) {
          throw new AppError('failed-precondition', 'This is the last active super-admin: make another user super-admin before deleting this one.');
        }
      }
      await deleteUserRow(trx, uid);
      await appendAudit(trx, { action: 'user.delete', actor: actorOf(principal), subjectId: uid, subject: `${current.email} (${current.role})`, ip: client.ip });
      if (current.role === 'super') await withdrawInvitationsOf(trx, current, actorOf(principal), client);
    });
  }
}
