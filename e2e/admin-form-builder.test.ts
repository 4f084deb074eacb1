/**
 * An editor builds a form in the staff app without JSON: the questions
 * widget starts with the e-mail question every form needs, adds a question
 * of a type that chooses, with its options one per line, moves and marks it
 * required; the screen has no axe violation at 1280 and 375 px (screenshots
 * docs/screenshots/form-builder-*.png) and every input has a name; the
 * saved form holds the questions as the public form and its answer read them.
 * The same work by keyboard alone: every control reached with Tab, focus shown,
 * and kept where the work is when a question is added, moved or removed.
 */
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { focusIsVisible, tabTo } from './helpers/keyboard.js';
import { lookAtBothWidths } from './helpers/widths.js';
import { watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';
import { apiCall, field, waitForScreen } from './admin-content-support.js';

const site = setUpSite();

describe('the form builder', () => {
  it('adds, fills, moves and saves questions, accessibly', async () => {
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/youthvolunteer-form/new');
      await waitForScreen(page);
      await field(page, 'Title').fill('Newsletter sign-up');
      const first = page.getByRole('group', { name: /^Question 1/ });
      await expect(first.getByLabel(/^Question/).inputValue()).resolves.toBe('E-mail address');

      await page.getByRole('button', { name: 'Add a question' }).click();
      const second = page.getByRole('group', { name: /^Question 2/ });
      await second.getByLabel(/^Question/).fill('Your region');
      await second.getByLabel('Answer type').selectOption('choice');
      await second.getByLabel(/^Options, one per line/).fill('North\nSouth coast');
      await second.getByLabel('An answer is required').check();
      await page.getByRole('button', { name: 'Move up question 2' }).click();
      await expect(page.getByRole('group', { name: /^Question 1/ }).getByLabel(/^Question/).inputValue()).resolves.toBe('Your region');

      await lookAtBothWidths(page, 'the form builder', { shot: 'form-builder' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/youthvolunteer$/);
      const { documents } = await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/youthvolunteer/documents?limit=50');
      const saved = documents.find((d) => d.data.title === 'Newsletter sign-up');
      expect(saved?.data.fields).toEqual([
        { id: 'question', type: 'choice', label: 'Your region', required: true, options: [{ value: 'north', label: 'North' }, { value: 'south-coast', label: 'South coast' }] },
        { id: 'email', type: 'email', label: 'E-mail address', required: true },
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('builds a form by keyboard alone, focus shown and kept where the work is', async () => {
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    const focusedIn = (group: RegExp) => page.getByRole('group', { name: group }).evaluate((el) => el.contains(document.activeElement));
    try {
      await site.signIn(page, '/youthvolunteer-form/new');
      await waitForScreen(page);
      await tabTo(page, field(page, 'Title'));
      await page.keyboard.type('Volunteer drivers');

      // A new question: its first input takes focus.
      await tabTo(page, page.getByRole('button', { name: 'Add a question' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedIn(/^Question 2/)).toBe(true);
      await page.keyboard.type('Your county');
      const second = page.getByRole('group', { name: /^Question 2/ });
      await tabTo(page, second.getByLabel('Answer type'));
      // A closed select takes the first letters of an option, as a keyboard user types them.
      await page.keyboard.type('One');
      await expect(second.getByLabel('Answer type').inputValue()).resolves.toBe('choice');
      await tabTo(page, second.getByLabel(/^Options, one per line/));
      await page.keyboard.type('Nairobi');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Mombasa');
      await tabTo(page, second.getByLabel('An answer is required'));
      await page.keyboard.press('Space');
      await expect(second.getByLabel('An answer is required').isChecked()).resolves.toBe(true);

      // Moved up, the question keeps focus on its button; at the top the button says so and moves nothing.
      await tabTo(page, page.getByRole('button', { name: 'Move up question 2' }));
      await page.keyboard.press('Enter');
      const moved = page.getByRole('button', { name: 'Move up question 1' });
      await expect.poll(() => moved.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await focusIsVisible(page)).toBe(true);
      await expect(moved.getAttribute('aria-disabled')).resolves.toBe('true');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('group', { name: /^Question 1/ }).getByLabel(/^Question/).inputValue()).resolves.toBe('Your county');

      // A question added then removed: focus goes to the question before it.
      await tabTo(page, page.getByRole('button', { name: 'Add a question' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedIn(/^Question 3/)).toBe(true);
      await tabTo(page, page.getByRole('button', { name: 'Remove question 3' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedIn(/^Question 2/)).toBe(true);
      await expect(page.getByRole('group', { name: /^Question 3/ }).count()).resolves.toBe(0);

      await tabTo(page, page.getByRole('button', { name: 'Save' }));
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/youthvolunteer$/);
      const { documents } = await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/youthvolunteer/documents?limit=50');
      expect(documents.find((d) => d.data.title === 'Volunteer drivers')?.data.fields).toEqual([
        { id: 'question', type: 'choice', label: 'Your county', required: true, options: [{ value: 'nairobi', label: 'Nairobi' }, { value: 'mombasa', label: 'Mombasa' }] },
        { id: 'email', type: 'email', label: 'E-mail address', required: true },
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
