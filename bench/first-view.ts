/**
 * `npx tsx bench/first-view.ts <base URL> [paths…]`: the bytes a visitor's
 * first view of each page downloads in Chromium at 375 × 812 px (2×): every
 * response of the load counted as it came over the wire (headers and body,
 * compressed), without scrolling, with and without `Save-Data: on`.
 */
import type { CDPSession } from 'playwright-core';
import { pages } from '../src/shared/pages.js';
import { launch } from '../e2e/helpers/browser.js';

const base = process.argv[2];
if (!base) {
  console.error('usage: npx tsx bench/first-view.ts <base URL> [paths…]');
  process.exit(2);
}
const paths = process.argv.length > 3 ? process.argv.slice(3) : pages.map((p) => p.path);

async function bytesOf(url: string, saveData: boolean): Promise<{ total: number; images: number; count: number }> {
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, extraHTTPHeaders: saveData ? { 'save-data': 'on' } : {} });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const types = new Map<string, string>();
    let total = 0;
    let images = 0;
    let count = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      total += e.encodedDataLength;
      count += 1;
      if (types.get(e.requestId) === 'Image') images += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    return { total, images, count };
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| page | first view | of it pictures | responses | with Save-Data | of it pictures |');
console.log('|---|--:|--:|--:|--:|--:|');
for (const p of paths) {
  const plain = await bytesOf(`${base}${p}`, false);
  const lite = await bytesOf(`${base}${p}`, true);
  console.log(`| ${p} | ${kb(plain.total)} | ${kb(plain.images)} | ${plain.count} | ${kb(lite.total)} | ${kb(lite.images)} |`);
}
