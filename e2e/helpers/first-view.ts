/**
 * What a visitor's first view of a page downloads in Chromium on a phone
 * (375 × 812 px at 2×): every response of the load as it came over the wire
 * (headers and body, compressed), counted by the DevTools protocol, without
 * scrolling, until the network is idle. Used by `npm run bench:first-view`
 * and by the browser tests that compare light and full pages.
 */
import type { Browser, CDPSession } from 'playwright-core';

export const phone = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

export interface FirstView {
  /** Every response, in bytes. */
  total: number;
  /** Of it, pictures. */
  images: number;
  /** How many responses. */
  count: number;
}

export async function firstViewBytes(browser: Browser, url: string, saveData: boolean): Promise<FirstView> {
  const context = await browser.newContext({ ...phone, extraHTTPHeaders: saveData ? { 'save-data': 'on' } : {} });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Nothing from an earlier load: every byte of this one is counted.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const view: FirstView = { total: 0, images: 0, count: 0 };
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      view.total += e.encodedDataLength;
      view.count += 1;
      if (types.get(e.requestId) === 'Image') view.images += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    return view;
  } finally {
    await context.close();
  }
}
