/**
 * All SQL of the content API: documents and the media and category look-ups
 * the page bundle needs. Same queries on SQLite and PostgreSQL.
 */
import crypto from 'node:crypto';
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, Dialect, DocumentsTable } from '../db/schema.js';
import { getCollection } from '../../shared/collections.js';
import { sitePageCollection } from '../../shared/site-structure.js';
import { siteNavigationCollection, siteNavigationId } from '../../shared/site-navigation.js';
import { recordIdPattern } from '../../shared/fields.js';
import type { DocumentState } from '../../shared/editorial.js';
import { TRIGRAM, codePoints, foldTitle, titleSearchOf } from '../db/title-search.js';
import { likeContains } from '../db/like.js';

export type DocumentRow = Selectable<DocumentsTable>;
type Conn = Kysely<Database>;

/** Removes, in the caller's transaction, what other domains keep of blocks removed for good (wired in app.ts). */
export type DropDependents = (trx: Kysely<Database>, documentIds: readonly string[]) => Promise<void>;

export interface ListQuery {
  collection: string;
  status?: 'draft' | 'published' | undefined;
  /** The state in words' terms (shared/editorial.ts): `scheduled` finds blocks due to be published or unpublished. */
  state?: DocumentState | undefined;
  /** Case-insensitive search in the title field. */
  q?: string | undefined;
  /** Blocks the search finds besides (their title in another language matches: translations/service.ts). */
  alsoMatching?: readonly string[] | undefined;
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
export function titleSearchFor(collection: string, data: string, titleField?: string): string | null {
  // A section's collection is not declared in code: its writers pass its kind's title field.
  const field = titleField ?? getCollection(collection)?.titleField;
  const parsed = field ? parseData(data) : null;
  return field && parsed ? titleSearchOf(parsed, field) : null;
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
  let unfilled = db
    .selectFrom('documents')
    .select(['id', 'data', 'pending_data'])
    .where('collection', '=', query.collection)
    .where('title_search', 'is', null)
    .where('deleted_at', 'is', null);
  if (query.status) unfilled = unfilled.where('status', '=', query.status);
  const rows = await unfilled.execute();
  return rows.filter((r) => titleSearchOf(parseData(r.pending_data ?? r.data) ?? {}, query.titleField).includes(needle)).map((r) => r.id);
}

export async function listDocuments(db: Conn, query: ListQuery): Promise<{ rows: DocumentRow[]; total: number }> {
  let base = db.selectFrom('documents').where('collection', '=', query.collection).where('deleted_at', 'is', null);
  if (query.status) base = base.where('status', '=', query.status);
  switch (query.state) {
    case 'draft':
      base = base.where('status', '=', 'draft').where('publish_at', 'is', null);
      break;
    case 'published':
      base = base.where('status', '=', 'published').where('pending_data', 'is', null).where('publish_at', 'is', null);
      break;
    case 'changed':
      base = base.where('status', '=', 'published').where('pending_data', 'is not', null).where('publish_at', 'is', null);
      break;
    case 'scheduled':
      base = base.where((eb) => eb.or([eb('publish_at', 'is not', null), eb('unpublish_at', 'is not', null)]));
      break;
    case undefined:
      break;
  }
  if (query.q) {
    const needle = foldTitle(query.q);
    const dialect = dialectOf(db);
    const unfilled = [...(await unfilledMatches(db, query, needle)), ...(query.alsoMatching ?? [])];
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
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The drafts and published blocks with pending changes of these collections, none in the trash, in position order. */
export async function changedDocuments(db: Conn, collections: readonly string[]): Promise<DocumentRow[]> {
  if (collections.length === 0) return [];
  return db
    .selectFrom('documents')
    .selectAll()
    .where('collection', 'in', collections)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'draft'), eb('pending_data', 'is not', null)]))
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findDocument(db: Conn, collection: string, id: string): Promise<DocumentRow | undefined> {
  // An id no block can have is answered here: PostgreSQL refuses some of them (NUL) as query text.
  if (!recordIdPattern.test(id)) return undefined;
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('collection', '=', collection).where('deleted_at', 'is', null).executeTakeFirst();
}

