/**
 * The shared services every route plugin reads from `app.services`. All of
 * them, and the domains decorated on the app (content, previews, account
 * links), are built in one place: `assemble` in app.ts.
 */
import type { Principal } from '../shared/access.js';
import type { ChangeBus } from './changes.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/index.js';
import type { TokenService } from './auth/tokens.js';
import type { FastLane } from './http/fast-lane.js';
import type { MailQueue } from './mail/queue.js';
import type { SettingsService } from './settings/service.js';
import type { SiteStructure } from './structure/service.js';
import type { PublicSite } from './site/pipeline.js';
import type { Translations } from './translations/service.js';
import type { SupportersService } from './supporters/service.js';
import type { EventsService } from './events/service.js';
import type { NewsletterService } from './newsletter/service.js';
import type { VisitsService } from './visits/service.js';

export interface Services {
  config: AppConfig;
  db: Db;
  tokens: TokenService;
  changes: ChangeBus;
  /** Every mail the server sends goes through this queue (mail/queue.ts). */
  mail: MailQueue;
  /** The site settings, read one way and kept until they change (settings/service.ts). */
  settings: SettingsService;
  /** The site's pages, sections and addresses as data (structure/service.ts). */
  structure: SiteStructure;
  /** Blocks, pages, the navigation and the settings in the site's other languages (translations/service.ts). */
  translations: Translations;
  /** The public read path: addresses, page bundles, rendered pages (site/pipeline.ts). */
  site: PublicSite;
  /** The people who wrote to the organisation, their answers and contact messages (supporters/service.ts). */
  supporters: SupportersService;
  /** Registration for events: places, waitlist, mails, reminders (events/service.ts). */
  events: EventsService;
  /** The newsletter: subscriptions, issues and their sending (newsletter/service.ts). */
  newsletter: NewsletterService;
  /** Which public pages people read: counted on the read path, written once a second (visits/service.ts). */
  visits: VisitsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Answers held ready in memory, written before Fastify's routing (http/fast-lane.ts). */
    fastLane: FastLane;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. Set from the Bearer idToken. */
    principal: Principal | null;
  }
}
