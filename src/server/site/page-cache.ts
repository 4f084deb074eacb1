/**
 * The rendered-page cache: public pages and the sitemap, kept per path as
 * cached representations (bytes per coding, headers made once).
 *
 * - **Single flight.** One render per path at a time: every visitor asking
 *   for a path that is being rendered shares that render's answer.
 * - **Stale while revalidate.** A change drops nothing that visitors are
 *   reading: the pages it touches are marked stale and rendered again in the
 *   background, one at a time, while the previous version is served. A copy
 *   older than the 5-minute expiry (representationMaxAgeMs) is never served:
 *   visitors then wait for the render.
 * - **Only what a change touches.** Each render records the pages whose
 *   content it read (through the data source it is given); the change bus's
 *   one rule, pagesTouchedBy, says which pages an event touches. A kept copy
 *   nobody asked for since it was rendered is dropped instead of rendered.
 *
 * Every finished render is published on the diagnostics channel
 * `renderChannel` (path, status, milliseconds, whether in the background),
 * for tracing and for the tests that count renders.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyBaseLogger } from 'fastify';
import type { PageName } from '../../shared/pages.js';
import { pagesTouchedBy, type ChangeEvent, type PageOfCollection } from '../changes.js';
import { isFresh, type CachedRepresentation } from '../http/cached-representation.js';

export const renderChannelName = 'ngo-site:render';
export const renderChannel = diagnostics.channel(renderChannelName);

export interface RenderMessage {
  path: string;
  status: number;
  ms: number;
  background: boolean;
}

/** What a render produced: a redirect, or a representation to send (kept only when `keep`). */
export type Rendered =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; representation: CachedRepresentation; keep: boolean };

/** Renders one path; `read(page)` must be called for every page whose content the answer shows. */
export type Render = (path: string, read: (page: PageName) => void) => Promise<Rendered>;

interface Entry {
  representation: CachedRepresentation;
  /** The pages it was rendered from. */
  pages: ReadonlySet<PageName>;
  render: Render;
  /** A change touched it since it was rendered. */
  stale: boolean;
  /** Served since it was rendered: worth rendering again when stale. */
  served: boolean;
  /** No background render before this time (ms since the epoch) after one failed. */
  retryAt: number;
}

interface Flight {
  promise: Promise<Rendered>;
  /** What changes touched while it ran: its result is stale if they meet the pages it read. */
  touched: { pages: Set<PageName>; all: boolean };
}

/** After a failed background render, the next one is tried no sooner than this. */
const retryAfterFailureMs = 5000;

function touches(touched: PageName | 'all', pages: ReadonlySet<PageName>): boolean {
  return touched === 'all' || pages.has(touched);
}

