/**
 * `npx tsx bench/first-view.ts <base URL> [paths…]`: the bytes a visitor's
 * first view of each page downloads in Chromium at 375 × 812 px (2×): every
 * response of the load counted as it came over the wire (headers and body,
 * compressed), without scrolling, with and without `Save-Data: on`.
 */
import { seedPages as pages } from '../src/server/structure/default-pages.js';
import { launch } from '../e2e/helpers/browser.js';
import { firstViewBytes } from '../e2e/helpers/first-view.js';

const base = process.argv[2];
if (!base) {
  console.error('usage: npx tsx bench/first-view.ts <base URL> [paths…]');
  process.exit(2);
}
const paths = process.argv.length > 3 ? process.argv.slice(3) : pages.map((p) => p.path);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| page | first view | of it pictures | responses | with Save-Data | of it pictures |');
console.log('|---|--:|--:|--:|--:|--:|');
const browser = await launch();
try {
  for (const p of paths) {
    const plain = await firstViewBytes(browser, `${base}${p}`, false);
    const lite = await firstViewBytes(browser, `${base}${p}`, true);
    console.log(`| ${p} | ${kb(plain.total)} | ${kb(plain.images)} | ${plain.count} | ${kb(lite.total)} | ${kb(lite.images)} |`);
  }
} finally {
  await browser.close();
}
