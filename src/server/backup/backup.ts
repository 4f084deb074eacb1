/**
 * Taking a backup: every table (from the database's catalogue) and every stored
 * media object, read in one read-only snapshot, packed as a .tar.gz (encrypted
 * with a passphrase, or else sealed with the site's secret: seal.ts) and
 * written under a temporary name that is renamed only when the whole archive
 * is on disk.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import { pack as createPack, type Pack } from 'tar-stream';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { inSnapshot, rowCount, tableRowPages } from '../db/table-copy.js';
import { createMediaStore, sha256Hex, wholeBytes } from '../media/store.js';
import { readCatalogue, schemaLevel, type TableInfo } from '../db/catalogue.js';
import { createEncryptor } from './envelope.js';
import { FORMAT, FORMAT_VERSION, MANIFEST, MANIFEST_SEAL, MEDIA_STORE_TABLE, encodeRow, mediaFile, streamChunkBytes, tableFile, type Manifest } from './format.js';
import type { Progress } from './progress.js';
import { productVersion } from './product.js';
import { sealManifest } from './seal.js';

export interface BackupResult {
  file: string;
  rows: number;
  mediaObjects: number;
  bytes: number;
}

function addEntry(pack: Pack, name: string, bytes: Buffer, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: bytes.length, mtime, mode: 0o600 }, bytes, (err) => (err ? reject(err) : resolve()));
  });
}

/** Rows per query: each page is a short synchronous step for SQLite's driver and a small answer for PostgreSQL. */
export const backupPageRows = 500;

/**
 * Every row of a table in a stable order (the primary key), as JSON lines,
 * read in keyset pages (db/table-copy.ts).
 */
async function tableLines(trx: Kysely<Database>, table: TableInfo, signal: AbortSignal | undefined): Promise<{ text: Buffer; rows: number; sha256: string }> {
  const chunks: Buffer[] = [];
  // Hashed page by page: one hash of a large table at the end would hold the event loop.
  const hash = crypto.createHash('sha256');
  let rows = 0;
  for await (const page of tableRowPages(trx, table, backupPageRows, signal)) {
    const chunk = Buffer.from(page.map((r) => JSON.stringify(encodeRow(table.columns, r)) + '\n').join(''), 'utf8');
    chunks.push(chunk);
    hash.update(chunk);
    rows += page.length;
  }
  return { text: Buffer.concat(chunks), rows, sha256: hash.digest('hex') };
}

export interface BackupOptions {
  config: AppConfig;
  /** What to read: inside a running server, a connection of the backup's own (see reader.ts). */
  db: Db;
  out: string;
  passphrase?: string | undefined;
  progress: Progress;
  /** Stops the backup between two pages or media objects; nothing is left but the removed temporary file. */
  signal?: AbortSignal | undefined;
  /** Awaited inside the snapshot after its first table is read (tests write through the site meanwhile). */
  duringSnapshot?: (() => Promise<void>) | undefined;
}

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const { config, db, out, progress, signal } = options;
  let duringSnapshot = options.duringSnapshot;
  const temp = path.join(path.dirname(out), `.${path.basename(out)}.${crypto.randomBytes(4).toString('hex')}.partial`);
  await fs.promises.mkdir(path.dirname(out), { recursive: true });
  const encryptor = options.passphrase ? await createEncryptor(options.passphrase) : null;
  if (encryptor) await fs.promises.writeFile(temp, encryptor.header, { mode: 0o600 });
  const output = fs.createWriteStream(temp, { flags: encryptor ? 'a' : 'w', mode: 0o600, highWaterMark: streamChunkBytes });
  let written = 0;
  const pack = createPack();
  const gzip = createGzip({ chunkSize: streamChunkBytes });
  gzip.on('data', (chunk: Buffer) => progress.bytes((written += chunk.length)));
  const finished = encryptor ? pipeline(pack, gzip, encryptor.cipher, output) : pipeline(pack, gzip, output);
  // A failure downstream must also end the entry loop below instead of leaving it waiting.
  const failed = finished.then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => Promise.reject(err instanceof Error ? err : new Error(String(err))),
  );
  failed.catch(() => undefined); // handled by the race below or by awaiting `finished`
  const now = new Date();
  const files: Manifest['files'] = {};
  let totalRows = 0;
  try {
    const manifest = await Promise.race([
      failed,
      inSnapshot(db, async (trx) => {
        const level = await schemaLevel(trx, db.dialect);
        if (!level) throw new Error('the database has no schema yet; start the site once or restore into it instead');
        const tables: Manifest['tables'] = [];
        for (const table of await readCatalogue(trx, db.dialect)) {
          if (table.name === MEDIA_STORE_TABLE) {
            tables.push({ name: table.name, rows: await rowCount(trx, table.name), columns: table.columns, file: null });
            continue;
          }
          const { text, rows, sha256 } = await tableLines(trx, table, signal);
          const name = tableFile(table.name);
          files[name] = { sha256, size: text.length };
          await addEntry(pack, name, text, now);
          tables.push({ name: table.name, rows, columns: table.columns, file: name });
          totalRows += rows;
          progress.rows(totalRows);
          if (duringSnapshot) {
            const hook = duringSnapshot;
            duringSnapshot = undefined;
            await hook();
          }
        }
        // The store reads through this snapshot too when its bytes live in the database.
        const store = createMediaStore({ config, db: { ...db, kysely: trx } });
        const media: Manifest['media'] = [];
        for await (const { key } of store.list()) {
          signal?.throwIfAborted();
          const object = await store.get(key);
          if (!object) continue; // removed by a prune since it was listed: nothing points to it
          const bytes = await wholeBytes(object);
          const name = mediaFile(key);
          files[name] = { sha256: sha256Hex(bytes), size: bytes.length };
          await addEntry(pack, name, bytes, now);
          media.push({ key, contentType: object.contentType, size: bytes.length });
        }
        return {
          format: FORMAT,
          formatVersion: FORMAT_VERSION,
          product: await productVersion(),
          schemaLevel: level,
          createdAt: now.toISOString(),
          source: { dialect: db.dialect, mediaStore: config.mediaStore },
          tables,
          media,
          files,
        } satisfies Manifest;
      }),
    ]);
    // Last, because it holds the checksums of everything before it; then, unless encrypted, its seal.
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    await addEntry(pack, MANIFEST, manifestBytes, now);
    if (!encryptor) await addEntry(pack, MANIFEST_SEAL, sealManifest(config.authSecret, manifestBytes), now);
    pack.finalize();
    await finished;
    if (encryptor) await fs.promises.appendFile(temp, encryptor.cipher.getAuthTag());
    const handle = await fs.promises.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, out);
    progress.done();
    return { file: out, rows: totalRows, mediaObjects: manifest.media.length, bytes: (await fs.promises.stat(out)).size };
  } catch (err) {
    pack.destroy();
    await finished.catch(() => undefined);
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}
