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
import type { DocumentRow } from '../content/repository.js';
import { recordIdPattern } from '../../shared/fields.js';

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

/** Neither revoked nor expired at `now`, newest first, with the name of whoever made each. */
export function livePreviewLinks(db: Conn, page: string, now: string) {
  return db
    .selectFrom('preview_links')
    .leftJoin('users', 'users.id', 'preview_links.created_by')
    .select([
      'preview_links.id',
      'preview_links.page',
      'preview_links.document_id',
      'preview_links.created_by',
      'preview_links.created_at',
      'preview_links.expires_at',
      'users.display_name',
      'users.email',
    ])
    .where('preview_links.page', '=', page)
    .where('preview_links.revoked_at', 'is', null)
    .where('preview_links.expires_at', '>', now)
    .orderBy('preview_links.created_at', 'desc')
    .orderBy('preview_links.id')
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

/** A block of one of these collections that is not in the trash, or undefined. */
export async function findPageBlock(db: Conn, collections: readonly string[], id: string): Promise<DocumentRow | undefined> {
  if (collections.length === 0 || !recordIdPattern.test(id)) return undefined;
  return db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('collection', 'in', collections)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The blocks a preview of these collections shows, in the order visitors see
 * them, none in the trash: a page's preview (no `draftId`) shows the page as
 * its Publish would take it live, drafts included; a block's preview shows the
 * published blocks and that one draft.
 */
export async function previewRows(db: Conn, collections: readonly string[], draftId: string | null): Promise<DocumentRow[]> {
  if (collections.length === 0) return [];
  return db
    .selectFrom('documents')
    .selectAll()
    .where('collection', 'in', collections)
    .where('deleted_at', 'is', null)
    .$if(draftId !== null, (q) => q.where((eb) => eb.or([eb('status', '=', 'published'), eb('id', '=', draftId ?? '')])))
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
