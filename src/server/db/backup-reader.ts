/**
 * The connection a backup taken inside the running server reads through. It is
 * never the site's own: on SQLite, Kysely's driver has one connection behind a
 * mutex, so a snapshot held on it for the whole backup would make every save
 * wait; a second, read-only connection gets its own WAL snapshot instead. On
 * PostgreSQL the backup gets a small pool of its own, so it never takes a
 * connection editors need.
 *
 * The backup runs in a worker thread (worker.ts), which opens this connection
 * itself: the server describes it as plain data (`backupReaderTarget`), the
 * worker opens it (`openBackupReader`).
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Db } from './index.js';
import type { Database } from './schema.js';

/** One snapshot transaction plus a spare: a backup never needs more. */
const readerConnections = 2;

/** What the backup's own connection opens; plain data, so it can be handed to a worker thread. */
export type BackupReaderTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; connectionString: string };

/** Where the site's database is, from its open connection and the configured DATABASE_URL. */
export async function backupReaderTarget(db: Db, databaseUrl: string | undefined): Promise<BackupReaderTarget> {
  if (db.dialect === 'postgres') {
    if (!databaseUrl) throw new Error('the PostgreSQL database has no DATABASE_URL to open a connection of its own with');
    return { dialect: 'postgres', connectionString: databaseUrl };
  }
  const list = await sql<{ name: string; file: string }>`select name, file from pragma_database_list`.execute(db.kysely);
  const file = list.rows.find((r) => r.name === 'main')?.file;
  if (!file) throw new Error('an in-memory SQLite database cannot be backed up inside the server; use the command line');
  return { dialect: 'sqlite', file };
}

export function openBackupReader(target: BackupReaderTarget): Db {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.connectionString, max: readerConnections });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
  }
  const sqlite = new SqliteDatabase(target.file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', pool: null, close: () => kysely.destroy() };
}
