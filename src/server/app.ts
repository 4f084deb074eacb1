/**
 * buildApp(config): the whole server as one Fastify instance. Pure: tests, the
 * CLI and main.ts build the same server; nothing here listens on a port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { defaultVisitsRetentionMonths, type AppConfig } from './config.js';
import { ensureAuditChain } from './audit/chain-repository.js';
import { lookUpAuditActorsWith } from './audit/repository.js';
import { findUserById } from './auth/accounts/repository.js';
import { openDatabase, type Db, type ExtraMigrations } from './db/index.js';
import { upgradeDatabase } from './backup/upgrade.js';
import { TokenService } from './auth/tokens.js';
import { ChangeBus } from './changes.js';
import { registerErrorHandling, sendError } from './plugins/errors.js';
import { principalPlugin } from './auth/principal.js';
import { registerSecurityHeaders, securityHeaders, type HeaderTable } from './http/security-headers.js';
import { dynamicCompression } from './http/compression.js';
import { laneLog, logDestination, nextRequestId, RequestLog } from './http/request-log.js';
import { FastLane } from './http/fast-lane.js';
import { AfterWrites } from './http/after-writes.js';
import { createMailQueue, type MailQueueOptions } from './mail/index.js';
import { AccountLinks } from './auth/invitations/service.js';
import { SiteStructure, moveDefaultLanguage, type TranslationsReader } from './structure/service.js';
import { hasTranslationsIn, publishedInLanguages } from './translations/repository.js';
import { SettingsService } from './settings/service.js';
import { ContentService } from './content/service.js';
import { EditorialScheduler } from './content/scheduler.js';
import { PreviewService } from './preview/service.js';
import { deletePreviewLinksOf } from './preview/repository.js';
import { mediaKinds } from './media/repository.js';
import { deleteTranslationsOf } from './translations/repository.js';
import { AppError } from '../shared/errors.js';
import { Translations } from './translations/service.js';
import { translationRoutes } from './translations/routes.js';
import type { Services } from './services.js';
import { healthRoutes } from './routes/health.js';
import { deployRoutes } from './deploy/routes.js';
import { registryRoutes } from './routes/registry.js';
import { authRoutes, type AuthRoutesOptions } from './auth/sessions/routes.js';
import { usersRoutes } from './auth/accounts/users-routes.js';
import type { EditorialSchedulerOptions } from './content/scheduler.js';
import { contentRoutes } from './content/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { mediaRoutes } from './media/routes.js';
import { functionsRoutes } from './functions/routes.js';
import { backupsRoutes, type BackupsRoutesOptions } from './backup/routes.js';
import { auditRoutes } from './audit/routes.js';
import { siteCheckRoutes } from './site-check/routes.js';
import { formsRoutes } from './forms/routes.js';
import { dashboardRoutes, staffEntryRoutes } from './dashboard/routes.js';
import { structureRoutes } from './structure/routes.js';
import { pageBundleRoutes, siteRoutes } from './site/routes.js';
import { PublicSite } from './site/pipeline.js';
import { weighingRoutes } from './weighing/routes.js';
import { previewRoutes } from './preview/routes.js';
import type { PreviewServiceOptions } from './preview/service.js';
import { ensureBootstrapSuper } from './auth/accounts/bootstrap.js';
import { seedIfEmpty } from './seed/index.js';
import { SupportersService, type SupportersOptions } from './supporters/service.js';
import { SupportersRetention, type RetentionOptions } from './supporters/retention.js';
import { supportersRoutes } from './supporters/routes.js';
import { EventsService, type EventsOptions } from './events/service.js';
import { EventsStaff } from './events/staff.js';
import { EventsSchedule, type EventsScheduleOptions } from './events/schedule.js';
import { eventBlockOf } from './events/event-block.js';
import { eventsRoutes } from './events/routes.js';
import { eventsPublicRoutes } from './events/public-routes.js';
import { NewsletterService, type NewsletterOptions } from './newsletter/service.js';
import { NewsletterSender, type NewsletterSenderOptions } from './newsletter/sender.js';
import { issueItemOf } from './newsletter/item.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { newsletterPublicRoutes } from './newsletter/public-routes.js';
import { senderAddress } from './mail/index.js';
import { VisitsService, type VisitsOptions } from './visits/service.js';
import { VisitsRetention } from './visits/retention.js';
import { MemorySalts, RedisSalts } from './visits/salt.js';
import { visitsRoutes } from './visits/routes.js';
import { staffCookieName } from '../shared/cookies.js';
import { collections } from '../shared/collections.js';
import { siteTimeZone } from '../shared/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content domain, for in-process readers (server rendering, functions). */
    content: ContentService;
    /** Scheduled publishing and the trash's purge (tests run a pass with `tick()`). */
    editorialScheduler: EditorialScheduler;
    /** Preview links (tests reach the service through it). */
    preview: PreviewService;
    /** Retention of form answers (tests run a pass with `runNow()`). */
    supportersRetention: SupportersRetention;
    /** Registrations for events as staff handle them (events/staff.ts). */
    eventsStaff: EventsStaff;
    /** Reminders and retention of registrations (tests run a pass with `runNow()`). */
    eventsSchedule: EventsSchedule;
    /** Sends the newsletter's queue (tests run a round with `runNow()` and stop it half-way). */
    newsletterSender: NewsletterSender;
    /** The visit counts' daily work (tests run a pass with `runNow()`). */
    visitsRetention: VisitsRetention;
  }
}

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
  /** Scheduled publishing's clock and pace (tests inject a clock). */
  editorial?: EditorialSchedulerOptions;
  /** The mail queue's waits (tests shorten them). */
  mail?: MailQueueOptions;
  /** Preview links' clock (tests move it). */
  preview?: PreviewServiceOptions;
  /** The supporters' clock and retention's pace (tests move the clock). */
  supporters?: SupportersOptions & RetentionOptions;
  /** Registrations' clock and the pace of reminders and retention (tests move the clock). */
  events?: EventsOptions & EventsScheduleOptions;
  /** The newsletter's clock, batch size and pace (tests); the rate is NEWSLETTER_RATE_PER_MINUTE's unless given. */
  newsletter?: NewsletterOptions & NewsletterSenderOptions;
  /** The visit counts' clock (tests move it). */
  visits?: VisitsOptions;
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
  'body.currentPassword',
  'body.token',
  'body.code',
  'body.challenge',
  'password',
  'challenge',
  'secret',
  'recoveryCodes',
  'idToken',
  'refreshToken',
];

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  // Kept pages and cached media are answered before Fastify's routing (http/fast-lane.ts); the rest goes through it.
  const lane = new FastLane(headers);
  const app = Fastify({
    serverFactory: (handler, opts) => lane.server(handler, opts),
    // One counter for Fastify's request ids and the fast lane's.
    genReqId: nextRequestId,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: redactedPaths, censor: '[redacted]' },
            stream: options.logStream ?? logDestination(),
          },
    // One line per request when it is answered (method, path, status, time), none when it arrives.
    logController: new RequestLog(),
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits count by address).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  // An audit line given an account's id alone keeps its name and address as they are now (audit/repository.ts).
  lookUpAuditActorsWith(async (conn, uid) => {
    const user = await findUserById(conn, uid);
    return user ? { name: user.display_name || user.email, email: user.email } : undefined;
  });
  const db = options.db ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  const changes = new ChangeBus(db.pool, app.log);
  try {
    // Backs up first when an existing database has migrations pending (backup/upgrade.ts).
    await upgradeDatabase({ config, db, log: app.log, extraMigrations: options.migrations });
    // The lines written before the audit chain existed are chained once, oldest first (audit/chain-repository.ts).
    await ensureAuditChain(db.kysely);
    await changes.start();
    return await assemble(app, config, options, db, changes, lane, headers);
  } catch (err) {
    // A failed start-up leaves no open connection behind (the CLI and tests exit cleanly).
    await app.close().catch(() => undefined);
    await changes.stop().catch(() => undefined);
    if (!options.db) await db.close().catch(() => undefined);
    throw err;
  }
}

