/**
 * buildApp(config): the whole server as one Fastify instance. Pure: tests, the
 * CLI and main.ts build the same server; nothing here listens on a port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import type { AppConfig } from './config.js';
import { openDatabase, type Db, type ExtraMigrations } from './db/index.js';
import { upgradeDatabase } from './backup/upgrade.js';
import { TokenService } from './auth/tokens.js';
import { ChangeBus } from './changes.js';
import { registerErrorHandling, sendError } from './plugins/errors.js';
import { principalPlugin } from './auth/principal.js';
import { AppError } from '../shared/errors.js';
import type { Services } from './services.js';
import { healthRoutes } from './routes/health.js';
import { registryRoutes } from './routes/registry.js';
import { authRoutes, type AuthRoutesOptions } from './auth/routes.js';
import { usersRoutes } from './auth/users-routes.js';
import { contentRoutes } from './content/routes.js';
import { mediaRoutes } from './media/routes.js';
import { functionsRoutes } from './functions/routes.js';
import { backupsRoutes, type BackupsRoutesOptions } from './routes/backups.js';
import { renderRoutes } from './render/routes.js';
import { ensureBootstrapSuper } from './auth/bootstrap.js';
import { seedIfEmpty } from './seed/index.js';

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one). */
  db?: Db;
  /** Logger: false silences it (tests), true or options enable pino. */
  logger?: boolean;
  /** Serve the built browser app and server-rendered pages (off for API-only tests). */
  render?: boolean;
  /** Where pino writes (tests capture the log); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** Sign-in throttle and refresh options (tests shorten the windows). */
  auth?: AuthRoutesOptions;
  /** Backups' clock and hooks (tests drive the schedule and damage a written archive). */
  backups?: BackupsRoutesOptions;
  /** Migrations after the site's own (tests only: one that fails). */
  migrations?: ExtraMigrations;
}

/** Header and cookie names that never reach the logs. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.newPassword',
  'password',
  'idToken',
  'refreshToken',
];

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: redactedPaths, censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits count by address).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  const db = options.db ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const changes = new ChangeBus(db.pool, app.log);
  try {
    // Backs up first when an existing database has migrations pending (backup/upgrade.ts).
    await upgradeDatabase({ config, db, log: app.log, extraMigrations: options.migrations });
    await changes.start();
    return await assemble(app, config, options, db, changes);
  } catch (err) {
    // A failed start-up leaves no open connection behind (the CLI and tests exit cleanly).
    await app.close().catch(() => undefined);
    await changes.stop().catch(() => undefined);
    if (!options.db) await db.close().catch(() => undefined);
    throw err;
  }
}

async function assemble(app: FastifyInstance, config: AppConfig, options: BuildOptions, db: Db, changes: ChangeBus): Promise<FastifyInstance> {
  const services: Services = {
    config,
    db,
    tokens: new TokenService(config.authSecret, config.authTokenTtl, config.publicUrl),
    changes,
  };
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await changes.stop();
    if (!options.db) await db.close();
  });

  registerErrorHandling(app);
  await app.register(cookie);
  // No CSP nonces: pages carry no inline script (route data is a JSON block), so every
  // visitor gets the same cacheable HTML, and Mantine's <style> tags stay allowed.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  const redis = config.redisUrl ? await createRedis(config.redisUrl, app) : null;
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not take the site down: requests pass uncounted and the error is logged.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'ngo-rl:' } : {}),
  });
  await app.register(principalPlugin);

  await app.register(healthRoutes);
  await app.register(registryRoutes);
  await app.register(authRoutes, options.auth ?? {});
  await app.register(usersRoutes);
  await app.register(contentRoutes);
  await app.register(mediaRoutes);
  await app.register(functionsRoutes);
  await app.register(backupsRoutes, options.backups ?? {});
  if (options.render !== false) {
    await app.register(renderRoutes);
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError('not-found', 'No such endpoint.')));
  }

  await ensureBootstrapSuper(services, app.log);
  if (config.seedDemo) await seedIfEmpty(services, app.log);
  return app;
}

async function createRedis(url: string, app: FastifyInstance) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (!warned) app.log.warn({ err: err.message }, 'Redis unavailable; rate limits are not shared until it returns');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
