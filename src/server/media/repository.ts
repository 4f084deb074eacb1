/** All SQL about media rows and the content that references them. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { MediaTable } from '../db/schema.js';

export type MediaRow = Selectable<MediaTable>;

export async function findMediaById(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.kysely.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMediaBySha(db: Db, sha256: string): Promise<MediaRow | undefined> {
  return db.kysely.selectFrom('media').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

/** Inserts a row; false when another upload of the same content won the race. */
export async function insertMedia(db: Db, row: MediaRow): Promise<boolean> {
  const result = await db.kysely
    .insertInto('media')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteMediaRow(db: Db, id: string): Promise<boolean> {
  const result = await db.kysely.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listMedia(db: Db): Promise<MediaRow[]> {
  return db.kysely.selectFrom('media').selectAll().orderBy('created_at').execute();
}

export interface ReferencingText {
  /** `settings` for the site settings. */
  collection: string;
  id: string;
  data: string;
}

/**
 * Documents and settings whose stored data mentions this id anywhere: in an
 * image or file field, or as a /media/<id>/ link inside rich text. Media ids
 * are 64 hex characters, so a mention is never a coincidence.
 */
export async function textsMentioning(db: Db, id: string): Promise<ReferencingText[]> {
  const pattern = `%${id}%`;
  const docs = await db.kysely
    .selectFrom('documents')
    .select(['id', 'collection', 'data'])
    .where('data', 'like', pattern)
    .orderBy('collection')
    .orderBy('position')
    .execute();
  const settings = await db.kysely.selectFrom('settings').select(['key', 'data']).where('data', 'like', pattern).execute();
  return [...docs.map((d) => ({ collection: d.collection, id: d.id, data: d.data })), ...settings.map((s) => ({ collection: 'settings', id: s.key, data: s.data }))].filter((t) =>
    t.data.includes(id),
  );
}

/** Every media id any document or setting mentions. */
export async function allMentionedIds(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  const collect = (text: string) => {
    for (const m of text.matchAll(/[0-9a-f]{64}/g)) ids.add(m[0]);
  };
  for (const d of await db.kysely.selectFrom('documents').select('data').execute()) collect(d.data);
  for (const s of await db.kysely.selectFrom('settings').select('data').execute()) collect(s.data);
  return ids;
}
