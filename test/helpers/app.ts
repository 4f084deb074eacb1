/** build(): a whole server on a fresh test database at the newest schema level, for `app.inject`. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app.js';
import type { AppConfig } from '../../src/server/config.js';
import type { EditorialSchedulerOptions } from '../../src/server/content/scheduler.js';
import type { Dialect } from '../../src/server/db/index.js';
import crypto from 'node:crypto';
import { registryJson } from '../../src/shared/collections.js';
import { seedPages } from '../../src/server/structure/default-pages.js';
import { copyOfOncePerRun, createMigratedTestDatabase, createTestDatabase, testAuthSecret, type TestDatabase } from './databases.js';

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
  options: { render?: boolean; editorial?: EditorialSchedulerOptions } = {},
): Promise<TestApp> {
  const db = await createMigratedTestDatabase(dialect);
  return serverOn(db, testConfig(db, overrides), { render: options.render ?? false, ...(options.editorial ? { editorial: options.editorial } : {}) });
}

/** A whole server on a test database that is dropped when it closes (`build`, `buildSeeded`, the identity tests' `buildAuthApp`). */
export async function serverOn(db: TestDatabase, config: AppConfig, options: BuildOptions = {}): Promise<TestApp> {
  const app = await buildApp(config, { logger: false, render: false, ...options });
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

/**
 * A whole server on its own copy of the demo site (`seedDemo`), for files that
 * read the demo rather than test seeding itself: the demo is seeded once per
 * run and dialect (its 37 pictures take most of a minute to encode on two busy
 * cores) and each file gets a copy (SQLite: the data folder; PostgreSQL: a
 * database made from it as a template). What is seeded follows the collections
 * and seed pages a file's process declares, so the copy is keyed by them.
 * Outside a test run, or on another day, it seeds as `build` does.
 */
export async function buildSeeded(dialect: Dialect, options: { render?: boolean; config?: Partial<AppConfig>; app?: BuildOptions } = {}): Promise<TestApp> {
  const declared = crypto.createHash('sha256').update(JSON.stringify([registryJson(), seedPages])).digest('hex').slice(0, 12);
  const copy = await copyOfOncePerRun(dialect, `seeded-demo-${dialect}-${declared}`, async (empty) => {
    const app = await buildApp(testConfig(empty, { seedDemo: true }), { logger: false, render: false });
    await app.ready();
    await app.close();
  });
  const db = copy ?? (await createTestDatabase(dialect));
  return serverOn(db, testConfig(db, { seedDemo: true, ...options.config }), { ...options.app, render: options.render ?? false });
}
