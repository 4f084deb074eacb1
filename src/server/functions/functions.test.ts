/** The callable functions on both databases: submitContact stores a customer through the content API's validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../shared/collections.js';
import { build, type TestApp } from '../../../test/helpers/app.js';
import { dialects } from '../../../test/helpers/databases.js';
import { createUser, type TestUser } from '../../../test/helpers/users.js';

const good = { name: '  Baraka Otieno ', email: 'baraka@example.org', message: 'Can our youth group join the monitors?', consent: true };

describe.each(dialects())('callable functions on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (name: string, payload: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: `/api/functions/${name}`, payload: payload as object, remoteAddress: ip });

  it('stores a contact message as a draft customer from the contact form, visible to staff only', async () => {
    const res = await call('submitContact', { data: good });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json() as { result: { id: string } };
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
    const read = await t.app.inject({ method: 'GET', url: `/api/collections/customer/documents/${result.id}`, headers: admin.headers });
    const doc = read.json() as ContentDocument;
    expect(doc.status).toBe('draft');
    expect(doc.data).toEqual({ name: 'Baraka Otieno', email: 'baraka@example.org', message: good.message, consent: true, source: 'contact-form' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/collections/customer/documents/${result.id}` });
    expect(anonymous.statusCode).toBeGreaterThanOrEqual(401);
  });

  it('refuses bad input with a message per field and stores nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: admin.headers })).json() as { total: number };
    const res = await call('submitContact', { data: { name: '', email: 'not-an-address', message: 'short', consent: false } }, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid-argument');
    expect(error.fields).toEqual({
      name: 'Please tell us your name.',
      email: 'Enter a valid e-mail address, like name@example.org.',
      message: 'Please write a message of at least 10 characters.',
      consent: 'Please agree that we may store your message and contact you.',
    });
    // Unknown fields (a visitor trying to set the source or status) are refused.
    expect((await call('submitContact', { data: { ...good, source: 'manual' } }, '10.0.0.2')).statusCode).toBe(400);
    // A body without `data` is refused.
    expect((await call('submitContact', { name: 'x' }, '10.0.0.2')).statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: admin.headers })).json() as { total: number };
    expect(after.total).toBe(before.total);
  });

  it('answers 404 not-found for an unknown function, also for names of object properties', async () => {
    for (const name of ['noSuchFunction', 'constructor', '__proto__', 'toString']) {
      const res = await call(name, { data: {} }, '10.0.0.3');
      expect(res.statusCode, name).toBe(404);
      expect((res.json() as { error: { code: string } }).error.code).toBe('not-found');
    }
  });

  it('limits each caller address to 5 calls in 10 minutes with 429 resource-exhausted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('submitContact', { data: { ...good, email: `flood${i}@example.org` } }, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await call('submitContact', { data: good }, '10.0.0.9');
    expect((limited.json() as { error: { code: string } }).error.code).toBe('resource-exhausted');
    // Another address is not affected.
    expect((await call('submitContact', { data: good }, '10.0.0.10')).statusCode).toBe(200);
  });
});
