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
 * user does, and returns once the handle shows it is picked up. The next key
 * is pressed at once: dnd-kit listens for the arrows only a timer tick later,
 * and the list holds keys pressed meanwhile for it (sortable-list.tsx), so
 * an arrow pressed in that tick moves the item rather than scrolling the page.
 */
export async function pickUp(page: Page, handle: Locator): Promise<void> {
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
}

/**
 * Presses an arrow while a sortable item is picked up and returns once the
 * page says where it now is (“Water rights” is over position 5 of 6.), as a
 * screen-reader user hears it. The item's shift alone does not tell: when the
 * next place is out of view, dnd-kit scrolls the page smoothly instead, the
 * item shifts from the first frame, and a Space pressed before the scroll
 * ends drops it back where it was (announced as such).
 */
export async function moveTo(page: Page, key: 'ArrowUp' | 'ArrowDown', name: string, position: number, count: number): Promise<void> {
  await page.keyboard.press(key);
  await page.getByRole('status').filter({ hasText: `${name} is over position ${position} of ${count}.` }).waitFor();
}
