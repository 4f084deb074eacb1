/** All SQL about refresh tokens: rows of `refresh_tokens`, found by the SHA-256 of the token, never the token. */
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export interface NewRefreshToken {
  familyId: string;
  userId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  /** What the sessions list shows of the client (the request that issued the token). */
  client?: ClientInfo | undefined;
  /** When the family began (its first token's createdAt). */
  sessionCreatedAt?: string | undefined;
}

/** The browser and address of a request, for the sessions list. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export async function insertRefreshToken(db: Kysely<Database>, token: NewRefreshToken): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: crypto.randomUUID(),
      family_id: token.familyId,
      user_id: token.userId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      used_at: null,
      revoked_at: null,
      user_agent: token.client?.userAgent?.slice(0, 512) ?? null,
      ip: token.client?.ip ?? null,
      last_used_at: token.createdAt,
      session_created_at: token.sessionCreatedAt ?? token.createdAt,
    })
    .execute();
}

/** Drops a user's tokens that expired before `now`. */
export async function deleteExpiredTokens(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

export function findTokenByHash(db: Kysely<Database>, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The expiry of a token that is neither used nor revoked, by its hash. */
export function findUnusedToken(db: Kysely<Database>, tokenHash: string): Promise<{ expires_at: string } | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .select(['expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function findTokenUse(db: Kysely<Database>, id: string): Promise<{ used_at: string | null; revoked_at: string | null } | undefined> {
  return db.selectFrom('refresh_tokens').select(['used_at', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}

/** Marks a token used if nobody has yet; true when this call did. The conditional update is the lock. */
export async function claimToken(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Kysely<Database>, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (disabled, new password). */
export async function revokeUserTokens(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of every account (after a restore). */
export async function revokeAllTokens(db: Kysely<Database>): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date().toISOString() }).where('revoked_at', 'is', null).execute();
}

/** A user's sessions as they are now: the one live token of each family, neither used, revoked nor expired. */
export function findLiveSessions(db: Kysely<Database>, userId: string, now: string): Promise<RefreshTokenRow[]> {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Ends one session of a user; false when the user has no such live session. */
export async function revokeUserFamily(db: Kysely<Database>, userId: string, familyId: string): Promise<boolean> {
  const r = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Ends every session of a user but one (the caller's own; null ends them all). */
export async function revokeOtherFamilies(db: Kysely<Database>, userId: string, keepFamilyId: string | null): Promise<void> {
  let q = db.updateTable('refresh_tokens').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamilyId) q = q.where('family_id', '!=', keepFamilyId);
  await q.execute();
}
