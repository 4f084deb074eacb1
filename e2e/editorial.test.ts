/**
 * Editorial safety in a real browser against the built app: a change to a
 * published block stays off the public page until "Publish changes"; the
 * History lists the steps, compares a version field by field and restores it
 * as unpublished changes; a block moved to the trash comes back as a draft;
 * the Schedule dialog takes a time in the site's time zone and the list's
 * "Scheduled" filter finds the block; the dialogs trap focus and close with
 * Escape; Preview opens the block's page as the preview API shows it. Takes the
 * History, Trash and list-state screenshots.
 */
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createAccount, watchStaffConsole } from './helpers/staff.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { previewBannerText, previewPathPrefix, type EditorialFields, type TrashAnswer } from '../src/shared/editorial.js';
import { isoToWallTime } from '../src/web/admin/editorial/zoned-time.js';
import { apiCall, createBlock, field, makeImage, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');

type StaffDoc = ContentDocument & EditorialFields;

async function stored(collection: string, id: string): Promise<StaffDoc> {
  return apiCall<StaffDoc>(site.server.url, site.superToken, `/api/collections/${collection}/documents/${id}`);
}

/** The public page's HTML as a visitor gets it. */
async function publicHtml(pathname: string): Promise<string> {
  const res = await fetch(`${site.server.url}${pathname}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The page bundle the public page is rendered from (no render cache in between). */
async function publicBlocks(page: string): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const json = (await (await fetch(`${site.server.url}/api/pages/${page}`)).json()) as { sections: Record<string, { id: string; data: Record<string, unknown> }[]> };
  return Object.values(json.sections).flat();
}

async function stateLine(page: Page): Promise<string> {
  return ((await page.getByTestId('document-state').textContent()) ?? '').trim();
}

/** The screen's polite live region says this (the form's, the list's or the trash's). */
async function announced(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[role=status][aria-live=polite]').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

describe('editorial safety', () => {
  it('keeps a change off the public page until Publish changes, lists it in the History, and restores an earlier version as unpublished changes', async () => {
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Listening first', text: 'We ask communities before we act.' }, 'published');
      await site.signIn(page, `/visionvalue-form/${block.id}`);
      await waitForScreen(page);
      expect(await stateLine(page)).toContain('Published');
      expect(await page.getByRole('radio').count()).toBe(0);
      // Nothing to publish yet.
      expect(await page.getByRole('button', { name: 'Publish changes' }).isDisabled()).toBe(true);

      // Save on a published block: the message says the public site is unchanged.
      await field(page, 'Short text').fill('We ask communities, then we listen again.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/visionvalue$/);
      await page.getByText('The public site is unchanged until you publish the changes.', { exact: false }).waitFor();
      const row = page.locator('[data-testid=block-row]', { hasText: 'Listening first' });
      await row.getByText('Published with unpublished changes', { exact: true }).waitFor();
      const saved = await stored('visionvalue', block.id);
      expect(saved).toMatchObject({ status: 'published', hasPendingChanges: true, data: { text: 'We ask communities, then we listen again.' } });
      // The public page: the block as it was.
      expect((await publicBlocks('vision')).find((b) => b.id === block.id)?.data.text).toBe('We ask communities before we act.');
      const before = await publicHtml('/vision');
      expect(before).toContain('We ask communities before we act.');
      expect(before).not.toContain('then we listen again');

      // Publish changes from the form: the state says so, the live region tells it, and the public page shows it.
      await row.getByRole('link', { name: 'Listening first', exact: true }).click();
      await waitForScreen(page);
      expect(await stateLine(page)).toContain('Published with unpublished changes');
      expect(await field(page, 'Short text').inputValue()).toBe('We ask communities, then we listen again.');
      await page.getByRole('button', { name: 'Publish changes' }).click();
      await announced(page, 'The changes to “Listening first” are published.');
      await expect.poll(() => stateLine(page), { timeout: 10_000 }).toMatch(/^State: Published$/);
      // Focus moved to the state line, not lost with the button that is now disabled.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('document-state');
      expect((await publicBlocks('vision')).find((b) => b.id === block.id)?.data.text).toBe('We ask communities, then we listen again.');
      await expect.poll(async () => (await publicHtml('/vision')).includes('We ask communities, then we listen again.'), { timeout: 20_000 }).toBe(true);

      // History: every step, newest first, in words.
      await page.getByRole('button', { name: 'History', exact: true }).click();
      expect(await page.getByRole('button', { name: 'History', exact: true }).getAttribute('aria-expanded')).toBe('true');
      const versions = page.getByTestId('revision');
      await versions.first().waitFor();
      const lines = await versions.allTextContents();
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines[0]).toMatch(/^\d+\. Published/);
      expect(lines.some((l) => /Saved/.test(l))).toBe(true);
      expect(lines.at(-1)).toMatch(/^1\. Created/);

      // The first version against the working copy names the changed field, and only that one by default.
      await versions.last().click();
      const changed = page.getByRole('group', { name: 'Short text, changed' });
      await changed.waitFor();
      await changed.getByText('We ask communities before we act.').waitFor();
      expect(await page.getByTestId('compared-field').count()).toBe(1);
      await page.getByText('1 field differs: Short text.').waitFor();
      await page.getByLabel('Show unchanged fields').check();
      await page.getByRole('group', { name: 'Title, unchanged' }).waitFor();
      await page.getByLabel('Show unchanged fields').uncheck();

      // Restore: asked first, then the form holds version 1 as unpublished changes; the public page keeps the published text.
      await page.getByRole('button', { name: 'Restore this version' }).click();
      const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
      await confirm.getByText('The website keeps showing the published version', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Restore this version' }).click();
      await announced(page, 'Version 1 is restored as unpublished changes.');
      await expect.poll(() => stateLine(page), { timeout: 10_000 }).toContain('Published with unpublished changes');
      await expect.poll(() => field(page, 'Short text').inputValue(), { timeout: 10_000 }).toBe('We ask communities before we act.');
      const restored = await stored('visionvalue', block.id);
      expect(restored).toMatchObject({ status: 'published', hasPendingChanges: true, data: { text: 'We ask communities before we act.' } });
      expect((await publicBlocks('vision')).find((b) => b.id === block.id)?.data.text).toBe('We ask communities, then we listen again.');
      expect(await publicHtml('/vision')).toContain('We ask communities, then we listen again.');
      // The restore is a step of its own in the History.
      await expect.poll(async () => (await page.getByTestId('revision').first().textContent()) ?? '', { timeout: 10_000 }).toMatch(/Restored an earlier version/);

      // Discard changes asks first; Escape keeps everything, the button drops the restored text.
      await page.getByRole('button', { name: 'Discard changes' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard the unpublished changes?' });
      await discard.waitFor();
      await page.keyboard.press('Escape');
      await discard.waitFor({ state: 'hidden' });
      expect((await stored('visionvalue', block.id)).hasPendingChanges).toBe(true);
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await discard.getByRole('button', { name: 'Discard changes' }).click();
      await announced(page, 'are discarded');
      await expect.poll(() => field(page, 'Short text').inputValue(), { timeout: 10_000 }).toBe('We ask communities, then we listen again.');
      expect(await stateLine(page)).toMatch(/^State: Published$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('moves a block to the trash, lists it there, and restores it as a draft; only a super-admin can empty the trash', async () => {
    const adminPassword = 'a long trash passphrase 42';
    const admin = await createAccount(site.server.url, site.superToken, { email: 'trash-admin@example.org', role: 'admin', password: adminPassword, displayName: 'Tariq Admin' });
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Courage', text: 'We speak up.' }, 'published');
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signInAs(page, admin.email, adminPassword, '/visionvalue');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Move to trash: “Courage”' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move this card to the trash?' });
      await dialog.getByText('It can be restored from the Trash for 30 days', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Move to trash' }).click();
      await page.getByText('“Courage” is in the trash.', { exact: false }).waitFor();
      await page.locator('[data-testid=block-row]', { hasText: 'Courage' }).waitFor({ state: 'detached' });
      expect((await publicBlocks('vision')).some((b) => b.id === block.id)).toBe(false);

      // The drawer's Trash entry opens the trash: the block with its collection, who moved it and when it goes for good.
      await page.getByRole('link', { name: 'Trash' }).first().click();
      await page.waitForURL((u) => u.pathname === '/trash');
      await waitForScreen(page);
      const row = page.locator('[data-testid=trash-row]', { hasText: 'Courage' });
      await row.waitFor();
      await row.getByText('Third Vision & Mission & Core value').waitFor();
      await row.getByText('by you', { exact: false }).waitFor();
      // An admin does not get to empty the trash.
      expect(await page.getByRole('button', { name: 'Empty trash' }).count()).toBe(0);

      await row.getByRole('button', { name: 'Restore “Courage”' }).click();
      await announced(page, '“Courage” is restored to Third Vision & Mission & Core value as a draft.');
      await row.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Open “Courage”' }).click();
      await page.waitForURL(new RegExp(`/visionvalue-form/${block.id}$`));
      await waitForScreen(page);
      expect(await stateLine(page)).toContain('Draft');
      expect(await field(page, 'Title').inputValue()).toBe('Courage');
      expect(await stored('visionvalue', block.id)).toMatchObject({ status: 'draft', data: { title: 'Courage' } });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // A super-admin empties it, after a question that says how many blocks go for good.
    const doomed = [
      await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Old value one' }),
      await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Old value two' }),
    ];
    for (const d of doomed) await apiCall(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${d.id}`, { method: 'DELETE', ifMatch: d.version });
    const count = (await apiCall<TrashAnswer>(site.server.url, site.superToken, '/api/trash')).entries.length;
    expect(count).toBeGreaterThanOrEqual(2);
    const superPage = await site.newPage();
    const superErrors = watchStaffConsole(superPage.page).errors;
    try {
      const p = superPage.page;
      await site.signIn(p, '/trash');
      await waitForScreen(p);
      await p.locator('[data-testid=trash-row]', { hasText: 'Old value two' }).waitFor();
      await p.getByRole('button', { name: 'Empty trash' }).click();
      const dialog = p.getByRole('dialog', { name: 'Empty the trash?' });
      await dialog.getByText(`${count} blocks will be removed for good.`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: `Remove ${count} blocks for good` }).click();
      await p.getByText('The trash is empty.').waitFor();
      await announced(p, `${count} blocks removed for good`);
      expect((await apiCall<TrashAnswer>(site.server.url, site.superToken, '/api/trash')).entries).toEqual([]);
      expect(superErrors).toEqual([]);
    } finally {
      await superPage.context.close();
    }
  }, 120_000);

  it('schedules in the site’s time zone, refuses a past time, and the Scheduled filter of the list finds the block; the dialogs trap focus and close with Escape', async () => {
    // The site is in Nairobi (UTC+3 all year); the editor's browser is in New York: the dialog speaks Nairobi time.
    const settings = await apiCall<{ version: number; data: Record<string, unknown> }>(site.server.url, site.superToken, '/api/settings');
    await apiCall(site.server.url, site.superToken, '/api/settings', { method: 'PUT', body: { data: { ...settings.data, timeZone: 'Africa/Nairobi' } }, ifMatch: settings.version });
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Patience', text: 'Change takes time.' });
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, `/visionvalue-form/${block.id}`);
      await waitForScreen(page);
      expect(await stateLine(page)).toContain('Draft');

      const open = page.getByRole('button', { name: 'Schedule…' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Schedule' });
      await dialog.getByText('Africa/Nairobi', { exact: false }).first().waitFor();
      // Focus starts in the dialog and stays there, however often Tab is pressed; Escape closes it and focus returns.
      await expect.poll(() => focusInside(dialog), { timeout: 10_000 }).toBe(true);
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInside(dialog)).toBe(true);
      }
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(dialog)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(async () => ((await open.evaluate((el) => el === document.activeElement)) ? 'the Schedule… button' : page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing')), { timeout: 10_000 })
        .toBe('the Schedule… button');

      // A time that has passed is refused with a sentence under the field.
      await open.click();
      const publishAt = dialog.getByLabel('Publish at', { exact: true });
      await publishAt.fill(isoToWallTime(new Date(Date.now() - 3_600_000).toISOString(), 'Africa/Nairobi'));
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await dialog.getByText('has already passed in Africa/Nairobi. Choose a time in the future.', { exact: false }).waitFor();
      expect((await stored('visionvalue', block.id)).publishAt).toBeNull();

      // Two minutes ahead, to the minute, typed as Nairobi wall time: sent as that instant with +03:00.
      const at = Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;
      await publishAt.fill(isoToWallTime(new Date(at).toISOString(), 'Africa/Nairobi'));
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await announced(page, /^Scheduled\. Goes live at .* \(Africa\/Nairobi\)\.$/);
      await expect.poll(() => stateLine(page), { timeout: 10_000 }).toContain('Scheduled');
      expect(await stateLine(page)).toContain('Goes live at');
      const scheduled = await stored('visionvalue', block.id);
      expect(Date.parse(scheduled.publishAt ?? '')).toBe(at);
      expect(scheduled.status).toBe('draft');

      // Two neighbours in other states, so the list shows each state in words.
      await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Humility', text: 'Still a draft.' });
      const changing = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Fairness', text: 'As published.' }, 'published');
      await apiCall(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${changing.id}`, { method: 'PATCH', body: { data: { text: 'Being rewritten.' } }, ifMatch: changing.version });

      // The list says it in words, with the time, and the Scheduled filter (kept in the URL) finds it.
      await page.getByRole('link', { name: '← Back to Third Vision & Mission & Core value' }).click();
      await waitForScreen(page);
      await page.getByLabel('Show').selectOption({ label: 'Scheduled' });
      await page.waitForURL((u) => u.searchParams.get('state') === 'scheduled');
      const row = page.locator('[data-testid=block-row]', { hasText: 'Patience' });
      await row.getByText('Scheduled', { exact: true }).waitFor();
      await row.getByTestId('row-schedule').getByText('Goes live at', { exact: false }).waitFor();
      await expect.poll(() => page.locator('[data-testid=block-row]').count(), { timeout: 10_000 }).toBe(1);
      await page.reload();
      await waitForScreen(page);
      expect(await page.getByLabel('Show').inputValue()).toBe('scheduled');
      await row.waitFor();
      await page.getByLabel('Show').selectOption({ label: 'All' });
      await page.waitForURL((u) => !u.searchParams.has('state'));
      fs.mkdirSync(shots, { recursive: true });
      await page.locator('[data-testid=block-row]', { hasText: 'Fairness' }).getByText('Published with unpublished changes', { exact: true }).waitFor();
      await page.locator('[data-testid=block-row]', { hasText: 'Humility' }).getByText('Draft', { exact: true }).waitFor();
      await page.locator('[data-testid=block-row]', { hasText: 'Fairness' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'list-states-1280.png'), fullPage: false });
      expect(fs.statSync(path.join(shots, 'list-states-1280.png')).size).toBeGreaterThan(10_000);

      // Cancel schedule from the form; the Unpublish question of a published block traps focus and closes with Escape too.
      await row.getByRole('link', { name: 'Patience', exact: true }).click();
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Cancel schedule' }).click();
      await announced(page, 'The schedule of “Patience” is cancelled.');
      expect((await stored('visionvalue', block.id)).publishAt).toBeNull();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await announced(page, '“Patience” is published.');
      // The notices (bottom centre) lie over the button row and stay while the pointer rests on them: move it away and let them close.
      await page.mouse.move(0, 0);
      await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
      await page.getByRole('button', { name: 'Unpublish' }).click();
      const unpublish = page.getByRole('dialog', { name: 'Unpublish this card?' });
      await unpublish.waitFor();
      await expect.poll(() => unpublish.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
      for (let i = 0; i < 5; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInside(unpublish)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await unpublish.waitFor({ state: 'hidden' });
      expect((await stored('visionvalue', block.id)).status).toBe('published');
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await unpublish.getByRole('button', { name: 'Unpublish' }).click();
      await announced(page, '“Patience” is unpublished');
      expect((await stored('visionvalue', block.id)).status).toBe('draft');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await apiCall(site.server.url, site.superToken, '/api/settings', { method: 'PUT', body: { data: settings.data }, ifMatch: settings.version + 1 });
    }
  }, 120_000);

  it('Preview saves what was typed, asks the preview API for the block’s page and opens the preview in a new tab', async () => {
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Openness', text: 'Our books are open.' });
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      const bodies: unknown[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/preview') bodies.push(r.postDataJSON());
      });
      await site.signIn(page, `/visionvalue-form/${block.id}`);
      await waitForScreen(page);
      // Typed, not saved: Preview saves it first, so the preview shows it.
      await field(page, 'Short text').fill('Our books are open to every member.');
      const opened = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Preview' }).click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toMatch(new RegExp(`^${previewPathPrefix}`));
      expect(bodies).toEqual([{ page: 'vision', document: block.id }]);
      await tab.getByText(previewBannerText).first().waitFor();
      await tab.getByText('Our books are open to every member.').first().waitFor();
      await announced(page, 'The preview opened in a new tab.');
      await page.getByRole('link', { name: 'open the preview of “Openness”' }).waitFor();
      // The draft is still a draft, off the public page.
      expect(await stored('visionvalue', block.id)).toMatchObject({ status: 'draft', data: { text: 'Our books are open to every member.' } });
      expect(await publicHtml('/vision')).not.toContain('Our books are open to every member.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a publish the server refuses names the field; a stale version opens the conflict dialog', async () => {
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Trust', text: 'Earned slowly.' });
    const { context, page } = await site.newPage();
    const publishUrl = new RegExp(`/documents/${block.id}/publish$`);
    const { errors } = watchStaffConsole(page, [{ url: /\/api\/auth\/refresh$/, status: 401 }, { url: publishUrl, status: 400 }, { url: publishUrl, status: 409 }]);
    try {
      await site.signIn(page, `/visionvalue-form/${block.id}`);
      await waitForScreen(page);
      // The server's answer to a publish of data it refuses: the field by its label, in an alert and the live region.
      await page.route(`**/api/collections/visionvalue/documents/${block.id}/publish`, (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'invalid-argument', message: 'data.text: Too long', field: 'data.text', fields: { 'data.text': 'Shorten this text' } } }),
        }),
      );
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('alert').getByText('Short text: Shorten this text', { exact: true }).waitFor();
      await announced(page, 'Not published. Short text: Shorten this text');
      await page.unrouteAll();

      // Someone else changed the block meanwhile: the publish is refused with 409 and the conflict dialog offers the ways out.
      const fresh = await stored('visionvalue', block.id);
      await apiCall(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${block.id}`, { method: 'PATCH', body: { data: { text: 'Earned slowly, lost quickly.' } }, ifMatch: fresh.version });
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const conflict = page.getByRole('dialog', { name: 'Someone else changed this block' });
      await conflict.getByRole('button', { name: 'Reload their version' }).click();
      await conflict.waitFor({ state: 'hidden' });
      await expect.poll(() => field(page, 'Short text').inputValue(), { timeout: 10_000 }).toBe('Earned slowly, lost quickly.');
      expect((await stored('visionvalue', block.id)).status).toBe('draft');
      // On their version, Publish goes through.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await announced(page, '“Trust” is published.');
      expect(await stored('visionvalue', block.id)).toMatchObject({ status: 'published', data: { text: 'Earned slowly, lost quickly.' } });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('screenshots of the form with its History open and of the Trash, at 1280 and 375 px', async () => {
    const image = await uploadViaApi(site.server.url, site.superToken, await makeImage(1200, 800, { r: 30, g: 110, b: 160 }), 'well.jpg', 'image/jpeg');
    const other = await uploadViaApi(site.server.url, site.superToken, await makeImage(1200, 800, { r: 190, g: 120, b: 40 }), 'pump.jpg', 'image/jpeg');
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Stewardship', text: 'We look after what we are given.', image: { mediaId: image.id, alt: 'A village well', decorative: false } }, 'published');
    const changed = await apiCall<StaffDoc>(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${block.id}`, {
      method: 'PATCH',
      body: { data: { text: 'We look after what we are given, and account for it.', image: { mediaId: other.id, alt: 'A hand pump', decorative: false } } },
      ifMatch: block.version,
    });
    expect(changed.hasPendingChanges).toBe(true);
    const gone = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'An old value we retired' });
    await apiCall(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${gone.id}`, { method: 'DELETE', ifMatch: gone.version });
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, `/visionvalue-form/${block.id}`);
      fs.mkdirSync(shots, { recursive: true });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(`${site.server.url}/visionvalue-form/${block.id}`);
        await waitForScreen(page);
        await page.getByRole('button', { name: 'History', exact: true }).click();
        await page.getByTestId('revision').last().click();
        await page.getByRole('group', { name: 'Image, changed' }).waitFor();
        await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0));
        await page.screenshot({ path: path.join(shots, `form-history-${width}.png`), fullPage: width === 375 });
        await page.goto(`${site.server.url}/trash`);
        await waitForScreen(page);
        await page.getByText('An old value we retired').filter({ visible: true }).first().waitFor();
        await page.screenshot({ path: path.join(shots, `trash-${width}.png`), fullPage: width === 375 });
      }
      for (const name of ['form-history-1280', 'form-history-375', 'trash-1280', 'trash-375']) {
        expect(fs.statSync(path.join(shots, `${name}.png`)).size).toBeGreaterThan(10_000);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
