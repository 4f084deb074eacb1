/**
 * The connection a backup taken inside the running server reads through. It is
 * never the site's own: on SQLite, Kysely's driver has one connection behind a
 * mutex, so a snapshot held on it for the whole backup would make every save
 * wait; a second, read-only connection gets its own WAL snapshot instead. On
 * PostgreSQL the backup gets a small pool of its own, so it never takes a
 * connection editors need.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';

/** One snapshot transaction plus a spare: a backup never needs more. */
const readerConnections = 2;

export async function openBackupReader(db: Db): Promise<Db> {
  if (db.dialect === 'postgres') {
    if (!db.pool) throw new Error('the PostgreSQL database has no pool to copy settings from');
    const pool = new pg.Pool({ ...db.pool.options, max: readerConnections });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
  }
  const list = await sql<{ name: string; file: string }>`select name, file from pragma_database_list`.execute(db.kysely);
  const file = list.rows.find((r) => r.name === 'main')?.file;
  if (!file) throw new Error('an in-memory SQLite database cannot be backed up inside the server; use the command line');
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', pool: null, close: () => kysely.destroy() };
}
