/**
 * The database: Kysely over better-sqlite3 (default, a file in DATA_DIR) or
 * over pg when DATABASE_URL starts with postgres://. One set of queries and
 * migrations serves both.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';
import pg from 'pg';
import type { Database, Dialect } from './schema.js';
import { initial } from './migrations/2026-11-22-initial.js';
import { tokensValidAfter } from './migrations/2026-11-22-tokens-valid-after.js';
import { editorial } from './migrations/2026-11-25-editorial.js';
import { mediaLibrary } from './migrations/2026-11-26-media-library.js';
import { publishOverride } from './migrations/2026-11-27-publish-override.js';
import { siteStructure } from './migrations/2026-11-28-site-structure.js';
import { tokenEpoch } from './migrations/2026-11-28-token-epoch.js';
import { backupRuns } from './migrations/2026-11-23-backup-runs.js';
import { titleSearch } from './migrations/2026-11-23-title-search.js';
import { mailAndActionCodes } from './migrations/2026-11-24-mail-and-action-codes.js';
import { twoFactor } from './migrations/2026-11-24-two-factor.js';
import { twoFactorFailures } from './migrations/2026-11-28-two-factor-failures.js';
import { translations } from './migrations/2026-11-29-translations.js';
import { mediaAvif } from './migrations/2026-11-30-media-avif.js';
import { auditChain } from './migrations/2026-12-01-audit-chain.js';
import { supporters } from './migrations/2026-12-02-supporters.js';
import { eventRegistrations } from './migrations/2026-12-03-event-registrations.js';
import { newsletter } from './migrations/2026-12-06-newsletter.js';
import { requestKeys } from './migrations/2026-12-07-request-keys.js';
import { visits } from './migrations/2026-12-05-visits.js';
import { AuditKey } from './audit-key.js';

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

/** The SQLite file a configuration uses (DATABASE_URL's path, else DATA_DIR/site.sqlite), or `:memory:`. */
export function sqliteFile(options: { databaseUrl?: string | undefined; dataDir: string }): string {
  const file = options.databaseUrl?.replace(/^(sqlite|file):(\/\/)?/, '') || path.join(options.dataDir, 'site.sqlite');
  return file === ':memory:' ? file : path.resolve(file);
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The server's AUTH_SECRET: the audit log's chain key is derived from it and travels with every query (db/audit-key.ts). Without it, no audit line can be appended. */
  authSecret?: string | undefined;
}

export function openDatabase(options: OpenOptions): Db {
  const plugins = options.authSecret ? [new AuditKey(options.authSecret)] : [];
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
  }
  const file = sqliteFile(options);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A deleted or rewritten row's bytes are overwritten, not left in free space (an erased person leaves nothing in the file: supporters/service.ts).
  sqlite.pragma('secure_delete = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { kysely, dialect: 'sqlite', pool: null, close: () => kysely.destroy() };
}

/** Extra migrations after the site's own, by name (tests inject a failing one; nothing else passes any). */
export type ExtraMigrations = Record<string, Migration>;

class StaticMigrations implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly extra: ExtraMigrations = {},
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...this.site(), ...this.extra };
  }
  /** The site's migrations. Names start with their date, so they sort in the order they run. */
  site(): Record<string, Migration> {
    return {
      '2026-11-22-initial': initial(this.dialect), '2026-11-22-tokens-valid-after': tokensValidAfter, '2026-11-23-backup-runs': backupRuns, '2026-11-23-title-search': titleSearch(this.dialect),
      '2026-11-24-mail-and-action-codes': mailAndActionCodes,
      '2026-11-24-two-factor': twoFactor,
      '2026-11-25-editorial': editorial,
      '2026-11-26-media-library': mediaLibrary,
      '2026-11-27-publish-override': publishOverride,
      '2026-11-28-site-structure': siteStructure,
      '2026-11-28-token-epoch': tokenEpoch,
      '2026-11-28-two-factor-failures': twoFactorFailures,
      '2026-11-29-translations': translations,
      '2026-11-30-media-avif': mediaAvif,
      '2026-12-01-audit-chain': auditChain,
      '2026-12-02-supporters': supporters,
      '2026-12-03-event-registrations': eventRegistrations,
      '2026-12-05-visits': visits,
      '2026-12-06-newsletter': newsletter,
      '2026-12-07-request-keys': requestKeys,
    };
  }
}

/** The names of the site's migrations in the order they run (plus any extra ones). */
export function migrationNames(dialect: Dialect, extra: ExtraMigrations = {}): string[] {
  return Object.keys({ ...new StaticMigrations(dialect).site(), ...extra }).sort();
}