/** A block whether or not it is in the trash (the trash's own screens and restore). */
export async function findDocumentAnywhere(db: Conn, id: string): Promise<DocumentRow | undefined> {
  if (!recordIdPattern.test(id)) return undefined;
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewDocument {
  id: string;
  collection: string;
  data: string;
  status: 'draft' | 'published';
  /** Absent: after the last document of the collection. */
  position?: number | undefined;
  /** The collection's title field, when it is not declared in code (a section's). */
  titleField?: string | undefined;
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
      title_search: titleSearchFor(doc.collection, doc.data, doc.titleField),
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

/** What an editorial step changes on a block's row (absent: kept). */
export interface DocumentChanges {
  data?: string;
  pending_data?: string | null;
  status?: 'draft' | 'published';
  publish_at?: string | null;
  publish_override?: string | null;
  unpublish_at?: string | null;
  deleted_at?: string | null;
  deleted_by?: string | null;
}

export interface DocumentWrite {
  collection: string;
  id: string;
  expectedVersion: number;
  changes: DocumentChanges;
  /** The row as read before (its data and pending data stand where `changes` leaves them). */
  current: Pick<DocumentRow, 'data' | 'pending_data'>;
  /** The collection's title field, when it is not declared in code (a section's). */
  titleField?: string | undefined;
  at: string;
  by: string | null;
  /** The staff write's Idempotency-Key (shared/request-key.ts), kept with the version it makes; null for none. */
  requestKey: string | null;
}

/**
 * Writes an editorial step when the stored version is still the expected one
 * (undefined when it is not), bumping the version. The title search follows
 * the working copy (pending changes, else the data), which is what staff lists show.
 */
export async function writeDocumentIfVersion(db: Conn, w: DocumentWrite): Promise<DocumentRow | undefined> {
  const data = w.changes.data ?? w.current.data;
  const pending = w.changes.pending_data !== undefined ? w.changes.pending_data : w.current.pending_data;
  return db
    .updateTable('documents')
    .set({
      ...w.changes,
      title_search: titleSearchFor(w.collection, pending ?? data, w.titleField),
      version: sql<number>`version + 1`,
      updated_at: w.at,
      updated_by: w.by,
      request_key: w.requestKey,
    })
    .where('id', '=', w.id)
    .where('collection', '=', w.collection)
    .where('version', '=', w.expectedVersion)
    .returningAll()
    .executeTakeFirst();
}

/** What a purge removed: each block as it was (for its audit line). */
export type PurgedDocument = Pick<DocumentRow, 'id' | 'collection' | 'data' | 'pending_data'>;

/** How many ids one `in (...)` list carries: far below both databases' parameter limits. */
const idsPerStatement = 500;

/**
 * Removes for good the blocks that are still in the trash when the statement
 * runs (of `ids` when given; trashed before `before` when given), then the
 * revisions of exactly those blocks, and what other domains keep of them
 * (`dropDependents`: preview links, translations); the blocks removed.
 * The trash mark is checked by the delete itself, so a block restored
 * meanwhile stays with its history: on PostgreSQL the delete waits for a
 * restore holding the row and then reads the row again; SQLite has one
 * writer. Call inside a transaction (the deletes stand or fall together).
 */
export async function purgeTrashed(db: Conn, scope: { ids?: readonly string[]; before?: string }, dropDependents: DropDependents): Promise<PurgedDocument[]> {
  if (scope.ids?.length === 0) return [];
  let q = db.deleteFrom('documents').where('deleted_at', 'is not', null);
  if (scope.ids) q = q.where('id', 'in', scope.ids);
  if (scope.before !== undefined) q = q.where('deleted_at', '<', scope.before);
  const removed = await q.returning(['id', 'collection', 'data', 'pending_data']).execute();
  for (let i = 0; i < removed.length; i += idsPerStatement) {
    const ids = removed.slice(i, i + idsPerStatement).map((r) => r.id);
    await db.deleteFrom('revisions').where('document_id', 'in', ids).execute();
    await dropDependents(db, ids);
  }
  return removed;
}

/** Blocks in the trash, newest deletion first. */
export async function listTrash(db: Conn): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('deleted_at', 'is not', null).orderBy('deleted_at', 'desc').orderBy('id').execute();
}

/** The ids of blocks in the trash since before the instant (candidates: purgeTrashed checks again). */
export async function trashedBefore(db: Conn, before: string): Promise<Pick<DocumentRow, 'id'>[]> {
  return db.selectFrom('documents').select('id').where('deleted_at', '<', before).orderBy('deleted_at').execute();
}

/** Blocks (not in the trash) with a publish or unpublish time at or before the instant. */
export async function dueDocuments(db: Conn, now: string, limit: number): Promise<Pick<DocumentRow, 'id' | 'collection'>[]> {
  return db
    .selectFrom('documents')
    .select(['id', 'collection'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('publish_at', '<=', now), eb('unpublish_at', '<=', now)]))
    .orderBy('publish_at')
    .limit(limit)
    .execute();
}

