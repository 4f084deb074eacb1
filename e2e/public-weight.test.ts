/**
 * What public pages weigh for a visitor who pays for every megabyte, measured
 * on the built server with the demo content and the budgets of
 * src/shared/public-build.json (the build's budget step checks the same
 * limits on the files): the home page's HTML as sent (uncompressed and
 * brotli), and the JavaScript each page really loads in the browser,
 * gzip-compressed: at most `jsWithoutIslands` on a page without an
 * interactive block, at most `jsAnyPage` on any page. The Pages screen shows
 * what each page's first view weighs on a phone: within 5 % of every byte
 * Chromium downloads for it at 375 px, 2×, without scrolling (counted here by
 * the DevTools protocol, apart from the server's own measure), and less than
 * the whole page where pictures lie below the first view.
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { editorialApi } from '../src/shared/editorial.js';
import { apiCall, uploadViaApi } from './admin-content-support.js';
import publicBuild from '../src/shared/public-build.json' with { type: 'json' };
import { bundleOf, publicPages } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';
import { chromiumPath } from './helpers/browser.js';
import { noisyJpeg } from '../test/helpers/images.js';
import { axeViolations } from './helpers/axe.js';
import { firstViewBytes, phone, wholePageBytes } from './helpers/first-view.js';
import { defaultPageWeightBudget, formatWeight } from '../src/shared/page-weight.js';
import type { SiteSettings } from '../src/shared/settings.js';

// The server weighs first views in Debian's Chromium, as it does where it is installed.
const site = setUpSite({ env: { PAGE_WEIGHT_BROWSER: chromiumPath } });
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

  it('shows on the Pages screen what each page’s first view weighs on a phone, within 5 % of what Chromium downloads, and warns over the budget', async () => {
    const { context, page } = await site.newPage();
    try {
      await site.signIn(page, '/pages');
      // Each step says when it ends, so a run that stops short shows how far it got.
      const started = Date.now();
      const since = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
      const weights = page.getByTestId('page-weight');
      // The server loads each page in its own Chromium: the screen shows how far it has got, then every page.
      await page.getByTestId('page-weighing-progress').waitFor();
      await fs.promises.mkdir('docs/screenshots', { recursive: true });
      await page.getByTestId('page-weighing').screenshot({ path: 'docs/screenshots/pages-weighing-1280.png' });
      await expect.poll(() => weights.count(), { timeout: 180_000 }).toBe(publicPages.length);
      await expect.poll(() => page.getByTestId('page-weighing-progress').count(), { timeout: 30_000 }).toBe(0);
      console.log(`the Pages screen shows every page's weight after ${since()}`);
      expect(await page.getByTestId('page-weight-whole').count()).toBe(0);
      const shown = await page.getByTestId('page-section').evaluateAll((sections) =>
        sections.map((s) => {
          const w = s.querySelector('[data-testid="page-weight"]');
          return { page: s.getAttribute('data-page') ?? '', bytes: Number(w?.getAttribute('data-bytes')), text: w?.textContent ?? '' };
        }),
      );
      const rows: string[] = [];
      const problems: string[] = [];
      for (const { name, path } of publicPages) {
        const weight = shown.find((s) => s.page === name);
        if (!weight) {
          problems.push(`${path}: no weight shown`);
          continue;
        }
        const chromium = await firstViewBytes(site.browser, `${site.server.url}${path}`, false);
        // The whole page (scrolled to its end) only where the first view is held to be well under it.
        const whole = path === '/' ? await wholePageBytes(site.browser, `${site.server.url}${path}`) : null;
        console.log(`${path} weighed in this test's Chromium after ${since()}`);
        const off = weight.bytes / chromium.total - 1;
        rows.push(`| ${path} | ${weight.bytes.toLocaleString('en')} B | ${chromium.total.toLocaleString('en')} B | ${chromium.count} | ${off >= 0 ? '+' : ''}${(off * 100).toFixed(1)} % | ${whole ? `${whole.total.toLocaleString('en')} B` : ''} |`);
        if (Math.abs(off) > 0.05) problems.push(`${path}: shown ${weight.bytes}, Chromium downloaded ${chromium.total} for the first view`);
        if (!weight.text.startsWith(`${formatWeight(weight.bytes)} on a phone’s first view`)) problems.push(`${path}: the screen says “${weight.text}”`);
        if (whole && !(weight.bytes < whole.total * 0.8)) problems.push(`/: shown ${weight.bytes}, the whole page ${whole.total}: the first view should be well under it`);
      }
      console.log(['| page | shown | Chromium, first view | responses | difference | Chromium, whole page |', '|---|--:|--:|--:|--:|--:|', ...rows].join('\n'));
      expect(problems).toEqual([]);
      expect(await page.getByTestId('page-weight-warning').count()).toBe(0);
      await page.getByTestId('page-section').first().screenshot({ path: 'docs/screenshots/pages-weight-1280.png' });

      // A strict budget: the pages over it say so, naming their heaviest pictures.
      const saveSettings = async (change: (data: SiteSettings) => SiteSettings) => {
        const current = (await (await fetch(`${site.server.url}/api/settings`)).json()) as { data: SiteSettings; version: number };
        const res = await fetch(`${site.server.url}/api/settings`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${site.superToken}`, 'content-type': 'application/json', 'if-match': String(current.version) },
          body: JSON.stringify({ data: change(current.data) }),
        });
        expect(res.status).toBe(200);
      };
      await saveSettings((data) => ({ ...data, pageWeightBudget: '100' }));
      // A heavy hero on the home page (noise does not compress): its first view goes over 100 KB.
      const noise = await noisyJpeg(1800, 1200);
      const heavy = await uploadViaApi(site.server.url, site.superToken, noise, 'crowd.jpg', 'image/jpeg');
      const [hero] = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/home/documents?limit=1')).documents;
      if (!hero) throw new Error('the home page has no slide');
      const changed = await apiCall<ContentDocument>(site.server.url, site.superToken, `/api/collections/home/documents/${hero.id}`, { method: 'PATCH', body: { data: { ...hero.data, image: { mediaId: heavy.id, alt: 'A crowd at the county hall' } } }, ifMatch: hero.version });
      await apiCall(site.server.url, site.superToken, editorialApi.publish('home', hero.id), { method: 'POST', body: {}, ifMatch: changed.version });
      await page.reload();
      const home = page.locator('[data-testid="page-section"][data-page="home"]');
      const warning = home.getByTestId('page-weight-warning');
      await warning.waitFor({ timeout: 180_000 });
      await expect.poll(() => warning.textContent()).toMatch(/Over the 100 KB budget for a page\.The heaviest pictures: “A crowd at the county hall” \(\d+ KB\)/);
      await home.scrollIntoViewIfNeeded();
      await home.screenshot({ path: 'docs/screenshots/pages-weight-over-budget-1280.png' });
      expect(await axeViolations(page), 'the Pages screen at 1280 px').toEqual([]);
      await page.setViewportSize(phone.viewport);
      await warning.scrollIntoViewIfNeeded();
      await warning.screenshot({ path: 'docs/screenshots/pages-weight-over-budget-375.png' });
      expect(await axeViolations(page), 'the Pages screen at 375 px').toEqual([]);
      // The budget goes back to the default for the other tests.
      await saveSettings((data) => ({ ...data, pageWeightBudget: defaultPageWeightBudget }));
    } finally {
      await context.close();
    }
  }, 420_000);
});