async function assemble(
  app: FastifyInstance,
  config: AppConfig,
  options: BuildOptions,
  db: Db,
  changes: ChangeBus,
  lane: FastLane,
  headers: HeaderTable,
): Promise<FastifyInstance> {
  // Every service is built here, and only here; route plugins translate HTTP to them.
  // The structure reads translated addresses and titles; translations ask the structure, so their reader is handed in.
  const translationsReader: TranslationsReader = { publishedInLanguages, hasTranslationsIn };
  // The settings subscribe to the change bus first, so every cache after them reads the new settings.
  const settings = new SettingsService(db, changes, {
    // Saved settings are checked and cleaned as every block's data is.
    prepareData: (fields, schema, raw) => content.prepareData(fields, schema, raw),
    moveDefaultLanguage: (trx, from, to) => moveDefaultLanguage(translationsReader, trx, from, to),
  });
  const structure = new SiteStructure(db, changes, settings, translationsReader);
  // Shared by the rate limits and the visit counts' daily salt.
  const redis = config.redisUrl ? await createRedis(config.redisUrl, app) : null;
  const mail = createMailQueue(config, db, async () => (await settings.current()).data.organisationName, app.log, options.mail);
  // Events are published blocks (content) shown by the public site, both built just below.
  const eventCollections = collections.filter((c) => c.kind === 'event').map((c) => c.name);
  const events = new EventsService(
    db,
    mail,
    config,
    {
      event: (id, lang) => eventBlockOf(content, services.site, id, lang),
      events: async () => (await content.publishedBlocks(eventCollections)).map((b) => ({ id: b.id, data: JSON.parse(b.data) as Record<string, unknown> })),
      organisation: async () => {
        const { data } = await settings.current();
        return { name: data.organisationName, timeZone: siteTimeZone(data) };
      },
      placesChanged: (event) => changes.publish({ type: 'documents', collection: event.collection, id: event.id }),
    },
    app.log,
    options.events ?? {},
  );
  const newsletter = new NewsletterService(
    db,
    mail,
    config,
    {
      organisation: async () => (await settings.current()).data.organisationName,
      item: (item, lang) => issueItemOf(content, services.site, config.publicUrl, item, lang),
    },
    app.log.child({ component: 'newsletter' }),
    options.newsletter ?? {},
  );
  const services: Services = {
    config,
    db,
    tokens: new TokenService(config.authSecret, config.authTokenTtl, config.publicUrl),
    changes,
    mail,
    settings,
    structure,
    translations: new Translations({ db, structure, changes, settings }),
    site: new PublicSite({ config, db, structure, settings, changes, log: app.log, eventPlaces: (id, data) => events.placesOf(id, data) }),
    events,
    newsletter,
    visits: new VisitsService(
      db,
      {
        languages: () => structure.languages(),
        salts: redis ? new RedisSalts(redis) : new MemorySalts(),
        origin: new URL(config.publicUrl).origin,
        staffCookie: staffCookieName(config.publicUrl.startsWith('https:')),
        retentionMonths: config.visitsRetentionMonths ?? defaultVisitsRetentionMonths,
      },
      app.log,
      options.visits ?? {},
    ),
    // Contact messages belong to content and mail to the mail queue: handed in (content is built just below).
    supporters: new SupportersService(
      db,
      {
        contactMessagesOf: (emails, conn) => content.contactMessagesOf(emails, conn),
        contactPeopleMatching: (q, limit, conn) => content.contactPeopleMatching(q, limit, conn),
        eraseContactsOf: (email, conn) => content.eraseContactsOf(email, conn),
        forgetMail: (email) => services.mail.forget(email),
        registrationsOf: (ids, conn) => events.registrationsOf(ids, conn),
        subscriptionsOf: (ids, conn) => newsletter.subscriptionsOf(ids, conn),
      },
      options.supporters ?? {},
    ),
  };
  app.decorate('services', services);
  // A block removed for good takes its preview links and translations with it.
  const content = new ContentService(services, {
    dropDependents: async (trx, ids) => {
      await deletePreviewLinksOf(trx, ids);
      await deleteTranslationsOf(trx, ids);
    },
    mediaKinds: (ids) => mediaKinds(db.kysely, ids),
  });
  app.decorate('content', content);
  const scheduler = new EditorialScheduler(content.editorial, app.log, options.editorial ?? {});
  app.decorate('editorialScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
  app.decorate('preview', new PreviewService(services, () => settings.current().then((s) => s.data), options.preview ?? {}));
  // Answers past their retention time are deleted once at start and every hour after (supporters/retention.ts).
  const retention = new SupportersRetention(db, services.supporters, app.log, options.supporters ?? {});
  app.decorate('supportersRetention', retention);
  app.addHook('onReady', async () => retention.start());
  app.addHook('preClose', async () => retention.stop());
  // Reminders go out and registrations past their time are deleted at start and every few minutes (events/schedule.ts).
  app.decorate('eventsStaff', new EventsStaff(events));
  const eventsSchedule = new EventsSchedule(db, events, app.log, options.events ?? {});
  app.decorate('eventsSchedule', eventsSchedule);
  app.addHook('onReady', async () => eventsSchedule.start());
  app.addHook('preClose', async () => eventsSchedule.stop());
  // The newsletter's queue: sent at the operator's rate, stopped (its mail in hand finished) before the mail transport closes.
  const sender = new NewsletterSender(db, newsletter, mail, senderAddress(config), app.log.child({ component: 'newsletter' }), {
    ...(config.newsletterRatePerMinute ? { ratePerMinute: config.newsletterRatePerMinute } : {}),
    ...options.newsletter,
  });
  newsletter.onSending = () => sender.kick();
  app.decorate('newsletterSender', sender);
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
  // Past days' visitor hashes become counts and old counts go, at start and every hour (visits/retention.ts).
  const visitsRetention = new VisitsRetention(db, services.visits, app.log);
  app.decorate('visitsRetention', visitsRetention);
  app.addHook('onReady', async () => visitsRetention.start());
  app.addHook('preClose', async () => visitsRetention.stop());
  // Mail queued before a restart goes out after it; the queue stops before the database closes.
  app.addHook('onReady', async () => {
    app.log.info(`mail goes to ${services.mail.description}`);
    services.mail.start();
  });
  // Reset mails still being looked up go into the queue before it stops.
  const accountLinks = await AccountLinks.create(services, app.log, options.auth?.resetThrottle);
  app.decorate('accountLinks', accountLinks);
  app.addHook('preClose', async () => {
    await accountLinks.close();
    await services.mail.close();
  });
  app.addHook('onClose', async () => {
    settings.close();
    services.site.close();
    await services.structure.close();
    await services.visits.close();
    await changes.stop();
    if (!options.db) await db.close();
  });

  app.decorate('fastLane', lane);
  lane.useLog(laneLog(app.log));
  app.addHook('preClose', async () => lane.close());

  registerErrorHandling(app);
  // The request path: every hook is registered where it is needed (docs/architecture.md, "The request path").
  // Security headers on every answer, computed once here.
  registerSecurityHeaders(app, headers);
  // The caller on /api and /media routes, first among their hooks (so before any rate limit counts).
  await app.register(principalPlugin);
  // API writes answer once the public pages they change show it; visitors meanwhile get the previous version.
  new AfterWrites().register(app);
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not take the site down: requests pass uncounted and the error is logged.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'ngo-rl:' } : {}),
  });

  await app.register(healthRoutes);
  // The address the site believes a request came from (the doctor's TRUST_PROXY check).
  await app.register(deployRoutes);
  // Cookies are parsed in this scope only.
  await app.register(authRoutes, options.auth ?? {});
  // Content, settings and media compress their dynamic answers in scopes of their own.
  await app.register(contentRoutes);
  await app.register(pageBundleRoutes);
  await app.register(settingsRoutes);
  await app.register(mediaRoutes);
  await app.register(async (api) => {
    // Answers built per caller: compressed when large.
    await api.register(compress, dynamicCompression);
    await api.register(registryRoutes);
    await api.register(usersRoutes);
    await api.register(functionsRoutes);
    await api.register(formsRoutes);
    await api.register(auditRoutes);
    await api.register(siteCheckRoutes);
    await api.register(dashboardRoutes);
    await api.register(structureRoutes);
    await api.register(translationRoutes);
    await api.register(supportersRoutes);
    await api.register(eventsRoutes);
    await api.register(newsletterRoutes);
    await api.register(visitsRoutes);
  });
  // Registration for events without JavaScript: pages, not the API (events/public-routes.ts).
  await app.register(eventsPublicRoutes);
  // The newsletter's sign-up, confirmation and one-click unsubscribe: pages, not the API.
  await app.register(newsletterPublicRoutes);
  await app.register(backupsRoutes, options.backups ?? {});
  await app.register(staffEntryRoutes);
  if (options.render !== false) {
    await app.register(siteRoutes);
    await app.register(weighingRoutes);
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError('not-found', 'No such endpoint.')));
  }
  // A preview renders through the public template (site/pipeline.ts, document()).
  await app.register(previewRoutes);

  await services.structure.ensureDefaultPages();
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
