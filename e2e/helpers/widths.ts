/**
 * The two widths every screen is looked at: a laptop and a small phone.
 * `lookAtBothWidths` runs axe (and takes a screenshot when asked) at each, then
 * puts the page back to the first width.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe.js';
import { settle } from './staff.js';

export const bothWidths = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

export const screenshotsDir = path.resolve(__dirname, '../../docs/screenshots');

/**
 * axe on what is on screen now at both widths, `ready` awaited first at each; with `shot`, a full-page
 * screenshot `<shot>-<width>.png` in docs/screenshots. The width is put back to 1280 after.
 */
export async function lookAtBothWidths(page: Page, what: string, options: { ready?: () => Promise<void>; shot?: string } = {}): Promise<void> {
  for (const size of bothWidths) {
    await page.setViewportSize(size);
    await settle(page);
    await options.ready?.();
    expect(await axeViolations(page), `${what} at ${size.width} px`).toEqual([]);
    if (options.shot) {
      // From the top: a page opened at an anchor would draw its fixed header across the middle of a full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshotsDir, `${options.shot}-${size.width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(bothWidths[0]);
  await settle(page);
}
