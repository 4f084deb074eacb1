/**
 * Registration for the demo's youth leadership workshop in a browser: the
 * form is plain HTML (no island), so it posts as it would without
 * JavaScript (axe needs the page's JavaScript on to run). The event's page shows the places left and a form that passes
 * axe, a form sent without a name comes back with the problem beside its
 * question (and passes axe), a filled one leads to the page with the outcome
 * and one place fewer; the Kiswahili page speaks Kiswahili.
 */
import { describe, expect, it } from 'vitest';
import { formMinimumFillMs } from '../src/shared/forms.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import { youthWorkshopId } from '../src/server/seed/content/events.js';
import { axeViolations } from './helpers/axe.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const en = publicWordsFor('en').words;
const sw = publicWordsFor('sw').words.registration;

describe('registration for an event, a plain form', () => {
  it('registers a person from the event’s page, with the places left before and after, and passes axe on every step', async () => {
    const { context, page } = await site.newPage();
    try {
      await page.goto(`${site.server.url}/events/${youthWorkshopId}`);
      const places = page.locator('.event-places');
      await expect(places.innerText()).resolves.toContain(en.registration.placesLeft(35, 40));
      expect(await axeViolations(page)).toEqual([]);

      const form = page.locator('form.public-form');
      const opened = Date.now();
      await form.getByLabel('E-mail address').fill('browser.person@example.org');
      await form.getByLabel('Lindiwe').check();
      // A person takes at least the minimum fill time: an answer sooner is a bot's, and is refused.
      await page.waitForTimeout(Math.max(0, formMinimumFillMs + 500 - (Date.now() - opened)));
      await form.getByRole('button', { name: en.registration.submit }).click();
      await expect(page.locator('.field-error').first().innerText()).resolves.toBe(en.form.problems.required);
      await expect(page.locator('form.public-form').getByLabel('E-mail address').inputValue()).resolves.toBe('browser.person@example.org');
      expect(await axeViolations(page)).toEqual([]);

      // Correcting a question at once is not too fast: the form keeps the time it was first served.
      await page.getByLabel('Your name').fill('Browser Person');
      await page.getByRole('button', { name: en.registration.submit }).click();
      await page.waitForURL(/registered=confirmed/);
      await expect(page.locator(`#register-${youthWorkshopId}-status`).innerText()).resolves.toContain(en.registration.outcomes.confirmed);
      await expect(page.locator('.event-places').innerText()).resolves.toContain(en.registration.placesLeft(34, 40));
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${site.server.url}/sw/events/${youthWorkshopId}`);
      await expect(page.locator('.event-places').innerText()).resolves.toContain(sw.placesLeft(34, 40));
      await expect(page.locator('form.public-form').getByRole('button', { name: sw.submit }).count()).resolves.toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
