/**
 * The media library as a picker in a form, in a real browser against the built
 * app: an existing picture is chosen for a new block by keyboard alone, with
 * no upload; its alt text field offers the library's default; three files
 * uploaded at once over a slow connection each show their own progress bar at
 * the same time, then all three in the grid, ready to pick. axe at 1280 and
 * 375 px, and the screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchStaffConsole, settle } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';
import { apiCall, field, makeNoisyJpeg, makePdf, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { distinctImage } from './media-support.js';
import { axeViolations } from './helpers/axe.js';
import { focusIsVisible, tabTo } from './helpers/keyboard.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');

interface StoredBlock {
  id: string;
  data: { title: string; image?: { mediaId: string; alt: string; decorative: boolean } };
}

async function blocks(collection: string): Promise<StoredBlock[]> {
  return (await apiCall<{ documents: StoredBlock[] }>(site.server.url, site.superToken, `/api/collections/${collection}/documents?limit=100`)).documents;
}

function picker(page: Page) {
  return page.getByRole('dialog', { name: 'Choose the image from the library' });
}

describe('choosing media in a form', () => {
  it('chooses an existing picture for a new block by keyboard, without uploading, and offers the library’s alt text', async () => {
    const lighthouse = await uploadViaApi(site.server.url, site.superToken, await distinctImage(900, 600), 'lighthouse-cliff.png', 'image/png');
    await apiCall(site.server.url, site.superToken, `/api/media/${lighthouse.id}`, { method: 'PATCH', body: { alt: 'A lighthouse on the cliff' } });
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/media')) uploads.push(r.url());
    });
    try {
      await site.signIn(page, '/visionvalue-form/new');
      await waitForScreen(page);
      await tabTo(page, field(page, 'Title'));
      await page.keyboard.type('Guiding light');
      const choose = page.getByRole('button', { name: 'Choose image from library' });
      await tabTo(page, choose);
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = picker(page);
      await dialog.waitFor();
      await settle(page);
      // The search field has focus: type, then Tab to the card and Enter.
      await expect.poll(() => dialog.getByTestId('picker-search').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('lighthouse');
      const card = dialog.getByRole('button', { name: /^Choose lighthouse-cliff\.png/ });
      await card.waitFor();
      await tabTo(page, card);
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });

      const alt = field(page, 'Alt text');
      await alt.waitFor();
      expect(await alt.inputValue()).toBe('');
      await expect.poll(() => alt.getAttribute('placeholder')).toBe('A lighthouse on the cliff');
      await page.getByText('Leave empty to use the library’s alt text: “A lighthouse on the cliff”').waitFor();
      expect(await alt.getAttribute('required')).toBeNull();
      // Focus is not lost: it is on the alt text field, or back on the button that opened the picker.
      expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
      expect(await page.locator(`img[src="/media/${lighthouse.id}/480"]`).count()).toBe(1);

      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/visionvalue$/);
      const saved = (await blocks('visionvalue')).find((b) => b.data.title === 'Guiding light');
      expect(saved?.data.image).toEqual({ mediaId: lighthouse.id, alt: '', decorative: false });
      expect(uploads).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('uploads three files at once over a slow connection, each with its own progress bar, then shows them to pick', async () => {
    const files = await Promise.all(
      ['river-one.jpg', 'river-two.jpg', 'river-three.jpg'].map(async (name) => ({ name, mimeType: 'image/jpeg', buffer: await makeNoisyJpeg(700, 700) })),
    );
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/visionvalue-form/new');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Choose image from library' }).click();
      const dialog = picker(page);
      await dialog.waitFor();
      await settle(page);

      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // About 60 KB/s up: each file takes seconds, so the three bars are seen together.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: -1, uploadThroughput: 60 * 1024 });
      await dialog.getByTestId('upload-input').setInputFiles(files);

      const bars = dialog.getByRole('progressbar');
      await expect.poll(() => bars.count(), { timeout: 10_000 }).toBe(3);
      const names = await Promise.all([0, 1, 2].map((i) => bars.nth(i).getAttribute('aria-label')));
      expect(names).toEqual(['Uploading river-one.jpg', 'Uploading river-two.jpg', 'Uploading river-three.jpg']);
      // All three are under way at the same time, none finished yet, and they advance.
      const items = dialog.getByTestId('upload-item');
      expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['uploading', 'uploading', 'uploading']);
      await expect.poll(async () => (await items.allTextContents()).filter((t) => /Uploading river-\w+\.jpg [1-9]\d?%/.test(t)).length, { timeout: 30_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(shots, 'media-picker-uploading-1280.png') });

      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await expect.poll(async () => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), { timeout: 60_000 }).toEqual(['done', 'done', 'done']);
      for (const f of files) await dialog.getByRole('button', { name: new RegExp(`^Choose ${f.name.replace('.', '\\.')}`) }).waitFor();

      // One of them is picked like any other picture.
      await dialog.getByRole('button', { name: /^Choose river-two\.jpg/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await field(page, 'Alt text').waitFor();
      await page.getByText('This picture has no alt text in the library yet: write one here or in the media library.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('chooses an existing PDF for a publication, its name taken from the file', async () => {
    const report = await uploadViaApi(site.server.url, site.superToken, Buffer.concat([makePdf(), Buffer.from('% water audit\n')]), 'Water audit 2026.pdf', 'application/pdf');
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/item-form/new');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Choose a PDF from library' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a PDF from the library' });
      // Only PDFs are offered.
      await dialog.getByTestId('media-card').first().waitFor();
      expect((await dialog.getByTestId('media-card').allTextContents()).every((t) => t.includes('PDF document'))).toBe(true);
      await dialog.getByTestId('picker-search').fill('water audit');
      await dialog.getByRole('button', { name: /^Choose Water audit 2026\.pdf/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await field(page, 'File name shown to visitors').inputValue()).toBe('Water audit 2026');
      expect(await page.getByRole('link', { name: 'Open the PDF (new tab)' }).getAttribute('href')).toBe(`/media/${report.id}/original`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('has no axe violation at 1280 and 375 px; takes the screenshots', async () => {
    await uploadViaApi(site.server.url, site.superToken, await distinctImage(1200, 800, 'jpeg'), 'market-day.jpg', 'image/jpeg');
    fs.mkdirSync(shots, { recursive: true });
    for (const width of [1280, 375]) {
      const { context, page } = await site.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
      const { errors } = watchStaffConsole(page);
      try {
        await site.signIn(page, '/visionvalue-form/new');
        await waitForScreen(page);
        await page.getByRole('button', { name: 'Choose image from library' }).click();
        const dialog = picker(page);
        await dialog.getByTestId('media-card').first().waitFor();
        await settle(page);
        // The first thumbnails have loaded (the screenshot shows pictures, not placeholders).
        await dialog.locator('img').first().evaluate((img: HTMLImageElement) => img.decode());
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(shots, `media-picker-${width}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
