/**
 * The contact form on the home page: bad input is refused with a clear message
 * per field, a good message is stored as a customer that staff can see, and
 * the callable function is rate-limited (429 resource-exhausted).
 */
import { describe, expect, it } from 'vitest';
import { watchConsole } from './helpers/browser.js';
import { staffApi } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();

const call = (name: string, body: unknown) =>
  fetch(`${site.server.url}/api/functions/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('contact form', () => {
  it('shows field messages for bad input, then stores a good message as a customer staff can see', async () => {
    const { context, page } = await site.newPage();
    const watch = watchConsole(page);
    try {
      await page.goto(`${site.server.url}/`, { waitUntil: 'networkidle' });
      await page.locator('.site-header[data-enhanced]').waitFor();
      const form = page.locator('form.contact-form');
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.locator('.field-error').allTextContents()).resolves.toEqual([
        'Please tell us your name.',
        'Please enter your e-mail address so we can reply.',
        'Please write a message of at least 10 characters.',
        'Please agree that we may store your message and contact you.',
      ]);
      // Focus goes to the first field in error; each field names its message.
      await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('name');
      await expect(form.getByLabel('Your name').getAttribute('aria-invalid')).resolves.toBe('true');

      await form.getByLabel('Your name').fill('Amina Juma');
      await form.getByLabel('E-mail address').fill('amina@example');
      await form.getByLabel('Message', { exact: true }).fill('We would like to join the budget hearings in Mkoani.');
      await form.getByLabel(/I agree/).check();
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.locator('.field-error').allTextContents()).resolves.toEqual(['Enter a valid e-mail address, like name@example.org.']);

      await form.getByLabel('E-mail address').fill('amina@example.org');
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => form.getByRole('status').innerText(), { timeout: 10_000 }).toContain('Thank you, Amina Juma!');
      await expect(form.getByLabel('Your name').inputValue()).resolves.toBe('');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }

    const list = await staffApi<{ documents: { data: Record<string, unknown>; status: string }[] }>(site.server, site.superToken, '/api/collections/customer/documents?limit=100');
    const amina = list.body.documents.find((d) => d.data.email === 'amina@example.org');
    expect(amina).toBeTruthy();
    expect(amina!.data).toMatchObject({ name: 'Amina Juma', source: 'contact-form', consent: true, message: 'We would like to join the budget hearings in Mkoani.' });
    expect(amina!.status).toBe('draft');
    // Visitors never read customers.
    const anonymous = await fetch(`${site.server.url}/api/collections/customer/documents`);
    expect([401, 403]).toContain(anonymous.status);
  }, 60_000);

  it('refuses bad input in the callable form, answers 404 for an unknown function and 429 when called too often', async () => {
    let res = await call('submitContact', { data: { name: 'X', email: 'x@example.org', message: 'Hello there, friends', consent: false } });
    expect(res.status).toBe(400);
    let body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.fields.consent).toBe('Please agree that we may store your message and contact you.');

    res = await call('submitContact', { data: { name: 'X', email: 'x@example.org', message: 'Hello there, friends', consent: true, role: 'super' } });
    expect(res.status).toBe(400);

    res = await call('noSuchFunction', { data: {} });
    expect(res.status).toBe(404);
    await expect(res.json()).resolves.toMatchObject({ error: { code: 'not-found' } });

    // The form above and these calls used part of the allowance; keep calling until it runs out.
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) {
      res = await call('submitContact', { data: { name: 'Flood', email: 'flood@example.org', message: 'Many messages in a row', consent: true } });
      status = res.status;
    }
    expect(status).toBe(429);
    body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('resource-exhausted');
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});
