import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app.js';
import { createUser } from './helpers/users.js';
import { httpStatusByCode } from '../src/shared/errors.js';

describe('error answers', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await build('sqlite');
    headers = (await createUser(t.app, 'super')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('maps SPEC.md section 8 codes to their HTTP statuses', () => {
    expect(httpStatusByCode).toMatchObject({
      'invalid-argument': 400,
      unauthenticated: 401,
      'permission-denied': 403,
      'not-found': 404,
      aborted: 409,
      'resource-exhausted': 429,
      cancelled: 499,
      internal: 500,
      unimplemented: 501,
      unavailable: 503,
      'deadline-exceeded': 504,
    });
  });

  it('answers malformed JSON with 400 invalid-argument in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"data": {',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it('answers an oversized JSON body with 413 and a message, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { title: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/collections/home/documents', headers });
    expect((list.json() as { total: number }).total).toBe(0);
  });

  it('answers an unsupported content type with the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: { ...headers, 'content-type': 'text/xml' },
      payload: '<data/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });
});
