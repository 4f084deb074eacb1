/**
 * The volunteer sign-up form on /youthleadership with JavaScript on: the
 * island asks for its proof of work only once the visitor goes into the form,
 * answers in place (problems announced and tied to their questions, focus to
 * the first, the thanks in a status region), loads nothing from another site
 * and sets no cookie, and the page passes axe with the problems shown.
 */
import { describe, expect, it } from 'vitest';
import { formMinimumFillMs } from '../src/shared/forms.js';
import { apiPaths } from '../src/shared/api-paths.js';
import { axeViolations } from './helpers/axe.js';
import { watchConsole } from './helpers/browser.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();

describe('a form editors built, with JavaScript', () => {
  it('shows problems in place, then sends the answer and thanks the person without leaving the page', async () => {
    const { context, page } = await site.newPage();
    const watch = watchConsole(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    try {
      await page.goto(`${site.server.url}/youthleadership`, { waitUntil: 'networkidle' });
      await page.locator('[data-island="form"][data-hydrated]').waitFor();
      // Hydrating asks the server nothing.
      expect(requests.filter((u) => u.includes(apiPaths.forms.challenge))).toEqual([]);
      const form = page.locator('form.public-form');
      await form.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => form.locator('.field-error').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect(form.getByRole('alert').innerText()).resolves.toContain('Please correct the questions marked above.');
      // Focus goes to the first question in error, which names its problem.
      await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('f-name');
      const name = form.getByLabel('Your name');
      await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
      const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
      await expect(page.locator(`#${describedBy.split(' ').at(-1)}`).innerText()).resolves.toBe('Please answer this question.');
      expect(requests.filter((u) => u.includes(apiPaths.forms.challenge))).toHaveLength(1);
      expect(await axeViolations(page)).toEqual([]);

      const typingStarted = Date.now();
      await name.fill('Amina Juma');
      await form.getByLabel('E-mail address').fill('amina.volunteer@example.org');
      await form.getByLabel('Your age').fill('21');
      await form.getByLabel('Lindiwe').check();
      await form.getByLabel('Join the leadership academy').check();
      await form.getByLabel(/I agree that Tujenge/).check();
      // A person takes at least the minimum fill time: an answer sooner is a bot's, and is refused.
      await page.waitForTimeout(Math.max(0, formMinimumFillMs + 500 - (Date.now() - typingStarted)));
      await form.getByRole('button', { name: 'Send' }).click();
      const section = page.locator('section.form-block');
      await expect.poll(() => section.getByRole('status').innerText(), { timeout: 15_000 }).toContain('Thank you for signing up!');
      await expect(page.locator('form.public-form').count()).resolves.toBe(0);
      expect(new URL(page.url()).pathname).toBe('/youthleadership');
      // The browser notes the refusal (422) it was sent on purpose; nothing else may go wrong.
      expect(watch.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
      // Nothing from another site, and no cookie.
      expect(requests.filter((u) => !u.startsWith(site.server.url) && !u.startsWith('data:'))).toEqual([]);
      expect(await context.cookies()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
