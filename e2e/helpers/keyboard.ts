/** Keyboard moves as a keyboard user makes them, shared by the browser tests. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never does. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 300 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`never reached ${target.toString()} with the keyboard`);
}

/** The focused element shows a focus ring, so a keyboard user sees where they are. */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
  });
}

/**
 * Picks up a sortable item by its focused drag handle (Space), as a keyboard
 * user does, and returns once the arrow keys move it.
 *
 * dnd-kit's keyboard sensor starts listening for the arrows one timer tick
 * after the pick-up (so the Space that picked up is not read as the drop).
 * Chromium runs input before timers, so an arrow sent the moment the handle
 * shows `aria-pressed` can arrive before that tick and scroll the page by
 * 40 px instead of moving the item: a gap no person's second key press
 * falls into. A zero-delay timer set now runs after the sensor's (timers of
 * one delay run in the order they were set), so once it has run, the sensor
 * listens.
 */
export async function pickUp(page: Page, handle: Locator): Promise<void> {
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
