/**
 * An editor builds a form in the staff app without JSON: the questions
 * widget starts with the e-mail question every form needs, adds a question
 * of a type that chooses, with its options one per line, moves and marks it
 * required; the screen has no axe violation and every input has a name; the
 * saved form holds the questions as the public form and its answer read them.
 */
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { axeViolations } from './helpers/axe.js';
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

      expect(await axeViolations(page)).toEqual([]);
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
});
