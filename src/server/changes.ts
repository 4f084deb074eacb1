/**
 * The change bus: content, media and settings writes announce themselves here
 * so caches (rendered pages, page bundles, media rows) can drop what is stale.
 * On PostgreSQL the announcement also travels to every other instance through
 * LISTEN/NOTIFY. When the listening connection is lost, every cache is told
 * to drop everything (`reset`: notifications may have been missed) and the
 * bus listens again with backoff.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { PageName } from '../shared/pages.js';
import { sitePageCollection } from '../shared/site-structure.js';

export type ChangeEvent =
  /** A block changed; `id` names it when one block did (a page record's id is its page). */
  | { type: 'documents'; collection: string; id?: string }
  | { type: 'settings' }
  | { type: 'media'; id: string }
  /** Redirects changed (page records announce themselves as the documents of `sitepage`). */
  | { type: 'structure' }
  /** Anything may have changed: drop every cached copy. */
  | { type: 'reset' };

/** Which page a collection's blocks are on: null for site data, undefined when unknown (the site structure answers). */
export type PageOfCollection = (collection: string) => PageName | null | undefined;

/**
 * Which public pages a change can alter: one page (a block of that page), all
 * of them (settings, media, categories, page records and redirects, an
 * unknown or reset event: menus, footer, addresses and structured data tie
 * the pages together), or none (customers, publications).
 */
export function pagesTouchedBy(event: ChangeEvent, pageOf: PageOfCollection): PageName | 'all' | 'none' {
  if (event.type !== 'documents' || event.collection === 'category') return 'all';
  // A page record's own change (its title, description, sections) touches that page; a new address or
  // a page coming onto or off the site is announced as a structure change as well, which touches all.
  if (event.collection === sitePageCollection && event.id) return event.id;
  const page = pageOf(event.collection);
  if (page === undefined) return 'all';
  return page ?? 'none';
}

const CHANNEL = 'site_changes';

export interface ChangeBusLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export class ChangeBus {
  private readonly emitter = new EventEmitter();
  private listener: pg.PoolClient | null = null;
  private readonly instanceId = Math.random().toString(36).slice(2);
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs = 1000;

  constructor(
    private readonly pool: pg.Pool | null,
    private readonly log: ChangeBusLog | null = null,
  ) {
    this.emitter.setMaxListeners(100);
  }

  /** Starts listening for other instances' changes (PostgreSQL only). */
  async start(): Promise<void> {
    if (!this.pool || this.listener || this.stopped) return;
    const client = await this.pool.connect();
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { from, event } = JSON.parse(msg.payload) as { from: string; event: ChangeEvent };
        if (from !== this.instanceId) this.emitter.emit('change', event);
      } catch {
        // A malformed notification is not ours; ignore it.
      }
    });
    // Without this handler a lost connection (database restart, failover) would crash the process.
    client.on('error', (err: Error) => this.lost(client, err));
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    this.listener = client;
    this.retryDelayMs = 1000;
  }

  private lost(client: pg.PoolClient, err: Error): void {
    if (this.listener !== client) return;
    this.listener = null;
    client.release(err);
    this.log?.warn({ err: err.message }, 'lost the change listener; caches dropped, listening again');
    this.emitter.emit('change', { type: 'reset' } satisfies ChangeEvent);
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryDelayMs;
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, 60_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start().then(
        () => {
          // Changes made while nobody listened were missed: drop everything once more.
          this.emitter.emit('change', { type: 'reset' } satisfies ChangeEvent);
          this.log?.info({}, 'change listener restored');
        },
        () => this.scheduleRestart(),
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** Is this instance hearing the others (always true without PostgreSQL)? */
  get listening(): boolean {
    return !this.pool || this.listener !== null;
  }

  publish(event: ChangeEvent): void {
    this.emitter.emit('change', event);
    if (this.pool) {
      const payload = JSON.stringify({ from: this.instanceId, event });
      this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]).catch((err: Error) => {
        // Other instances drop their copies at the latest when their caches expire (5 minutes).
        this.log?.warn({ err: err.message }, 'could not notify other instances of a change');
      });
    }
  }

  subscribe(fn: (event: ChangeEvent) => void): () => void {
    this.emitter.on('change', fn);
    return () => this.emitter.off('change', fn);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.listener) {
      const client = this.listener;
      this.listener = null;
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }
}
