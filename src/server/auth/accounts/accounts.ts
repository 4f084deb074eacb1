/**
 * Staff accounts: the presenter that turns a row into the API's UserView
 * (never the hash), e-mail normalisation, and account creation shared by the
 * users API, the bootstrap at start-up and the CLI. SQL: users-repository.ts.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.js';
import { passwordPolicy } from '../../../shared/password-policy.js';
import type { UserRole, UserView } from '../../../shared/users.js';
import type { Database } from '../../db/schema.js';
import { appendAudit, type AuditActorRef } from '../../audit/repository.js';
import { assertAcceptablePassword } from '../common-passwords.js';
import { hashPassword } from '../passwords.js';
import { newTokenEpoch } from '../sessions/revocation.js';
import { findUserByEmail, insertUser, isUniqueViolation, type UserRow } from './repository.js';

export { claimsOf } from '../../../shared/auth.js';
export { displayNameSchema, userRoles, type UserRole, type UserView } from '../../../shared/users.js';

export { countUsers, findUserByEmail, findUserById, isUniqueViolation, type UserRow } from './repository.js';

export function toUserView(row: UserRow): UserView {
  return {
    uid: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    disabled: Boolean(row.disabled),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

const emailFormat = z.email();

/** Trims and lower-cases an e-mail; a malformed one is 400 auth/invalid-email on the field `email`. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !emailFormat.safeParse(email).success) {
    throw new AppError('auth/invalid-email', `"${raw.slice(0, 80)}" is not a valid e-mail address.`, { field: 'email' });
  }
  return email;
}

export interface NewAccount {
  email: string;
  password: string;
  role: UserRole;
  displayName?: string | undefined;
}

/** Who created an account, for its `user.create` line in the audit log (null: the command line or the server itself). */
export interface AccountAudit {
  /** `self`: the new account itself (an accepted invitation). */
  actor: AuditActorRef | 'self' | null;
  ip?: string | null | undefined;
  /** How it came about, after the address and role ("by invitation"). */
  how?: string | undefined;
}

/**
 * Creates an account: the e-mail is normalised, the password checked against
 * the policy (400 auth/weak-password) and hashed with argon2id; a taken e-mail
 * is 409 auth/email-already-in-use. With `audit`, the account and its
 * `user.create` line are written in one transaction (the caller's, when `db`
 * is one).
 */
export async function createAccount(
  db: Kysely<Database>,
  input: NewAccount,
  options: { skipCommonCheck?: boolean; audit?: AccountAudit } = {},
): Promise<UserView> {
  const email = normaliseEmail(input.email);
  await assertAcceptablePassword(input.password, options.skipCommonCheck ? { ...passwordPolicy, refuseCommon: false } : passwordPolicy);
  if (await findUserByEmail(db, email)) throw new AppError('auth/email-already-in-use');
  const now = new Date().toISOString();
  const row: UserRow = {
    id: crypto.randomUUID(),
    email,
    display_name: input.displayName?.trim() ?? '',
    password_hash: await hashPassword(input.password),
    role: input.role,
    disabled: 0,
    created_at: now,
    updated_at: now,
    last_sign_in_at: null,
    token_epoch: newTokenEpoch(),
  };
  const { audit } = options;
  const write = async (conn: Kysely<Database>) => {
    await insertUser(conn, row);
    if (audit) {
      await appendAudit(conn, {
        action: 'user.create',
        actor: audit.actor === 'self' ? { uid: row.id } : audit.actor,
        subjectId: row.id,
        subject: `${email}: role ${row.role}${audit.how ? `, ${audit.how}` : ''}`,
        ip: audit.ip,
      });
    }
  };
  try {
    await (audit && !db.isTransaction ? db.transaction().execute(write) : write(db));
  } catch (err) {
    // Two creations of the same e-mail at once: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('auth/email-already-in-use');
    throw err;
  }
  return toUserView(row);
}
