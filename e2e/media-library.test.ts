/**
 * The media library in a real browser against the built app: search by name
 * and by alt text, the type filter and "Not used anywhere" (all kept in the
 * address), the details panel; the default alt text and the focal point (set
 * by a click and by the arrow keys) reach the public page; Replace file keeps
 * every reference; Delete works on an unused file and is refused, naming the
 * block, on a used one. axe at 1280 and 375 px, and the screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { settle, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';
import { apiCall, createBlock, makePdf, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { attributeOf, distinctImage, imgTagsOf, listLibrary, publicHtml } from './media-support.js';
import { axeViolations } from './helpers/axe.js';
import { focusIsVisible, tabTo } from './helpers/keyboard.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');

/** 412 is the refusal the delete test provokes on purpose. */
const expectedFailures = [
  { url: /\/api\/auth\/refresh$/, status: 401 },
  { url: /\/api\/media\/[^/]+$/, status: 412 },
];

function cards(page: Page) {
  return page.getByTestId('media-card');
}

/** The names on the cards shown now. */
async function cardNames(page: Page): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('[data-testid=media-showing]')?.textContent?.includes('updating'));
  return (await page.locator('[data-testid=media-card] .media-card-name').allTextContents()).map((t) => t.replace(/^Details of /, ''));
}

async function upload(name: string, type: 'image/png' | 'application/pdf'): Promise<string> {
  const bytes = type === 'application/pdf' ? Buffer.concat([makePdf(), Buffer.from(`% ${name}\n`)]) : await distinctImage();
  return (await uploadViaApi(site.server.url, site.superToken, bytes, name, type)).id;
}

async function openDetails(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^Details of ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await settle(page);
  return dialog;
}

