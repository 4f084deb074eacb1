/**
 * The archive format: the manifest (parsed with zod), the file names inside the
 * archive, and the database-neutral form of a row (one JSON object a line), so
 * a row written by SQLite reads the same as one written by PostgreSQL.
 */
import { z } from 'zod';
import type { Dialect } from '../db/index.js';
import { isMediaKey } from '../media/store.js';
import type { NeutralType } from '../db/catalogue.js';

export const FORMAT = 'ngo-site-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** An unencrypted archive's seal: the HMAC of manifest.json's bytes (seal.ts), written after it. */
export const MANIFEST_SEAL = 'manifest.seal';

const MiB = 1024 * 1024;

/**
 * What an archive may hold. The reader checks these as the archive streams in,
 * before an entry is buffered, and refuses with a line naming the limit: an
 * archive cannot make a restore or a read-back exhaust memory or run for ever.
 * Backups are read back after they are written, so a site that outgrew one
 * would see its backups fail, not a restore.
 */
export const archiveLimits = {
  /** One file inside the archive (a table's rows, a media object, the manifest). */
  entryBytes: 512 * MiB,
  /** All the tables/ files together: they are held in memory while every row is checked. */
  tableBytes: 1024 * MiB,
  /** Everything once unpacked (media included), so a small compressed file cannot unpack without end. */
  totalBytes: 32 * 1024 * MiB,
  /** Files in the archive. */
  entries: 1_000_000,
};
export type ArchiveLimits = typeof archiveLimits;

/** A limit in words: "512 MiB". */
export function describeBytes(bytes: number): string {
  return bytes >= 1024 * MiB && bytes % (1024 * MiB) === 0 ? `${bytes / (1024 * MiB)} GiB` : bytes >= MiB ? `${Math.round(bytes / MiB)} MiB` : `${bytes} bytes`;
}

/**
 * The media store's own table. Its bytes are held once, as `media/<key>` files
 * read through the MediaStore, never as rows: that way the same archive
 * restores into either store (files or this table).
 */
export const MEDIA_STORE_TABLE = 'media_blobs';

const neutralType = z.enum(['text', 'integer', 'real', 'boolean', 'blob', 'json']);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const tableName = z.string().regex(/^[a-z_][a-z0-9_]*$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  product: z.object({ name: z.string(), version: z.string() }),
  /** The newest migration applied when the backup was taken. */
  schemaLevel: z.string().min(1),
  createdAt: z.iso.datetime(),
  source: z.object({ dialect: z.enum(['sqlite', 'postgres']), mediaStore: z.enum(['fs', 'postgres']) }),
  /** Every table of the database, parents first; `file` is null for the media store's table. */
  tables: z.array(
    z.object({
      name: tableName,
      rows: z.number().int().nonnegative(),
      columns: z.array(z.object({ name: z.string().min(1), type: neutralType })),
      file: z.string().nullable(),
    }),
  ),
  media: z.array(z.object({ key: z.string().refine(isMediaKey, 'not a media key'), contentType: z.string().min(1), size: z.number().int().nonnegative() })),
  /** sha256 and size of every other file in the archive. */
  files: z.record(z.string(), z.object({ sha256, size: z.number().int().nonnegative() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * How big the pieces are that archives are compressed, written and read in.
 * Every piece costs a turn of the event loop, and inside a busy server a turn
 * waits behind the requests queued before it: Node's defaults (16 KiB for
 * zlib, 64 KiB for files) made a 100 MB backup need thousands of turns.
 */
export const streamChunkBytes = 1024 * 1024;

export const tableFile = (name: string): string => `tables/${name}.jsonl`;
export const mediaFile = (key: string): string => `media/${key}`;

/** A value as an archive holds it. */
export type NeutralValue = string | number | boolean | null;
export const rowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type NeutralRow = z.infer<typeof rowSchema>;

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  throw new Error(`not binary: ${typeof value}`);
}

function toNumber(value: unknown): number | string {
  // Integers beyond 2^53 stay exact as decimal text; anything smaller is a JSON number.
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    const n = Number(value);
    return Number.isInteger(n) && !Number.isSafeInteger(n) ? value : n;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new Error(`not a number: ${String(value)}`);
}

/** A database value (from better-sqlite3 or pg) in the archive's form. */
export function encodeValue(type: NeutralType, value: unknown): NeutralValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'blob':
      return toBuffer(value).toString('base64');
    case 'integer':
    case 'real':
      return toNumber(value);
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'text':
      if (value instanceof Date) return value.toISOString();
      if (Buffer.isBuffer(value) || value instanceof Uint8Array) return toBuffer(value).toString('utf8');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** An archive value as the target database takes it. */
export function decodeValue(dialect: Dialect, type: NeutralType, value: NeutralValue): unknown {
  if (value === null) return null;
  switch (type) {
    case 'blob':
      if (typeof value !== 'string') throw new Error('binary value is not base64 text');
      return Buffer.from(value, 'base64');
    case 'boolean':
      // SQLite has no boolean type: 0 and 1 are what its own queries compare against.
      return dialect === 'sqlite' ? (value === true ? 1 : 0) : value === true;
    default:
      return value;
  }
}

/** One row as the archive's JSON line. */
export function encodeRow(columns: { name: string; type: NeutralType }[], row: Record<string, unknown>): NeutralRow {
  const out: NeutralRow = {};
  for (const c of columns) out[c.name] = encodeValue(c.type, row[c.name]);
  return out;
}
