/**
 * The contact form with JavaScript off: the home page's form posts to the
 * server, which answers with a whole page. Bad input comes back with each
 * field's message and what was typed; a good message is stored as a customer
 * staff can see, with the thanks; the limit of 5 messages per address holds.
 * Screenshots of the answer with errors at 375 and 1280 px go to
 * docs/screenshots/; axe finds nothing serious on it nor on the home page
 * as they are without JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './helpers/axe.js';
import { contactMessages, contactThanks } from '../src/shared/contact.js';
import { staffApi } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const shotsDir = path.resolve(__dirname, '../docs/screenshots');

interface Customer {
  data: Record<string, unknown>;
  status: string;
}

async function customersFrom(email: string): Promise<Customer[]> {
  const list = await staffApi<{ documents: Customer[] }>(site.server, site.superToken, '/api/collections/customer/documents?limit=100');
  return list.body.documents.filter((d) => d.data.email === email);
}

/** axe's violations on the page as it is, each marked with the state it was found in. */
async function violations(page: Page, label: string): Promise<string[]> {
  return (await axeViolations(page)).map((line) => `${label}: ${line}`);
}

async function send(page: Page, fields: { name: string; email: string; message: string; consent: boolean }): Promise<number | undefined> {
  const form = page.locator('form.contact-form');
  await form.getByLabel('Your name').fill(fields.name);
  await form.getByLabel('E-mail address').fill(fields.email);
  await form.getByLabel('Message', { exact: true }).fill(fields.message);
  await form.getByLabel(/I agree/).setChecked(fields.consent);
  const [response] = await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Send message' }).click()]);
  return response?.status();
}

describe('contact form without JavaScript', () => {
  it('answers bad input with the form again (each field marked, what was typed kept), then stores a good message with the thanks', async () => {
    const { context, page } = await site.newPage({ javaScriptEnabled: false });
    try {
      await page.goto(`${site.server.url}/`);
      // On a phone without JavaScript the navigation is shown (the Menu button could not open it).
      await page.setViewportSize({ width: 375, height: 900 });
      await expect(page.locator('#site-nav').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
      await page.setViewportSize({ width: 1280, height: 900 });
      let status = await send(page, { name: '', email: 'imani@example', message: 'We would like to host a budget hearing in Moshi.', consent: false });
      expect(status).toBe(400);
      // The answer opens on the form.
      expect(new URL(page.url()).pathname).toBe('/contact');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect(page.locator('#contact').evaluate((el) => el.getBoundingClientRect().top)).resolves.toBeLessThan(200);
      const form = page.locator('form.contact-form');
      await expect(form.locator('.field-error').allTextContents()).resolves.toEqual([contactMessages.nameRequired, contactMessages.emailInvalid, contactMessages.consentRequired]);
      for (const label of ['Your name', 'E-mail address']) await expect(form.getByLabel(label).getAttribute('aria-invalid'), label).resolves.toBe('true');
      await expect(form.getByLabel('Message', { exact: true }).getAttribute('aria-invalid')).resolves.toBeNull();
      // Each message is the field's description, so a screen reader reads it with the field.
      await expect(form.getByLabel('E-mail address').getAttribute('aria-describedby')).resolves.toBe('contact-email-error');
      await expect(form.getByLabel('E-mail address').inputValue()).resolves.toBe('imani@example');
      await expect(form.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe('We would like to host a budget hearing in Moshi.');
      await expect(form.getByRole('status').innerText()).resolves.toBe(contactMessages.correctFields);
      expect(await customersFrom('imani@example')).toEqual([]);

      fs.mkdirSync(shotsDir, { recursive: true });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // From the top: a full-page picture of a scrolled page shows the sticky header in the middle.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(shotsDir, `public-contact-errors-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      status = await send(page, { name: 'Imani Kweka', email: 'imani@example.org', message: 'We would like to host a budget hearing in Moshi.', consent: true });
      expect(status).toBe(200);
      await expect(form.getByRole('status').innerText()).resolves.toBe(contactThanks('Imani Kweka'));
      await expect(form.locator('.field-error').count()).resolves.toBe(0);
      await expect(form.getByLabel('Your name').inputValue()).resolves.toBe('');
      const stored = await customersFrom('imani@example.org');
      expect(stored).toHaveLength(1);
      expect(stored[0]!.status).toBe('draft');
      expect(stored[0]!.data).toEqual({ name: 'Imani Kweka', email: 'imani@example.org', message: 'We would like to host a budget hearing in Moshi.', consent: true, source: 'contact-form' });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('has no serious or critical accessibility violation on the home page and the answer with errors, as without JavaScript, at 375 and 1280 px', async () => {
    const found: string[] = [];
    for (const width of [375, 1280]) {
      // axe needs scripts to run, so the page runs none of its own and gets its <noscript> style, as without JavaScript.
      const { context, page } = await site.newPage({ viewport: { width, height: 900 } });
      await page.route('**/*', async (route) => {
        const type = route.request().resourceType();
        if (type === 'script') return route.abort();
        if (type !== 'document') return route.continue();
        const res = await route.fetch();
        return route.fulfill({ response: res, body: (await res.text()).replace(/<\/?noscript>/g, '') });
      });
      try {
        await page.goto(`${site.server.url}/`);
        await expect(page.locator('#site-nav').isVisible()).resolves.toBe(true);
        found.push(...(await violations(page, `/ at ${width} px`)));
        if (width === 375) {
          // The answer with errors (this post counts against the limit too).
          expect(await send(page, { name: '', email: 'x@example', message: 'short', consent: false })).toBe(400);
          found.push(...(await violations(page, `/contact with errors at ${width} px`)));
        }
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('keeps the limit of 5 messages per address: the next post is answered with 429 and the form as typed', async () => {
    const { context, page } = await site.newPage({ javaScriptEnabled: false });
    try {
      await page.goto(`${site.server.url}/`);
      // Posts above used part of the allowance; keep posting until it runs out (at most five more).
      const statuses: (number | undefined)[] = [];
      for (let i = 0; i < 6 && statuses[statuses.length - 1] !== 429; i++) {
        statuses.push(await send(page, { name: 'Baraka', email: `baraka${i}@example.org`, message: 'A message about the water budget.', consent: true }));
      }
      const last = statuses.length - 1;
      expect(statuses[last]).toBe(429);
      expect(statuses.slice(0, last).every((s) => s === 200)).toBe(true);
      const form = page.locator('form.contact-form');
      await expect(form.getByRole('status').innerText()).resolves.toBe(contactMessages.tooMany);
      await expect(form.getByLabel('E-mail address').inputValue()).resolves.toBe(`baraka${last}@example.org`);
      await expect(form.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe('A message about the water budget.');
      expect(await customersFrom(`baraka${last}@example.org`)).toEqual([]);
      // The messages before it were stored.
      for (let i = 0; i < last; i++) expect(await customersFrom(`baraka${i}@example.org`)).toHaveLength(1);
    } finally {
      await context.close();
    }
  }, 60_000);
});
