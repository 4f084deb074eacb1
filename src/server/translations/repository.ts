/** The translations table (migration 2026-11-29-translations): one row per (block, language). */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TranslationsTable } from '../db/schema.js';

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