describe('the media library', () => {
  it('searches by name and alt text, filters by type and by "Not used anywhere", keeps it in the address, and shows the details', async () => {
    const harbour = await upload('harbour-dawn.png', 'image/png');
    await upload('harbour-report.pdf', 'application/pdf');
    const boats = await upload('img-2231.png', 'image/png');
    await apiCall(site.server.url, site.superToken, `/api/media/${boats}`, { method: 'PATCH', body: { alt: 'Fishing boats in the harbour' } });
    await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Harbour card', image: { mediaId: harbour, alt: '', decorative: true } }, 'published');

    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/media');
      await waitForScreen(page);
      // The drawer has the entry, after Pages.
      await page.getByRole('link', { name: /^Media library/ }).first().waitFor();

      await page.getByLabel('Search').fill('harbour');
      await page.waitForURL((u) => u.searchParams.get('q') === 'harbour');
      await expect.poll(() => cardNames(page).then((n) => n.sort())).toEqual(['harbour-dawn.png', 'harbour-report.pdf', 'img-2231.png']);
      // The alt text is searched too: the boats' file name does not say "fishing".
      await page.getByLabel('Search').fill('fishing boats');
      await expect.poll(() => cardNames(page)).toEqual(['img-2231.png']);

      await page.getByLabel('Search').fill('harbour');
      await expect.poll(() => cardNames(page).then((n) => n.length)).toBe(3);
      await page.getByLabel('Type').selectOption('file');
      await page.waitForURL((u) => u.searchParams.get('kind') === 'file');
      await expect.poll(() => cardNames(page)).toEqual(['harbour-report.pdf']);
      const pdfCard = cards(page).first();
      expect(await pdfCard.textContent()).toContain('PDF document');
      await page.getByLabel('Type').selectOption('image');
      await expect.poll(() => cardNames(page).then((n) => n.sort())).toEqual(['harbour-dawn.png', 'img-2231.png']);
      const card = cards(page).filter({ hasText: 'harbour-dawn.png' });
      expect(await card.textContent()).toMatch(/PNG image · [\d.]+ (KB|bytes)800 × 600 px/);

      await page.getByLabel('Not used anywhere').check();
      await page.waitForURL((u) => u.searchParams.get('unused') === 'true');
      await expect.poll(() => cardNames(page)).toEqual(['img-2231.png']);
      // The address holds the view: a reload shows the same.
      await page.reload();
      await waitForScreen(page);
      await expect.poll(() => cardNames(page)).toEqual(['img-2231.png']);
      expect(await page.getByLabel('Search').inputValue()).toBe('harbour');
      expect(await page.getByLabel('Not used anywhere').isChecked()).toBe(true);
      await page.getByLabel('Not used anywhere').uncheck();

      // Details: the facts, the uses (a link to the block's form), and Escape gives focus back to the card.
      const dialog = await openDetails(page, 'harbour-dawn.png');
      await dialog.getByText('PNG image', { exact: false }).first().waitFor();
      const used = dialog.getByTestId('used-by').getByRole('link', { name: /Harbour card/ });
      expect(await used.getAttribute('href')).toMatch(/^\/visionvalue-form\//);
      expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`/media/${harbour}/original`);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 10_000 }).toBe('media-card');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('puts the default alt text and the focal point (by click and by arrow keys) on the public page', async () => {
    const id = await upload('riverbank-school.png', 'image/png');
    // The block gives no alt text of its own: it says what the library says (a picture with none could not be published).
    await apiCall(site.server.url, site.superToken, `/api/media/${id}`, { method: 'PATCH', body: { alt: 'A school by the river' } });
    const block = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Riverbank card', image: { mediaId: id, alt: '', decorative: false } }, 'published');
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/media?q=riverbank');
      await waitForScreen(page);
      const dialog = await openDetails(page, 'riverbank-school.png');

      await dialog.getByLabel('Default alt text').fill('Children outside the riverbank school');
      await dialog.getByRole('button', { name: 'Save alt text', exact: true }).click();
      await dialog.getByText('Saved.').waitFor();
      await expect
        .poll(async () => imgTagsOf(await publicHtml(site.server.url, '/vision'), id).map((t) => attributeOf(t, 'alt')), { timeout: 20_000 })
        .toEqual(['Children outside the riverbank school']);

      // A click on the picture puts the point there: 30% from the left, 40% from the top.
      const img = dialog.getByTestId('focal-frame').locator('img');
      const box = await img.boundingBox();
      if (!box) throw new Error('the preview has no box');
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
      const marker = dialog.getByRole('slider', { name: 'Focal point' });
      expect(await marker.getAttribute('aria-valuetext')).toBe('Focal point 30% from the left, 40% from the top');
      expect(await dialog.getByTestId('crop-square').evaluate((el) => getComputedStyle(el).objectPosition)).toBe('30% 40%');
      await dialog.getByRole('button', { name: 'Save focal point' }).click();
      await page.getByRole('status').filter({ hasText: 'The focal point is saved.' }).waitFor();
      await expect
        .poll(async () => imgTagsOf(await publicHtml(site.server.url, '/vision'), id).map((t) => attributeOf(t, 'style')), { timeout: 20_000 })
        .toEqual([expect.stringContaining('object-position:30% 40%')]);

      // By keyboard alone: Escape, Enter on the card that has focus again, Tab to the marker; two arrows right (5% each) and Shift+Down (1%).
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 10_000 }).toBe('media-card');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await settle(page);
      await tabTo(page, marker);
      expect(await focusIsVisible(page)).toBe(true);
      expect(await marker.getAttribute('aria-valuetext')).toBe('Focal point 30% from the left, 40% from the top');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowDown');
      expect(await marker.getAttribute('aria-valuetext')).toBe('Focal point 40% from the left, 41% from the top');
      await tabTo(page, dialog.getByRole('button', { name: 'Save focal point' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => imgTagsOf(await publicHtml(site.server.url, '/vision'), id).map((t) => attributeOf(t, 'style')), { timeout: 20_000 })
        .toEqual([expect.stringContaining('object-position:40% 41%')]);
      // The block itself was not touched: its own alt text is still empty.
      const stored = await apiCall<{ data: { image: { alt: string } } }>(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${block.id}`);
      expect(stored.data.image.alt).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('replaces a file and every block shows the new one; deletes an unused file and refuses a used one, naming the block', async () => {
    const old = await upload('mill-old.png', 'image/png');
    const one = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Mill card one', image: { mediaId: old, alt: 'The mill', decorative: false } }, 'published');
    const two = await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Mill card two', image: { mediaId: old, alt: 'The mill again', decorative: false } }, 'published');
    const spare = await upload('spare-shed.png', 'image/png');
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page, expectedFailures);
    try {
      await site.signIn(page, '/media?q=mill');
      await waitForScreen(page);
      let dialog = await openDetails(page, 'mill-old.png');
      const fresh = await distinctImage(1000, 500);
      await dialog.getByTestId('replace-input').setInputFiles({ name: 'mill-new.png', mimeType: 'image/png', buffer: fresh });
      await page.getByRole('dialog', { name: 'mill-new.png' }).waitFor({ timeout: 20_000 });
      dialog = page.getByRole('dialog', { name: 'mill-new.png' });
      await dialog.getByText('1,000 × 500 px', { exact: false }).waitFor();
      // Both blocks now point at the new picture, their alt texts kept; the public page shows it, the old one is gone from it.
      const blocks = await Promise.all(
        [one.id, two.id].map((id) => apiCall<{ data: { image: { mediaId: string; alt: string } } }>(site.server.url, site.superToken, `/api/collections/visionvalue/documents/${id}`)),
      );
      // The new picture's id comes from the library, not from the blocks being checked.
      const newId = (await listLibrary(site.server.url, site.superToken, 'q=mill-new')).media[0]?.id ?? '';
      expect(newId).toMatch(/^[0-9a-f]{64}$/);
      expect(newId).not.toBe(old);
      expect(blocks.map((b) => b.data.image)).toEqual([
        { mediaId: newId, alt: 'The mill', decorative: false },
        { mediaId: newId, alt: 'The mill again', decorative: false },
      ]);
      await expect.poll(async () => imgTagsOf(await publicHtml(site.server.url, '/vision'), newId).length, { timeout: 20_000 }).toBe(2);
      expect(imgTagsOf(await publicHtml(site.server.url, '/vision'), old).length).toBe(0);
      await dialog.getByTestId('used-by').getByRole('link', { name: /Mill card one/ }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Deleting an unused file works: asked once, then gone from the library.
      await page.getByLabel('Search').fill('spare-shed');
      await expect.poll(() => cardNames(page)).toEqual(['spare-shed.png']);
      dialog = await openDetails(page, 'spare-shed.png');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('[role=status]').filter({ hasText: 'spare-shed.png is deleted.' }).waitFor();
      await page.getByTestId('media-empty').waitFor();
      expect((await listLibrary(site.server.url, site.superToken, 'q=spare-shed')).total).toBe(0);
      expect((await fetch(`${site.server.url}/media/${spare}/original`)).status).toBe(404);

      // A file that became used while its details were open: the server refuses, naming the block.
      const late = await upload('late-use.png', 'image/png');
      await page.getByLabel('Search').fill('late-use');
      await expect.poll(() => cardNames(page)).toEqual(['late-use.png']);
      dialog = await openDetails(page, 'late-use.png');
      await createBlock(site.server.url, site.superToken, 'visionvalue', { title: 'Late card', image: { mediaId: late, alt: 'Late', decorative: false } }, 'published');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'Late card' });
      await refusal.waitFor();
      expect((await listLibrary(site.server.url, site.superToken, 'q=late-use')).total).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('uploads several files from the library screen; an SVG arrives as a PNG picture, downloaded as one', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" fill="#1d6b57"/><circle cx="60" cy="60" r="40" fill="#f2c14e"/></svg>');
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/media');
      await waitForScreen(page);
      await page.getByTestId('upload-input').setInputFiles([
        { name: 'sun-mark.svg', mimeType: 'image/svg+xml', buffer: svg },
        { name: 'sun-notes.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([makePdf(), Buffer.from('% sun notes\n')]) },
      ]);
      await expect.poll(() => page.getByTestId('upload-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), { timeout: 30_000 }).toEqual(['done', 'done']);
      await page.getByLabel('Search').fill('sun-');
      await expect.poll(() => cardNames(page).then((n) => n.sort())).toEqual(['sun-mark.svg', 'sun-notes.pdf']);
      expect(await cards(page).filter({ hasText: 'sun-mark.svg' }).textContent()).toContain('PNG image');
      const dialog = await openDetails(page, 'sun-mark.svg');
      expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('sun-mark.png');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('has no axe violation at 1280 and 375 px, with the details open; takes the screenshots', async () => {
    await upload('annual-report-2026.pdf', 'application/pdf');
    // A picture with a subject off centre, so the crops in the screenshot show what the focal point does.
    const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#bfe3f2"/><rect y="380" width="800" height="220" fill="#6a9f4b"/><circle cx="240" cy="330" r="70" fill="#d9822b"/><rect x="225" y="390" width="30" height="90" fill="#6b4226"/></svg>`;
    const bytes = await sharp(Buffer.from(scene)).png().toBuffer();
    const id = (await uploadViaApi(site.server.url, site.superToken, bytes, 'volunteers-planting.png', 'image/png')).id;
    await apiCall(site.server.url, site.superToken, `/api/media/${id}`, { method: 'PATCH', body: { alt: 'Volunteers planting trees', focalPoint: { x: 0.3, y: 0.6 } } });
    fs.mkdirSync(shots, { recursive: true });
    for (const width of [1280, 375]) {
      const { context, page } = await site.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
      const { errors } = watchStaffConsole(page);
      try {
        await site.signIn(page, '/media');
        await waitForScreen(page);
        await cards(page).first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(shots, `media-library-${width}.png`) });
        const dialog = await openDetails(page, 'volunteers-planting.png');
        await dialog.locator('img').first().evaluate((img: HTMLImageElement) => img.decode());
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(shots, `media-details-${width}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
