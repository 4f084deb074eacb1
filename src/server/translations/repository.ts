/** The translations table (migration 2026-11-29-translations): one row per (block, language). */
import type { Kysely, Selectable, Transaction } from 'kysely';
import crypto from 'node:crypto';
import type { Database, TranslationRevisionsTable, TranslationsTable } from '../db/schema.js';

type Conn = Kysely<Database> | Transaction<Database>;
export type TranslationRow = Selectable<TranslationsTable>;

export async function findTranslation(db: Conn, documentId: string, lang: string): Promise<TranslationRow | undefined> {
  return db.selectFrom('translations').selectAll().where('document_id', '=', documentId).where('lang', '=', lang).executeTakeFirst();
}

/** Every translation of these blocks (all languages), or of one language. */
export async function translationsOf(db: Conn, documentIds: readonly string[], lang?: string): Promise<TranslationRow[]> {
  if (documentIds.length === 0) return [];
  let q = db.selectFrom('translations').selectAll().where('document_id', 'in', [...documentIds]);
  if (lang) q = q.where('lang', '=', lang);
  return q.execute();
}

/** The published translations of a collection's blocks (or several collections') in a language. */
export async function publishedIn(db: Conn, lang: string, collections: readonly string[]): Promise<TranslationRow[]> {
  if (collections.length === 0) return [];
  return db.selectFrom('translations').selectAll().where('lang', '=', lang).where('collection', 'in', [...collections]).where('data', 'is not', null).execute();
}

/** The published words of these collections' blocks in a language, by block id (what a page in that language shows). */
export async function publishedWordsIn(db: Conn, lang: string, collections: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  for (const t of await publishedIn(db, lang, collections)) out.set(t.document_id, JSON.parse(t.data ?? '{}') as Record<string, string>);
  return out;
}

/** Every translation row of a language (the Translations report). */
export async function allIn(db: Conn, lang: string): Promise<TranslationRow[]> {
  return db.selectFrom('translations').selectAll().where('lang', '=', lang).execute();
}

export interface TranslationWrite {
  documentId: string;
  lang: string;
  collection: string;
  /** The version the writer read (0: no row yet). */
  expectedVersion: number;
  changes: Partial<Pick<TranslationRow, 'data' | 'pending_data' | 'source' | 'published_at'>>;
  at: string;
  by: string | null;
}

