/**
 * Test databases: every test file gets its own SQLite file and, when
 * TEST_DATABASE_URL is set, its own PostgreSQL database `t_<random>`, dropped
 * afterwards. In CI a missing PostgreSQL is a failure, never a skip.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { openDatabase, migrate, migrationNames, type Db, type Dialect } from '../../src/server/db/index.js';
import { oncePerRun, testRunDir } from '../support/once-per-run.js';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  dataDir: string;
  open(): Db;
  drop(): Promise<void>;
}

export function tempDir(prefix = 'ngo-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Which dialects this run covers: SQLite always, PostgreSQL where TEST_DATABASE_URL is set.
 * TEST_DIALECTS=sqlite narrows a run to SQLite: CI's second Node.js line, which
 * is there for what differs between Node.js lines (the native modules, the
 * runtime's own APIs), while the pg driver is plain JavaScript that the first
 * line has already run against PostgreSQL.
 */
export function dialects(): Dialect[] {
  if (process.env.TEST_DIALECTS === 'sqlite') return ['sqlite'];
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI) throw new Error('TEST_DATABASE_URL is not set: CI must test PostgreSQL too.');
    console.warn('TEST_DATABASE_URL is not set: PostgreSQL tests are not run on this machine.');
    return ['sqlite'];
  }
  return ['sqlite', 'postgres'];
}

/** The AUTH_SECRET of every test site (a command run against one needs it to open its sealed archives and append to its audit log). */
export const testAuthSecret = 'test-secret-test-secret-test-secret-0123456789';

/** A new test database holding a copy of another's (a closed one: its SQLite data folder, or a PostgreSQL database no session uses). */
export async function copyTestDatabase(dialect: Dialect, from: { url: string; dataDir: string }): Promise<TestDatabase> {
  return createTestDatabase(dialect, from);
}

export async function createTestDatabase(dialect: Dialect, copyOf?: { url: string; dataDir: string }): Promise<TestDatabase> {
  const dataDir = tempDir();
  if (copyOf) fs.cpSync(copyOf.dataDir, dataDir, { recursive: true });
  if (dialect === 'sqlite') {
    const url = path.join(dataDir, 'site.sqlite');
    return {
      dialect,
      url,
      dataDir,
      open: () => openDatabase({ databaseUrl: url, dataDir, authSecret: testAuthSecret }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    if (copyOf) {
      const template = new URL(copyOf.url).pathname.slice(1);
      // A template may have no session: the one that made it may still be saying goodbye.
      await vi.waitFor(() => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`), { timeout: 10_000, interval: 50 });
    } else {
      await client.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await client.end();
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    dialect,
    url,
    dataDir,
    open: () => openDatabase({ databaseUrl: url, dataDir, authSecret: testAuthSecret }),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        // pg's pool.end() resolves before its sockets close; forcing at once would kill
        // connections that are still saying goodbye and surface as unhandled errors.
        const sessions = async () => (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0]?.n ?? 0;
        const closed = await vi
          .waitFor(async () => expect(await sessions()).toBe(0), { timeout: 2000, interval: 25 })
          .then(() => true)
          .catch(() => false);
        // A session still open after that is a leak of the test, not a goodbye: it is cut off.
        await c.query(closed ? `DROP DATABASE IF EXISTS ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of a test database made once per run under `name`: the first caller's
 * `prepare` fills an empty one and closes it (SQLite's write-ahead log folded
 * into the file, PostgreSQL's sessions ended: a template may have none), it is
 * kept in the run's folder, and every caller gets a copy of its own (SQLite:
 * the data folder; PostgreSQL: `CREATE DATABASE … TEMPLATE`). Null outside a
 * test run or on another day than it was made: the caller makes its own.
 * The run's end removes it (test/global-setup.ts).
 */
export async function copyOfOncePerRun(dialect: Dialect, name: string, prepare: (empty: TestDatabase) => Promise<void>): Promise<TestDatabase | null> {
  const runDir = testRunDir();
  if (!runDir) return null;
  const made = await oncePerRun(name, async () => {
    const preparing = await createTestDatabase(dialect);
    await prepare(preparing);
    const dataDir = path.join(runDir, name);
    fs.cpSync(preparing.dataDir, dataDir, { recursive: true });
    fs.rmSync(preparing.dataDir, { recursive: true, force: true });
    return { url: preparing.url, dataDir, ...(dialect === 'postgres' ? { database: new URL(preparing.url).pathname.slice(1) } : {}) };
  });
  return made ? copyTestDatabase(dialect, made) : null;
}

/**
 * A new test database already at the newest schema level, for a server that
 * starts on it (`build`, the identity tests' `buildAuthApp`): a copy of one
 * database migrated once per run and dialect (keyed by the migrations' names),
 * where each file's server would otherwise run every migration itself (about
 * 0.4 s on PostgreSQL on an idle machine, more under the suite's load). The
 * server still asks for its migrations on start and finds none pending. The
 * migrations only define the schema, so the copy holds what a fresh migration
 * would. Tests of migrating, upgrading and restoring create empty databases
 * (`createTestDatabase`). Outside a test run it is a fresh database.
 */
export async function createMigratedTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const level = crypto.createHash('sha256').update(JSON.stringify(migrationNames(dialect))).digest('hex').slice(0, 12);
  const copy = await copyOfOncePerRun(dialect, `migrated-${dialect}-${level}`, async (empty) => {
    await (await openMigrated(empty)).close();
  });
  return copy ?? createTestDatabase(dialect);
}

export async function openMigrated(t: TestDatabase): Promise<Db> {
  const db = t.open();
  await migrate(db);
  return db;
}
