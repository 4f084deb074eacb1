/** All SQL of two-factor sign-in: the secret row, the recovery codes and the sign-in challenges. */
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TwoFactorTable } from '../../db/schema.js';

export type TwoFactorRow = Selectable<TwoFactorTable>;

export function findTwoFactor(db: Kysely<Database>, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function isTwoFactorEnabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return !!row?.enabled_at;
}

/** Stores a secret being set up; an enabled secret stays as it is. */
export async function savePendingSecret(db: Kysely<Database>, userId: string, sealed: string, now: string): Promise<void> {
  const updated = await db.updateTable('two_factor').set({ pending_secret: sealed, updated_at: now }).where('user_id', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('two_factor')
      .values({ user_id: userId, secret: null, pending_secret: sealed, enabled_at: null, last_step: null, updated_at: now, failed_codes: 0, locked_at: null })
      .execute();
  }
}

/**
 * Counts one more wrong code in the account's run, and locks two-factor
 * sign-in when the run reaches `limit`. Run it in a transaction: answers the
 * run's length and whether this call locked it (once, however many wrong
 * codes arrive at the same time).
 */
export async function recordWrongCode(trx: Kysely<Database>, userId: string, limit: number, now: string): Promise<{ failures: number; lockedNow: boolean }> {
  await trx
    .updateTable('two_factor')
    .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .execute();
  const row = await trx.selectFrom('two_factor').select('failed_codes').where('user_id', '=', userId).executeTakeFirst();
  const failures = Number(row?.failed_codes ?? 0);
  if (failures < limit) return { failures, lockedNow: false };
  const locked = await trx.updateTable('two_factor').set({ locked_at: now }).where('user_id', '=', userId).where('locked_at', 'is', null).executeTakeFirst();
  return { failures, lockedNow: Number(locked.numUpdatedRows) === 1 };
}

/** A right code: the run of wrong ones starts again. */
export async function clearWrongCodes(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('two_factor').set({ failed_codes: 0 }).where('user_id', '=', userId).where('failed_codes', '>', 0).where('locked_at', 'is', null).execute();
}

/** Turns the pending secret on, with the step of the code that confirmed it (that code is then used); false when it was on already (two confirmations at once: one wins). */
export async function enableSecret(db: Kysely<Database>, userId: string, sealed: string, step: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('two_factor')
    .set({ secret: sealed, pending_secret: null, enabled_at: now, last_step: step, updated_at: now, failed_codes: 0, locked_at: null })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('pending_secret', '=', sealed)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Makes a claimed challenge usable again (the code offered with it was wrong). */
export async function releaseChallenge(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sign_in_challenges').set({ used_at: null }).where('id', '=', id).execute();
}

/** Turns two-factor sign-in off: the secret and the recovery codes go. */
export async function removeTwoFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const r = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Records a TOTP step as used, if it is newer than the last one; true when this call did (the conditional update is the lock). */
export async function claimStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, userId: string, hashes: readonly string[], now: string): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ id: crypto.randomUUID(), user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
}

/** Uses a recovery code once, stored under any of `codeHashes` (its current and its older form); true when it was unused until this call. */
export async function claimRecoveryCode(db: Kysely<Database>, userId: string, codeHashes: readonly string[], now: string): Promise<boolean> {
  const r = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', 'in', codeHashes)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const r = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertChallenge(db: Kysely<Database>, userId: string, tokenHash: string, createdAt: string, expiresAt: string): Promise<void> {
  // Challenges of this account that have run out are of no further use.
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).where('expires_at', '<', createdAt).execute();
  await db.insertInto('sign_in_challenges').values({ id: crypto.randomUUID(), user_id: userId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt, used_at: null }).execute();
}

export function findChallenge(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('sign_in_challenges').select(['id', 'user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a challenge once; true when it was unused until this call. */
export async function claimChallenge(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const r = await db.updateTable('sign_in_challenges').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Drops every sign-in challenge (after a restore: a right password given before it does not finish a sign-in after). */
export async function deleteAllChallenges(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('sign_in_challenges').execute();
}
