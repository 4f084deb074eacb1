/**
 * Accessibility of the staff content screens: axe finds no
 * violation on a list, a form (new and filled, with errors showing; with its
 * History open), the site settings, the backups screen, the trash and the own
 * account (1280 and 375 px); every input has a label
 * and no element has a positive tabindex. Also takes the list and form
 * screenshots at 375 and 1280 px.
 */
import path from 'node:path';
import fs from 'node:fs';
import { axeViolations } from './helpers/axe.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settle, watchStaffConsole } from './helpers/staff.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { apiCall, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { backupListSchema } from '../src/shared/backup-api.js';

const site = setUpSite();
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ page } = await site.newPage());
  errors = watchStaffConsole(page).errors;
  await site.signIn(page);
});

/** Inputs without a name a screen reader can read, and elements that break the tab order. */
async function labelAndTabProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const main = document.querySelector('main') ?? document.body;
    for (const el of Array.from(main.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([hidden]), textarea, select, [contenteditable=true]'))) {
      const id = el.id;
      const labelled =
        el.getAttribute('aria-label') ||
        el.getAttribute('aria-labelledby') ||
        (id && document.querySelector(`label[for="${CSS.escape(id)}"]`)) ||
        el.closest('label');
      if (!labelled && el.getAttribute('aria-hidden') !== 'true') problems.push(`unlabelled ${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? ''}`);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[tabindex]'))) {
      if (Number(el.getAttribute('tabindex')) > 0) problems.push(`positive tabindex on ${el.outerHTML.slice(0, 80)}`);
    }
    return problems;
  });
}

async function open(pathname: string): Promise<void> {
  await page.goto(`${site.server.url}${pathname}`);
  await waitForScreen(page);
}

describe('staff content screens are accessible', () => {
  it('a list of blocks has no axe violation', async () => {
    await open('/home');
    await page.locator('[data-testid=block-row]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await labelAndTabProblems()).toEqual([]);
    // A growing list, with its search field and pages.
    await open('/newstory');
    expect(await axeViolations(page)).toEqual([]);
    expect(await labelAndTabProblems()).toEqual([]);
  }, 60_000);

  it('forms have no axe violation, empty, filled, and showing errors', async () => {
    await open('/newstory-form/new');
    // The rich-text area is a labelled, multi-line text box.
    await page.getByRole('textbox', { name: 'Story' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Story' }).getAttribute('aria-multiline')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(await labelAndTabProblems()).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Title is required').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The rich-text toolbar's buttons all carry names.
    const unnamed = await page.locator('.mantine-RichTextEditor-toolbar button').evaluateAll((buttons) => buttons.filter((b) => !b.getAttribute('aria-label')?.trim()).length);
    expect(unnamed).toBe(0);

    const [first] = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/home/documents?limit=1')).documents;
    expect(first).toBeDefined();
    await open(`/home-form/${first?.id}`);
    await page.getByLabel(/^Alt text/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await labelAndTabProblems()).toEqual([]);
  }, 60_000);

  it('the site settings screen has no axe violation', async () => {
    await open('/settings');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Site settings');
    expect(await axeViolations(page)).toEqual([]);
    expect(await labelAndTabProblems()).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('the backups screen has no axe violation at 1280 and 375 px', async () => {
    // One backup in the list, so its table (cards on a phone) and Download buttons are checked too.
    await apiCall(site.server.url, site.superToken, '/api/backups', { method: 'POST' });
    await expect
      .poll(async () => backupListSchema.parse(await apiCall<unknown>(site.server.url, site.superToken, '/api/backups')).backups.filter((b) => b.verified).length, { timeout: 120_000 })
      .toBe(1);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await open('/backups');
      await page.getByRole('button', { name: /^Download/ }).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await labelAndTabProblems()).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  }, 180_000);

  it('the account screen has no axe violation at 1280 and 375 px, also while two-factor sign-in is being set up', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await open('/account');
      await page.getByText('This device').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
      expect(await axeViolations(page)).toEqual([]);
      expect(await labelAndTabProblems()).toEqual([]);
    }
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await labelAndTabProblems()).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('a form with its History open (a version compared) and the trash screen have no axe violation at 1280 and 375 px', async () => {
    const block = await apiCall<ContentDocument>(site.server.url, site.superToken, '/api/collections/visionvalue/documents', { method: 'POST', body: { data: { title: 'Solidarity', text: 'We stand together.' }, status: 'published' } });
    await apiCall(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${block.id}`, { method: 'PATCH', body: { data: { text: 'We stand together, always.' } }, ifMatch: block.version });
    const gone = await apiCall<ContentDocument>(site.server.url, site.superToken, '/api/collections/visionvalue/documents', { method: 'POST', body: { data: { title: 'A retired value' }, status: 'draft' } });
    await apiCall(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${gone.id}`, { method: 'DELETE', ifMatch: gone.version });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await open(`/visionvalue-form/${block.id}`);
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await page.getByTestId('revision').last().click();
      await page.getByRole('group', { name: 'Short text, changed' }).waitFor();
      await page.getByLabel('Show unchanged fields').check();
      expect(await axeViolations(page)).toEqual([]);
      expect(await labelAndTabProblems()).toEqual([]);
      // The Schedule dialog too.
      await page.getByRole('button', { name: 'Schedule…' }).click();
      await page.getByRole('dialog', { name: 'Schedule' }).waitFor();
      // Once it has faded in: half-way, its text is measured against a half-transparent background.
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Schedule' }).waitFor({ state: 'hidden' });

      await open('/trash');
      await page.getByText('A retired value').filter({ visible: true }).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await labelAndTabProblems()).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  }, 90_000);

  it('screenshots of a list and a form at 375 and 1280 px', async () => {
    const dir = path.resolve(__dirname, '../docs/screenshots');
    fs.mkdirSync(dir, { recursive: true });
    const [first] = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/home/documents?limit=1')).documents;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await open('/home');
      await page.locator('[data-testid=block-row] img').first().waitFor();
      await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
      await page.screenshot({ path: path.join(dir, `list-${width}.png`), fullPage: width === 375 });
      await open(`/home-form/${first?.id}`);
      await page.getByLabel(/^Alt text/).waitFor();
      await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
      await page.screenshot({ path: path.join(dir, `form-${width}.png`), fullPage: true });
    }
    for (const name of ['list-375', 'list-1280', 'form-375', 'form-1280']) expect(fs.statSync(path.join(dir, `${name}.png`)).size).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
  }, 60_000);
});