export interface MigrateOptions {
  /** Stop after this migration instead of the newest; never goes down. Restore uses it to bring an older archive forward. */
  to?: string;
  /** Run these after the site's own migrations. For tests only (a migration that fails). */
  extraMigrations?: ExtraMigrations;
}

/** A migration run that failed and was rolled back: `migration` names the one that failed (null when none had started). */
export class MigrationFailed extends Error {
  constructor(
    message: string,
    readonly migration: string | null,
    readonly level: string | null,
  ) {
    super(message);
  }
}

/** Which migrations the database has applied, which are pending, and any it has that this code does not know. */
export async function migrationStatus(db: Db, extra: ExtraMigrations = {}): Promise<{ applied: string[]; pending: string[]; unknown: string[] }> {
  // Asked of the catalogue first: a failed query would end a PostgreSQL transaction.
  const exists =
    db.dialect === 'postgres'
      ? await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db.kysely)
      : await sql<{ t: string | null }>`select name as t from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db.kysely);
  const applied = exists.rows[0]?.t ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely)).rows.map((r) => r.name).sort() : [];
  const known = migrationNames(db.dialect, extra);
  return { applied, pending: known.filter((n) => !applied.includes(n)), unknown: applied.filter((n) => !known.includes(n)) };
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'unknown error';
}

/**
 * Runs the pending migrations (up to `options.to`) all or nothing and returns
 * the names applied. If one fails, every one of this run is rolled back and
 * the error names it. PostgreSQL: Kysely's Migrator runs them in one
 * transaction behind its advisory lock (session-level, key 3853314791062309107),
 * so instances starting together migrate once. SQLite: Kysely 0.28's
 * SqliteAdapter says it has no transactional DDL, so its Migrator would commit
 * each statement on its own; SQLite does roll DDL back, so the whole run
 * (Kysely's bookkeeping tables included) goes inside one BEGIN IMMEDIATE on the
 * one connection, which also takes the write lock first: another process
 * migrating the same file waits for it (busy_timeout) and then finds nothing
 * pending. Statements that cannot run in a transaction (PRAGMA foreign_keys,
 * VACUUM) have no place in a migration.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const provider = new StaticMigrations(db.dialect, options.extraMigrations);
  const { to } = options;
  const run = async (kysely: Kysely<Database>): Promise<MigrationResultSet> => {
    const migrator = new Migrator({ db: kysely, provider });
    if (to === undefined) return migrator.migrateToLatest();
    const names = Object.keys(await provider.getMigrations()).sort();
    if (!names.includes(to)) return { error: new Error(`no migration is named ${to}`) };
    const applied = (await migrator.getMigrations()).filter((m) => m.executedAt).map((m) => m.name);
    if (applied.some((n) => n > to)) return { error: new Error(`the database is already past ${to}`) };
    return applied.includes(to) ? { results: [] } : migrator.migrateTo(to);
  };
  let outcome: MigrationResultSet;
  if (db.dialect === 'postgres') {
    outcome = await run(db.kysely);
  } else {
    outcome = await db.kysely.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      let result: MigrationResultSet;
      try {
        result = await run(conn);
      } catch (err) {
        result = { error: err };
      }
      if (result.error === undefined) {
        await sql`commit`.execute(conn);
      } else {
        // SQLite may have rolled back already after some errors; then there is nothing left to undo.
        await sql`rollback`.execute(conn).catch(() => undefined);
      }
      return result;
    });
  }
  const failed = outcome.results?.find((r) => r.status === 'Error');
  if (outcome.error !== undefined || failed) {
    const { applied } = await migrationStatus(db, options.extraMigrations);
    const level = applied.at(-1) ?? null;
    const where = level ? `the database is still at schema level ${level}` : 'the database is still empty';
    const what = failed ? `Database migration ${failed.migrationName} failed` : 'Database migration failed';
    throw new MigrationFailed(`${what}: ${firstLine(outcome.error)}. Nothing was changed: ${where}.`, failed?.migrationName ?? null, level);
  }
  return (outcome.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs `fn` in one transaction on either dialect. */
export function transaction<T>(db: Db, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(fn);
}

/**
 * After an erasure (supporters/service.ts): SQLite copies the pages it wrote
 * into the write-ahead log before the file; folding the log in and emptying
 * it leaves the erased rows' old pages nowhere on disk (deleted bytes in the
 * file are zeroed, `secure_delete`). PostgreSQL reclaims dead rows itself
 * (autovacuum); nothing is done there.
 */
export async function forgetDeletedRows(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely);
}
