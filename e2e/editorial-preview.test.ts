/**
 * Previews in the browser: a staff member makes a preview link of a page on
 * the Pages screen, a colleague opens it signed out in a fresh browser and
 * sees the banner and the unpublished change; the preview and the Pages
 * screen pass axe at 375 and 1280 px; "Edit this page" shows on the public
 * site in a staff member's browser only and leads to the page on the Pages
 * screen. Screenshots: docs/screenshots/preview-banner-*.png, pages-*.png.
 *
 * The unpublished change is written straight into `documents.pending_data`
 * (what a staff save of a published block leaves there).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { axeViolations } from './helpers/axe.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ContentDocument } from '../src/shared/collections.js';
import { previewBannerText, previewPathPrefix } from '../src/shared/editorial.js';
import { apiCall, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { watchStaffConsole } from './helpers/staff.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');
const changedTitle = 'Our vision, as it will read once published';
let staff: Page;
let errors: string[];
let block: ContentDocument;

const sizes = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const list = await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/aboutvision/documents?limit=10');
  const published = list.documents.find((d) => d.status === 'published');
  if (!published) throw new Error('the demo site has no published block on the about page');
  block = published;
  const db = new Database(path.join(site.server.dataDir, 'site.sqlite'));
  try {
    db.prepare('update documents set pending_data = ? where id = ?').run(JSON.stringify({ ...block.data, title: changedTitle }), block.id);
  } finally {
    db.close();
  }
  ({ page: staff } = await site.newPage());
  errors = watchStaffConsole(staff).errors;
  await site.signIn(staff, '/pages');
}, 120_000);

describe('preview links in the browser', () => {
  it('a preview made on the Pages screen opens signed out in a fresh browser with the banner and the change, and passes axe', async () => {
    // A fresh load of the screen at the page's place (as from the public site's "Edit this page").
    await staff.goto(`${site.server.url}/about`);
    await staff.goto(`${site.server.url}/pages#about`);
    await waitForScreen(staff);
    const section = staff.locator('section[data-page=about]');
    await section.locator('[data-testid=page-block]').first().waitFor();
    // The page's place on the screen comes into view, its heading focused.
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe('page-about-title');

    // Preview opens the link in a new tab and shows it with a copy button.
    const opened = staff.context().waitForEvent('page');
    await staff.getByRole('button', { name: 'Preview About us' }).click();
    const field = staff.getByRole('textbox', { name: 'Preview link for About us' });
    await field.waitFor();
    const url = await field.inputValue();
    expect(url.startsWith(`${site.server.url}${previewPathPrefix}`)).toBe(true);
    await staff.getByRole('button', { name: 'Copy link' }).waitFor();
    const tab = await opened;
    await tab.waitForURL(url);
    await tab.close();
    // The screen with the new link, at the page's place.
    for (const size of sizes) {
      await staff.setViewportSize(size);
      await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await staff.screenshot({ path: path.join(shots, `pages-${size.width}.png`) });
    }
    await staff.setViewportSize({ width: 1280, height: 900 });

    // A colleague without an account, in a browser of their own.
    const { context, page: visitor } = await site.newPage();
    try {
      for (const size of sizes) {
        await visitor.setViewportSize(size);
        const res = await visitor.goto(url);
        expect(res?.status()).toBe(200);
        expect(res?.headers()['cache-control']).toBe('private, no-store');
        expect(res?.headers()['x-robots-tag']).toBe('noindex');
        const banner = visitor.getByRole('region', { name: previewBannerText });
        await banner.waitFor();
        expect(await banner.textContent()).toContain('The link works until');
        const changed = visitor.getByRole('heading', { name: changedTitle });
        await changed.waitFor();
        // The banner sits above the header in the page's flow: nothing of the page is under it.
        const box = await banner.boundingBox();
        const header = await visitor.locator('header.site-header').boundingBox();
        expect(box && header && box.y + box.height <= header.y + 0.5).toBe(true);
        expect(await axeViolations(visitor)).toEqual([]);
        await visitor.screenshot({ path: path.join(shots, `preview-banner-${size.width}.png`) });
        // The change itself, where it sits on the page.
        await changed.scrollIntoViewIfNeeded();
        expect(await changed.isVisible()).toBe(true);
      }
      // The public page still shows what visitors see.
      await visitor.goto(`${site.server.url}/about`);
      await visitor.getByRole('heading', { level: 1 }).waitFor();
      expect(await visitor.getByRole('heading', { name: changedTitle }).count()).toBe(0);
    } finally {
      await context.close();
    }

    // The link is listed on the Pages screen, and revoking it ends it.
    await staff.getByRole('button', { name: 'Shared links' }).first().waitFor();
    await section.getByRole('button', { name: 'Shared links' }).click();
    const revoke = section.getByRole('button', { name: /^Revoke the link made by/ });
    await revoke.first().waitFor();
    const before = await revoke.count();
    await revoke.first().click();
    await expect.poll(() => revoke.count()).toBe(before - 1);
    const after = await fetch(url);
    expect(after.status).toBe(410);
    expect(await after.text()).toContain('withdrawn');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the Pages screen passes axe at 1280 and 375 px and lists an opened page\'s blocks with their state', async () => {
    for (const size of sizes) {
      await staff.setViewportSize(size);
      await staff.goto(`${site.server.url}/pages`);
      await waitForScreen(staff);
      const about = staff.locator('section[data-page=about]');
      await about.getByRole('button', { name: /^Sections and blocks/ }).click();
      await about.locator('[data-testid=page-block]').first().waitFor();
      await staff.waitForFunction(() => !document.querySelector('[role=status]')?.textContent?.includes('Loading'));
      const row = about.locator(`[data-testid=page-block][data-id="${block.id}"]`);
      expect(await row.textContent()).toContain('About: vision');
      expect(await row.textContent()).toContain('Published with unpublished changes');
      expect(await row.textContent()).toContain(changedTitle);
      expect(await row.getByRole('link', { name: /^Edit “/ }).getAttribute('href')).toBe(`/aboutvision-form/${block.id}`);
      expect(await axeViolations(staff)).toEqual([]);
    }
    await staff.setViewportSize({ width: 1280, height: 900 });
    // Publish changes of the page: it says what goes live, then the block's pending words go live.
    const row = staff.locator(`[data-testid=page-block][data-id="${block.id}"]`);
    await staff.getByRole('button', { name: 'Publish changes to About us…' }).click();
    const question = staff.getByRole('dialog', { name: 'Publish “About us”?' });
    await question.getByText(/^This takes .+ live, all together\.$/).waitFor();
    expect(await question.getByRole('list', { name: 'Blocks that go live' }).textContent()).toContain(`“${changedTitle}” (its changes)`);
    await question.getByRole('button', { name: 'Publish', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    await row.locator('[data-state=published]').waitFor();
    const live = await fetch(`${site.server.url}/api/pages/about`);
    expect(await live.text()).toContain(changedTitle);
    // In the drawer, right after the dashboard.
    expect(await staff.locator('nav[aria-label="Staff menu"] a[href="/pages"] .staff-link-label').textContent()).toBe('Pages');
    expect(await staff.locator('nav[aria-label="Staff menu"] .staff-link-label').first().textContent()).toBe('Dashboard');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('"Edit this page" on the public site', () => {
  it('shows in a signed-in staff member\'s browser and leads to the page\'s editor', async () => {
    await staff.goto(`${site.server.url}/about`);
    const link = staff.getByRole('link', { name: 'Edit this page' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/pages/about');
    await link.click();
    await staff.waitForURL(`${site.server.url}/pages/about`);
    await waitForScreen(staff);
    await staff.getByRole('heading', { level: 1, name: /About us/ }).waitFor();
  }, 60_000);

  it('never shows, nor loads its code, in a signed-out browser', async () => {
    const { context, page } = await site.newPage();
    try {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.goto(`${site.server.url}/about`, { waitUntil: 'networkidle' });
      expect(scripts.some((s) => s.includes('/assets/public-'))).toBe(true);
      expect(scripts.filter((s) => s.includes('edit-link'))).toEqual([]);
      expect(await page.getByRole('link', { name: 'Edit this page' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
