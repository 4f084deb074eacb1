/**
 * The weights the Pages screen shows (src/shared/page-weight.ts): every
 * published page weighed in turn, in the background, once after each change
 * (a page, a picture, the settings' budget), started by the first request
 * that finds the last weighing out of date. A request answers at once with
 * what is known: each page's new weight once weighed, its last one until
 * then, and how far the weighing has got.
 *
 * Each page's first view is loaded in Chromium (phone-browser.ts) when the
 * server has one (PAGE_WEIGHT_BROWSER) and listens on a port the browser can
 * reach; a page whose HTML is the same as when it was last weighed keeps its
 * weight without being loaded again, so a change costs a load of the pages
 * it changed, not of every page. Without one, or when the browser cannot
 * start or load a page, the page is read from its HTML and weighed whole
 * (page-weight.ts), and the answer says why.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pageWeightBudgetBytes, weighingPhone, type PageWeight, type PageWeightsAnswer } from '../../shared/page-weight.js';
import { firstViewWeight, weighingUserAgent, weighPage, type Weighing } from './page-weight.js';
import { BrowserUnavailable, PhoneBrowser } from './phone-browser.js';
import { AppError } from '../../shared/errors.js';
import type { SitePage } from '../../shared/site-structure.js';

type Failed = PageWeightsAnswer['failed'][number];
/** A page's weight (with a digest of the HTML its first view was weighed from), or what its address answered. */
type Outcome = { weight: PageWeight; html?: string } | { failed: Failed };

/** A digest of a page's HTML: the same HTML downloads the same first view (its assets and pictures are at immutable addresses). */
const digestOf = (html: string): string => crypto.createHash('sha256').update(html).digest('base64url');

interface Run {
  generation: number;
  /** The published pages to weigh, in order; null until read. */
  pageIds: string[] | null;
  outcomes: Map<string, Outcome>;
  budget: number;
  firstViewUnavailable: string | null;
  finished: boolean;
  /** Every page weighed (not stopped by the server's close or an error). */
  complete: boolean;
  /** When it finished (ms since the epoch), for the pause before a failed weighing is tried again. */
  endedAt: number;
  /** The published pages, once read with the budget (a few milliseconds): every answer waits for it. */
  ready: Promise<SitePage[]>;
}

/** How long after a weighing that failed as a whole (its database unreachable, say) the next request tries again. */
const retryAfterMs = 10_000;

/** Said to staff when the browser would not start. */
export const browserDidNotStart = 'The browser that loads pages to weigh their first view could not start (the server log says why), so each weight is the whole page scrolled to the end, read from its HTML; a first view weighs less.';

/** Said to staff when the browser could not weigh some pages. */
export function wholeInsteadNote(paths: readonly string[]): string {
  const named = paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ');
  return `The browser could not weigh the first view of ${named} (the server log says why), so ${paths.length === 1 ? 'its weight is' : 'their weights are'} the whole page scrolled to the end; a first view weighs less.`;
}

/** Said to staff when the server has no browser to load pages in. */
export const noBrowserNote = 'The server has no browser to load pages in (PAGE_WEIGHT_BROWSER), so each weight is the whole page scrolled to the end, read from its HTML; a first view weighs less.';

