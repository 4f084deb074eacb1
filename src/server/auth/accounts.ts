/**
 * Staff accounts: the presenter that turns a row into the API's UserView
 * (never the hash), e-mail normalisation, and account creation shared by the
 * users API, the bootstrap at start-up and the CLI. SQL: users-repository.ts.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { passwordPolicy } from '../../shared/password-policy.js';
import type { UserRole, UserView } from '../../shared/users.js';
import type { Database } from '../db/schema.js';
import { assertAcceptablePassword } from './common-passwords.js';
import { hashPassword } from './passwords.js';
import { findUserByEmail, insertUser, isUniqueViolation, type UserRow } from './users-repository.js';

export { claimsOf } from '../../shared/auth.js';
export { displayNameSchema, userRoles, type UserRole, type UserView } from '../../shared/users.js';

export { countUsers, findUserByEmail, findUserById, isUniqueViolation, type UserRow } from './users-repository.js';

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

/**
 * Creates an account: the e-mail is normalised, the password checked against
 * the policy (400 auth/weak-password) and hashed with argon2id; a taken e-mail
 * is 409 auth/email-already-in-use.
 */
export async function createAccount(
  db: Kysely<Database>,
  input: NewAccount,
  options: { skipCommonCheck?: boolean } = {},
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
    tokens_valid_after: null,
  };
  try {
    await insertUser(db, row);
  } catch (err) {
    // Two creations of the same e-mail at once: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('auth/email-already-in-use');
    throw err;
  }
  return toUserView(row);
}
