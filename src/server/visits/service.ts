/**
 * Which public pages people read (shared/visits.ts): the counter on the read
 * path (counter.ts), its write once a second, the staff's reports, and the
 * daily work of retention (retention.ts runs it).
 *
 * Visitors are known for one day only: each day's hashes (under that day's
 * salt, salt.ts) sit in visit_visitors while the day can still be counted,
 * are rolled up into a number on the day's rows the day after, and deleted.
 * A period's visitors are therefore the sum of its days' distinct visitors.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Principal } from '../../shared/access.js';
import { splitLanguage, type SiteLanguages } from '../../shared/languages.js';
import {
  addDays,
  dayOf,
  daysOf,
  visitsListMax,
  visitsQuerySchema,
  type PageVisits,
  type RecentVisits,
  type VisitsReport,
} from '../../shared/visits.js';
import { authorize } from '../authorize.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { csvBom, csvRow } from '../supporters/csv.js';
import { VisitCounter } from './counter.js';
import * as repo from './repository.js';
import type { DailySalts } from './salt.js';
import { errorWithoutData } from '../personal-errors.js';

/** Counts wait this long in memory before one write (as the not-found counts do). */
const flushMs = 1000;
const subject = { type: 'visits' } as const;
/** The row of a day holding the whole site's views and visitors. */
const site = { lang: '', path: '' } as const;

export interface VisitsOptions {
  /** The clock (tests move it). */
  now?: () => Date;
}

export interface VisitsDeps {
  /** The site's languages now: which language an address is in. */
  languages: () => Promise<SiteLanguages>;
  salts: DailySalts;
  /** The site's own origin (PUBLIC_URL): its pages are not referrers. */
  origin: string;
  /** The staff cookie's name (shared/cookies.ts). */
  staffCookie: string;
  /** VISITS_RETENTION_MONTHS: 0 keeps every count. */
  retentionMonths: number;
}

