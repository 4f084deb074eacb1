/** build(): a whole server on a fresh test database, for `app.inject`. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { AppConfig } from '../../src/server/config.js';
import type { EditorialSchedulerOptions } from '../../src/server/content/scheduler.js';
import type { Dialect } from '../../src/server/db/index.js';
import { createTestDatabase, testAuthSecret, type TestDatabase } from './databases.js';

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
  const db = await createTestDatabase(dialect);
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
