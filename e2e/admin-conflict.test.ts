/**
 * Two editors, one block: the second save meets a conflict dialog instead of
 * silently replacing the first editor's work; "Reload their version" shows
 * theirs, "Overwrite with mine" keeps mine, "Keep editing" loses nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, watchStaffConsole } from './helpers/staff.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { apiCall, createBlock, field, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const adminPassword = 'another long passphrase 7';

beforeAll(async () => {
  await createAccount(site.server.url, site.superToken, { email: 'second@example.org', role: 'admin', password: adminPassword, displayName: 'Second Editor' });
});

async function editor(email: string, password: string, path: string, conflictUrl: RegExp = /\/api\/collections\/visionvalue\/documents\/[^/]+$/): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await site.newPage();
  // The 409 each conflicting save provokes is the point of this test.
  const { errors } = watchStaffConsole(page, [
    { url: /\/api\/auth\/refresh$/, status: 401 },
    { url: conflictUrl, status: 409 },
  ]);
  await site.signInAs(page, email, password, path);
  await waitForScreen(page);
  return { context, page, errors };
}

async function stored(id: string): Promise<ContentDocument> {
  return apiCall<ContentDocument>(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${id}`);
}

describe('editing conflicts', () => {
  it('shows the conflict to the second editor, and reload or overwrite each keep exactly what they promise', async () => {
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Integrity', text: 'We do what we say.' }, 'published');
    const path = `/visionvalue-form/${block.id}`;
    const first = await editor(site.server.superEmail, site.server.superPassword, path);
    const second = await editor('second@example.org', adminPassword, path);
    try {
      // Both opened version 1. The first editor saves a new title.
      await field(first.page, 'Title').fill('Integrity first');
      await first.page.getByRole('button', { name: 'Save' }).click();
      await first.page.waitForURL(/\/visionvalue$/);

      // The second editor, still on version 1, changes the short text and saves: a conflict, not an overwrite.
      await field(second.page, 'Short text').fill('We keep our promises to communities.');
      await second.page.getByRole('button', { name: 'Save' }).click();
      const dialog = second.page.getByRole('dialog', { name: 'Someone else changed this block' });
      await dialog.waitFor();
      expect((await stored(block.id)).data).toMatchObject({ title: 'Integrity first', text: 'We do what we say.' });

      // "Keep editing" closes the dialog and keeps what was typed.
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await field(second.page, 'Short text').inputValue()).toBe('We keep our promises to communities.');

      // "Reload their version" shows the first editor's saved block in the form.
      await second.page.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('button', { name: 'Reload their version' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await field(second.page, 'Title').inputValue()).toBe('Integrity first');
      expect(await field(second.page, 'Short text').inputValue()).toBe('We do what we say.');
      expect((await stored(block.id)).data).toMatchObject({ title: 'Integrity first', text: 'We do what we say.' });

      // Now based on their version, the second editor's next save goes through without a dialog.
      await field(second.page, 'Short text').fill('We keep our promises.');
      await second.page.getByRole('button', { name: 'Save' }).click();
      await second.page.waitForURL(/\/visionvalue$/);
      expect((await stored(block.id)).data).toMatchObject({ title: 'Integrity first', text: 'We keep our promises.' });

      // Round two: the first editor opens the block, the second saves meanwhile, the first overwrites with theirs.
      await first.page.goto(`${site.server.url}${path}`);
      await waitForScreen(first.page);
      await second.page.goto(`${site.server.url}${path}`);
      await waitForScreen(second.page);
      await field(second.page, 'Title').fill('Integrity, second take');
      await second.page.getByRole('button', { name: 'Save' }).click();
      await second.page.waitForURL(/\/visionvalue$/);

      await field(first.page, 'Title').fill('Integrity, final');
      await first.page.getByRole('button', { name: 'Save' }).click();
      const firstDialog = first.page.getByRole('dialog', { name: 'Someone else changed this block' });
      await firstDialog.getByRole('button', { name: 'Overwrite with mine' }).click();
      await first.page.waitForURL(/\/visionvalue$/);
      // Mine in full: my title and the text as my form held it.
      const final = await stored(block.id);
      expect(final.data).toMatchObject({ title: 'Integrity, final', text: 'We keep our promises.' });
      expect(final.version).toBe(5);

      expect(first.errors).toEqual([]);
      expect(second.errors).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  }, 120_000);

  it('applies the same conflict dialog to the site settings', async () => {
    const first = await editor(site.server.superEmail, site.server.superPassword, '/settings', /\/api\/settings$/);
    try {
      const current = await apiCall<{ version: number; data: Record<string, unknown> }>(site.server.url, site.superToken, '/api/settings');
      // Someone saves the settings through the API while the form is open.
      await apiCall(site.server.url, site.superToken, '/api/settings', { method: 'PUT', body: { data: { ...current.data, tagline: 'Changed elsewhere' } }, ifMatch: current.version });
      await field(first.page, 'Organisation name').fill('Tujenge Civic Alliance (edited)');
      await first.page.getByRole('button', { name: 'Save settings' }).click();
      const dialog = first.page.getByRole('dialog', { name: 'Someone else changed the site settings' });
      await dialog.getByRole('button', { name: 'Reload their version' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await field(first.page, 'Tagline').inputValue()).toBe('Changed elsewhere');
      expect(await field(first.page, 'Organisation name').inputValue()).toBe(String(current.data.organisationName));

      // Saved on top of their version, the change goes through and the page stays on the settings.
      await field(first.page, 'Organisation name').fill('Tujenge Civic Alliance Kenya');
      await first.page.getByRole('button', { name: 'Save settings' }).click();
      await first.page.getByText('Site settings saved.', { exact: false }).waitFor();
      const saved = await apiCall<{ version: number; data: Record<string, unknown> }>(site.server.url, site.superToken, '/api/settings');
      expect(saved.data).toMatchObject({ organisationName: 'Tujenge Civic Alliance Kenya', tagline: 'Changed elsewhere' });
      expect(saved.version).toBe(current.version + 2);
      expect(first.errors).toEqual([]);
    } finally {
      await first.context.close();
    }
  }, 60_000);
});
