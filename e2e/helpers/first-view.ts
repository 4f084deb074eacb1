/**
 * What a visitor's first view of a page downloads in Chromium on a phone
 * (375 × 812 px at 2×): every response of the load as it came over the wire
 * (headers and body, compressed), counted by the DevTools protocol, without
 * scrolling, until its islands have started and the network is idle. Used
 * by `npm run bench:first-view` and by the browser tests that compare light
 * and full pages and check the Pages screen's weights.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { islandsStarted, phoneContext, requestsOf } from '../../src/server/weighing/phone-browser.js';

/** The phone the server weighs pages on (src/server/weighing/phone-browser.ts). */
export const phone = phoneContext;

export interface FirstView {
  /** Every response, in bytes. */
  total: number;
  /** Of it, pictures. */
  images: number;
  /** How many responses. */
  count: number;
}

/** How long the last requests of a page may take to end once it is quiet (Playwright's own waits have 30 s too). */
const idleWaitMs = 30_000;

/** Counts every response of a page's loads in a fresh context, as it came over the wire, nothing from a cache. */
async function counted(context: BrowserContext): Promise<{ page: Page; view: FirstView; idle: () => Promise<void> }> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  const view: FirstView = { total: 0, images: 0, count: 0 };
  /** Requests under way, by id: what they asked for, to name them when they never end. */
  const pending = new Map<string, string>();
  let waiters: (() => void)[] = [];
  const settle = (id: string) => {
    pending.delete(id);
    if (pending.size > 0) return;
    for (const w of waiters) w();
    waiters = [];
  };
  cdp.on('Network.requestWillBeSent', (e) => pending.set(e.requestId, `${e.type ?? 'Other'} ${new URL(e.request.url).pathname}`));
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFailed', (e) => settle(e.requestId));
  cdp.on('Network.loadingFinished', (e) => {
    view.total += e.encodedDataLength;
    view.count += 1;
    if (types.get(e.requestId) === 'Image') view.images += e.encodedDataLength;
    settle(e.requestId);
  });
  /** Settles when no request of the page is still under way; fails after `idleWaitMs`, naming the requests still open. */
  const idle = () =>
    pending.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`requests still under way after ${idleWaitMs} ms: ${[...pending.values()].join(', ')}`)), idleWaitMs);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
  return { page, view, idle };
}

export async function firstViewBytes(browser: Browser, url: string, saveData: boolean): Promise<FirstView> {
  const context = await browser.newContext({ ...phone, extraHTTPHeaders: saveData ? { 'save-data': 'on' } : {} });
  try {
    const { page, view, idle } = await counted(context);
    const requests = requestsOf(page);
    await page.goto(url, { waitUntil: 'load' });
    await islandsStarted(page);
    await requests.quiet(30_000);
    await idle();
    return view;
  } finally {
    await context.close();
  }
}

/**
 * What the phone downloads to show the whole page: scrolled to the end half a
 * screen at a time, so every lazy picture loads, with reduced motion (a
 * carousel that does not play fetches no later slide by itself).
 */
export async function wholePageBytes(browser: Browser, url: string): Promise<FirstView> {
  const context = await browser.newContext({ ...phone, reducedMotion: 'reduce' });
  try {
    const { page, view, idle } = await counted(context);
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.waitForLoadState('networkidle');
    await idle();
    return view;
  } finally {
    await context.close();
  }
}
