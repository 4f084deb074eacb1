/**
 * All SQL about media rows and the content that references them. Rows leave
 * here as parsed `Media` objects: the `variants` JSON column is checked with
 * zod on the way out, so no caller ever parses stored text.
 */
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { imageVariantNames, type FocalPoint, type MediaVariant } from '../../shared/media.js';
import type { Db } from '../db/index.js';
import type { Database, MediaTable } from '../db/schema.js';

export type MediaRow = Selectable<MediaTable>;

/** One stored WebP size of an image: the API's variant, with the store key of its bytes instead of a URL. */
export type StoredVariant = Pick<MediaVariant, 'name' | 'width' | 'height' | 'bytes'> & { key: string };

/** A media row as the server works with it. */
export interface Media {
  /** SHA-256 of the stored original. */
  id: string;
  /** SHA-256 of the bytes as uploaded (a re-upload of the same file is recognised). */
  sha256: string;
  contentType: string;
  kind: MediaTable['kind'];
  byteSize: number;
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  variants: StoredVariant[];
  originalName: string | null;
  createdAt: string;
  createdBy: string | null;
  /** The default alt text ('' when none is set). */
  alt: string;
  focalPoint: FocalPoint | null;
}

const storedVariantSchema = z.strictObject({
  name: z.enum(imageVariantNames),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  // The store checks a key's shape when it is used; here it only has to be one.
  key: z.string().min(1),
}) satisfies z.ZodType<StoredVariant>;

const storedVariantsSchema = z.array(storedVariantSchema);

function parseVariants(id: string, text: string): StoredVariant[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = storedVariantsSchema.safeParse(json);
  // A damaged row is a server fault (500), named in the log by the thrown message.
  if (!parsed.success) throw new Error(`The stored variants of media ${id} are not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** A row as read from the database, parsed; also for callers that select media rows themselves. */
export function parseMediaRow(row: MediaRow): Media {
  return {
    id: row.id,
    sha256: row.sha256,
    contentType: row.content_type,
    kind: row.kind,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
    dominantColor: row.dominant_color,
    variants: parseVariants(row.id, row.variants),
    originalName: row.original_name,
    createdAt: row.created_at,
    createdBy: row.created_by,
    alt: row.alt,
    focalPoint: row.focal_x !== null && row.focal_y !== null ? { x: row.focal_x, y: row.focal_y } : null,
  };
}

function toRow(media: Media): MediaRow {
  return {
    id: media.id,
    sha256: media.sha256,
    content_type: media.contentType,
    kind: media.kind,
    byte_size: media.byteSize,
    width: media.width,
    height: media.height,
    dominant_color: media.dominantColor,
    variants: JSON.stringify(media.variants),
    original_name: media.originalName,
    created_at: media.createdAt,
    created_by: media.createdBy,
    alt: media.alt,
    focal_x: media.focalPoint?.x ?? null,
    focal_y: media.focalPoint?.y ?? null,
  };
}

export async function findMediaById(db: Db, id: string): Promise<Media | undefined> {
  const row = await db.kysely.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  return row && parseMediaRow(row);
}

export async function findMediaBySha(db: Db, sha256: string): Promise<Media | undefined> {
  const row = await db.kysely.selectFrom('media').selectAll().where('sha256', '=', sha256).executeTakeFirst();
  return row && parseMediaRow(row);
}

/** Inserts a row; false when another upload of the same content won the race. */
export function insertMedia(db: Db, media: Media): Promise<boolean> {
  return insertMediaRow(db.kysely, media);
}

/** insertMedia on a connection or a transaction (an upload and its audit line land together). */
export async function insertMediaRow(conn: Kysely<Database>, media: Media): Promise<boolean> {
  const result = await conn
    .insertInto('media')
    .values(toRow(media))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function deleteMediaRow(db: Db, id: string): Promise<boolean> {
  return deleteMediaRowIn(db.kysely, id);
}

/** deleteMediaRow on a connection or a transaction. */
export async function deleteMediaRowIn(conn: Kysely<Database>, id: string): Promise<boolean> {
  const result = await conn.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listMedia(db: Db): Promise<Media[]> {
  const rows = await db.kysely.selectFrom('media').selectAll().orderBy('created_at').execute();
  return rows.map(parseMediaRow);
}

/** A document, or the site settings, that mentions a media id. */
export interface ReferencingRecord {
  /** `settings` for the site settings. */
  collection: string;
  id: string;
  /** The stored field values; empty when the stored text is not a JSON object. */
  data: Record<string, unknown>;
}

const storedDataSchema = z.record(z.string(), z.unknown());

function parseData(text: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = storedDataSchema.safeParse(json);
  return parsed.success ? parsed.data : {};
}

/**
 * Documents and settings whose stored data mentions this id anywhere: in an
 * image or file field, or as a /media/<id>/ link inside rich text. Media ids
 * are 64 hex characters, so a mention is never a coincidence.
 */
export async function recordsMentioning(db: Db, id: string): Promise<ReferencingRecord[]> {
  const pattern = `%${id}%`;
  const docs = await db.kysely
    .selectFrom('documents')
    .select(['id', 'collection', 'data', 'pending_data'])
    // Pending changes count: publishing them must find the file still there.
    .where((eb) => eb.or([eb('data', 'like', pattern), eb('pending_data', 'like', pattern)]))
    .orderBy('collection')
    .orderBy('position')
    .execute();
  const settings = await db.kysely.selectFrom('settings').select(['key', 'data']).where('data', 'like', pattern).execute();
  // LIKE ignores case on SQLite; only an exact (lower-case) mention counts.
  return [...docs.map((d) => ({ collection: d.collection, id: d.id, text: d.pending_data !== null && d.pending_data.includes(id) ? d.pending_data : d.data })), ...settings.map((s) => ({ collection: 'settings', id: s.key, text: s.data }))]
    .filter((t) => t.text.includes(id))
    .map((t) => ({ collection: t.collection, id: t.id, data: parseData(t.text) }));
}

/** Every media id any document or setting mentions. */
export async function allMentionedIds(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  const collect = (text: string) => {
    for (const m of text.matchAll(/[0-9a-f]{64}/g)) ids.add(m[0]);
  };
  for (const d of await db.kysely.selectFrom('documents').select(['data', 'pending_data']).execute()) {
    collect(d.data);
    if (d.pending_data !== null) collect(d.pending_data);
  }
  for (const s of await db.kysely.selectFrom('settings').select('data').execute()) collect(s.data);
  return ids;
}