export class PageWeigher {
  private generation = 0;
  private run: Run | null = null;
  /** The last finished weighing: its weights are shown until the pages are weighed again. */
  private last: Run | null = null;
  private readonly browser: PhoneBrowser | null;
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly weighing: Weighing,
    browserPath: string | null,
  ) {
    this.browser = browserPath ? new PhoneBrowser(browserPath) : null;
  }

  /** Something a page shows changed: the weights are out of date. */
  changed(): void {
    this.generation += 1;
  }

  /**
   * What is known now, starting a weighing when the last one is out of date.
   * A weighing that failed as a whole (the database unreachable, say) is an
   * error for `retryAfterMs`, then tried again.
   */
  async answer(): Promise<PageWeightsAnswer> {
    const ended = this.run?.finished ? this.run : null;
    if (!this.closed && (!this.run || (ended && (ended.complete ? ended.generation !== this.generation : Date.now() - ended.endedAt > retryAfterMs)))) this.start();
    const run = this.run;
    await run?.ready.catch(() => undefined);
    if (!run?.pageIds || (run.finished && !run.complete)) {
      throw new AppError('unavailable', 'The pages could not be weighed just now (the server log says why). Try again in a few seconds.');
    }
    const before = this.last;
    // Each published page's new outcome, or its last one until it is weighed again.
    const ids = run.pageIds;
    const answer: PageWeightsAnswer = {
      budget: run.budget,
      phone: weighingPhone,
      pages: [],
      failed: [],
      weighing: run.finished ? null : { done: run.outcomes.size, of: ids.length },
      firstViewUnavailable: run.firstViewUnavailable ?? (this.browser ? null : noBrowserNote),
    };
    for (const id of ids) {
      const outcome = run.outcomes.get(id) ?? before?.outcomes.get(id);
      if (!outcome) continue;
      // A weight from the last weighing is held to today's budget.
      if ('weight' in outcome) answer.pages.push({ ...outcome.weight, over: outcome.weight.total > answer.budget });
      else answer.failed.push(outcome.failed);
    }
    return answer;
  }

  /** Stops a weighing under way (its browser closed at once) and resolves when it has ended: the server's close. */
  async close(): Promise<void> {
    this.closed = true;
    await this.browser?.close();
    await this.pending;
  }

  private pending: Promise<void> = Promise.resolve();

  private start(): void {
    const run: Run = { generation: this.generation, pageIds: null, outcomes: new Map(), budget: pageWeightBudgetBytes(null), firstViewUnavailable: null, finished: false, complete: false, endedAt: 0, ready: Promise.resolve([]) };
    if (this.run?.complete) this.last = this.run;
    this.run = run;
    run.ready = (async () => {
      run.budget = pageWeightBudgetBytes((await this.app.services.settings.current()).data.pageWeightBudget);
      const pages = await this.app.services.structure.livePages();
      run.pageIds = pages.map((p) => p.id);
      return pages;
    })();
    // A weighing that did not get through (an error, the server closing) is started again by the next request.
    this.pending = this.weighAll(run)
      .then(() => {
        run.complete = !this.closed;
      })
      .catch((err: unknown) => {
        this.app.log.error({ err }, 'weighing the pages failed');
      })
      .finally(() => {
        run.finished = true;
        run.endedAt = Date.now();
      });
  }

  /** A digest of the page's HTML as the server sends it now (null when it answers something else). */
  private async currentHtml(path: string): Promise<string | null> {
    try {
      const res = await this.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html', 'accept-encoding': 'identity', 'user-agent': weighingUserAgent } });
      return res.statusCode === 200 ? digestOf(res.body) : null;
    } catch {
      // Not known: the page is loaded in the browser again, which says what is wrong.
      return null;
    }
  }

  /** The address the server listens on, as the browser reaches it; null when it does not listen (tests that inject). */
  private ownUrl(): string | null {
    const address = this.app.server.address();
    if (!address || typeof address === 'string') return null;
    if (address.family === 'IPv6') return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
    return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
  }

  private async weighAll(run: Run): Promise<void> {
    const pages = await run.ready;
    const base = this.browser ? this.ownUrl() : null;
    let browser = base ? this.browser : null;
    if (this.browser && !base) run.firstViewUnavailable = noBrowserNote;
    /** Pages the browser could not weigh, weighed whole instead. */
    const wholeInstead: string[] = [];
    try {
      // One page at a time: visitors keep the other core.
      for (const page of pages) {
        if (this.closed) return;
        let outcome: Outcome | null = null;
        const last = this.last?.outcomes.get(page.id);
        const lastFirstView = last && 'weight' in last && last.weight.view === 'first-view' ? last : null;
        // A page whose HTML is what was weighed last time downloads the same first view: only changed pages are loaded again.
        if (browser && lastFirstView?.html && lastFirstView.html === (await this.currentHtml(page.path))) {
          outcome = { weight: { ...lastFirstView.weight, id: page.id, path: page.path, title: page.title }, html: lastFirstView.html };
        } else if (browser && base) {
          try {
            const view = await browser.weigh(`${base}${page.path}`);
            outcome = view.status === 200 ? { weight: firstViewWeight(view, page, run.budget), html: digestOf(view.html) } : { failed: { id: page.id, path: page.path, title: page.title, status: view.status } };
          } catch (err) {
            // The server is closing, and closed the browser under the page.
            if (this.closed) return;
            if (err instanceof BrowserUnavailable) {
              this.app.log.error({ err }, 'the browser that weighs first views could not start');
              run.firstViewUnavailable = browserDidNotStart;
              // No page of this weighing is weighed in it; the next weighing tries again.
              browser = null;
            } else {
              this.app.log.error({ err, path: page.path }, 'loading a page in the browser to weigh its first view failed');
              wholeInstead.push(page.path);
              run.firstViewUnavailable = wholeInsteadNote(wholeInstead);
            }
          }
        }
        if (!outcome) {
          try {
            const weight = await weighPage(this.weighing, page, run.budget);
            outcome = 'total' in weight ? { weight } : { failed: { id: page.id, path: page.path, title: page.title, status: weight.status } };
          } catch (err) {
            this.app.log.error({ err, path: page.path }, 'weighing a page failed');
            outcome = { failed: { id: page.id, path: page.path, title: page.title, status: 500 } };
          }
        }
        run.outcomes.set(page.id, outcome);
      }
    } finally {
      // The browser is not kept between weighings: it would hold its memory for nothing.
      await this.browser?.close();
    }
  }
}
