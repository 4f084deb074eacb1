/**
 * Where media bytes live. Keys are content-addressed: `<sha256 of the stored
 * bytes>.<extension>`, so a key never changes meaning, a put of an existing key
 * is a no-op and every served object can be cached forever.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Services } from '../services.js';
import type { Db } from '../db/index.js';
import { extensionByType } from '../../shared/media.js';
import { blobKeys, deleteBlob, findBlob, hasBlob, putBlob } from './blob-repository.js';

/** An inclusive byte range, as HTTP Range counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object: `size` is always the whole object's size, the body is the (ranged) part. */
export type StoredObject = { size: number; contentType: string } & ({ bytes: Buffer } | { stream: Readable });

export interface StoredKey {
  key: string;
  createdAt: Date;
}

export interface MediaStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Every stored key, for pruning bytes no media row points to. */
  list(): AsyncIterable<StoredKey>;
}

const typeByExtension = new Map(Object.entries(extensionByType).map(([type, ext]) => [ext, type]));

export function extensionFor(contentType: string): string | undefined {
  return extensionByType[contentType];
}

const keyPattern = /^([0-9a-f]{64})\.([a-z0-9]{2,5})$/;

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** All the bytes of a stored object, whether the store handed them over whole or as a stream. */
export async function wholeBytes(object: StoredObject): Promise<Buffer> {
  return 'bytes' in object ? object.bytes : Buffer.concat(await object.stream.toArray());
}

/** The content-addressed key of these bytes. */
export function keyFor(bytes: Uint8Array, contentType: string): string {
  const ext = extensionByType[contentType];
  if (!ext) throw new Error(`No media extension for ${contentType}`);
  return `${sha256Hex(bytes)}.${ext}`;
}

export function isMediaKey(key: string): boolean {
  return keyPattern.test(key);
}

function checkKey(key: string): RegExpExecArray {
  // Keys become file names: anything but the exact pattern could escape the media folder.
  const match = keyPattern.exec(key);
  if (!match) throw new Error(`Not a media key: ${key}`);
  return match;
}

/** DATA_DIR/media/<first two hex>/<sha256>.<ext>, written atomically. */
export class FsMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    const match = checkKey(key);
    return path.join(this.root, (match[1] ?? '').slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (await this.has(key)) {
      // Refresh the age so a prune running now does not take bytes a new row is about to use.
      const now = new Date();
      await fs.promises.utimes(file, now, now).catch(() => undefined);
      return;
    }
    const dir = path.dirname(file);
    await fs.promises.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
    const handle = await fs.promises.open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.promises.rename(temp, file);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
    // The rename is only durable once the directory entry is on disk too.
    const dirHandle = await fs.promises.open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const contentType = typeByExtension.get(checkKey(key)[2] ?? '') ?? 'application/octet-stream';
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const length = range ? range.end - range.start + 1 : size;
    // Small objects are read whole (faster than a stream); large ones stream.
    if (length <= 512 * 1024) {
      const bytes = await readSlice(file, range?.start ?? 0, length);
      return { size, contentType, bytes };
    }
    // 1 MiB pieces: a backup reads every object inside a busy server, and each piece waits for a turn of the event loop.
    return { size, contentType, stream: fs.createReadStream(file, { ...(range ? { start: range.start, end: range.end } : {}), highWaterMark: 1024 * 1024 }) };
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async has(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async *list(): AsyncIterable<StoredKey> {
    let dirs: string[];
    try {
      dirs = await fs.promises.readdir(this.root);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const dir of dirs.filter((d) => /^[0-9a-f]{2}$/.test(d)).sort()) {
      for (const name of (await fs.promises.readdir(path.join(this.root, dir))).sort()) {
        if (!isMediaKey(name)) continue;
        const stat = await fs.promises.stat(path.join(this.root, dir, name)).catch(() => null);
        if (stat) yield { key: name, createdAt: stat.mtime };
      }
    }
  }
}

async function readSlice(file: string, start: number, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const bytes = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(bytes, read, length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return read === length ? bytes : bytes.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/** Bytes in the `media_blobs` table: one place for documents and media, shared by every instance. */
export class PostgresMediaStore implements MediaStore {
  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    await putBlob(this.db.kysely, key, bytes, contentType);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const row = await findBlob(this.db.kysely, key);
    if (!row) return null;
    const all = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    const bytes = range ? all.subarray(range.start, range.end + 1) : all;
    return { size: Number(row.byte_size), contentType: row.content_type, bytes };
  }

  async delete(key: string): Promise<void> {
    await deleteBlob(this.db.kysely, key);
  }

  async has(key: string): Promise<boolean> {
    return hasBlob(this.db.kysely, key);
  }

  async *list(): AsyncIterable<StoredKey> {
    const rows = await blobKeys(this.db.kysely);
    for (const r of rows) yield { key: r.key, createdAt: new Date(r.created_at) };
  }
}

/** The store the configuration asks for (MEDIA_STORE; default fs on SQLite, postgres on PostgreSQL). */
export function createMediaStore(services: Pick<Services, 'config' | 'db'>): MediaStore {
  return services.config.mediaStore === 'postgres' ? new PostgresMediaStore(services.db) : new FsMediaStore(path.join(services.config.dataDir, 'media'));
}