/**
 * The block, if it is still due, locked for this transaction so another
 * instance skips it (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite has one writer).
 */
export async function claimDueDocument(trx: Conn, id: string, now: string): Promise<DocumentRow | undefined> {
  let q = trx
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('publish_at', '<=', now), eb('unpublish_at', '<=', now)]));
  if (dialectOf(trx as Kysely<Database>) === 'postgres') q = q.forUpdate().skipLocked();
  return q.executeTakeFirst();
}

export type ReorderResult = { ok: true; rows: DocumentRow[] } | { ok: false; reason: string };

/** Sets positions 0..n-1 in the given order, in one transaction; each moved document gets a new version. */
export async function reorderDocuments(db: Conn, collection: string, ids: readonly string[], at: string, by: string | null): Promise<ReorderResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('documents').select(['id', 'position']).where('collection', '=', collection).where('deleted_at', 'is', null).execute();
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
        .set({ position: index, version: sql<number>`version + 1`, updated_at: at, updated_by: by, request_key: null })
        .where('id', '=', id)
        .where('collection', '=', collection)
        .execute();
    }
    const rows = await trx
      .selectFrom('documents')
      .selectAll()
      .where('collection', '=', collection)
      .where('deleted_at', 'is', null)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { ok: true, rows };
  });
}


/** Category documents by id (any status: a tag's name is not secret once a published block uses it). */
export async function categoryRows(db: Conn, ids: readonly string[]): Promise<DocumentRow[]> {
  const valid = ids.filter((id) => recordIdPattern.test(id));
  if (valid.length === 0) return [];
  return db.selectFrom('documents').selectAll().where('collection', '=', 'category').where('id', 'in', valid).execute();
}

/**
 * Whether a block of the given collections (the starting pages and
 * navigation) was edited since a server's first start wrote it (version 1, by
 * nobody): a restore keeps refusing to overwrite such a site without --replace.
 */
