/**
 * The Pages screen on a server without a browser to weigh first views in
 * (`PAGE_WEIGHT_BROWSER=off`): each page's weight is its whole page, the
 * screen says so under every weight and once above them, and axe finds
 * nothing at 375 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { noBrowserNote } from '../src/server/weighing/weighing.js';
import { setUpSite } from './helpers/fixture.js';
import { axeViolations } from './helpers/axe.js';
import { publicPages } from './public-helpers.js';

const site = setUpSite({ env: { PAGE_WEIGHT_BROWSER: 'off' } });

describe('page weights without a browser on the server', () => {
  it('shows each whole page’s weight and says why it is not the first view', async () => {
    const { context, page } = await site.newPage();
    try {
      await site.signIn(page, '/pages');
      const weights = page.getByTestId('page-weight');
      await expect.poll(() => weights.count(), { timeout: 60_000 }).toBe(publicPages.length);
      const texts = await weights.allTextContents();
      expect(texts.filter((t) => !/^\d+ KB on a phone for the whole page \(HTML /.test(t))).toEqual([]);
      const note = page.getByTestId('page-weight-whole');
      expect(await note.textContent()).toBe(noBrowserNote);
      await page.getByTestId('page-weighing').screenshot({ path: 'docs/screenshots/pages-weight-whole-1280.png' });
      expect(await axeViolations(page), 'the Pages screen at 1280 px').toEqual([]);
      await page.setViewportSize({ width: 375, height: 812 });
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'docs/screenshots/pages-weight-whole-375.png' });
      expect(await axeViolations(page), 'the Pages screen at 375 px').toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
