/**
 * All SQL of the content API: documents, the site-settings row and the media
 * and category look-ups the page bundle needs. Same queries on SQLite and
 * PostgreSQL.
 */
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, Dialect, DocumentsTable, MediaTable, SettingsTable } from '../db/schema.js';
import { getCollection } from '../../shared/collections.js';
import { recordIdPattern } from '../../shared/fields.js';
import { defaultSiteSettings, type SiteSettings } from '../../shared/settings.js';
import { TRIGRAM, codePoints, foldTitle, titleSearchOf } from './title-search.js';

export type DocumentRow = Selectable<DocumentsTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type MediaRow = Selectable<MediaTable>;
type Conn = Kysely<Database>;

/** The key of the site-settings singleton in the settings table. */
export const SITE_SETTINGS_KEY = 'site';

export interface ListQuery {
  collection: string;
  status?: 'draft' | 'published' | undefined;
  /** Case-insensitive search in the title field. */
  q?: string | undefined;
  titleField: string;
  limit: number;
  offset: number;
}

function dialectOf(db: Conn): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function parseData(data: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * What `documents.title_search` holds for this data: the declared title field,
 * folded (title-search.ts). Computed here, so every write of `data` through
 * this module writes it too; null for a collection that is not declared.
 */
export function titleSearchFor(collection: string, data: string): string | null {
  const c = getCollection(collection);
  const parsed = c ? parseData(data) : null;
  return c && parsed ? titleSearchOf(parsed, c.titleField) : null;
}

/** LIKE's wildcards (and the escape character) taken literally. */
function likeContains(needle: string): string {
  return `%${needle.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}

/**
 * "title_search contains needle" (both folded), through an index. PostgreSQL:
 * LIKE, which the pg_trgm GIN index serves (the planner reads the column
 * instead when that is cheaper, e.g. for one or two characters). SQLite, for
 * three code points or more: a phrase query on the FTS5 trigram table (its
 * phrase of consecutive trigrams is exactly "contains"), checked again on the
 * row, so an index out of step could hide a row but never show a wrong one;
 * shorter: instr() over the (collection, title_search) index, not the rows.
 */
function titleContains(eb: ExpressionBuilder<Database, 'documents'>, dialect: Dialect, collection: string, needle: string): Expression<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`documents.title_search like ${likeContains(needle)} escape '!'`;
  if (codePoints(needle) < TRIGRAM) {
    return sql<SqlBool>`documents.rowid in (select s.rowid from documents s where s.collection = ${collection} and instr(s.title_search, ${needle}) > 0)`;
  }
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  return eb.and([sql<SqlBool>`documents.rowid in (select rowid from documents_title_fts where documents_title_fts match ${phrase})`, sql<SqlBool>`instr(documents.title_search, ${needle}) > 0`]);
}

/**
 * Rows without a title_search (written around this module, e.g. straight into
 * the table) whose title contains the needle, found through the partial index
 * on `title_search is null` and read from `data`. Normally there are none.
 */
async function unfilledMatches(db: Conn, query: ListQuery, needle: string): Promise<string[]> {
  let unfilled = db.selectFrom('documents').select(['id', 'data']).where('collection', '=', query.collection).where('title_search', 'is', null);
  if (query.status) unfilled = unfilled.where('status', '=', query.status);
  const rows = await unfilled.execute();
  return rows.filter((r) => titleSearchOf(parseData(r.data) ?? {}, query.titleField).includes(needle)).map((r) => r.id);
}

export async function listDocuments(db: Conn, query: ListQuery): Promise<{ rows: DocumentRow[]; total: number }> {
  let base = db.selectFrom('documents').where('collection', '=', query.collection);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.q) {
    const needle = foldTitle(query.q);
    const dialect = dialectOf(db);
    const unfilled = await unfilledMatches(db, query, needle);
    // The ids travel as one JSON parameter, however many there are.
    const ids = JSON.stringify(unfilled);
    const listed = dialect === 'postgres' ? sql<string>`(select jsonb_array_elements_text(cast(${ids} as jsonb)))` : sql<string>`(select value from json_each(${ids}))`;
    base = base.where((eb) => {
      const found = titleContains(eb, dialect, query.collection, needle);
      return unfilled.length === 0 ? found : eb.or([found, eb('documents.id', 'in', listed)]);
    });
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('position').orderBy('created_at').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every published document of these collections, in position order. */
export async function listPublished(db: Conn, collections: readonly string[]): Promise<DocumentRow[]> {
  if (collections.length === 0) return [];
  return db
    .selectFrom('documents')
    .selectAll()
    .where('collection', 'in', collections)
    .where('status', '=', 'published')
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findDocument(db: Conn, collection: string, id: string): Promise<DocumentRow | undefined> {
  // An id no block can have is answered here: PostgreSQL refuses some of them (NUL) as query text.
  if (!recordIdPattern.test(id)) return undefined;
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('collection', '=', collection).executeTakeFirst();
}

export interface NewDocument {
  id: string;
  collection: string;
  data: string;
  status: 'draft' | 'published';
  /** Absent: after the last document of the collection. */
  position?: number | undefined;
  at: string;
  by: string | null;
}

export async function insertDocument(db: Conn, doc: NewDocument): Promise<DocumentRow> {
  // One statement computes "last" and inserts, so no other write slips in between.
  const position =
    doc.position ?? sql<number>`(select coalesce(max(d.position), -1) + 1 from documents d where d.collection = ${doc.collection})`;
  return db
    .insertInto('documents')
    .values({
      id: doc.id,
      collection: doc.collection,
      data: doc.data,
      title_search: titleSearchFor(doc.collection, doc.data),
      position,
      status: doc.status,
      version: 1,
      created_at: doc.at,
      updated_at: doc.at,
      created_by: doc.by,
      updated_by: doc.by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface DocumentUpdate {
  collection: string;
  id: string;
  expectedVersion: number;
  data: string;
  status: 'draft' | 'published';
  at: string;
  by: string | null;
}

/** Writes only when the stored version is still the expected one; undefined when it is not. */
export async function updateDocumentIfVersion(db: Conn, u: DocumentUpdate): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({ data: u.data, title_search: titleSearchFor(u.collection, u.data), status: u.status, version: sql<number>`version + 1`, updated_at: u.at, updated_by: u.by })
    .where('id', '=', u.id)
    .where('collection', '=', u.collection)
    .where('version', '=', u.expectedVersion)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteDocumentIfVersion(db: Conn, collection: string, id: string, version: number): Promise<boolean> {
  if (!recordIdPattern.test(id)) return false;
  const res = await db.deleteFrom('documents').where('id', '=', id).where('collection', '=', collection).where('version', '=', version).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export type ReorderResult = { ok: true; rows: DocumentRow[] } | { ok: false; reason: string };

/** Sets positions 0..n-1 in the given order, in one transaction; each moved document gets a new version. */
export async function reorderDocuments(db: Conn, collection: string, ids: readonly string[], at: string, by: string | null): Promise<ReorderResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('documents').select(['id', 'position']).where('collection', '=', collection).execute();
    const known = new Map(current.map((r) => [r.id, r.position]));
    const unique = new Set(ids);
    if (unique.size !== ids.length) return { ok: false, reason: 'The list names a block twice.' };
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      return { ok: false, reason: 'The list must name every block of this collection exactly once. Reload and try again.' };
    }
    for (const [index, id] of ids.entries()) {
      if (known.get(id) === index) continue;
      await trx
        .updateTable('documents')
        .set({ position: index, version: sql<number>`version + 1`, updated_at: at, updated_by: by })
        .where('id', '=', id)
        .where('collection', '=', collection)
        .execute();
    }
    const rows = await trx.selectFrom('documents').selectAll().where('collection', '=', collection).orderBy('position').orderBy('created_at').orderBy('id').execute();
    return { ok: true, rows };
  });
}

/** The kind of each of `ids` that exists in the media table. */
export async function mediaKinds(db: Conn, ids: readonly string[]): Promise<Map<string, MediaRow['kind']>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('media').select(['id', 'kind']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.kind]));
}

export async function mediaRows(db: Conn, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
}

/** Category documents by id (any status: a tag's name is not secret once a published block uses it). */
export async function categoryRows(db: Conn, ids: readonly string[]): Promise<DocumentRow[]> {
  const valid = ids.filter((id) => recordIdPattern.test(id));
  if (valid.length === 0) return [];
  return db.selectFrom('documents').selectAll().where('collection', '=', 'category').where('id', 'in', valid).execute();
}

export async function findSettings(db: Conn): Promise<SettingsRow | undefined> {
  return db.selectFrom('settings').selectAll().where('key', '=', SITE_SETTINGS_KEY).executeTakeFirst();
}

/** The site settings as saved and their version, or the defaults at version 0 when none were saved. */
export async function readSiteSettings(db: Conn): Promise<{ data: SiteSettings; version: number }> {
  const row = await findSettings(db);
  if (!row) return { data: defaultSiteSettings, version: 0 };
  return { data: JSON.parse(row.data) as SiteSettings, version: Number(row.version) };
}

/**
 * Stores the settings when the stored version is still `expectedVersion`
 * (0: none stored yet); undefined when someone else saved first.
 */
export async function saveSettingsIfVersion(db: Conn, expectedVersion: number, data: string, at: string, by: string | null): Promise<SettingsRow | undefined> {
  if (expectedVersion === 0) {
    return db
      .insertInto('settings')
      .values({ key: SITE_SETTINGS_KEY, data, version: 1, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.column('key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }
  return db
    .updateTable('settings')
    .set({ data, version: sql<number>`version + 1`, updated_at: at, updated_by: by })
    .where('key', '=', SITE_SETTINGS_KEY)
    .where('version', '=', expectedVersion)
    .returningAll()
    .executeTakeFirst();
}
