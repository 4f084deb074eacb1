/**
 * A page's first view, weighed in a real browser: the server loads its own
 * page in headless Chromium as a phone shows it (src/shared/page-weight.ts's
 * `weighingPhone`: 375 × 812 px at 2×, touch), without scrolling, and counts
 * every response as it came over the wire (Playwright's `sizes()`: the
 * status line and headers as received, the body as sent, compressed), until
 * its islands have started and the network is idle. What Chromium itself decides is what is counted: which
 * `srcset` copy it takes, and which lazy pictures it fetches because they lie
 * within its loading margin of the screen, which no reading of the HTML can
 * know without laying the page out.
 *
 * One browser per weighing (launched on the first page, closed after the
 * last), one fresh context per page (nothing cached), the page asked of the
 * address the server listens on.
 */
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { hydratedAttribute, islandAttribute } from '../../web/public/islands.js';
import type { WeighedPicture, WeightParts } from '../../shared/page-weight.js';
import { weighingPhone } from '../../shared/page-weight.js';

/** How Chromium is started: headless, without the parts that reach out to the internet on their own. */
export const headlessChromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] as const;

/** The phone, as a browser context. */
export const phoneContext = {
  viewport: { width: weighingPhone.width, height: weighingPhone.height },
  deviceScaleFactor: weighingPhone.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
} as const;

/** What one first view downloaded. */
export interface FirstView {
  /** The page's own status. */
  status: number;
  parts: WeightParts;
  responses: number;
  /** Each picture fetched, with its alt text in the page ('' when decorative or not shown by an `<img>`). */
  pictures: WeighedPicture[];
  /** The page's HTML, as the browser read it. */
  html: string;
}

/** The kind of response each of Chromium's resource types counts as. */
function kindOf(resourceType: string): keyof WeightParts {
  switch (resourceType) {
    case 'document':
      return 'html';
    case 'stylesheet':
      return 'css';
    case 'script':
      return 'js';
    case 'image':
      return 'pictures';
    default:
      return 'other';
  }
}

/** How long a page's islands may take to start before the count goes on without them (one that fails never does). */
const islandsWaitMs = 10_000;

/**
 * Resolves once every island of the page has hydrated (islands.ts): they
 * start after the first paint and fetch their code then, and the carousel
 * fetches Embla once mounted, which a busy phone may do more than the half
 * second after the last response that counts as idle. An island that never
 * starts (its code failing) is left after `islandsWaitMs`: what the page
 * fetched until then is what it costs.
 */
export async function islandsStarted(page: Page): Promise<void> {
  await page
    .waitForFunction(([island, hydrated]) => [...document.querySelectorAll(`[${island}]`)].every((el) => el.hasAttribute(hydrated)), [islandAttribute, hydratedAttribute] as const, { timeout: islandsWaitMs })
    .catch((err: unknown) => {
      if (!(err instanceof Error && err.name === 'TimeoutError')) throw err;
    });
}

export class PhoneBrowser {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly executablePath: string,
    /** How long one page may take to load and settle. */
    private readonly timeoutMs = 30_000,
  ) {}

  private open(): Promise<Browser> {
    if (!this.browser) {
      // Shared memory in /tmp rather than /dev/shm, which a confined service may not have room in.
      const launching = chromium.launch({ executablePath: this.executablePath, args: [...headlessChromiumArgs, '--disable-dev-shm-usage'], timeout: this.timeoutMs });
      this.browser = launching;
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  /** Loads `url` on the phone and counts what its first view downloads. */
  async weigh(url: string): Promise<FirstView> {
    const browser = await this.open();
    const context = await browser.newContext({ ...phoneContext, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const parts: WeightParts = { html: 0, css: 0, js: 0, pictures: 0, other: 0 };
      const pictureBytes = new Map<string, number>();
      let responses = 0;
      const counting = new Set<Promise<void>>();
      page.on('requestfinished', (request: Request) => {
        const counted = request.sizes().then((sizes) => {
          const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
          const kind = kindOf(request.resourceType());
          parts[kind] += bytes;
          responses += 1;
          if (kind === 'pictures') {
            const path = new URL(request.url()).pathname;
            pictureBytes.set(path, (pictureBytes.get(path) ?? 0) + bytes);
          }
        });
        counting.add(counted);
        void counted.finally(() => counting.delete(counted));
      });
      const response = await page.goto(url, { waitUntil: 'load', timeout: this.timeoutMs });
      const status = response?.status() ?? 0;
      const html = response ? await response.text() : '';
      await islandsStarted(page);
      // Lazy pictures inside Chromium's margin start once the page is laid out: idle is when none is left.
      await page.waitForLoadState('networkidle', { timeout: this.timeoutMs });
      while (counting.size > 0) await Promise.all(counting);
      const alts = new Map(await page.evaluate(() => [...document.images].map((img): [string, string] => [img.currentSrc, img.alt])));
      const altOf = (path: string): string => {
        for (const [src, alt] of alts) if (src && new URL(src).pathname === path && alt) return alt;
        return '';
      };
      const pictures = [...pictureBytes].map(([path, bytes]) => ({ url: path, bytes, alt: altOf(path) }));
      return { status, parts, responses, pictures, html };
    } finally {
      await context.close();
    }
  }

  /** Closes the browser, if one is open (after a weighing, and when the server stops). */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
