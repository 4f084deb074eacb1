/**
 * What public pages weigh for a visitor who pays for every megabyte, measured
 * on the built server with the demo content and the budgets of
 * src/shared/public-build.json (the build's budget step checks the same
 * limits on the files): the home page's HTML as sent (uncompressed and
 * brotli), and the JavaScript each page really loads in the browser,
 * gzip-compressed: at most `jsWithoutIslands` on a page without an
 * interactive block, at most `jsAnyPage` on any page.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import publicBuild from '../src/shared/public-build.json' with { type: 'json' };
import { bundleOf, publicPages } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const KB = 1024;
const { budgets } = publicBuild;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** The bytes the server sends for a path with this Accept-Encoding (no decoding on the way). */
function rawBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('page weight', () => {
  it(`sends the home page's HTML in at most ${budgets.homeHtml} KB, ${budgets.homeHtmlBrotli} KB with brotli`, async () => {
    const plain = await rawBytes(`${site.server.url}/`, 'identity');
    const br = await rawBytes(`${site.server.url}/`, 'br');
    expect(plain.encoding).toBeUndefined();
    expect(br.encoding).toBe('br');
    console.log(`home page HTML: ${kb(plain.bytes)} uncompressed, ${kb(br.bytes)} brotli`);
    expect(plain.bytes).toBeLessThanOrEqual(budgets.homeHtml * KB);
    expect(br.bytes).toBeLessThanOrEqual(budgets.homeHtmlBrotli * KB);
  });

  it(`loads at most ${budgets.jsWithoutIslands} KB of JavaScript on a page without an interactive block and ${budgets.jsAnyPage} KB on any page`, async () => {
    const home = await bundleOf(site.server, 'home');
    const story = home.sections.newstory?.[0];
    expect(story).toBeTruthy();
    const paths = [...publicPages.map((p) => p.path), `/news/${story!.id}`, '/no/such/page'];
    const rows: string[] = [];
    for (const path of paths) {
      // A fresh context per page: nothing cached, everything the page loads counted.
      const { context, page } = await site.newPage();
      try {
        const scripts = new Map<string, number>();
        page.on('response', async (res) => {
          if (res.request().resourceType() !== 'script') return;
          const body = await res.body().catch(() => null);
          if (body) scripts.set(res.url(), zlib.gzipSync(body, { level: 9 }).length);
        });
        await page.goto(`${site.server.url}${path}`, { waitUntil: 'networkidle' });
        const islands = await page.locator('[data-island]').evaluateAll((els) => els.map((e) => e.getAttribute('data-island') ?? ''));
        for (let i = 0; i < islands.length; i++) await page.locator('[data-island]').nth(i).and(page.locator('[data-hydrated]')).waitFor();
        await page.waitForLoadState('networkidle');
        const js = [...scripts.values()].reduce((a, b) => a + b, 0);
        rows.push(`${path}: ${kb(js)} of JavaScript in ${scripts.size} files${islands.length ? ` (islands: ${islands.join(', ')})` : ''}`);
        expect(scripts.size, path).toBeGreaterThan(0);
        expect(js, path).toBeLessThanOrEqual((islands.length === 0 ? budgets.jsWithoutIslands : budgets.jsAnyPage) * KB);
      } finally {
        await context.close();
      }
    }
    console.log(rows.join('\n'));
  }, 120_000);
});
