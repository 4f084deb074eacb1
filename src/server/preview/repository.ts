/**
 * The SQL of preview links and of what a preview shows. A link is found by
 * the SHA-256 of its token (the token itself is never stored); a preview
 * reads a page's blocks as they will be once published: published blocks
 * with their pending changes, plus the one draft block the link names, never
 * a block in the trash.
 */
import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PreviewLinksTable } from '../db/schema.js';

type Conn = Kysely<Database> | Transaction<Database>;
export type PreviewLinkRow = Selectable<PreviewLinksTable>;

export function hashPreviewToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, URL-safe: what the link carries. */
export function newPreviewToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function insertPreviewLink(db: Conn, row: Omit<PreviewLinkRow, 'lang'> & { lang?: string | null }): Promise<void> {
  await db.insertInto('preview_links').values(row).execute();
}

export function findPreviewLinkByToken(db: Conn, token: string): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('token_hash', '=', hashPreviewToken(token)).executeTakeFirst();
}

export function findPreviewLink(db: Conn, id: string): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Neither revoked nor expired at `now`, newest first. */
export function livePreviewLinks(db: Conn, page: string, now: string) {
  return db
    .selectFrom('preview_links')
    .select(['id', 'page', 'document_id', 'created_by', 'created_at', 'expires_at'])
    .where('page', '=', page)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

/** Marks a link revoked; false when it was revoked already. */
/** Drops the links of blocks removed for good. */
export async function deletePreviewLinksOf(db: Conn, documentIds: readonly string[]): Promise<void> {
  if (documentIds.length > 0) await db.deleteFrom('preview_links').where('document_id', 'in', documentIds).execute();
}

export async function revokePreviewLink(db: Conn, id: string, at: string): Promise<boolean> {
  const res = await db.updateTable('preview_links').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

