/**
 * Counting page views on the public read path, cheaply: every view a page
 * answers (the fast lane's kept pages, the page cache, a fresh render) costs
 * three Map look-ups and an increment, by who asked (the User-Agent, then the
 * visitor's address as TRUST_PROXY makes it, held in memory until the
 * next write, never longer than a second), and reads no clock (the day turns
 * by a timer). Once a second the waiting counts are
 * written: bots (by their User-Agent) are left out then, each distinct
 * visitor becomes a keyed hash under the day's salt (salt.ts), and only
 * hashes and counts reach the database. A browser carrying the staff cookie
 * (shared/cookies.ts) is not counted at all.
 */
import crypto from 'node:crypto';
import { dayOf } from '../../shared/visits.js';

/**
 * Views of one address since the last write: per User-Agent, per the
 * visitor's address. Two levels rather than one joined key, so a view makes
 * no new string.
 */
interface PathCounts {
  byAgent: Map<string, Map<string, number>>;
  /** Distinct askers held (capped). */
  askers: number;
  /** Views of askers beyond the cap: counted as views, not visitors. */
  overflow: number;
}

/** What one second's counts of one day became: only hashes and counts, ready to write. */
export interface DayBatch {
  day: string;
  /** Per address (the path as asked, its language found when written). */
  pages: Map<string, { views: number; visitors: Set<string> }>;
  referrers: Map<string, number>;
  campaigns: Map<string, { source: string; campaign: string; views: number }>;
}

/** At most this many distinct addresses wait in memory between writes; views of others wait for the next second. */
const pendingPathsMax = 1000;
/** At most this many distinct visitors of one address wait in memory between writes; more are counted as views only. */
const pendingAskersMax = 20_000;
/** Sources (another site's host, a campaign) waiting between writes. */
const pendingSourcesMax = 5000;
/** Longest kept referrer host, campaign source or name. */
const sourceMax = 100;

/**
 * User-Agents of robots, crawlers, link previews, monitors and command-line
 * clients: views they ask for are not counted (no User-Agent at all neither).
 */
const botPattern = /bot\b|bot\/|crawl|spider|slurp|archiv|preview|fetch|monitor|uptime|check|scan|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|headless|lighthouse|phantom|httpclient|libwww|feed|facebookexternalhit|whatsapp|telegram|discord|embedly|quora|pinterest|bingpreview|yandex|baidu|semrush|ahrefs|mj12|dotbot|petalbot|gptbot|claude|perplexity/i;

export function isBot(userAgent: string): boolean {
  return userAgent.length === 0 || botPattern.test(userAgent);
}

