/**
 * The audit log screen (super only) in Debian's Chromium against the built
 * app: a super-admin opens it from the drawer, filters by action and person
 * (the filters go into the address, so the view survives a reload), pages
 * through the lines and downloads the CSV of every matching line; an admin
 * has no entry and is refused the screen and the API; axe finds nothing at
 * 1280 and 375 px; screenshots at both widths.
 */
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations } from './helpers/axe.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, createBlock, makeImage, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { parseCsv } from '../test/helpers/csv.js';
import { apiSignIn, createAccount, watchStaffConsole } from './helpers/staff.js';

const site = setUpSite();
const adminEmail = 'audit.editor@example.org';
const password = 'a long enough password 42';
const signIns = 56;
const screenshots = path.resolve(__dirname, '../docs/screenshots');
let adminUid = '';

beforeAll(async () => {
  adminUid = (await createAccount(site.server.url, site.superToken, { email: adminEmail, role: 'admin', password, displayName: 'Audit Editor' })).uid;
  // More sign-ins than fit on one page, and a file whose name a spreadsheet would run as a formula.
  for (let i = 0; i < signIns; i++) await apiSignIn(site.server.url, adminEmail, password);
  const { idToken } = await apiSignIn(site.server.url, adminEmail, password);
  await uploadViaApi(site.server.url, idToken, await makeImage(40, 30, { r: 200, g: 40, b: 40 }, 'png'), '=SUM(1,2) report.png', 'image/png');
}, 120_000);

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Staff menu' });
const showing = (page: Page) => page.getByTestId('audit-showing');

describe('audit log screen', () => {
  it('a super-admin opens it from the drawer, filters by action and person, pages, reloads the bookmarked view and downloads the CSV', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

    const entry = drawer(page).getByRole('link', { name: 'Audit log' });
    await entry.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/audit');
    // The address changes first; the Users screen stays until the audit screen's code has arrived.
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await waitForScreen(page);
    expect(await entry.getAttribute('aria-current')).toBe('page');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    // Newest first: the super-admin's own sign-in through /login just now.
    const first = await page.getByRole('table').getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(first[2]).toBe('Signed in');
    expect(await page.getByRole('table').locator('caption').innerText()).toBe('Audit log, newest first; times in UTC');

    // Filters by keyboard: choose, then Enter on "Apply filters".
    await page.getByLabel('Action').selectOption({ label: 'Signed in' });
    await page.getByLabel('Person').selectOption({ label: `Audit Editor (${adminEmail})` });
    await page.getByRole('button', { name: 'Apply filters' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('action') === 'auth.sign-in' && u.searchParams.get('actor') === adminUid);
    const total = signIns + 1;
    await expect.poll(() => showing(page).innerText()).toBe(`Showing 1–50 of ${total}`);
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(1 + 50);
    for (const cells of await Promise.all((await rows.all()).slice(1, 4).map((r) => r.getByRole('cell').allInnerTexts()))) {
      expect(cells[1]).toContain('Audit Editor');
      expect(cells[2]).toBe('Signed in');
      expect(cells[4]).toBe(adminEmail);
    }

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => showing(page).innerText()).toBe(`Showing 51–${total} of ${total}`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    // The address is the view: a reload (or a bookmark) shows the same page with the same filters.
    await page.reload();
    await waitForScreen(page);
    await expect.poll(() => showing(page).innerText()).toBe(`Showing 51–${total} of ${total}`);
    expect(await page.getByLabel('Action').inputValue()).toBe('auth.sign-in');
    expect(await page.getByLabel('Person').inputValue()).toBe(adminUid);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => showing(page).innerText()).toBe(`Showing 1–50 of ${total}`);

    // The CSV holds every matching line, not only this page.
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(saved.suggestedFilename()).toBe(`audit-${new Date().toISOString().slice(0, 10)}.csv`);
    const records = parseCsv(fs.readFileSync((await saved.path())!, 'utf8'));
    expect(records[0]).toEqual(['Time (UTC)', 'Who', 'E-mail', 'Account id', 'Action', 'Action code', 'Collection', 'Subject', 'Subject id', 'Revision', 'Address']);
    expect(records).toHaveLength(1 + total);
    expect(records.slice(1).every((r) => r[1] === 'Audit Editor' && r[2] === adminEmail && r[4] === 'Signed in')).toBe(true);
    await page.getByText(/^Downloaded audit-/).waitFor();

    // Another action: the upload, whose file name is written so that a spreadsheet does not run it.
    await page.getByLabel('Action').selectOption({ label: 'Uploaded a file' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => showing(page).innerText()).toBe('Showing 1–1 of 1');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    const [upload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const uploadRows = parseCsv(fs.readFileSync((await upload.path())!, 'utf8'));
    expect(uploadRows.slice(1).map((r) => r[7])).toEqual(["'=SUM(1,2) report.png"]);

    // Nothing matches: said in words, and there is nothing to download.
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByTestId('audit-empty').waitFor();
    expect(await page.getByTestId('audit-empty').innerText()).toBe('No line matches these filters. Widen the period or clear a filter.');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => u.pathname === '/audit' && u.search === '');
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('an admin has no Audit log entry, is refused the screen and never gets a line from the API', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/audit')) asked.push(r.url());
    });
    await site.signInAs(page, adminEmail, password, '/category');
    await drawer(page).waitFor();
    expect(await drawer(page).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    expect(await drawer(page).locator('a[href="/audit"]').count()).toBe(0);
    await page.goto(`${site.server.url}/audit`);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    expect(asked).toEqual([]);
    const { idToken } = await apiSignIn(site.server.url, adminEmail, password);
    for (const accept of ['application/json', 'text/csv']) {
      const res = await fetch(`${site.server.url}/api/audit`, { headers: { authorization: `Bearer ${idToken}`, accept } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('permission-denied');
    }
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("links a block's line to its form, with History open on the revision the change made", async () => {
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Courage', text: 'Before the change.' }, 'published');
    const saved = await apiCall<{ version: number }>(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${block.id}`, {
      method: 'PATCH',
      body: { data: { text: 'After the change.' } },
      ifMatch: block.version,
    });
    expect(saved.version).toBe(block.version + 1);
    const { context, page } = await site.newPage();
    try {
      await site.signIn(page, '/audit?action=content.save');
      await waitForScreen(page);
      const link = page.getByRole('link', { name: /Courage/ }).first();
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(`/visionvalue-form/${block.id}`);
      expect(new URL(page.url()).searchParams.get('revision')).toMatch(/^[0-9a-f-]{36}$/);
      const history = page.getByRole('region', { name: 'History' });
      // The save's revision (version 2) is the one chosen.
      await expect.poll(() => history.locator('[aria-pressed="true"]').count(), { timeout: 10_000 }).toBe(1);
      expect(await history.locator('[aria-pressed="true"]').innerText()).toMatch(/^2\. Saved/);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('has no axe violation at 1280 and 375 px; screenshots at both widths', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/audit');
    fs.mkdirSync(screenshots, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${site.server.url}/audit`);
      await waitForScreen(page);
      await showing(page).filter({ hasText: /^Showing 1–50 of \d+$/ }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the screen: the lines become cards on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screenshots, `audit-${width}.png`), fullPage: width === 375 });
      expect(fs.statSync(path.join(screenshots, `audit-${width}.png`)).size).toBeGreaterThan(10_000);
    }
    // With filters applied and the second page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.server.url}/audit?action=auth.sign-in&page=2`);
    await waitForScreen(page);
    await showing(page).filter({ hasText: /^Showing 51–/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 90_000);
});
