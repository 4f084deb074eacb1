/**
 * The browser tests' site: the built server on a free port, one Chromium, and
 * the bootstrap super-admin signed in through the API, started before a test
 * file's tests and stopped after them. Call `setUpSite()` at the top of the file.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startBuiltServer, type RunningServer, type StartOptions } from '../../test/support/built-server.js';
import { launch } from './browser.js';
import { apiSignIn, signIn } from './staff.js';

export type { RunningServer };

export interface Site {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The bootstrap super-admin's idToken, for API calls. */
  readonly superToken: string;
  /** A fresh browser context (1280 × 900 unless told otherwise) with one page. */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Signs a page in through /login as the bootstrap super-admin; `next` is where the app lands. */
  signIn(page: Page, next?: string): Promise<void>;
  /** Signs a page in through /login with another account. */
  signInAs(page: Page, email: string, password: string, next?: string): Promise<void>;
}

function started<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`the site's ${name} is used before setUpSite() has started it`);
  return value;
}

export function setUpSite(options: StartOptions = {}): Site {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let superToken: string | undefined;

  beforeAll(async () => {
    server = await startBuiltServer(options);
    browser = await launch();
    superToken = (await apiSignIn(server.url, server.superEmail, server.superPassword)).idToken;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const site: Site = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get superToken() {
      return started(superToken, 'super-admin token');
    },
    async newPage(contextOptions: BrowserContextOptions = { viewport: { width: 1280, height: 900 } }) {
      const context = await site.browser.newContext(contextOptions);
      return { context, page: await context.newPage() };
    },
    signIn: (page, next) => signIn(page, site.server.url, site.server.superEmail, site.server.superPassword, next),
    signInAs: (page, email, password, next) => signIn(page, site.server.url, email, password, next),
  };
  return site;
}
