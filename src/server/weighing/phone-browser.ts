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
 *
 * The browser is confined: a home of its own for each launch (a fresh 0700
 * folder with its own config, cache, data and temporary folders, removed when
 * it closes), none of the server's environment, and no request but to the
 * address it loads pages from.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type * as PlaywrightCore from 'playwright-core';
import type { Browser, Page, Request } from 'playwright-core';
import { hydratedAttribute, islandAttribute } from '../../shared/island-markers.js';
import type { WeighedPicture, WeightParts } from '../../shared/page-weight.js';
import { weighingPhone } from '../../shared/page-weight.js';

/**
 * Parts of Chromium that work for no headless page: the address bar's popup
 * and its AI-mode twin, which Chromium 156 draws as pages of browser UI of
 * their own (chrome://omnibox-popup.top-chrome) for every window it opens,
 * though a headless window never shows them. Each new page paid about 2 CPU
 * seconds for them on a 2-core server (docs/performance.md).
 */
export const idleBrowserFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, its
 * Chromium switches). Chromium reads only the last `--disable-features` it is
 * given and Playwright passes its list before ours, so ours repeats it
 * (test/page-weight-browser.test.ts checks, on a launched browser, that no
 * entry of Playwright's is dropped).
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

const disableFeatures = '--disable-features=';

/** The features each `--disable-features` switch of `flags` turns off, one list per switch, in order. */
export function disabledFeatureLists(flags: readonly string[]): string[][] {
  return flags.filter((flag) => flag.startsWith(disableFeatures)).map((flag) => flag.slice(disableFeatures.length).split(','));
}

/** Whether `flag` is a `--disable-features` switch. */
export function isDisableFeaturesSwitch(flag: string): boolean {
  return flag.startsWith(disableFeatures);
}

/** The one `--disable-features` switch to pass after a launcher's own list (`launcherDefaults`): that list and the idle browser features. */
export function disableFeaturesSwitch(launcherDefaults: readonly string[]): string {
  return `${disableFeatures}${[...new Set([...launcherDefaults, ...idleBrowserFeatures])].join(',')}`;
}

/**
 * How Chromium is started through Playwright: headless, without the parts
 * that reach out to the internet on their own (background fetches, component
 * and safe-browsing updates, sync, first-run pages, reliability reports,
 * hyperlink pings) nor the idle browser UI above. Playwright adds more of its
 * own (breakpad, default apps, extensions, field trials, optimisation hints,
 * network time, metrics uploads).
 */
export const headlessChromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--no-pings',
  disableFeaturesSwitch(playwrightDisabledFeatures),
] as const;

/** The prefix of each launch's home in the OS temporary folder (the service's own, PrivateTmp=yes). */
export const browserHomePrefix = 'ngo-site-page-weight-';

/**
 * A fresh home for one launch of the browser: 0700 (mkdtemp), with the
 * folders Chromium and its libraries write to (fontconfig's cache, NSS's
 * database, crash reports) inside it rather than in a folder other processes
 * share. The environment is all the browser gets.
 */
async function makeBrowserHome(): Promise<{ home: string; env: Record<string, string> }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), browserHomePrefix));
  try {
    const folders = { XDG_CONFIG_HOME: 'config', XDG_CACHE_HOME: 'cache', XDG_DATA_HOME: 'data', TMPDIR: 'tmp', artifacts: 'artifacts' } as const;
    const env: Record<string, string> = {};
    for (const [name, folder] of Object.entries(folders)) {
      env[name] = path.join(home, folder);
      await fs.mkdir(env[name], { mode: 0o700 });
    }
    return { home, env };
  } catch (err) {
    await removeBrowserHome(home);
    throw err;
  }
}

/** Removes a launch's home (retried: a closing browser's last process may still be writing into it). */
async function removeBrowserHome(home: string): Promise<void> {
  await fs.rm(home, { recursive: true, force: true, maxRetries: 5 });
}

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

/**
 * Playwright, loaded when the first page is weighed rather than when the
 * server starts: loading it was a fifth of a start's CPU (0.35 of 1.7 s),
 * spent by every server, most of which never weigh a page (docs/performance.md).
 */
let playwrightCore: Promise<typeof PlaywrightCore> | null = null;
const playwright = () => (playwrightCore ??= import('playwright-core'));

/** How long a page's islands may take to start before the count goes on without them (one that fails never does). */
const islandsWaitMs = 10_000;
/** How long without a request under way counts as done: Playwright's own "network idle". */
const quietMs = 500;

/**
 * Resolves once every island of the page has hydrated (islands.ts): they
 * start after the first paint and fetch their code then, and the carousel
 * fetches Embla once mounted. An island that never starts (its code failing)
 * is left after `islandsWaitMs`: what the page fetched until then is what it
 * costs.
 */
export async function islandsStarted(page: Page): Promise<void> {
  const { errors } = await playwright();
  await page
    .waitForFunction(([island, hydrated]) => [...document.querySelectorAll(`[${island}]`)].every((el) => el.hasAttribute(hydrated)), [islandAttribute, hydratedAttribute] as const, { timeout: islandsWaitMs })
    .catch((err: unknown) => {
      if (!(err instanceof errors.TimeoutError)) throw err;
    });
}

/**
 * Follows the requests of a page from now on; `quiet()` resolves once none
 * has been under way for half a second. Playwright's `networkidle` is reached
 * once per load: islands that start later (a busy phone) and fetch their code
 * would not be waited for. Call it before the page loads.
 */
export function requestsOf(page: Page): { quiet(timeoutMs: number): Promise<void> } {
  let underWay = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    underWay += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet(timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const quietFor = Date.now() - lastChange;
        if (underWay <= 0 && quietFor >= quietMs) return;
        if (Date.now() > deadline) throw new (await playwright()).errors.TimeoutError(`the page still had ${underWay} requests under way after ${timeoutMs} ms`);
        // Looked at again when the quiet may have lasted long enough, or soon while requests are under way.
        await delay(underWay > 0 ? 50 : quietMs - quietFor);
      }
    },
  };
}

