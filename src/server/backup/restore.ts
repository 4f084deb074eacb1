/**
 * Restoring a backup: verify the whole archive, check it fits this database
 * (same tables and columns, empty unless replacing), write the media objects
 * to the store, then replace every row in one transaction.
 *
 * An archive from an older schema level is brought forward first: its rows go
 * into a scratch in-memory SQLite database migrated to the archive's level,
 * which is then migrated to this site's level and read back in the archive's
 * neutral form. An archive from a newer level, or from a level that is not
 * one of this site's migrations, is refused.
 *
 * In the transaction that writes the rows, after them: every session of every
 * account ends (new token epochs, refresh tokens revoked), links not yet used
 * are withdrawn and two-factor sign-in challenges dropped, so nothing handed
 * out before the backup or before the restore opens the restored site; and
 * the restore itself is the last line of the audit log, so it survives it.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { appendAudit } from '../audit/repository.js';
import { revokeAllPendingActionCodes } from '../auth/invitations/repository.js';
import { endAllSessions } from '../auth/sessions/revocation.js';
import { deleteAllChallenges } from '../auth/two-factor/repository.js';
import type { Database } from '../db/schema.js';
import { allRowsOf, insertRows, replaceRows, tableHoldsRows } from '../db/table-copy.js';
import { startingDocumentsEdited } from '../content/repository.js';
import type { AppConfig } from '../config.js';
import { migrate, migrationNames, openDatabase, type Db, type Dialect } from '../db/index.js';
import { createMediaStore, sha256Hex } from '../media/store.js';
import { Refusal, readArchive, verifyArchive, type VerifiedArchive } from './archive-reader.js';
import { readCatalogue, schemaLevel, type ColumnInfo, type TableInfo } from '../db/catalogue.js';
import { MEDIA_STORE_TABLE, decodeValue, encodeRow, type NeutralRow } from './format.js';
import { sitePageCollection, structureCollections } from '../../shared/declarations.js';
import { sectionCollectionProblem, sectionKinds } from '../../shared/page-sections.js';

export { Refusal } from './archive-reader.js';

export const NOT_EMPTY = 'the database is not empty; add --replace to overwrite it';

/** Whether the archive's rows can go in as they are or must be brought forward; refuses a newer or unknown level. */
function checkLevel(archive: string, current: string, known: string[]): 'same' | 'forward' {
  if (archive === current) return 'same';
  // Migration names start with their date, so they sort in the order they run.
  if (archive > current) throw new Refusal(`the archive's schema level ${archive} is newer than this site's ${current}; upgrade the site first`);
  if (!known.includes(archive)) throw new Refusal(`the archive's schema level ${archive} is not one of this site's migrations, so its rows cannot be brought forward`);
  return 'forward';
}

/** Tables as an archive describes them: names and columns. */
type ArchivedTable = { name: string; columns: ColumnInfo[] };

/** The target's tables that receive rows, checked against the archive's. */
function matchTables(archivedTables: ArchivedTable[], catalogue: TableInfo[]): TableInfo[] {
  const archived = new Map(archivedTables.map((t) => [t.name, t]));
  const tables = catalogue.filter((t) => t.name !== MEDIA_STORE_TABLE);
  for (const table of tables) {
    const a = archived.get(table.name);
    if (!a) throw new Refusal(`the archive has no table ${table.name}`);
    const want = table.columns.map((c) => c.name).sort().join(',');
    const have = a.columns.map((c) => c.name).sort().join(',');
    if (want !== have) throw new Refusal(`table ${table.name} has other columns in the archive than in this database`);
  }
  const names = new Set(catalogue.map((t) => t.name));
  for (const a of archivedTables) if (!names.has(a.name)) throw new Refusal(`the archive has a table ${a.name} this database does not`);
  return tables;
}

/** The collections a server writes at its first start (structure/default-pages.ts): the pages and the navigation a site starts with. */
const startingStructure = [...structureCollections];

/**
 * Nothing in it but what a server writes at its first start: the starting
 * pages and navigation, as written (version 1, by nobody). A volunteer who
 * started the server before restoring has lost nothing by the restore.
 */