/** The host of a Referer (lower-cased, without port or credentials), or null when it names none. */
export function referrerHost(referer: string): string | null {
  const scheme = referer.indexOf('://');
  if (scheme < 0) return null;
  let rest = referer.slice(scheme + 3);
  const end = rest.search(/[/?#]/);
  if (end >= 0) rest = rest.slice(0, end);
  const at = rest.lastIndexOf('@');
  if (at >= 0) rest = rest.slice(at + 1);
  const host = (rest.startsWith('[') ? rest.slice(0, rest.indexOf(']') + 1) : rest.replace(/:\d*$/, '')).toLowerCase();
  return /^[a-z0-9.[\]:-]+$/.test(host) && host.length <= sourceMax ? host : null;
}

export class VisitCounter {
  private day = '';
  private dayEndsAt = 0;
  /** Views waiting for the next write, per day (two around midnight), then per address. */
  private pending = new Map<string, Map<string, PathCounts>>();
  /** The current day's entry of `pending`. */
  private today = new Map<string, PathCounts>();
  /** Views from another site or a campaign, per day, by who asked, host, source and campaign joined by NUL (which no header holds). */
  private sourced = new Map<string, Map<string, number>>();
  private sourcedSize = 0;
  /** Without a clock given, the day turns by a timer at midnight (UTC): a view reads no clock. */
  private midnight: NodeJS.Timeout | null = null;

  /**
   * @param ownOrigin the site's own origin (PUBLIC_URL's): a Referer from it is a visitor moving between pages, not a referrer.
   * @param staffCookie the staff cookie's name: a request that carries it is not counted.
   * @param whenCounted called after each count (the write once a second is scheduled there).
   * @param nowMs a clock (tests move it); read at every view when given.
   */
  constructor(
    private readonly ownOrigin: string,
    private readonly staffCookie: string,
    private readonly whenCounted: () => void,
    private readonly nowMs?: () => number,
  ) {
    this.turnDay((nowMs ?? Date.now)());
  }

  /**
   * Counts one view of a public page: `path` without its query; `client` the
   * visitor's address as Fastify's request.ip has it (http/client-address.ts:
   * X-Forwarded-For only from a trusted proxy, so a visitor cannot make
   * themselves many); the others request headers, undefined when absent;
   * `source` and `campaign` the query's utm_source and utm_campaign.
   * Positional, so the fast lane makes no object for it.
   */
  count(path: string, client: string, userAgent: string | undefined, referer: string | undefined, cookie: string | undefined, source = '', campaign = ''): void {
    if (cookie !== undefined && cookie.includes(this.staffCookie)) return;
    if (this.nowMs) {
      const now = this.nowMs();
      if (now >= this.dayEndsAt) this.turnDay(now);
    }
    let counts = this.today.get(path);
    if (!counts) {
      if (this.today.size >= pendingPathsMax) return;
      this.today.set(path, (counts = { byAgent: new Map(), askers: 0, overflow: 0 }));
    }
    const agent = userAgent ?? '';
    const from = client;
    let byAddress = counts.byAgent.get(agent);
    const seen = byAddress?.get(from);
    if (byAddress && seen !== undefined) byAddress.set(from, seen + 1);
    else if (counts.askers >= pendingAskersMax) {
      if (!isBot(agent)) counts.overflow++;
    } else {
      if (!byAddress) counts.byAgent.set(agent, (byAddress = new Map()));
      byAddress.set(from, 1);
      counts.askers++;
    }
    const elsewhere = referer !== undefined && !referer.startsWith(this.ownOrigin) ? referrerHost(referer) : null;
    if (elsewhere !== null || source !== '' || campaign !== '') this.countSource(`${from}\n${agent}`, elsewhere ?? '', source.slice(0, sourceMax), campaign.slice(0, sourceMax));
    this.whenCounted();
  }

  private turnDay(now: number): void {
    this.day = dayOf(now);
    this.dayEndsAt = Date.parse(`${this.day}T00:00:00.000Z`) + 86_400_000;
    this.today = this.pending.get(this.day) ?? new Map();
    this.pending.set(this.day, this.today);
    if (this.nowMs) return;
    this.midnight = setTimeout(() => this.turnDay(Date.now()), Math.max(1, this.dayEndsAt - now));
    this.midnight.unref();
  }

  /** Stops the midnight timer. */
  stop(): void {
    if (this.midnight) clearTimeout(this.midnight);
    this.midnight = null;
  }

  private countSource(who: string, host: string, source: string, campaign: string): void {
    let day = this.sourced.get(this.day);
    if (!day) this.sourced.set(this.day, (day = new Map()));
    const key = `${who}\u0000${host}\u0000${source}\u0000${campaign}`;
    const seen = day.get(key);
    if (seen === undefined && this.sourcedSize >= pendingSourcesMax) return;
    if (seen === undefined) this.sourcedSize++;
    day.set(key, (seen ?? 0) + 1);
  }

  /**
   * Takes the waiting counts: bots left out, each visitor hashed with its
   * day's salt (`saltOf`); nothing of who asked is kept after this.
   */
  async take(saltOf: (day: string) => Promise<Buffer>): Promise<DayBatch[]> {
    const pending = this.pending;
    const sourced = this.sourced;
    this.pending = new Map([[this.day, (this.today = new Map())]]);
    this.sourced = new Map();
    this.sourcedSize = 0;
    const batches = new Map<string, DayBatch>();
    const batchOf = (day: string): DayBatch => {
      let b = batches.get(day);
      if (!b) batches.set(day, (b = { day, pages: new Map(), referrers: new Map(), campaigns: new Map() }));
      return b;
    };
    for (const [day, paths] of pending) {
      if (paths.size === 0) continue;
      const salt = await saltOf(day);
      const batch = batchOf(day);
      for (const [path, counts] of paths) {
        const page = { views: counts.overflow, visitors: new Set<string>() };
        for (const [agent, byAddress] of counts.byAgent) {
          if (isBot(agent)) continue;
          for (const [from, views] of byAddress) {
            page.views += views;
            page.visitors.add(visitorHash(salt, `${from}\n${agent}`));
          }
        }
        if (page.views > 0) batch.pages.set(path, page);
      }
    }
    for (const [day, keys] of sourced) {
      const batch = batchOf(day);
      for (const [key, views] of keys) {
        const [who = '', host = '', source = '', campaign = ''] = key.split('\u0000');
        if (isBot(who.slice(who.lastIndexOf('\n') + 1))) continue;
        if (host) batch.referrers.set(host, (batch.referrers.get(host) ?? 0) + views);
        if (source || campaign) {
          const k = `${source}\t${campaign}`;
          const seen = batch.campaigns.get(k);
          batch.campaigns.set(k, { source, campaign, views: (seen?.views ?? 0) + views });
        }
      }
    }
    return [...batches.values()];
  }
}

/** A visitor's id for one day: HMAC-SHA-256 of who asked under the day's salt, 128 bits in base64url. */
export function visitorHash(salt: Buffer, who: string): string {
  return crypto.createHmac('sha256', salt).update(who).digest('base64url').slice(0, 22);
}