/** Writes a translation if its version is still the one the writer read; undefined when someone else wrote first. */
export async function writeTranslationIfVersion(trx: Conn, w: TranslationWrite): Promise<TranslationRow | undefined> {
  if (w.expectedVersion === 0) {
    const exists = await findTranslation(trx, w.documentId, w.lang);
    if (exists) return undefined;
    await trx
      .insertInto('translations')
      .values({
        document_id: w.documentId,
        lang: w.lang,
        collection: w.collection,
        data: w.changes.data ?? null,
        pending_data: w.changes.pending_data ?? null,
        source: w.changes.source ?? null,
        published_at: w.changes.published_at ?? null,
        version: 1,
        updated_at: w.at,
        updated_by: w.by,
      })
      .execute();
    return findTranslation(trx, w.documentId, w.lang);
  }
  const result = await trx
    .updateTable('translations')
    .set({ ...w.changes, version: w.expectedVersion + 1, updated_at: w.at, updated_by: w.by })
    .where('document_id', '=', w.documentId)
    .where('lang', '=', w.lang)
    .where('version', '=', w.expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findTranslation(trx, w.documentId, w.lang);
}

/** The published translations of these collections' blocks in any of these languages. */
export async function publishedInLanguages(db: Conn, langs: readonly string[], collections: readonly string[]): Promise<TranslationRow[]> {
  if (langs.length === 0 || collections.length === 0) return [];
  return db.selectFrom('translations').selectAll().where('lang', 'in', [...langs]).where('collection', 'in', [...collections]).where('data', 'is not', null).execute();
}

export type TranslationRevisionRow = Selectable<TranslationRevisionsTable>;

/** Appends a step of a translation with the words it left; numbered 1, 2, 3… per block and language. */
export async function appendTranslationRevision(trx: Conn, r: { documentId: string; lang: string; action: string; data: string; at: string; byId: string | null; byName: string | null }): Promise<void> {
  const last = await trx
    .selectFrom('translation_revisions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('document_id', '=', r.documentId)
    .where('lang', '=', r.lang)
    .executeTakeFirst();
  await trx
    .insertInto('translation_revisions')
    .values({ id: crypto.randomUUID(), document_id: r.documentId, lang: r.lang, number: Number(last?.n ?? 0) + 1, action: r.action, data: r.data, at: r.at, by_id: r.byId, by_name: r.byName })
    .execute();
}

/** A translation's steps, newest first. */
export async function translationRevisions(db: Conn, documentId: string, lang: string, limit = 200): Promise<TranslationRevisionRow[]> {
  return db.selectFrom('translation_revisions').selectAll().where('document_id', '=', documentId).where('lang', '=', lang).orderBy('number', 'desc').limit(limit).execute();
}

/** Where a media's alt text in other languages is kept: the translations table, collection `@media`, the media id, words `{ alt }`. */
export const mediaAltCollection = '@media';

/** The alt text of these media in every other language: media id → language → alt. */
export async function mediaAltsIn(db: Conn, ids: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('translations').select(['document_id', 'lang', 'data']).where('collection', '=', mediaAltCollection).where('document_id', 'in', [...ids]).where('data', 'is not', null).execute();
  for (const r of rows) {
    const alt = (JSON.parse(r.data ?? '{}') as { alt?: unknown }).alt;
    if (typeof alt !== 'string' || alt === '') continue;
    out.set(r.document_id, { ...out.get(r.document_id), [r.lang]: alt });
  }
  return out;
}

/** Sets (or, with empty text, removes) a media's alt text in a language. */
export async function putMediaAlt(trx: Conn, m: { id: string; lang: string; alt: string; source: string; at: string; by: string | null }): Promise<void> {
  await trx.deleteFrom('translations').where('document_id', '=', m.id).where('lang', '=', m.lang).where('collection', '=', mediaAltCollection).execute();
  if (m.alt === '') return;
  await trx
    .insertInto('translations')
    .values({ document_id: m.id, lang: m.lang, collection: mediaAltCollection, data: JSON.stringify({ alt: m.alt }), pending_data: null, source: JSON.stringify({ alt: m.source }), version: 1, updated_at: m.at, updated_by: m.by, published_at: m.at })
    .execute();
}

/** Whether anything is translated into one of `langs`. */
export async function hasTranslationsIn(db: Conn, langs: readonly string[]): Promise<boolean> {
  if (langs.length === 0) return false;
  return (await db.selectFrom('translations').select('lang').where('lang', 'in', langs).limit(1).executeTakeFirst()) !== undefined;
}

/** Drops the translations of blocks removed for good, and their history (a page's addresses in other languages go with its rows). */
export async function deleteTranslationsOf(db: Conn, documentIds: readonly string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db.deleteFrom('translations').where('document_id', 'in', documentIds).execute();
  await db.deleteFrom('translation_revisions').where('document_id', 'in', documentIds).execute();
}

/** The translations of a collection's blocks into any of `langs` (their saved and pending words). */
export async function translationsOfCollection(db: Conn, collection: string, langs: readonly string[]): Promise<Pick<TranslationRow, 'document_id' | 'data' | 'pending_data'>[]> {
  if (langs.length === 0) return [];
  return db.selectFrom('translations').select(['document_id', 'data', 'pending_data']).where('lang', 'in', langs).where('collection', '=', collection).execute();
}

/** A seeded translation, published at once; one already there is kept. */
export async function insertSeededTranslation(db: Conn, t: { documentId: string; lang: string; collection: string; data: string; source: string; at: string }): Promise<void> {
  await db
    .insertInto('translations')
    .values({ document_id: t.documentId, lang: t.lang, collection: t.collection, data: t.data, pending_data: null, source: t.source, version: 1, updated_at: t.at, updated_by: null, published_at: t.at })
    .onConflict((oc) => oc.columns(['document_id', 'lang']).doNothing())
    .execute();
}

/** Removes the translations of every block outside these collections (a content reset). */
export async function deleteTranslationsOutside(db: Conn, collections: readonly string[]): Promise<void> {
  await db.deleteFrom('translations').where('collection', 'not in', collections).execute();
}