async function isEmpty(db: Kysely<Database>, tables: TableInfo[]): Promise<boolean> {
  const names = new Set(tables.map((t) => t.name));
  const edited = names.has('documents') && (await startingDocumentsEdited(db, startingStructure));
  for (const t of tables) {
    if (!edited && t.name === 'site_paths') continue;
    // The audit chain's head is made at the first start, before any line: the log itself says whether anything happened.
    if (t.name === 'audit_chain') continue;
    const skip = !edited && (t.name === 'documents' || t.name === 'revisions') ? { column: 'collection', values: startingStructure } : undefined;
    if (await tableHoldsRows(db, t.name, skip)) return false;
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

/**
 * A page of the archive whose section shows a collection visitors may not read
 * (supporters' records) would publish it: the archive is refused, naming the
 * page, before anything is written. Archives are sealed, but one from before
 * seals (`--accept-unsealed`) or a hand-made one is not to be trusted.
 */
function refuseStaffOnlySections(documents: readonly Record<string, unknown>[]): void {
  for (const row of documents) {
    if (row.collection !== sitePageCollection) continue;
    for (const stored of [row.data, row.pending_data]) {
      if (stored === null || stored === undefined) continue;
      const data: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
      const sections = data && typeof data === 'object' && 'sections' in data && Array.isArray(data.sections) ? (data.sections as unknown[]) : [];
      for (const s of sections) {
        if (!s || typeof s !== 'object' || !('collection' in s) || !('kind' in s) || typeof s.collection !== 'string') continue;
        const kind = sectionKinds.find((k) => k === s.kind);
        const problem = kind ? sectionCollectionProblem(s.collection, kind) : null;
        if (problem) throw new Refusal(`page ${String(row.id)} of the archive has a section that cannot be restored: ${problem}`);
      }
    }
  }
}

/** What the audit line of a restore says: which archive, and who restored it. */
export interface RestoreRecord {
  /** Who ran the restore, in words (the command line: the system account and the machine). */
  by: string;
}

/** After the rows: nothing issued before the restore stays usable, and the restore is on record. */
async function afterRestore(trx: Kysely<Database>, line: string): Promise<void> {
  await endAllSessions(trx);
  await revokeAllPendingActionCodes(trx);
  await deleteAllChallenges(trx);
  await appendAudit(trx, { action: 'backup.restore', actor: null, subject: line });
}

/**
 * The archive's rows at schema level `to`: inserted into a scratch in-memory
 * SQLite database migrated to the archive's level, migrated forward with the
 * site's own migrations, and read back in the neutral form. Nothing but the
 * scratch database is touched. The media store's table stays empty there (its
 * bytes travel as media files), so a migration sees media rows but not bytes.
 */
async function bringForward(archive: VerifiedArchive, to: string, dataDir: string): Promise<{ tables: ArchivedTable[]; rows: Map<string, NeutralRow[]> }> {
  const scratch = openDatabase({ databaseUrl: ':memory:', dataDir });
  try {
    await migrate(scratch, { to: archive.manifest.schemaLevel });
    const atLevel = matchTables(archive.manifest.tables, await readCatalogue(scratch.kysely, scratch.dialect));
    const decoded = new Map(atLevel.map((t) => [t.name, decodeRows(scratch.dialect, t, archive.rows.get(t.name) ?? [])]));
    await scratch.kysely.transaction().execute((trx) => insertRows(trx, atLevel, decoded));
    await migrate(scratch, { to });
    const tables = await readCatalogue(scratch.kysely, scratch.dialect);
    const rows = new Map<string, NeutralRow[]>();
    for (const table of tables) {
      if (table.name === MEDIA_STORE_TABLE) continue;
      rows.set(table.name, (await allRowsOf(scratch.kysely, table.name)).map((r) => encodeRow(table.columns, r)));
    }
    return { tables, rows };
  } catch (err) {
    if (err instanceof Refusal) throw err;
    throw new Refusal(`the archive's rows could not be brought forward from schema level ${archive.manifest.schemaLevel} to ${to} (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  } finally {
    await scratch.close();
  }
}

export interface RestoreResult {
  tables: number;
  rows: number;
  mediaObjects: number;
  /** The archive's schema level when its rows were brought forward to this site's, else null. */
  broughtForwardFrom: string | null;
  /** A plain archive without a seal, restored because `acceptUnsealed` was given. */
  unsealed: boolean;
}

export interface RestoreOptions {
  config: AppConfig;
  db: Db;
  file: string;
  passphrase?: string | undefined;
  replace: boolean;
  /** Restore a plain archive that carries no seal (made before archives were sealed). */
  acceptUnsealed?: boolean | undefined;
  record: RestoreRecord;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config, db, file, passphrase } = options;
  const archive = await verifyArchive(file, { passphrase, authSecret: config.authSecret }, { acceptUnsealed: options.acceptUnsealed });
  // Plain `migrate`, never the upgrade backup of start-up (upgrade.ts): a restore replaces every row anyway.
  await migrate(db);
  const current = await schemaLevel(db.kysely, db.dialect);
  if (!current) throw new Error('this database has no schema level after migrating');
  const plan = checkLevel(archive.manifest.schemaLevel, current, migrationNames(db.dialect));
  const source = plan === 'forward' ? await bringForward(archive, current, config.dataDir) : { tables: archive.manifest.tables, rows: archive.rows };
  const tables = matchTables(source.tables, await readCatalogue(db.kysely, db.dialect));
  if (!options.replace && !(await isEmpty(db.kysely, tables))) throw new Refusal(NOT_EMPTY);
  const decoded = new Map(tables.map((t) => [t.name, decodeRows(db.dialect, t, source.rows.get(t.name) ?? [])]));
  refuseStaffOnlySections(decoded.get('documents') ?? []);

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
  const broughtForwardFrom = plan === 'forward' ? archive.manifest.schemaLevel : null;
  const line =
    `${path.basename(file)} (taken ${archive.manifest.createdAt}, schema level ${archive.manifest.schemaLevel}` +
    `${broughtForwardFrom ? ', brought forward' : ''}${archive.unsealed ? ', unsealed: accepted with --accept-unsealed' : ''}) restored by ${options.record.by}; every session ended`;
  const rows = await replaceRows(db, tables, decoded, (trx) => afterRestore(trx, line));
  return { tables: tables.length, rows, mediaObjects, broughtForwardFrom, unsealed: archive.unsealed };
}
