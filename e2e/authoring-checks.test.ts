/**
 * Authoring checks in a real browser against the built app: the Checks panel
 * and the notes under the fields follow the editor's typing (a vague link, a
 * heading skip, capitals) and clear when fixed; a finding's button moves focus
 * to its field; publishing a block with errors asks first, "Go back and fix"
 * returns to the field and "Publish anyway" publishes, which the audit log
 * records; /site-check lists the published problem and its Fix link opens the
 * form. axe at 1280 and 375 px on the form, the dialog and the site check;
 * screenshots of the form's checks and the site check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations as axeViolationsOf } from './helpers/axe.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ContentDocument } from '../src/shared/collections.js';
import { getCollection } from '../src/shared/collections.js';
import { auditActionLabels } from '../src/shared/editorial.js';
import { siteCheckPath } from '../src/shared/site-check.js';
import { apiCall, field, waitForScreen } from './admin-content-support.js';
import { settle, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');

/** axe on the screen; the text being edited is left out: the test typed its heading skip on purpose. */
async function axeViolations(page: Page): Promise<string[]> {
  return axeViolationsOf(page, { exclude: ['.ProseMirror'] });
}

function formPath(collection: string, id: string): string {
  const form = getCollection(collection)?.formPaths[0];
  if (!form) throw new Error(`no form for ${collection}`);
  return form.replace(':id', id);
}

/** The seeded draft event whose picture has no alt text. */
async function draftEvent(): Promise<ContentDocument> {
  const { documents } = await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/thirdevents/documents?status=draft&limit=100');
  const found = documents.find((d) => d.data.title === 'Community dialogue on water tariffs');
  if (!found) throw new Error('the demo’s draft event is missing');
  return found;
}

/** axe at 1280 and 375 px, each width screenshot from the top (`<name>-<width>.png`); back at 1280 after. */
async function axeAndScreenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      document.getElementById('staff-content')?.scrollTo(0, 0);
    });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: width === 375 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const panel = (page: Page) => page.getByTestId('form-checks');

/** The accessible name of whatever has focus. */
async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return [...(el?.labels ?? [])].map((l) => l.textContent ?? '').join(' ').trim();
  });
}

describe('authoring checks', () => {
  it('shows warnings as the editor types, clears them when fixed, and moves focus to the field from the panel', async () => {
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, formPath('descriptionhome', 'new'));
      await waitForScreen(page);
      await panel(page).getByText('No problems found').waitFor();

      await field(page, 'Title').fill('JOIN US FOR THE MARCH');
      await field(page, 'Link label').fill('click here');
      await field(page, 'Link address').fill('/strategy');
      const editor = page.getByRole('textbox', { name: 'Text' });
      await editor.click();
      await page.keyboard.type('## Why we act');
      await page.keyboard.press('Enter');
      await page.keyboard.type('#### How we work');

      await panel(page).getByText(/“JOIN US FOR THE MARCH” is written in capitals/).waitFor();
      await panel(page).getByText(/The link text “click here” says nothing/).waitFor();
      await panel(page).getByText(/jumps from level 2 to level 4/).waitFor();
      await panel(page).getByText(/start its headings at level 3/).waitFor();
      await panel(page).getByText('4 warnings').waitFor();
      // The note sits under the field itself.
      await page.getByTestId('field-checks-linkLabel').getByText(/“click here” says nothing/).waitFor();

      await axeAndScreenshots(page, 'form-checks');

      // From the panel to the field, by keyboard.
      const linkFinding = panel(page).getByRole('button', { name: /^Link label: The link text “click here”/ });
      await linkFinding.focus();
      await page.keyboard.press('Enter');
      expect(await focusedLabel(page)).toMatch(/^Link label/);

      // Fixed as the editor types: the warnings go.
      await field(page, 'Link label').fill('Read our five-year strategy');
      await field(page, 'Title').fill('Join us for the march');
      await panel(page).getByText('2 warnings').waitFor();
      expect(await panel(page).getByText(/capitals/).count()).toBe(0);
      expect(await page.getByTestId('field-checks-linkLabel').count()).toBe(0);
      await editor.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Delete');
      await page.keyboard.type('### Why we act');
      await panel(page).getByText('No problems found').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks before publishing with errors: Go back and fix returns to the field, Publish anyway publishes and the audit log says so', async () => {
    const event = await draftEvent();
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      { url: /\/publish$/, status: 400 },
    ]);
    try {
      await site.signIn(page, formPath('thirdevents', event.id));
      await waitForScreen(page);
      await panel(page).getByText(/This picture has no alt text/).waitFor();
      await panel(page).getByText('1 error and 1 warning').waitFor();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish with 1 accessibility error?' });
      await dialog.waitFor();
      await dialog.getByText(/Image.*This picture has no alt text/).waitFor();
      await settle(page);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await settle(page);
        expect(await axeViolations(page)).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      // "Go back and fix" has focus: the safe answer is the default.
      expect(await dialog.getByRole('button', { name: 'Go back and fix' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedLabel(page)).toMatch(/^Alt text/);
      expect((await draftEvent()).status).toBe('draft');

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Publish anyway' }).click();
      await page.locator('[role=status][aria-live=polite]').filter({ hasText: 'published despite accessibility errors' }).first().waitFor({ timeout: 15_000 });
      const published = await apiCall<ContentDocument>(site.server.url, site.superToken, `/api/collections/thirdevents/documents/${event.id}`);
      expect(published.status).toBe('published');

      // The audit log (super-admins) shows the override.
      await page.goto(`${site.server.url}/audit`);
      await waitForScreen(page);
      await page.getByText(auditActionLabels['content.publish-overridden'], { exact: true }).filter({ visible: true }).first().waitFor();
      await page.getByText('Community dialogue on water tariffs — despite image-alt-missing').filter({ visible: true }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the published problem on /site-check, counts it in the drawer, and its Fix link opens the form', async () => {
    const event = await draftEvent().catch(() => null);
    expect(event).toBeNull();
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, siteCheckPath);
      await waitForScreen(page);
      await page.getByTestId('site-check-summary').getByText('2 problems: 1 error and 1 warning').waitFor();
      await page.getByRole('main').getByRole('heading', { name: /^Events/ }).waitFor();
      const row = page.getByTestId('site-check-finding').filter({ hasText: 'Picture without alt text' });
      await row.getByText('Community dialogue on water tariffs', { exact: true }).waitFor();
      await page.getByTestId('site-check-count').filter({ hasText: '2' }).waitFor();

      await axeAndScreenshots(page, 'site-check');

      await row.getByRole('link', { name: /^Fix/ }).click();
      await page.waitForURL(/\/thirdevents-form\//);
      await waitForScreen(page);
      await page.getByRole('heading', { level: 1, name: /Edit/ }).waitFor();
      expect(await field(page, 'Title').inputValue()).toBe('Community dialogue on water tariffs');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells staff on the Pages overview how many problems the site check finds, with the way to them', async () => {
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      // The Pages overview, where the home page is.
      await site.signIn(page, '/pages#home');
      const notice = page.getByTestId('site-check-notice');
      await notice.getByText('Site check: 2 problems, 1 error on the published site.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await notice.getByRole('link', { name: 'Review them' }).click();
      await page.waitForURL((u) => u.pathname === siteCheckPath);
      await page.getByTestId('site-check-summary').getByText('2 problems: 1 error and 1 warning').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
