/** Shared by the backup and restore tests: a site with content, snapshots of a database, and archive surgery. */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { extract as createExtract, pack as createPack } from 'tar-stream';
import { expect } from 'vitest';
import { takeBackup } from '../src/server/backup/backup.js';
import { readCatalogue } from '../src/server/db/catalogue.js';
import { MANIFEST, MANIFEST_SEAL, MEDIA_STORE_TABLE, encodeRow } from '../src/server/backup/format.js';
import { sealManifest } from '../src/server/backup/seal.js';
import { silentProgress } from '../src/server/backup/progress.js';
import { restoreBackup } from '../src/server/backup/restore.js';
import type { AppConfig } from '../src/server/config.js';
import type { Db } from '../src/server/db/index.js';
import { createMediaStore, sha256Hex } from '../src/server/media/store.js';
import { createUser, type TestUser } from './helpers/users.js';
import { multipartFile as multipart } from './helpers/upload.js';

export interface Snapshot {
  tables: Record<string, string[]>;
  media: Record<string, string>;
}

/** Every table's rows in the archive's neutral form, sorted, and every stored media object's sha256. */
export async function snapshot(config: AppConfig, db: Db): Promise<Snapshot> {
  const tables: Record<string, string[]> = {};
  for (const table of await readCatalogue(db.kysely, db.dialect)) {
    // The media store's table is compared through the store below: its rows depend on which store is configured.
    if (table.name === MEDIA_STORE_TABLE) continue;
    const any = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const rows = await any.selectFrom(table.name).selectAll().execute();
    tables[table.name] = rows.map((r) => JSON.stringify(encodeRow(table.columns, r))).sort();
  }
  const store = createMediaStore({ config, db });
  const media: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const object = await store.get(key);
    if (object && 'bytes' in object) media[key] = sha256Hex(object.bytes);
    else if (object) media[key] = sha256Hex(Buffer.concat(await object.stream.toArray()));
  }
  return { tables, media };
}

/**
 * A snapshot without what a restore renews on purpose: every account's token
 * epoch, the revocation of refresh tokens and unused links, the sign-in
 * challenges and the restore's own audit line (and the chain's head it moved). A restored database compares
 * equal to its source through this; restore-sessions.test.ts checks the
 * renewals themselves.
 */
export function withoutRenewals(s: Snapshot): Snapshot {
  const renewed = (table: string, row: Record<string, unknown>): Record<string, unknown> | null => {
    if (table === 'sign_in_challenges') return null;
    if (table === 'audit_log') return row.action === 'backup.restore' ? null : row;
    // The restore's line moved the chain's head.
    if (table === 'audit_chain') return { ...row, head_seq: '(moved)', head_hash: '(moved)' };
    if (table === 'users') return { ...row, token_epoch: '(renewed)' };
    if (table === 'refresh_tokens' || table === 'action_codes') return { ...row, revoked_at: '(revoked)' };
    return row;
  };
  const tables: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(s.tables)) {
    tables[table] = rows
      .map((line) => renewed(table, JSON.parse(line) as Record<string, unknown>))
      .filter((row) => row !== null)
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return { tables, media: s.media };
}

export interface SiteContent {
  super: TestUser;
  admin: TestUser;
  mediaId: string;
}

/** Two staff accounts, an uploaded picture and an edited block, on top of whatever the site already holds. */
export async function addContent(app: FastifyInstance): Promise<SiteContent> {
  const superUser = await createUser(app, 'super', { email: 'founder@example.org', password: 'founder passphrase 1' });
  const admin = await createUser(app, 'admin', { email: 'editor@example.org', password: 'editor passphrase 2' });
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  const body = multipart(picture, 'backup-test.png', 'image/png');
  const upload = await app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...admin.headers } });
  expect(upload.statusCode, upload.body).toBe(201);
  const mediaId = (upload.json() as { id: string }).id;
  const list = await app.inject({ method: 'GET', url: '/api/collections/descriptionhome/documents?status=published', headers: admin.headers });
  const doc = (list.json() as { documents: { id: string; version: number; data: Record<string, unknown> }[] }).documents[0];
  if (doc) {
    const field = Object.keys(doc.data).find((k) => typeof doc.data[k] === 'string' && k !== 'image');
    const data = field ? { ...doc.data, [field]: `${String(doc.data[field])} (edited before the backup)` } : doc.data;
    const edit = await app.inject({ method: 'PATCH', url: `/api/collections/descriptionhome/documents/${doc.id}`, headers: { ...admin.headers, 'if-match': String(doc.version) }, payload: { data, status: 'published' } });
    expect(edit.statusCode, edit.body).toBe(200);
  }
  return { super: superUser, admin, mediaId };
}

export function backupTo(config: AppConfig, db: Db, out: string, passphrase?: string) {
  return takeBackup({ config, db, out, passphrase, progress: silentProgress });
}

export function restoreFrom(config: AppConfig, db: Db, file: string, options: { replace?: boolean; passphrase?: string; acceptUnsealed?: boolean } = {}) {
  return restoreBackup({ config, db, file, passphrase: options.passphrase, replace: options.replace ?? false, acceptUnsealed: options.acceptUnsealed, record: { by: 'the restore tests' } });
}

/** Unpacks a (plain) archive into memory, in order. */
export async function unpack(file: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = createExtract();
  const done = pipeline(fs.createReadStream(file), createGunzip(), extract);
  done.catch(() => undefined); // awaited below
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await done;
  return entries;
}

/** Writes entries back as a .tar.gz, in the given order. */
export async function repack(entries: Map<string, Buffer>, file: string): Promise<void> {
  const pack = createPack();
  const done = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const [name, bytes] of entries) {
    await new Promise<void>((resolve, reject) => pack.entry({ name, size: bytes.length }, bytes, (err) => (err ? reject(err) : resolve())));
  }
  pack.finalize();
  await done;
}

/**
 * Edits an archive and, when asked, fixes the manifest's checksums so only the
 * edit itself is wrong. The seal is kept as it was (so it no longer matches the
 * rewritten manifest), unless `sealWith` names the secret to seal it again
 * with: what a test of a check behind the seal needs. An edit that deletes
 * `manifest.seal` from the entries leaves the archive unsealed.
 */
export async function editArchive(
  src: string,
  dst: string,
  edit: (entries: Map<string, Buffer>, manifest: Record<string, unknown>) => void,
  fixChecksums = false,
  sealWith?: string,
): Promise<void> {
  const entries = await unpack(src);
  const manifest = JSON.parse((entries.get(MANIFEST) ?? Buffer.from('{}')).toString('utf8')) as Record<string, unknown>;
  const seal = entries.get(MANIFEST_SEAL);
  entries.delete(MANIFEST);
  entries.delete(MANIFEST_SEAL);
  if (seal) entries.set(MANIFEST_SEAL, seal);
  edit(entries, manifest);
  const sealAfter = entries.get(MANIFEST_SEAL);
  entries.delete(MANIFEST_SEAL);
  if (fixChecksums) {
    const files: Record<string, { sha256: string; size: number }> = {};
    for (const [name, bytes] of entries) files[name] = { sha256: sha256Hex(bytes), size: bytes.length };
    manifest.files = files;
  }
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  entries.set(MANIFEST, manifestBytes);
  if (sealWith !== undefined) entries.set(MANIFEST_SEAL, sealManifest(sealWith, manifestBytes));
  else if (sealAfter) entries.set(MANIFEST_SEAL, sealAfter);
  await fs.promises.mkdir(path.dirname(dst), { recursive: true });
  await repack(entries, dst);
}
