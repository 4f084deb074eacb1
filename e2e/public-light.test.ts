/**
 * Light pages in Chromium with the demo content (src/shared/light-pages.ts):
 * with `Save-Data: on` every page's first view on a phone downloads less,
 * and the home page's far less; no picture stands behind text; the pictures
 * left are the copies a 1× screen would take; the carousel waits for the
 * visitor to press play. Without JavaScript, the footer's link switches light
 * pages on and off. axe finds nothing on light pages at 375 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpSite } from './helpers/fixture.js';
import { axeViolations } from './helpers/axe.js';
import { firstViewBytes, phone } from './helpers/first-view.js';

const site = setUpSite();
const pagesMeasured = ['/', '/about', '/events', '/partner'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('light pages', () => {
  it('download less with Save-Data: on, about half the pictures on the home page', async () => {
    const rows: string[] = [];
    const problems: string[] = [];
    let home: { full: number; light: number } | null = null;
    let lighter = 0;
    // The home page (a carousel), a page with a hero and a carousel, one with a hero, and the partners' page of logos
    // (`npm run bench:first-view` measures all of them for docs/performance.md).
    for (const pathname of pagesMeasured) {
      const full = await firstViewBytes(site.browser, `${site.server.url}${pathname}`, false);
      const light = await firstViewBytes(site.browser, `${site.server.url}${pathname}`, true);
      rows.push(`${pathname}: ${kb(full.total)} → ${kb(light.total)} (pictures ${kb(full.images)} → ${kb(light.images)})`);
      if (pathname === '/') home = { full: full.images, light: light.images };
      if (light.images < full.images) lighter += 1;
      // Never more (a page of small logos only, already at the narrowest copy, stays as it is, give or take a word of the footer).
      if (light.images > full.images || light.total > full.total + 64) problems.push(`${pathname}: ${full.total} → ${light.total} bytes, pictures ${full.images} → ${light.images}`);
    }
    console.log(rows.join('\n'));
    expect(problems).toEqual([]);
    // Every page with a picture behind its title (all but the partners' page of logos).
    expect(lighter).toBe(pagesMeasured.length - 1);
    // The home page's pictures come to about half: its slide is gone, the header's logo (already the narrowest copy) stays.
    expect(home).not.toBeNull();
    expect(home!.light).toBeLessThanOrEqual(home!.full * 0.6);
  }, 240_000);

  it('draw no picture behind text, take the 1× copies of the others, and leave the carousel still until play is pressed', async () => {
    const { context, page } = await site.newPage({ ...phone, extraHTTPHeaders: { 'save-data': 'on' } });
    try {
      await page.goto(`${site.server.url}/`);
      const carousel = page.locator('[data-island="carousel"]');
      await carousel.and(page.locator('[data-hydrated]')).waitFor();
      await expect.poll(() => page.locator('.carousel[data-ready]').count()).toBe(1);
      expect(await page.locator('.slide-image, .hero-image').count()).toBe(0);
      // Not playing: the button offers to play, and the slides' region is announced (a moving one is not).
      await expect.poll(() => page.locator('.carousel-play').getAttribute('aria-label')).toBe('Play the slideshow');
      expect(await page.locator('.carousel-track').getAttribute('aria-live')).toBe('polite');
      await page.locator('.carousel-play').click();
      await expect.poll(() => page.locator('.carousel-play').getAttribute('aria-label')).toBe('Pause the slideshow');

      await page.goto(`${site.server.url}/about`);
      expect(await page.locator('.slide-image, .hero-image').count()).toBe(0);
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }
      });
      await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.currentSrc === ''));
      // Each picture's copy is the narrowest at least as wide as it is drawn in CSS pixels (not device pixels).
      const taken = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>('main img')]
          .filter((img) => img.currentSrc.includes('/media/'))
          .map((img) => ({ drawn: img.getBoundingClientRect().width, width: Number(/\/(\d+)(\.avif)?$/.exec(img.currentSrc)?.[1] ?? 0) })),
      );
      expect(taken.length).toBeGreaterThan(2);
      // (480 px is the narrowest copy there is.)
      for (const t of taken) expect(t.width, JSON.stringify(t)).toBeLessThan(Math.max(481, t.drawn * 2));
    } finally {
      await context.close();
    }
  }, 60_000);

  it('switch on and off with the footer link without JavaScript', async () => {
    const { context, page } = await site.newPage({ ...phone, javaScriptEnabled: false });
    try {
      const behindText = page.locator('.hero-image, .slide-image');
      await page.goto(`${site.server.url}/about`);
      expect(await behindText.count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Light pages: fewer and smaller pictures' }).click();
      await page.waitForURL(`${site.server.url}/about`);
      await page.getByRole('link', { name: 'Light pages are on: show full pages' }).waitFor();
      expect(await behindText.count()).toBe(0);
      // The choice holds on the next page.
      await page.goto(`${site.server.url}/`);
      expect(await behindText.count()).toBe(0);
      await page.getByRole('link', { name: 'Light pages are on: show full pages' }).click();
      await page.waitForURL(`${site.server.url}/`);
      await page.getByRole('link', { name: 'Light pages: fewer and smaller pictures' }).waitFor();
      // Without JavaScript every slide's picture is there (the strip scrolls sideways).
      expect(await behindText.count()).toBe(await page.locator('.carousel-slide').count());
    } finally {
      await context.close();
    }
  }, 60_000);

  it.each([
    { label: '375 px', options: phone },
    { label: '1280 px', options: { viewport: { width: 1280, height: 900 } } },
  ])('pass axe at $label', async ({ label, options }) => {
    const { context, page } = await site.newPage({ ...options, extraHTTPHeaders: { 'save-data': 'on' } });
    try {
      for (const pathname of ['/', '/about', '/events']) {
        await page.goto(`${site.server.url}${pathname}`);
        // Checked as the visitor sees it once the islands have hydrated.
        const islands = await page.locator('[data-island]').count();
        for (let i = 0; i < islands; i++) await page.locator('[data-island]').nth(i).and(page.locator('[data-hydrated]')).waitFor();
        expect(await axeViolations(page), `${pathname} at ${label}`).toEqual([]);
      }
      if (label === '375 px') {
        await page.goto(`${site.server.url}/`);
        await page.locator('[data-hydrated]').first().waitFor();
        fs.mkdirSync('docs/screenshots', { recursive: true });
        await page.screenshot({ path: path.join('docs/screenshots', 'public-light-home-375.png'), fullPage: false });
        await page.locator('.footer-bottom').screenshot({ path: path.join('docs/screenshots', 'public-light-footer-375.png') });
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