export async function startingDocumentsEdited(db: Conn, collections: readonly string[]): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('collection', 'in', collections)
    .where((eb) => eb.or([eb('version', '!=', 1), eb('created_by', 'is not', null), eb('updated_by', 'is not', null), eb('pending_data', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A block the site starts with (a starting page, the navigation): published, version 1, by nobody, with its first revision. */
export async function insertStartingDocument(db: Conn, doc: { id: string; collection: string; data: string; position: number; at: string }): Promise<void> {
  const { id, collection, data, position, at } = doc;
  await db
    .insertInto('documents')
    .values({ id, collection, data, status: 'published', position, version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null, title_search: titleSearchFor(collection, data) })
    .execute();
  await db.insertInto('revisions').values({ id: crypto.randomUUID(), document_id: id, collection, number: 1, action: 'create', status: 'published', data, at, by_id: null, by_name: null }).execute();
}

/** A block's stored data as other domains read it (media usage): saved and pending copies. */
export interface StoredDocument {
  id: string;
  collection: string;
  data: string;
  pendingData: string | null;
  version: number;
}

/**
 * Every block (of one collection when given; whose saved or pending data
 * contains the text `containing` when given), in page order.
 */
export async function storedDocuments(db: Conn, filter: { collection?: string; containing?: string }): Promise<StoredDocument[]> {
  let q = db.selectFrom('documents').select(['id', 'collection', 'data', 'pending_data as pendingData', 'version']);
  if (filter.collection !== undefined) q = q.where('collection', '=', filter.collection);
  if (filter.containing !== undefined) {
    const pattern = `%${filter.containing}%`;
    q = q.where((eb) => eb.or([eb('data', 'like', pattern), eb('pending_data', 'like', pattern)]));
  }
  return q.orderBy('collection').orderBy('position').orderBy('id').execute();
}

/** Writes a block's data and pending copy, bumping its version, when it is still at `version`; false when it changed. */
export async function rewriteDocumentIfVersion(db: Conn, w: { id: string; version: number; data: string; pendingData: string | null; at: string; by: string | null }): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set({ data: w.data, pending_data: w.pendingData, version: w.version + 1, updated_at: w.at, updated_by: w.by, request_key: null })
    .where('id', '=', w.id)
    .where('version', '=', w.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/** Every page record that is not in the trash. */
export async function pageRows(db: Conn): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('collection', '=', sitePageCollection).where('deleted_at', 'is', null).orderBy('position').orderBy('created_at').execute();
}

/** Every page record in the Trash. */
export async function trashedPageRows(db: Conn): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('collection', '=', sitePageCollection).where('deleted_at', 'is not', null).execute();
}

export async function countPageRows(db: Conn): Promise<number> {
  const row = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).where('collection', '=', sitePageCollection).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The navigation document (even in the trash: there is one). */
export async function navigationRow(db: Conn): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('collection', '=', siteNavigationCollection).where('id', '=', siteNavigationId).executeTakeFirst();
}

/** A collection's blocks not in the trash, in their order. */
export async function blocksOf(db: Conn, collection: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('collection', '=', collection).where('deleted_at', 'is', null).orderBy('position').execute();
}

/** Blocks not in the trash (but of `except`) whose saved or pending data contains `text`. */
export async function blocksMentioning(db: Conn, text: string, except: string): Promise<DocumentRow[]> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('collection', '!=', except)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('data', 'like', `%${text}%`), eb('pending_data', 'like', `%${text}%`)]))
    .execute();
}

