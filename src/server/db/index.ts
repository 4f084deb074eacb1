/**
 * The database: Kysely over better-sqlite3 (default, a file in DATA_DIR) or
 * over pg when DATABASE_URL starts with postgres://. One set of queries and
 * migrations serves both.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database, Dialect } from './schema.js';
import { initial } from './migrations/2026-11-22-initial.js';
import { tokensValidAfter } from './migrations/2026-11-22-tokens-valid-after.js';
import { backupRuns } from './migrations/2026-11-23-backup-runs.js';

export type { Dialect } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Postgres pool (for LISTEN/NOTIFY), absent on SQLite. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
  }
  let file = options.databaseUrl?.replace(/^(sqlite|file):(\/\/)?/, '') || path.join(options.dataDir, 'site.sqlite');
  if (file !== ':memory:') {
    file = path.resolve(file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', pool: null, close: () => kysely.destroy() };
}

class StaticMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return { '2026-11-22-initial': initial(this.dialect), '2026-11-22-tokens-valid-after': tokensValidAfter, '2026-11-23-backup-runs': backupRuns };
  }
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new StaticMigrations(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** Runs `fn` in one transaction on either dialect. */
export function transaction<T>(db: Db, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(fn);
}