export class VisitsService {
  readonly counter: VisitCounter;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Hashes already written today, per day (no second insert of the same visitor each second). */
  private readonly written = new Map<string, Set<string>>();
  readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly deps: VisitsDeps,
    private readonly log: FastifyBaseLogger,
    options: VisitsOptions = {},
  ) {
    const now = options.now;
    this.now = now ?? (() => new Date());
    this.counter = new VisitCounter(deps.origin, deps.staffCookie, () => this.scheduleFlush(), now ? () => now().getTime() : undefined);
  }

  private get kysely(): Kysely<Database> {
    return this.db.kysely;
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flushing = this.flushing
        .then(() => this.flush())
        .catch((err: unknown) => this.log.warn({ err: errorWithoutData(err) }, 'visit counts could not be written; those of this second are lost'));
    }, flushMs);
    this.flushTimer.unref();
  }

  /** Writes the counts waiting in memory. */
  private async flush(): Promise<void> {
    const batches = await this.counter.take((day) => this.deps.salts.of(day));
    if (batches.length === 0) return;
    const languages = await this.deps.languages();
    await this.kysely.transaction().execute(async (trx) => {
      for (const b of batches) {
        let written = this.written.get(b.day);
        if (!written) {
          for (const day of this.written.keys()) if (day < addDays(b.day, -1)) this.written.delete(day);
          this.written.set(b.day, (written = new Set()));
        }
        const visitors: { day: string; lang: string; path: string; visitor: string }[] = [];
        const everyone = new Set<string>();
        // Per language, its readers (a visitor of three English pages is one English visitor).
        const byLanguage = new Map<string, { views: number; visitors: Set<string> }>();
        let total = 0;
        for (const [path, page] of b.pages) {
          const { lang } = splitLanguage(path, languages);
          await repo.addViews(trx, b.day, lang, path, page.views);
          total += page.views;
          let language = byLanguage.get(lang);
          if (!language) byLanguage.set(lang, (language = { views: 0, visitors: new Set() }));
          language.views += page.views;
          for (const visitor of page.visitors) {
            everyone.add(visitor);
            language.visitors.add(visitor);
            const key = `${lang}\t${path}\t${visitor}`;
            if (written.has(key)) continue;
            written.add(key);
            visitors.push({ day: b.day, lang, path, visitor });
          }
        }
        for (const [lang, language] of byLanguage) {
          await repo.addViews(trx, b.day, lang, site.path, language.views);
          for (const visitor of language.visitors) {
            const key = `${lang}\t\t${visitor}`;
            if (written.has(key)) continue;
            written.add(key);
            visitors.push({ day: b.day, lang, path: site.path, visitor });
          }
        }
        if (total > 0) await repo.addViews(trx, b.day, site.lang, site.path, total);
        for (const visitor of everyone) {
          const key = `\t\t${visitor}`;
          if (written.has(key)) continue;
          written.add(key);
          visitors.push({ day: b.day, ...site, visitor });
        }
        // Past this, a day's writes may insert a hash already there (the unique key keeps one).
        if (written.size > 200_000) written.clear();
        await repo.addVisitors(trx, visitors);
        for (const [host, views] of b.referrers) await repo.addReferrer(trx, b.day, host, views);
        for (const c of b.campaigns.values()) await repo.addCampaign(trx, b.day, c.source, c.campaign, c.views);
      }
    });
  }

  /** Writes what waits now, after any write under way (tests, and close). */
  flushNow(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.flush());
    return this.flushing;
  }

  /** Stops the timer and writes what waits. */
  async close(): Promise<void> {
    this.counter.stop();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flushNow().catch(() => undefined);
  }

  /** The counts of a period (GET /api/visits). */
  async report(principal: Principal | null, rawQuery: unknown): Promise<VisitsReport> {
    authorize(principal, 'read', subject);
    const { from, to } = parse(visitsQuerySchema, rawQuery);
    const [rows, referrers, campaigns] = await Promise.all([
      repo.countsBetween(this.kysely, from, to),
      repo.referrersBetween(this.kysely, from, to, visitsListMax),
      repo.campaignsBetween(this.kysely, from, to, visitsListMax),
    ]);
    const days = new Map(daysOf(from, to).map((day) => [day, { day, views: 0, visitors: 0 }]));
    const pages = new Map<string, PageVisits>();
    const languages = new Map<string, { lang: string; views: number; visitors: number }>();
    for (const r of rows) {
      if (r.path === site.path && r.lang === site.lang) {
        const d = days.get(r.day);
        if (d) {
          d.views += r.views;
          d.visitors += r.visitors;
        }
      } else if (r.path === site.path) {
        // A language's own row: its views, and its readers counted once each day.
        const l = languages.get(r.lang) ?? { lang: r.lang, views: 0, visitors: 0 };
        l.views += r.views;
        l.visitors += r.visitors;
        languages.set(r.lang, l);
      } else {
        const key = `${r.lang}\t${r.path}`;
        const p = pages.get(key) ?? { path: r.path, lang: r.lang, views: 0, visitors: 0 };
        p.views += r.views;
        p.visitors += r.visitors;
        pages.set(key, p);
      }
    }
    const mostViewed = <T extends { views: number }>(list: Iterable<T>, name: (t: T) => string) =>
      [...list].sort((a, b) => b.views - a.views || name(a).localeCompare(name(b))).slice(0, visitsListMax);
    const dayList = [...days.values()];
    return {
      from,
      to,
      total: { views: dayList.reduce((n, d) => n + d.views, 0), visitors: dayList.reduce((n, d) => n + d.visitors, 0) },
      days: dayList,
      pages: mostViewed(pages.values(), (p) => `${p.lang} ${p.path}`),
      languages: mostViewed(languages.values(), (l) => l.lang),
      referrers,
      campaigns,
    };
  }

  /** The period's views and visitors per day, language and address as CSV (GET /api/visits.csv). */
  async csv(principal: Principal | null, rawQuery: unknown): Promise<{ text: string; fileName: string }> {
    authorize(principal, 'read', subject);
    const { from, to } = parse(visitsQuerySchema, rawQuery);
    const rows = (await repo.countsBetween(this.kysely, from, to)).filter((r) => r.path !== site.path);
    rows.sort((a, b) => a.day.localeCompare(b.day) || b.views - a.views || a.lang.localeCompare(b.lang) || a.path.localeCompare(b.path));
    let text = csvBom + csvRow(visitsCsvColumns);
    for (const r of rows) text += csvRow([r.day, r.lang, r.path, String(r.views), String(r.visitors)]);
    return { text, fileName: `visits-${from}-to-${to}.csv` };
  }

  /** Per address, the views of the last 7 and 30 days up to today (the Pages screen). */
  async recent(principal: Principal | null): Promise<RecentVisits> {
    authorize(principal, 'read', subject);
    const to = dayOf(this.now().getTime());
    const from = addDays(to, -29);
    const weekFrom = addDays(to, -6);
    const days = daysOf(from, to);
    const index = new Map(days.map((d, i) => [d, i]));
    const paths = new Map<string, RecentVisits['paths'][number]>();
    for (const r of await repo.countsBetween(this.kysely, from, to)) {
      if (r.path === site.path) continue;
      const key = `${r.lang}\t${r.path}`;
      let p = paths.get(key);
      if (!p) paths.set(key, (p = { path: r.path, lang: r.lang, week: 0, month: 0, daily: days.map(() => 0) }));
      p.month += r.views;
      if (r.day >= weekFrom) p.week += r.views;
      const i = index.get(r.day);
      if (i !== undefined) p.daily[i]! += r.views;
    }
    return { to, paths: [...paths.values()].sort((a, b) => b.month - a.month || a.path.localeCompare(b.path)) };
  }

  /**
   * The daily work: the hashes of days before yesterday become counts (the
   * day after is left to instances still writing the day before's last
   * second), and the counts older than the retention period are deleted.
   */
  async dailyWork(): Promise<{ rolledUp: number; deleted: number }> {
    const today = dayOf(this.now().getTime());
    const days = await repo.daysToRollUp(this.kysely, addDays(today, -1));
    for (const day of days) await this.kysely.transaction().execute((trx) => repo.rollUpDay(trx, day));
    let deleted = 0;
    if (this.deps.retentionMonths > 0) {
      const keepFrom = new Date(this.now().getTime());
      keepFrom.setUTCMonth(keepFrom.getUTCMonth() - this.deps.retentionMonths);
      deleted = await repo.deleteBefore(this.kysely, dayOf(keepFrom.getTime()));
    }
    return { rolledUp: days.length, deleted };
  }
}

export const visitsCsvColumns = ['Day (UTC)', 'Language', 'Address', 'Views', 'Visitors'] as const;