export class RenderedPages {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  /** Stale paths waiting for their background render, in order. */
  private readonly queue = new Set<string>();
  private working = false;
  private closed = false;
  /** Renders running in the background (after a change), queued or started by a visitor. */
  private background = 0;
  /** Writers waiting for the background renders to finish (after-writes.ts). */
  private waiters: (() => void)[] = [];

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    /** The site structure's answer to which page a collection is on. */
    private readonly pageOf: PageOfCollection,
    private readonly maxEntries = 1000,
  ) {}

  /**
   * The answer for a path: the kept copy (fresh, or stale within the expiry
   * while it renders again), or the answer of the one render for it.
   */
  get(path: string, render: Render): CachedRepresentation | Promise<Rendered> {
    const entry = this.entries.get(path);
    if (entry && isFresh(entry.representation)) {
      entry.served = true;
      if (entry.stale && !this.flights.has(path) && Date.now() >= entry.retryAt) this.run(path, render, true).catch(() => undefined);
      return entry.representation;
    }
    return (this.flights.get(path)?.promise ?? this.run(path, render, false)) as Promise<Rendered>;
  }

  /**
   * The kept copy of a path when it can be sent as it is, with nothing to
   * start: fresh and untouched by any change since it was rendered (the fast
   * lane's look-up; anything else goes through get()).
   */
  ready(path: string): CachedRepresentation | null {
    const entry = this.entries.get(path);
    if (!entry || entry.stale || !isFresh(entry.representation)) return null;
    entry.served = true;
    return entry.representation;
  }

  /** Follows the change bus: marks what the event touches stale and queues it. */
  onChange(event: ChangeEvent): void {
    const touched = pagesTouchedBy(event, this.pageOf);
    if (touched === 'none') return;
    for (const { touched: seen } of this.flights.values()) {
      if (touched === 'all') seen.all = true;
      else seen.pages.add(touched);
    }
    for (const [path, entry] of this.entries) {
      if (!touches(touched, entry.pages)) continue;
      if (!entry.served) {
        this.entries.delete(path);
        continue;
      }
      entry.stale = true;
      this.enqueue(path);
    }
  }

  /** Null when nothing is being rendered again; else settles when every queued and running background render has finished. */
  caughtUp(): Promise<void> | null {
    if (this.idle()) return null;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.queue.clear();
    this.entries.clear();
    this.wake();
  }

  private idle(): boolean {
    return this.closed || (this.queue.size === 0 && !this.working && this.background === 0);
  }

  private wake(): void {
    if (!this.idle() || this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Background renders, one at a time, yielding to waiting requests between them. */
  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      for (const path of this.queue) {
        this.queue.delete(path);
        const entry = this.entries.get(path);
        if (this.closed || !entry?.stale || Date.now() < entry.retryAt) continue;
        await (this.flights.get(path)?.promise ?? this.run(path, entry.render, true)).catch(() => undefined);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.working = false;
      this.wake();
    }
  }

  private run(path: string, render: Render, background: boolean): Promise<Rendered> {
    const pages = new Set<PageName>();
    const touched: Flight['touched'] = { pages: new Set(), all: false };
    const started = performance.now();
    if (background) this.background++;
    const finished = (status: number) => {
      this.flights.delete(path);
      if (background) {
        this.background--;
        // After this call returns the result is kept (a microtask later): writers wake after that.
        queueMicrotask(() => this.wake());
      }
      if (renderChannel.hasSubscribers) renderChannel.publish({ path, status, ms: performance.now() - started, background } satisfies RenderMessage);
    };
    const promise = render(path, (page) => pages.add(page)).then(
      (rendered) => {
        finished(rendered.kind === 'redirect' ? rendered.status : rendered.representation.status);
        if (this.closed) return rendered;
        const previous = this.entries.get(path);
        if (rendered.kind === 'page' && rendered.keep) {
          // A change that arrived while it rendered may not be in it: it is served, and rendered once more.
          const stale = touched.all || [...touched.pages].some((p) => pages.has(p));
          this.keep(path, { representation: rendered.representation, pages, render, stale, served: !background, retryAt: 0 });
          if (stale) this.enqueue(path);
        } else if (background && previous) {
          if (rendered.kind === 'page' && rendered.representation.status >= 500) this.failed(path, previous, null);
          // Gone or moved: nothing of it is served any more.
          else this.entries.delete(path);
        }
        return rendered;
      },
      (err: unknown) => {
        finished(500);
        const previous = this.entries.get(path);
        if (background && previous && !this.closed) this.failed(path, previous, err);
        throw err;
      },
    );
    this.flights.set(path, { promise, touched });
    return promise;
  }

  /** The previous version stays until it expires; the next attempt waits a little, so a broken database is not hammered. */
  private failed(path: string, entry: Entry, err: unknown): void {
    entry.retryAt = Date.now() + retryAfterFailureMs;
    this.log.error({ err, path }, 'rendering a public page again failed; the previous version is served until it expires');
  }

  private enqueue(path: string): void {
    this.queue.add(path);
    // After every other subscriber has seen the event (the page bundles drop theirs first).
    if (!this.working) setImmediate(() => void this.work());
  }

  private keep(path: string, entry: Entry): void {
    this.entries.delete(path);
    if (this.entries.size >= this.maxEntries) {
      // The oldest kept path makes room.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(path, entry);
  }
}
