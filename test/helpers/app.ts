/**
 * build(): a whole server on a fresh test database, for `app.inject`.
 *
 * A site with the demo content (seedDemo) starts from a copy of one seeded
 * once per test run and dialect (test/support/once-per-run.ts): seeding makes
 * every picture in three formats and widths, about 12 s of CPU, and a copy is
 * the same data. A test of the seeding itself asks for `freshSeed`.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { AppConfig } from '../../src/server/config.js';
import type { EditorialSchedulerOptions } from '../../src/server/content/scheduler.js';
import type { Dialect } from '../../src/server/db/index.js';
import { oncePerRun } from '../support/once-per-run.js';
import { createTestDatabase, testAuthSecret, untilNoSessions, type DatabaseSource, type TestDatabase } from './databases.js';

export { testAuthSecret } from './databases.js';

export function testConfig(t: TestDatabase, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: t.dataDir,
    databaseUrl: t.url,
    publicUrl: 'http://localhost:3000',
    authSecret: testAuthSecret,
    authTokenTtl: 3600,
    sessionIdleTimeout: 3600,
    sessionMaxAge: 12 * 3600,
    bootstrapSuperEmail: undefined,
    bootstrapSuperPassword: undefined,
    mediaStore: t.dialect === 'postgres' ? 'postgres' : 'fs',
    redisUrl: undefined,
    logLevel: 'silent',
    distDir: 'dist',
    seedDemo: false,
    production: false,
    trustProxy: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

export async function build(
  dialect: Dialect,
  overrides: Partial<AppConfig> = {},
  options: { render?: boolean; editorial?: EditorialSchedulerOptions; freshSeed?: boolean } = {},
): Promise<TestApp> {
  const from = overrides.seedDemo && !options.freshSeed && !Object.keys(overrides).some((k) => seedingSettings.includes(k)) ? await seededSource(dialect) : null;
  const db = await createTestDatabase(dialect, from ?? undefined);
  const app = await buildApp(testConfig(db, overrides), { logger: false, render: options.render ?? false, ...(options.editorial ? { editorial: options.editorial } : {}) });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** Settings that change what seeding writes: a site given one of them seeds on its own. */
const seedingSettings: readonly string[] = ['databaseUrl', 'dataDir', 'mediaStore', 'authSecret', 'bootstrapSuperEmail', 'bootstrapSuperPassword'] satisfies (keyof AppConfig)[];

/** This run's seeded database and DATA_DIR for a dialect, made by the first site that asks; null outside a test run. */
function seededSource(dialect: Dialect): Promise<DatabaseSource | null> {
  return oncePerRun(`seeded-${dialect}`, async (): Promise<DatabaseSource> => {
    const site = await build(dialect, { seedDemo: true }, { freshSeed: true });
    await site.app.close();
    const { dataDir, url } = site.db;
    if (dialect === 'sqlite') return { dataDir };
    const database = new URL(url).pathname.slice(1);
    // Copied with CREATE DATABASE … TEMPLATE, which refuses a database anyone is still connected to.
    if (!(await untilNoSessions(database))) throw new Error(`the seeded database ${database} still has sessions after its site closed`);
    return { dataDir, database };
  });
}