/** Whether any block exists outside these collections (the structure's own: pages, navigation). */
export async function hasBlocksOutside(db: Conn, collections: readonly string[]): Promise<boolean> {
  let q = db.selectFrom('documents').select('id');
  if (collections.length > 0) q = q.where('collection', 'not in', collections);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** A seeded block's row: published or draft, version 1, by nobody. */
export type SeededDocument = Insertable<DocumentsTable>;

/** Inserts seeded blocks in batches. */
export async function insertSeededDocuments(db: Conn, rows: readonly SeededDocument[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 50) await db.insertInto('documents').values(rows.slice(i, i + 50)).execute();
}

/** The collections that hold any block. */
export async function documentCollections(db: Conn): Promise<string[]> {
  return (await db.selectFrom('documents').select('collection').distinct().execute()).map((r) => r.collection);
}

/** Removes every block outside these collections (a content reset keeps the structure). */
export async function deleteBlocksOutside(db: Conn, collections: readonly string[]): Promise<void> {
  await db.deleteFrom('documents').where('collection', 'not in', collections).execute();
}

/** A block's saved data (JSON text), or undefined. */
export async function storedDataOf(db: Conn, collection: string, id: string): Promise<string | undefined> {
  return (await db.selectFrom('documents').select('data').where('id', '=', id).where('collection', '=', collection).executeTakeFirst())?.data;
}

/**
 * What waits for staff, outside the `hidden` collections: drafts and blocks
 * with changes not yet published (newest change first), and what is scheduled
 * (soonest first), each list capped at `limit`, with the totals.
 */
export async function waitingBlocks(db: Conn, hidden: readonly string[], limit: number): Promise<{ draftRows: DocumentRow[]; draftTotal: number; scheduledRows: DocumentRow[]; scheduledTotal: number }> {
  let base = db.selectFrom('documents').where('deleted_at', 'is', null);
  if (hidden.length > 0) base = base.where('collection', 'not in', hidden);
  const drafts = base.where('publish_at', 'is', null).where((eb) => eb.or([eb('status', '=', 'draft'), eb('pending_data', 'is not', null)]));
  const scheduled = base.where((eb) => eb.or([eb('publish_at', 'is not', null), eb('unpublish_at', 'is not', null)]));
  const count = async (q: typeof base) => Number((await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0);
  const [draftRows, draftTotal, scheduledRows, scheduledTotal] = await Promise.all([
    drafts.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(limit).execute(),
    count(drafts),
    // The sooner of its two instants first (ISO text sorts as time).
    scheduled.selectAll().orderBy(sql`coalesce(publish_at, unpublish_at)`).orderBy('id').limit(limit).execute(),
    count(scheduled),
  ]);
  return { draftRows, draftTotal, scheduledRows, scheduledTotal };
}

/** The published blocks of these collections (not in the trash), by collection and position. */
export async function publishedBlocksOf(db: Conn, collections: readonly string[]): Promise<Pick<DocumentRow, 'id' | 'collection' | 'data'>[]> {
  if (collections.length === 0) return [];
  return db.selectFrom('documents').select(['id', 'collection', 'data']).where('status', '=', 'published').where('deleted_at', 'is', null).where('collection', 'in', collections).orderBy('collection').orderBy('position').orderBy('id').execute();
}

/** A contact block as the supporters domain reads it: its address (lower case), when it came, its fields. */
export interface ContactRecord {
  id: string;
  email: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** The collection of contact messages and people staff entered (shared/declarations.ts). */
const contactCollection = 'customer';

/** A block's `email` field (saved or pending copy), lower-cased, as SQL on either database. */
function emailOf(dialect: Dialect, column: 'data' | 'pending_data') {
  return dialect === 'postgres'
    ? sql<string | null>`lower(cast(${sql.ref(column)} as jsonb) ->> 'email')`
    : sql<string | null>`lower(json_extract(${sql.ref(column)}, '$.email'))`;
}

/**
 * The contact blocks (`customer`) whose e-mail field, saved or pending, is one
 * of `emails` (compared in lower case), oldest first; with `trashed` also the
 * ones in the trash (an erasure takes them too).
 */
export async function contactBlocksByEmail(db: Conn, emails: readonly string[], options: { trashed?: boolean } = {}): Promise<DocumentRow[]> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return [];
  const dialect = dialectOf(db);
  const found: DocumentRow[] = [];
  for (let i = 0; i < wanted.length; i += idsPerStatement) {
    const batch = wanted.slice(i, i + idsPerStatement);
    let q = db
      .selectFrom('documents')
      .selectAll()
      .where('collection', '=', contactCollection)
      .where((eb) => eb.or([eb(emailOf(dialect, 'data'), 'in', batch), eb(emailOf(dialect, 'pending_data'), 'in', batch)]));
    if (!options.trashed) q = q.where('deleted_at', 'is', null);
    found.push(...(await q.orderBy('created_at').orderBy('id').execute()));
  }
  return found;
}

/**
 * The contact blocks (`customer`, not in the trash) whose e-mail field (saved
 * or pending) or name contains `q`, newest first, at most `limit`: the people
 * the supporters' search must find though their message came before people
 * were kept, or staff typed them in on the contacts screen.
 */
export async function contactBlocksMatching(db: Conn, q: string, limit: number): Promise<DocumentRow[]> {
  const dialect = dialectOf(db);
  const email = likeContains(q.toLowerCase());
  const name = likeContains(foldTitle(q));
  return db
    .selectFrom('documents')
    .selectAll()
    .where('collection', '=', contactCollection)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        sql<SqlBool>`${emailOf(dialect, 'data')} like ${email} escape '!'`,
        sql<SqlBool>`${emailOf(dialect, 'pending_data')} like ${email} escape '!'`,
        sql<SqlBool>`title_search like ${name} escape '!'`,
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Removes blocks for good, wherever they are (list or trash), with their
 * revisions and what other domains keep of them (`dropDependents`); the ids
 * removed. Call inside a transaction.
 */
export async function deleteDocumentsForGood(db: Conn, ids: readonly string[], dropDependents: DropDependents): Promise<string[]> {
  const removed: string[] = [];
  for (let i = 0; i < ids.length; i += idsPerStatement) {
    const batch = ids.slice(i, i + idsPerStatement);
    const rows = await db.deleteFrom('documents').where('id', 'in', batch).returning('id').execute();
    await db.deleteFrom('revisions').where('document_id', 'in', batch).execute();
    await dropDependents(db, batch);
    removed.push(...rows.map((r) => r.id));
  }
  return removed;
}
