/**
 * Refresh tokens: opaque random strings kept in an HttpOnly cookie; the
 * database holds only their SHA-256. Each sign-in starts a family; every
 * refresh marks the presented token used and issues its successor in the same
 * family. Presenting a used token again (a replay: the token was copied) revokes
 * the whole family.
 *
 * Two tabs refreshing at the same instant send the same cookie. The successor
 * of a token is derived from it with an HMAC under the server secret, so a
 * token used less than `graceSeconds` ago can be answered with its (still
 * unused) successor without ever storing a token in clear: only someone who
 * holds the old token can obtain it, and the successor is the same single
 * token, so any later divergence is still caught as a replay.
 *
 * A session ends after `idleSeconds` without a refresh (each token expires
 * then) and `maxAgeSeconds` after its sign-in whatever happens (no token of
 * the family expires later than that). The idToken of a session is refused as
 * soon as its family has no live token (findCaller), so both limits hold for
 * every request, not only for the next refresh.
 * SQL: refresh-token-repository.ts.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/index.js';
import { transaction } from '../../db/index.js';
import {
  claimToken,
  deleteExpiredTokens,
  findTokenByHash,
  findTokenUse,
  findUnusedToken,
  insertRefreshToken,
  revokeFamily,
  revokeUserTokens,
  type ClientInfo,
} from './repository.js';
import { findUserById, type UserRow } from '../accounts/repository.js';
import { authApiPrefix } from '../../../shared/api-paths.js';
import { cookieName } from '../../../shared/cookies.js';

/** The refresh cookie: `__Secure-refresh_token` on an https site (its path is not `/`, so not `__Host-`). */
export function refreshCookieName(secure: boolean): string {
  return cookieName('refresh_token', secure, 'path');
}
export const refreshCookiePath = authApiPrefix;

/** How long a session lasts: without use, and at most (AppConfig's sessionIdleTimeout and sessionMaxAge). */
export interface SessionLimits {
  idleSeconds: number;
  maxAgeSeconds: number;
}

/** When a token issued at `now` for a session begun at `sessionStart` expires: after the idle time, never after the session's end. */
function expiryOf(now: Date, sessionStart: string, limits: SessionLimits): string {
  const idleEnd = now.getTime() + limits.idleSeconds * 1000;
  const sessionEnd = Date.parse(sessionStart) + limits.maxAgeSeconds * 1000;
  return new Date(Math.min(idleEnd, sessionEnd)).toISOString();
}
/** A token used this recently may be answered with its successor (concurrent refreshes). */
export const defaultRefreshGraceSeconds = 10;

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

function successorOf(token: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`refresh-successor:${token}`, 'utf8').digest('base64url');
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: string;
  /** The session the token belongs to. */
  familyId: string;
}

async function issue(
  db: Kysely<Database>,
  token: string,
  userId: string,
  familyId: string,
  expiresAt: string,
  now: Date,
  client?: ClientInfo,
  sessionCreatedAt?: string,
): Promise<IssuedRefreshToken> {
  await insertRefreshToken(db, { familyId, userId, tokenHash: hashRefreshToken(token), createdAt: now.toISOString(), expiresAt, client, sessionCreatedAt });
  return { token, expiresAt, familyId };
}

/** Starts a new family for a sign-in, and drops the user's tokens that have expired. */
export async function startRefreshFamily(db: Kysely<Database>, userId: string, limits: SessionLimits, client?: ClientInfo): Promise<IssuedRefreshToken> {
  const now = new Date();
  await deleteExpiredTokens(db, userId, now.toISOString());
  return issue(db, newToken(), userId, crypto.randomUUID(), expiryOf(now, now.toISOString(), limits), now, client);
}

/** Sign-out: revokes the family of the presented token, if it is known; the account whose live session it ended, or null. */
export async function revokeFamilyOf(db: Kysely<Database>, token: string): Promise<string | null> {
  const row = await findTokenByHash(db, hashRefreshToken(token));
  if (!row) return null;
  await revokeFamily(db, row.family_id);
  return row.revoked_at === null ? row.user_id : null;
}

export type RotationResult =
  | { kind: 'rotated'; user: UserRow; issued: IssuedRefreshToken }
  /** Missing, unknown, expired or revoked token, or a deleted account. */
  | { kind: 'expired' }
  /** A used token was presented again: its family is now revoked. */
  | { kind: 'replayed' }
  /** The account is disabled: all its tokens are now revoked. */
  | { kind: 'disabled' };

export interface RotationOptions {
  limits: SessionLimits;
  secret: string;
  graceSeconds: number;
}

/**
 * Exchanges a refresh token for its successor. Runs in one transaction; the
 * revocations it decides on are committed (it returns a result, never throws
 * for them, so nothing is rolled back).
 */
export function rotateRefreshToken(db: Db, token: string, options: RotationOptions, client?: ClientInfo): Promise<RotationResult> {
  const presentedHash = hashRefreshToken(token);
  return transaction(db, async (trx): Promise<RotationResult> => {
    const now = new Date();
    const nowIso = now.toISOString();
    const row = await findTokenByHash(trx, presentedHash);
    if (!row) return { kind: 'expired' };
    const user = await findUserById(trx, row.user_id);
    if (!user) return { kind: 'expired' };
    // Disabling revokes the tokens too; the holder of one should still learn why the session ended.
    if (user.disabled) {
      await revokeUserTokens(trx, user.id);
      return { kind: 'disabled' };
    }
    // Unused for the idle time, or past the session's end (a token issued before these limits may expire later).
    const sessionStart = row.session_created_at ?? row.created_at;
    const expiresAt = expiryOf(now, sessionStart, options.limits);
    if (row.revoked_at !== null || row.expires_at <= nowIso || expiresAt <= nowIso) return { kind: 'expired' };
    const successor = successorOf(token, options.secret);
    // Of two concurrent refreshes exactly one claims the token.
    if (await claimToken(trx, row.id, nowIso)) {
      const issued = await issue(trx, successor, user.id, row.family_id, expiresAt, now, client, sessionStart);
      return { kind: 'rotated', user, issued };
    }
    // Already used (perhaps a moment ago by a concurrent request): read it again as it is now.
    const current = await findTokenUse(trx, row.id);
    if (!current || current.revoked_at !== null) return { kind: 'expired' };
    const usedAgoMs = current.used_at ? now.getTime() - Date.parse(current.used_at) : Infinity;
    if (usedAgoMs <= options.graceSeconds * 1000) {
      const next = await findUnusedToken(trx, hashRefreshToken(successor));
      if (next && next.expires_at > nowIso) return { kind: 'rotated', user, issued: { token: successor, expiresAt: next.expires_at, familyId: row.family_id } };
    }
    await revokeFamily(trx, row.family_id);
    return { kind: 'replayed' };
  });
}
