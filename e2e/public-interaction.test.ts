/**
 * Using the public site: menus by keyboard, the menu button on a phone, the
 * home carousel by buttons, keyboard and swipe, accessibility (axe), and
 * screenshots of /, /events and /youthleadership at phone and desktop widths
 * (saved under docs/screenshots/).
 */
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './helpers/axe.js';
import { watchConsole } from './helpers/browser.js';
import { publicPages } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const shotsDir = path.resolve(__dirname, '../docs/screenshots');

async function hydrated(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('.site-header[data-enhanced]').waitFor({ timeout: 10_000 });
}

const activeSlide = (page: Page) => page.locator('.carousel-slide[data-active]').getAttribute('aria-label');

describe('public site interaction', () => {
  it('opens, walks and closes the menus by keyboard, and follows a link', async () => {
    const { context, page } = await site.newPage();
    const watch = watchConsole(page);
    try {
      await hydrated(page, `${site.server.url}/events`);
      const about = page.getByRole('button', { name: 'About Us' });
      await about.focus();
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('false');
      await page.keyboard.press('Enter');
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.locator('#menu-about-us').isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.locator('#menu-about-us').isVisible()).resolves.toBe(false);
      // Space opens; arrow keys move through the entries; focus stays on them.
      await page.keyboard.press('Space');
      await expect(about.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Our Vision & Values');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Our History');
      await page.keyboard.press('End');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('About');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Our Vision & Values');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('About');
      // Escape closes and gives focus back to the menu button.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('About Us');
      // The practice-areas menu: open with ArrowDown, follow a link with Enter.
      const work = page.getByRole('button', { name: 'Our Work' });
      await work.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Social Accountability');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.server.url}/accountability`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Social Accountability');
      await expect(work.getAttribute('aria-expanded')).resolves.toBe('false');
      // A click opens a menu and a click elsewhere closes it.
      await about.click();
      await expect(page.locator('#menu-about-us').isVisible()).resolves.toBe(true);
      await page.mouse.click(5, 600);
      await expect(page.locator('#menu-about-us').isVisible()).resolves.toBe(false);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('opens the navigation with the menu button at 375 px, by touch', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    try {
      await hydrated(page, `${site.server.url}/`);
      const nav = page.locator('#site-nav');
      await expect(nav.isVisible()).resolves.toBe(false);
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.tap();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(nav.isVisible()).resolves.toBe(true);
      await page.getByRole('button', { name: 'About Us' }).tap();
      await page.getByRole('link', { name: 'Our Leadership' }).first().tap();
      await page.waitForURL(`${site.server.url}/leadership`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Our Leadership');
      // Navigating closes the menu.
      await expect(nav.isVisible()).resolves.toBe(false);
      // Escape closes it too and returns focus to the button.
      await toggle.tap();
      await expect(nav.isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(nav.isVisible()).resolves.toBe(false);
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe('site-nav');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('moves the home carousel by its buttons, dots, arrow keys and a swipe, quick or slow', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const watch = watchConsole(page);
    try {
      await hydrated(page, `${site.server.url}/`);
      const carousel = page.locator('[aria-roledescription="carousel"]');
      await carousel.locator('[data-ready]').or(page.locator('.carousel[data-ready]')).first().waitFor();
      const count = await carousel.locator('[aria-roledescription="slide"]').count();
      expect(count).toBeGreaterThan(1);
      await expect(activeSlide(page)).resolves.toBe(`1 of ${count}`);
      // With reduced motion the slideshow does not play by itself.
      await expect(carousel.getByRole('button', { name: 'Play the slideshow' }).count()).resolves.toBe(1);
      await carousel.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => activeSlide(page)).toBe(`2 of ${count}`);
      await carousel.getByRole('button', { name: 'Previous slide' }).click();
      await expect.poll(() => activeSlide(page)).toBe(`1 of ${count}`);
      await carousel.getByRole('button', { name: /^Show slide 3/ }).click();
      await expect.poll(() => activeSlide(page)).toBe(`3 of ${count}`);
      await expect(carousel.getByRole('button', { name: /^Show slide 3/ }).getAttribute('aria-current')).resolves.toBe('true');
      // Arrow keys while focus is in the carousel.
      await carousel.getByRole('button', { name: 'Next slide' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => activeSlide(page)).toBe(`2 of ${count}`);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => activeSlide(page)).toBe(`3 of ${count}`);
      // Slides out of view cannot be reached by keyboard or screen reader.
      await expect(carousel.locator('[aria-roledescription="slide"][inert]').count()).resolves.toBe(count - 1);
      // A swipe to the left shows the next slide.
      const box = (await carousel.locator('.carousel-viewport').boundingBox())!;
      const y = box.y + box.height / 3;
      const drag = async (fromX: number, toX: number, restMs: number) => {
        await page.mouse.move(fromX, y);
        await page.mouse.down();
        for (let i = 1; i <= 10; i++) await page.mouse.move(fromX + ((toX - fromX) * i) / 10, y);
        // The hand holding still before it lets go (part of the gesture, not a wait for a result): the release has no speed.
        if (restMs > 0) await page.waitForTimeout(restMs);
        await page.mouse.up();
      };
      await drag(box.x + box.width * 0.8, box.x + box.width * 0.3, 0);
      await expect.poll(() => activeSlide(page)).toBe(`${(3 % count) + 1} of ${count}`);
      // A swipe is a distance, not a speed (75 px or a quarter): a slow one of 100 px that stops before
      // letting go moves on too, to the right the previous slide, to the left the next one…
      await drag(box.x + box.width * 0.4, box.x + box.width * 0.4 + 100, 400);
      await expect.poll(() => activeSlide(page)).toBe(`3 of ${count}`);
      await drag(box.x + box.width * 0.6, box.x + box.width * 0.6 - 100, 400);
      await expect.poll(() => activeSlide(page)).toBe(`${(3 % count) + 1} of ${count}`);
      // …and one shorter than 75 px springs back: the next button then goes one on from where the drag began.
      const before = (3 % count) + 1;
      await drag(box.x + box.width * 0.6, box.x + box.width * 0.6 - 50, 400);
      await carousel.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => activeSlide(page)).toBe(`${(before % count) + 1} of ${count}`);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps a short drag begun while the strip still slides from sending the carousel back', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    try {
      // The page's clock stands still: the strip stays where it was when Next was pressed, on its way to slide 2.
      await page.clock.install();
      await hydrated(page, `${site.server.url}/`);
      const carousel = page.locator('.carousel[data-ready]');
      await carousel.waitFor();
      const count = await carousel.locator('[aria-roledescription="slide"]').count();
      await carousel.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => activeSlide(page)).toBe(`2 of ${count}`);
      // A slow drag of 50 px to the left, the strip still showing slide 1: nearest to slide 1, but a drag to the
      // left never goes back, so slide 2 stays selected and Next goes on to slide 3.
      const box = (await carousel.locator('.carousel-viewport').boundingBox())!;
      const y = box.y + box.height / 3;
      const x = box.x + box.width * 0.6;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(x - 5 * i, y);
      // The hand holding still before it lets go (part of the gesture, not a wait for a result): the release has no speed.
      await page.waitForTimeout(400);
      await page.mouse.up();
      await page.clock.runFor(2000);
      await expect.poll(() => activeSlide(page)).toBe(`2 of ${count}`);
      await carousel.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => activeSlide(page)).toBe(`${(2 % count) + 1} of ${count}`);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('plays the carousel by itself and pauses it while the pointer is over it', async () => {
    const { context, page } = await site.newPage();
    try {
      await page.clock.install();
      await hydrated(page, `${site.server.url}/`);
      await page.locator('.carousel[data-ready]').waitFor();
      await page.mouse.move(5, 890);
      await expect(activeSlide(page)).resolves.toBe(`1 of ${await page.locator('.carousel-slide').count()}`);
      await page.clock.runFor(6500);
      await expect.poll(() => activeSlide(page)).toMatch(/^2 of/);
      // Hover pauses.
      await page.locator('.carousel-viewport').hover();
      await page.clock.runFor(13_000);
      await expect(activeSlide(page)).resolves.toMatch(/^2 of/);
      // The pause button stops it for good.
      await page.getByRole('button', { name: 'Pause the slideshow' }).click();
      await page.mouse.move(5, 890);
      await page.clock.runFor(13_000);
      await expect(activeSlide(page)).resolves.toMatch(/^2 of/);
      await expect(page.getByRole('button', { name: 'Play the slideshow' }).count()).resolves.toBe(1);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('has no serious or critical accessibility violation on any public page', async () => {
    const { context, page } = await site.newPage();
    const found: string[] = [];
    try {
      for (const p of publicPages) {
        await hydrated(page, `${site.server.url}${p.path}`);
        for (const line of await axeViolations(page)) found.push(`${p.path}: ${line}`);
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('has no serious or critical accessibility violation at phone width, with the menu open too', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const found: string[] = [];
    const check = async (label: string) => {
      for (const line of await axeViolations(page)) found.push(`${label}: ${line}`);
    };
    try {
      for (const path of ['/', '/events', '/youthleadership', '/about']) {
        await hydrated(page, `${site.server.url}${path}`);
        await check(path);
      }
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
      await check('/about with the menu open');
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('takes screenshots of /, /events and /youthleadership at 375 and 1280 px', async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    for (const width of [375, 1280]) {
      const { context, page } = await site.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce', deviceScaleFactor: 1 });
      try {
        for (const [p, name] of [
          ['/', 'home'],
          ['/events', 'events'],
          ['/youthleadership', 'youthleadership'],
        ] as const) {
          await hydrated(page, `${site.server.url}${p}`);
          // Bring lazy images in before the full-page picture.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 600) {
              window.scrollTo(0, y);
              // A rendered frame at this position, then every image it shows loaded (or failed).
              await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
              const inView = Array.from(document.images).filter((img) => {
                const r = img.getBoundingClientRect();
                return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
              });
              await Promise.all(inView.map((img) => (img.complete ? null : new Promise((r) => ['load', 'error'].forEach((e) => img.addEventListener(e, r, { once: true }))))));
            }
            window.scrollTo(0, 0);
          });
          await page.waitForLoadState('networkidle');
          const file = path.join(shotsDir, `public-${name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          expect(fs.statSync(file).size).toBeGreaterThan(10_000);
        }
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
