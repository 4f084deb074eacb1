/**
 * Restoring a backup: verify the whole archive, check it fits this database
 * (same schema level, same tables and columns, empty unless replacing), write
 * the media objects to the store, then replace every row in one transaction.
 *
 * Archives from a different schema level are refused rather than migrated:
 * restore them with the site version that took them, then upgrade.
 */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { migrate, type Db, type Dialect } from '../db/index.js';
import { createMediaStore, sha256Hex } from '../media/store.js';
import { Refusal, readArchive, verifyArchive } from './archive-reader.js';
import { readCatalogue, schemaLevel, type TableInfo } from './catalogue.js';
import { MEDIA_STORE_TABLE, decodeValue, type Manifest, type NeutralRow } from './format.js';

export { Refusal } from './archive-reader.js';

export interface RestoreResult {
  tables: number;
  rows: number;
  mediaObjects: number;
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export const NOT_EMPTY = 'the database is not empty; add --replace to overwrite it';

function checkLevel(archive: string, current: string): void {
  if (archive === current) return;
  // Migration names start with their date, so they sort in the order they run.
  if (archive > current) throw new Refusal(`the archive's schema level ${archive} is newer than this site's ${current}; upgrade the site first`);
  throw new Refusal(`the archive's schema level ${archive} is older than this site's ${current}; restore it with the site version that took it, then upgrade`);
}

/** The target's tables that receive rows, checked against the archive's. */
function matchTables(manifest: Manifest, catalogue: TableInfo[]): TableInfo[] {
  const archived = new Map(manifest.tables.map((t) => [t.name, t]));
  const tables = catalogue.filter((t) => t.name !== MEDIA_STORE_TABLE);
  for (const table of tables) {
    const a = archived.get(table.name);
    if (!a) throw new Refusal(`the archive has no table ${table.name}`);
    const want = table.columns.map((c) => c.name).sort().join(',');
    const have = a.columns.map((c) => c.name).sort().join(',');
    if (want !== have) throw new Refusal(`table ${table.name} has other columns in the archive than in this database`);
  }
  const names = new Set(catalogue.map((t) => t.name));
  for (const a of manifest.tables) if (!names.has(a.name)) throw new Refusal(`the archive has a table ${a.name} this database does not`);
  return tables;
}

async function isEmpty(db: AnyDb, tables: TableInfo[]): Promise<boolean> {
  for (const t of tables) {
    if (await db.selectFrom(t.name).select(db.fn.countAll().as('n')).limit(1).executeTakeFirst().then((r) => Number(r?.n ?? 0) > 0)) return false;
  }
  return true;
}

function decodeRows(dialect: Dialect, table: TableInfo, rows: NeutralRow[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const c of table.columns) {
      const value = row[c.name];
      if (value === undefined) throw new Refusal(`table ${table.name}: a row lacks column ${c.name}`);
      out[c.name] = decodeValue(dialect, c.type, value);
    }
    return out;
  });
}

/** Deletes every row and inserts the archive's, parents first, in one transaction. */
async function replaceRows(db: Db, tables: TableInfo[], rows: Map<string, Record<string, unknown>[]>): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const t = trx as unknown as AnyDb;
    for (const table of [...tables].reverse()) await t.deleteFrom(table.name).execute();
    let total = 0;
    for (const table of tables) {
      const list = rows.get(table.name) ?? [];
      // Stays under both databases' limits on bound parameters per statement (SQLite 32766, PostgreSQL 65535).
      const batch = Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, table.columns.length))));
      for (let i = 0; i < list.length; i += batch) await t.insertInto(table.name).values(list.slice(i, i + batch)).execute();
      total += list.length;
    }
    return total;
  });
}

export async function restoreBackup(options: { config: AppConfig; db: Db; file: string; passphrase?: string | undefined; replace: boolean }): Promise<RestoreResult> {
  const { config, db, file, passphrase } = options;
  const archive = await verifyArchive(file, passphrase);
  await migrate(db);
  const current = await schemaLevel(db.kysely, db.dialect);
  if (!current) throw new Error('this database has no schema level after migrating');
  checkLevel(archive.manifest.schemaLevel, current);
  const tables = matchTables(archive.manifest, await readCatalogue(db.kysely, db.dialect));
  if (!options.replace && !(await isEmpty(db.kysely as unknown as AnyDb, tables))) throw new Refusal(NOT_EMPTY);
  const decoded = new Map(tables.map((t) => [t.name, decodeRows(db.dialect, t, archive.rows.get(t.name) ?? [])]));

  // Media first: keys are content addresses, so writing one that exists changes nothing, and rows never point to missing bytes.
  const store = createMediaStore({ config, db });
  const types = new Map(archive.manifest.media.map((m) => [`media/${m.key}`, m]));
  let mediaObjects = 0;
  await readArchive(file, passphrase, async ({ name, bytes }) => {
    const media = types.get(name);
    if (!media) return;
    const expected = archive.manifest.files[name];
    if (!expected || expected.sha256 !== sha256Hex(bytes)) throw new Refusal(`the archive changed while it was being restored (${name})`);
    await store.put(media.key, bytes, media.contentType);
    mediaObjects += 1;
  });
  const rows = await replaceRows(db, tables, decoded);
  return { tables: tables.length, rows, mediaObjects };
}
