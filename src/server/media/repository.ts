/**
 * All SQL about media rows and the content that references them. Rows leave
 * here as parsed `Media` objects: the `variants` JSON column is checked with
 * zod on the way out, so no caller ever parses stored text.
 */
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { z } from 'zod';
import { imageVariantNames, type FocalPoint, type MediaVariant } from '../../shared/media.js';
import type { MediaListQuery } from '../../shared/media-library.js';
import { AppError } from '../../shared/errors.js';
import { foldTitle } from '../db/title-search.js';
import type { Db } from '../db/index.js';
import type { Database, MediaTable } from '../db/schema.js';
import { rewriteDocumentIfVersion, storedDocuments } from '../content/repository.js';
import { rewriteSettingsIfVersion, storedSettingsRows } from '../settings/repository.js';

export type MediaRow = Selectable<MediaTable>;

/** One stored sized copy of an image (WebP or AVIF): the API's variant, with the store key of its bytes instead of a URL. */
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
  /** Its AVIF copies were made or tried (a picture uploaded before they were made has not been). */
  avifChecked: boolean;
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
    avifChecked: row.avif_checked === 1,
  };
}

/** What `media.search_text` holds: the file name and the alt text, folded as block titles are. */
export function mediaSearchTextOf(originalName: string | null, alt: string): string {
  return foldTitle(`${originalName ?? ''}\n${alt}`);
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
    search_text: mediaSearchTextOf(media.originalName, media.alt),
    avif_checked: media.avifChecked ? 1 : 0,
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

/** Deletes a media row (on a connection or a transaction); false when there was none. */
export async function deleteMediaRowIn(conn: Kysely<Database>, id: string): Promise<boolean> {
  const result = await conn.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Pictures whose AVIF copies were neither made nor tried (uploaded before they were made on upload). */
export async function listMediaUncheckedForAvif(db: Db): Promise<Media[]> {
  const rows = await db.kysely.selectFrom('media').selectAll().where('kind', '=', 'image').where('avif_checked', '=', 0).orderBy('created_at').execute();
  return rows.map(parseMediaRow);
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

/** A document or a setting as stored: the texts that can mention media. */
export interface StoredRecord {
  /** `settings` for the site settings. */
  collection: string;
  id: string;
  data: string;
  /** A published block's saved, unpublished changes. */
  pendingData: string | null;
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

const mediaIdPattern = /[0-9a-f]{64}/g;

/** The media ids a stored text mentions: in an image or file field, or as a /media/<id>/ link in rich text. */
export function mediaIdsIn(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(mediaIdPattern), (m) => m[0]));
}

/**
 * What "uses" means, once for the delete refusal, the library's "where used"
 * and pruning: the media a record mentions, each with the data that mentions
 * it (pending changes first: publishing them must find the file still there).
 * Blocks in the trash count too, so restoring one finds its pictures.
 */
export function mentionsOf(record: StoredRecord): Map<string, ReferencingRecord> {
  const found = new Map<string, ReferencingRecord>();
  for (const text of [record.pendingData, record.data]) {
    if (text === null) continue;
    let data: Record<string, unknown> | undefined;
    for (const id of mediaIdsIn(text)) {
      if (found.has(id)) continue;
      data ??= parseData(text);
      found.set(id, { collection: record.collection, id: record.id, data });
    }
  }
  return found;
}

const asSettings = (s: { key: string; data: string }): StoredRecord => ({ collection: 'settings', id: s.key, data: s.data, pendingData: null });

/** Documents and settings whose stored data mentions this id (mentionsOf). */
export function recordsMentioning(db: Db, id: string): Promise<ReferencingRecord[]> {
  return recordsMentioningIn(db.kysely, id);
}

/** recordsMentioning on a connection or a transaction. */
export async function recordsMentioningIn(conn: Kysely<Database>, id: string): Promise<ReferencingRecord[]> {
  // LIKE narrows the rows; mentionsOf decides (LIKE ignores case on SQLite).
  const docs = await storedDocuments(conn, { containing: id });
  const settings = await storedSettingsRows(conn, id);
  return [...docs, ...settings.map(asSettings)].flatMap((r) => {
    const mention = mentionsOf(r).get(id);
    return mention ? [mention] : [];
  });
}

/** Every document (of one collection, or all) and the settings as stored, for the usage index. */
export async function storedRecords(db: Db, scope: { collection: string } | 'settings' | 'all'): Promise<StoredRecord[]> {
  const docs = scope === 'settings' ? [] : await storedDocuments(db.kysely, scope === 'all' ? {} : { collection: scope.collection });
  const settings = scope === 'settings' || scope === 'all' ? (await storedSettingsRows(db.kysely)).map(asSettings) : [];
  return [...docs, ...settings];
}

/** Every media id any document or setting mentions. */
export async function allMentionedIds(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const record of await storedRecords(db, 'all')) for (const id of mentionsOf(record).keys()) ids.add(id);
  return ids;
}

/** One page of the library and how many files match the filter. */
export interface MediaPage {
  media: Media[];
  total: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The library's list: search over file name and alt text (folded, so both
 * databases match the same rows whatever the case), kind, "not used" (the
 * ids the usage index says are used are left out), a sort with the id as
 * tie-break so pages never overlap, and the total for the filter.
 */
export async function listMediaPage(db: Db, query: MediaListQuery, usedIds: readonly string[]): Promise<MediaPage> {
  const base = () => db.kysely.selectFrom('media');
  const where = (q: ReturnType<typeof base>) => {
    let out = q;
    if (query.q) {
      const pattern = `%${likeEscape(foldTitle(query.q))}%`;
      out = out.where((eb) =>
        eb.or([
          sql<SqlBool>`${eb.ref('search_text')} like ${pattern} escape '\\'`,
          // A row written around the repository: fold what SQL can.
          eb.and([eb('search_text', 'is', null), sql<SqlBool>`lower(coalesce(${eb.ref('original_name')}, '') || ' ' || ${eb.ref('alt')}) like ${pattern} escape '\\'`]),
        ]),
      );
    }
    if (query.kind) out = out.where('kind', '=', query.kind === 'image' ? 'image' : 'pdf');
    if (query.unused && usedIds.length > 0) {
      const ids = [...usedIds];
      out =
        db.dialect === 'postgres'
          ? out.where(sql<SqlBool>`id <> all(${ids}::text[])`)
          : out.where(sql<SqlBool>`id not in (select value from json_each(${JSON.stringify(ids)}))`);
    }
    return out;
  };
  const [column, direction] = ({ newest: ['created_at', 'desc'], oldest: ['created_at', 'asc'], largest: ['byte_size', 'desc'], smallest: ['byte_size', 'asc'] } as const)[query.sort];
  const rows = await where(base()).selectAll().orderBy(column, direction).orderBy('id', direction).limit(query.limit).offset(query.offset).execute();
  const counted = await where(base()).select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow();
  return { media: rows.map(parseMediaRow), total: Number(counted.n) };
}

/** Changes the default alt text and focal point; the changed media, or undefined when there is no such id. */
export async function updateMediaDetails(conn: Kysely<Database>, id: string, change: { alt?: string; focalPoint?: FocalPoint | null }): Promise<Media | undefined> {
  const row = await conn.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const alt = change.alt ?? row.alt;
  const focal = change.focalPoint === undefined ? (row.focal_x !== null && row.focal_y !== null ? { x: row.focal_x, y: row.focal_y } : null) : change.focalPoint;
  await conn
    .updateTable('media')
    .set({ alt, focal_x: focal?.x ?? null, focal_y: focal?.y ?? null, search_text: mediaSearchTextOf(row.original_name, alt) })
    .where('id', '=', id)
    .execute();
  return parseMediaRow({ ...row, alt, focal_x: focal?.x ?? null, focal_y: focal?.y ?? null });
}

/** What a replacement rewrote: the collections of the blocks, and whether the settings. */
export interface RewrittenReferences {
  collections: string[];
  settings: boolean;
}

/**
 * Points every block (saved data and pending changes) and setting that
 * mentions `from` at `to` instead, each with its version bumped so a form
 * opened before gets the usual 409. Run inside the replacement's transaction;
 * a row changed meanwhile makes it fail (aborted) rather than lose that change.
 * `allow` sees exactly the rows about to be rewritten, as read in the
 * transaction, and may refuse (throw) before any is written.
 */
export async function rewriteMediaReferences(
  conn: Kysely<Database>,
  from: string,
  to: string,
  at: string,
  by: string | null,
  allow: (uses: readonly ReferencingRecord[]) => void,
): Promise<RewrittenReferences> {
  const swap = (text: string) => text.replaceAll(from, () => to);
  const docs = (await storedDocuments(conn, { containing: from })).flatMap((d) => {
    const mention = mentionsOf(d).get(from);
    return mention ? [{ row: d, mention }] : [];
  });
  const settingsRows = (await storedSettingsRows(conn, from)).flatMap((s) => {
    const mention = mentionsOf(asSettings(s)).get(from);
    return mention ? [{ row: s, mention }] : [];
  });
  allow([...docs, ...settingsRows].map((u) => u.mention));
  const collections = new Set<string>();
  for (const { row: d } of docs) {
    const written = await rewriteDocumentIfVersion(conn, { id: d.id, version: d.version, data: swap(d.data), pendingData: d.pendingData === null ? null : swap(d.pendingData), at, by });
    if (!written) throw new AppError('aborted', 'A block using this file changed while it was being replaced. Try again.');
    collections.add(d.collection);
  }
  for (const { row: s } of settingsRows) {
    const written = await rewriteSettingsIfVersion(conn, { key: s.key, version: s.version, data: swap(s.data), at, by });
    if (!written) throw new AppError('aborted', 'The site settings changed while this file was being replaced. Try again.');
  }
  return { collections: [...collections].sort(), settings: settingsRows.length > 0 };
}

/**
 * Adds AVIF copies to a picture's row and marks it checked (also with none:
 * no copy came out smaller than the original). Nothing is written when the
 * row changed since it was read here (another server did it first, or the
 * media was deleted): false then.
 */
export async function addAvifVariants(db: Db, id: string, added: readonly StoredVariant[]): Promise<boolean> {
  const row = await db.kysely.selectFrom('media').select(['variants', 'avif_checked']).where('id', '=', id).executeTakeFirst();
  if (!row || row.avif_checked === 1) return false;
  const result = await db.kysely
    .updateTable('media')
    .set({ variants: JSON.stringify([...parseVariants(id, row.variants), ...added]), avif_checked: 1 })
    .where('id', '=', id)
    .where('variants', '=', row.variants)
    .where('avif_checked', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The kind of each of `ids` that exists in the media table. */
export async function mediaKinds(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, MediaRow['kind']>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('media').select(['id', 'kind']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** The rows of `ids` that exist. */
export async function mediaRows(db: Kysely<Database>, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
}

/** The id of every media row. */
export async function allMediaIds(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('media').select('id').execute()).map((r) => r.id);
}

/** Removes every media row (a content reset; the stored bytes are removed by the caller). */
export async function deleteAllMedia(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('media').execute();
}

/** Default alt text, original name and kind of these media, in chunks under the databases' parameter limits. */
export async function mediaDescriptions(db: Kysely<Database>, ids: readonly string[]): Promise<Pick<MediaRow, 'id' | 'alt' | 'original_name' | 'kind'>[]> {
  const unique = [...new Set(ids)];
  const rows: Pick<MediaRow, 'id' | 'alt' | 'original_name' | 'kind'>[] = [];
  for (let i = 0; i < unique.length; i += 500) rows.push(...(await db.selectFrom('media').select(['id', 'alt', 'original_name', 'kind']).where('id', 'in', unique.slice(i, i + 500)).execute()));
  return rows;
}
