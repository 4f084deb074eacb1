/**
 * Ending an account's sessions, written once. An idToken is accepted only while
 * (principalOf, auth-service.ts) its account's token epoch is the one it carries
 * and its session (refresh-token family) still has a token that is neither
 * revoked nor expired. Ending sessions therefore takes effect on the next
 * request, whatever the clock says: a fresh random epoch refuses every idToken
 * issued before, and revoking the refresh families stops their renewal.
 *
 * The epoch is random rather than a counter or a time, so no later event (a
 * restore that brings older rows back, a clock set back) can make an old
 * token's epoch the account's again.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { revokeAllTokens, revokeOtherFamilies } from './repository.js';
import { setTokenEpoch, userIds } from '../accounts/repository.js';

/** A fresh token epoch: 16 random bytes, base64url. */
export function newTokenEpoch(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/**
 * Ends every session of an account (a new password, a reset, a disable), but
 * `keepSession` when given: the caller's own, whose app renews its idToken
 * through the refresh cookie and carries on. Pass the transaction of the
 * change that causes it.
 */
export async function endAccountSessions(trx: Kysely<Database>, uid: string, keepSession: string | null = null): Promise<void> {
  await setTokenEpoch(trx, uid, newTokenEpoch());
  await revokeOtherFamilies(trx, uid, keepSession);
}

/** Ends every session of every account (after a restore): each account gets a fresh epoch of its own. */
export async function endAllSessions(trx: Kysely<Database>): Promise<void> {
  for (const uid of await userIds(trx)) await setTokenEpoch(trx, uid, newTokenEpoch());
  await revokeAllTokens(trx);
}
