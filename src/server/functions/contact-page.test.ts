/**
 * The contact form without JavaScript on both databases: POST /contact with
 * the form's urlencoded fields stores a good message as submitContact does
 * and answers with the thanks page, answers bad input with the form again
 * (each field's message, what was typed kept), and shares submitContact's
 * limit of 5 messages per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../shared/collections.js';
import { contactFormPath, contactMessages, contactThanks } from '../../shared/contact.js';
import { build, type TestApp } from '../../../test/helpers/app.js';
import { dialects } from '../../../test/helpers/databases.js';
import { createUser, type TestUser } from '../../../test/helpers/users.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(dialects())('the contact form without JavaScript on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    admin = await createUser(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (fields: Record<string, string>, ip: string) =>
    t.app.inject({ method: 'POST', url: contactFormPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields), remoteAddress: ip });
  const customers = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents?limit=100', headers: admin.headers })).json() as { documents: ContentDocument[] }).documents;

  it('stores a good message as a draft customer, as submitContact does, and answers with the thanks page', async () => {
    const res = await post({ name: '  Neema Mollel ', email: 'neema@example.org', message: 'We run a youth radio show in Arusha.', consent: 'yes' }, '10.1.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(contactThanks('Neema Mollel'));
    // A whole page of the site: its header and footer, not indexed.
    expect(res.body).toContain('class="site-header"');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    // The form is empty again.
    expect(res.body).toMatch(/<input[^>]*name="name"[^>]*value=""/);
    const stored = (await customers()).find((d) => d.data.email === 'neema@example.org');
    expect(stored?.status).toBe('draft');
    expect(stored?.data).toEqual({ name: 'Neema Mollel', email: 'neema@example.org', message: 'We run a youth radio show in Arusha.', consent: true, source: 'contact-form' });
  });

  it('answers bad input with 400 and the form again: each field marked with its message, what was typed kept, nothing stored', async () => {
    const before = (await customers()).length;
    const res = await post({ name: 'Juma <b>', email: 'juma@example', message: 'short', role: 'super' }, '10.1.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/<input[^>]*name="name"[^>]*value="Juma &lt;b&gt;"/);
    expect(res.body).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/);
    expect(res.body).toMatch(/<input[^>]*name="email"[^>]*value="juma@example"/);
    expect(res.body).toMatch(/<textarea[^>]*name="message"[^>]*>short<\/textarea>/);
    expect(res.body).toContain(`<p class="field-error" id="contact-email-error">${contactMessages.emailInvalid}</p>`);
    expect(res.body).toContain(`<p class="field-error" id="contact-message-error">${contactMessages.messageTooShort}</p>`);
    expect(res.body).toContain(`<p class="field-error" id="contact-consent-error">${contactMessages.consentRequired}</p>`);
    expect(res.body).not.toContain('id="contact-name-error"');
    expect(res.body).toContain(contactMessages.correctFields);
    // A consent box with any other value than the form's is not consent.
    const other = await post({ name: 'Juma', email: 'juma@example.org', message: 'Hello there, friends', consent: 'on' }, '10.1.0.2');
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain(contactMessages.consentRequired);
    expect((await customers()).length).toBe(before);
  });

  it('shares the limit of 5 messages per address with submitContact, and answers the sixth with 429 and the form as typed', async () => {
    const ip = '10.1.0.9';
    const good = { name: 'Flood', email: 'flood@example.org', message: 'Many messages in a row', consent: 'yes' };
    const api = () => t.app.inject({ method: 'POST', url: '/api/functions/submitContact', payload: { data: { ...good, consent: true } }, remoteAddress: ip });
    const statuses = [(await api()).statusCode, (await api()).statusCode, (await post(good, ip)).statusCode, (await post(good, ip)).statusCode, (await api()).statusCode];
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await post({ ...good, message: 'One more, typed with care' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.body).toContain(contactMessages.tooMany);
    expect(limited.body).toMatch(/<textarea[^>]*name="message"[^>]*>One more, typed with care<\/textarea>/);
    expect((await api()).statusCode).toBe(429);
    // Another address is not affected.
    expect((await post(good, '10.1.0.10')).statusCode).toBe(200);
    expect((await customers()).filter((d) => d.data.email === 'flood@example.org')).toHaveLength(6);
  });

  it('sends a visitor who opens the address to the form on the home page', async () => {
    const res = await t.app.inject({ method: 'GET', url: contactFormPath });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/#contact');
  });
});