/** The browser could not be started (not the page failing to load): no page will be weighed in it. */
export class BrowserUnavailable extends Error {}

/** A launched browser and the home made for it. */
interface Launched {
  browser: Browser;
  home: string;
}

export class PhoneBrowser {
  private browser: Promise<Launched> | null = null;

  constructor(
    private readonly executablePath: string,
    /** How long one page may take to load and settle; past twice that its context is closed under it. */
    private readonly timeoutMs = 30_000,
  ) {}

  private open(): Promise<Launched> {
    if (!this.browser) {
      const launching = (async (): Promise<Launched> => {
        let made: Awaited<ReturnType<typeof makeBrowserHome>> | null = null;
        try {
          made = await makeBrowserHome();
          const { artifacts, ...folders } = made.env;
          const { chromium } = await playwright();
          const browser = await chromium.launch({
            executablePath: this.executablePath,
            // Shared memory in /tmp rather than /dev/shm, which a confined service may not have room in.
            args: [...headlessChromiumArgs, '--disable-dev-shm-usage'],
            timeout: this.timeoutMs,
            // The server's own shutdown closes the browser (onClose), not Playwright's handlers, which would exit the process.
            handleSIGINT: false,
            handleSIGTERM: false,
            handleSIGHUP: false,
            // Downloads and traces, were there any, stay in the home too.
            artifactsDir: artifacts,
            // None of the server's settings (its secrets, the database's address): the browser needs none of them.
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: made.home, ...folders },
          });
          const home = made.home;
          // A browser that dies on its own leaves no home behind either.
          browser.on('disconnected', () => void removeBrowserHome(home).catch(() => undefined));
          return { browser, home };
        } catch (err) {
          if (made) await removeBrowserHome(made.home).catch(() => undefined);
          throw new BrowserUnavailable(`Chromium at ${this.executablePath} could not start: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { cause: err });
        }
      })();
      this.browser = launching;
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  /**
   * Loads `url` on the phone and counts what its first view downloads. A
   * page whose pictures, styles or scripts fail to arrive, or which redirects,
   * is not weighed (an error): a count without them would look light.
   */
  async weigh(url: string): Promise<FirstView> {
    const { browser } = await this.open();
    const context = await browser.newContext({ ...phoneContext, serviceWorkers: 'block' });
    const own = new URL(url).origin;
    // Whatever hangs (a page that never settles, a call that never answers) ends with its context.
    const deadline = setTimeout(() => void context.close().catch(() => undefined), this.timeoutMs * 2);
    try {
      // Only the server's own address is asked: a request anywhere else (a picture on another site, say) is aborted before it leaves, and counted nowhere.
      await context.route((address) => address.origin !== own, (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      const parts: WeightParts = { html: 0, css: 0, js: 0, pictures: 0, other: 0 };
      const pictureBytes = new Map<string, number>();
      const failed: string[] = [];
      let responses = 0;
      const counting = new Set<Promise<void>>();
      const requests = requestsOf(page);
      page.on('requestfailed', (request: Request) => {
        const address = new URL(request.url());
        if (address.origin === own) failed.push(`${address.pathname}: ${request.failure()?.errorText ?? 'failed'}`);
      });
      page.on('requestfinished', (request: Request) => {
        const counted = request
          .sizes()
          .then((sizes) => {
            const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
            const kind = kindOf(request.resourceType());
            parts[kind] += bytes;
            responses += 1;
            if (kind === 'pictures') {
              const path = new URL(request.url()).pathname;
              pictureBytes.set(path, (pictureBytes.get(path) ?? 0) + bytes);
            }
          })
          // The context closed under it (the deadline, the server closing): the weighing fails on its own.
          .catch(() => undefined)
          .finally(() => counting.delete(counted));
        counting.add(counted);
      });
      const response = await page.goto(url, { waitUntil: 'load', timeout: this.timeoutMs });
      if (!response) throw new Error(`${url} gave no answer`);
      const redirect = response.request().redirectedFrom();
      if (redirect) throw new Error(`${url} redirects (${(await redirect.response())?.status() ?? 'a redirect'}) to ${response.url()}`);
      const status = response.status();
      const html = await response.text();
      await islandsStarted(page);
      // Lazy pictures inside Chromium's margin start once the page is laid out, and islands fetch their code: done when none is left.
      await requests.quiet(this.timeoutMs);
      while (counting.size > 0) await Promise.all(counting);
      if (status === 200 && failed.length > 0) throw new Error(`some of what ${url} asks for did not arrive: ${failed.slice(0, 3).join('; ')}`);
      const alts = new Map(await page.evaluate(() => [...document.images].map((img): [string, string] => [img.currentSrc, img.alt])));
      const altOf = (path: string): string => {
        for (const [src, alt] of alts) if (src && new URL(src).pathname === path && alt) return alt;
        return '';
      };
      const pictures = [...pictureBytes].map(([path, bytes]) => ({ url: path, bytes, alt: altOf(path) }));
      return { status, parts, responses, pictures, html };
    } finally {
      clearTimeout(deadline);
      await context.close().catch(() => undefined);
    }
  }

  /** Closes the browser, if one is open (after a weighing, and when the server stops). */
  async close(): Promise<void> {
    const launching = this.browser;
    this.browser = null;
    // A launch that failed removed its home itself.
    const launched = await launching?.catch(() => null);
    if (!launched) return;
    try {
      await launched.browser.close();
    } finally {
      await removeBrowserHome(launched.home);
    }
  }
}
