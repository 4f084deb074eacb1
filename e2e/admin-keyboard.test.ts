/**
 * The whole create-publish-reorder-edit-delete journey of a home slide with
 * the keyboard alone (Tab, Enter, Space, arrow keys; no mouse), with a
 * visible focus ring on what has focus.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { watchStaffConsole } from './helpers/staff.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { apiCall, field, makeImage, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { focusIsVisible, moveTo, pickUp, tabTo } from './helpers/keyboard.js';

const site = setUpSite();

async function homeSlides(): Promise<ContentDocument[]> {
  return (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/home/documents?limit=100')).documents;
}

/**
 * Enter on a focused upload button opens the file chooser. On a loaded machine
 * a re-render can take focus between the check and the key press, so the
 * focus is checked and Enter pressed again (up to three times). Each press
 * waits long for the chooser: Chromium opens one at a time, so pressing again
 * while a slow first one is still coming opens nothing (in a CI run at load
 * 8-10 three presses 10 s apart all came back empty).
 */
async function openFileChooserByKeyboard(page: Page, button: Locator) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await tabTo(page, button);
    const chooser = page.waitForEvent('filechooser', { timeout: 30_000 }).catch(() => null);
    await page.keyboard.press('Enter');
    const opened = await chooser;
    if (opened) return opened;
  }
  throw new Error('Enter on the focused upload button never opened the file chooser');
}

/** From a fresh page: the skip link, then into the screen, past the drawer. */
async function skipToContent(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await tabTo(page, skip, { max: 5 });
  await page.keyboard.press('Enter');
}

describe('keyboard only', () => {
  it('creates, publishes, reorders, edits and deletes a home slide without a mouse', async () => {
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/home');
      await waitForScreen(page);
      await skipToContent(page);

      // Create.
      await tabTo(page, page.getByRole('link', { name: 'New slide' }));
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/home-form\/new$/);
      await waitForScreen(page);
      await tabTo(page, field(page, 'Title'));
      await page.keyboard.type('Typed, not clicked');
      await tabTo(page, field(page, 'Caption'));
      await page.keyboard.type('Every step of this slide was made with the keyboard.');
      await tabTo(page, page.getByRole('button', { name: 'Upload image' }));
      expect(await focusIsVisible(page)).toBe(true);
      const chooser = await openFileChooserByKeyboard(page, page.getByRole('button', { name: 'Upload image' }));
      await chooser.setFiles({ name: 'keys.png', mimeType: 'image/png', buffer: await makeImage(900, 600, { r: 60, g: 140, b: 90 }, 'png') });
      await field(page, 'Alt text').waitFor({ timeout: 20_000 });
      await tabTo(page, field(page, 'Alt text'), { back: true });
      await page.keyboard.type('A green field');
      await tabTo(page, page.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/home$/);
      await waitForScreen(page);

      // Saved as a draft; the row's Publish button puts it on the site.
      expect((await homeSlides()).find((d) => d.data.title === 'Typed, not clicked')?.status).toBe('draft');
      await tabTo(page, page.getByRole('button', { name: 'Publish “Typed, not clicked”' }));
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await homeSlides()).find((d) => d.data.title === 'Typed, not clicked')?.status, { timeout: 10_000 }).toBe('published');
      const slides = await homeSlides();
      const created = slides.find((d) => d.data.title === 'Typed, not clicked');
      expect(created).toMatchObject({ status: 'published', data: { caption: 'Every step of this slide was made with the keyboard.', image: { alt: 'A green field', decorative: false } } });
      const n = slides.length;
      expect(slides.at(-1)?.id).toBe(created?.id);

      // Reorder with the drag handle: Space picks up, ArrowUp moves, Space drops.
      const handle = page.getByRole('button', { name: /^Drag “Typed, not clicked” to reorder/ });
      await tabTo(page, handle);
      // Picked up: the handle is pressed. Moved: the page says it is over the place above.
      await pickUp(page, handle);
      await moveTo(page, 'ArrowUp', '“Typed, not clicked”', n - 1, n);
      await page.keyboard.press('Space');
      await expect.poll(async () => (await homeSlides()).findIndex((d) => d.id === created?.id), { timeout: 10_000 }).toBe(n - 2);
      await page.getByRole('status').filter({ hasText: `“Typed, not clicked” moved to position ${n - 1} of ${n}.` }).waitFor();

      // And back down with the Move down button.
      await tabTo(page, page.getByRole('button', { name: 'Move “Typed, not clicked” down' }));
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await homeSlides()).findIndex((d) => d.id === created?.id), { timeout: 10_000 }).toBe(n - 1);

      // Unpublish through the row's action menu: Enter opens it, arrow keys walk it.
      await tabTo(page, page.getByRole('button', { name: 'More actions for “Typed, not clicked”' }), { back: true });
      await page.keyboard.press('Enter');
      const unpublish = page.getByRole('menuitem', { name: 'Unpublish' });
      await unpublish.waitFor();
      for (let i = 0; i < 6 && !(await unpublish.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await homeSlides()).find((d) => d.id === created?.id)?.status, { timeout: 10_000 }).toBe('draft');

      // Edit.
      await tabTo(page, page.getByRole('link', { name: 'Edit “Typed, not clicked”' }), { back: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/home-form/${created?.id}$`));
      await waitForScreen(page);
      await tabTo(page, field(page, 'Title'));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Typed again');
      await tabTo(page, page.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/home$/);
      await waitForScreen(page);
      expect((await homeSlides()).find((d) => d.id === created?.id)?.data.title).toBe('Typed again');

      // Move to trash: the confirmation starts on Cancel; Tab reaches Move to trash.
      await tabTo(page, page.getByRole('button', { name: 'Move to trash: “Typed again”' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Move this slide to the trash?' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
      await tabTo(page, dialog.getByRole('button', { name: 'Move to trash' }), { max: 5 });
      await page.keyboard.press('Enter');
      await page.getByText('“Typed again” is in the trash.', { exact: false }).waitFor();
      expect((await homeSlides()).some((d) => d.id === created?.id)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
