import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';

describe.each(dialects())('server basics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers GET /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', shared: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('serves the registry with every collection and its paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/collections' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { collections: { name: string; formPaths: string[]; fields: unknown[]; can: { read: boolean; create: boolean } }[] };
    const names = body.collections.map((c) => c.name);
    expect(names).toContain('historydescription');
    expect(body.collections.find((c) => c.name === 'historydescription')?.formPaths).toContain('/historydescripton-form/:id');
    expect(body.collections.find((c) => c.name === 'customer')?.can).toMatchObject({ read: false, create: false });
    expect(body.collections.find((c) => c.name === 'home')?.can).toMatchObject({ read: true, create: false });
  });

  it('answers an unknown API path with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not-found' } });
  });

  it('refuses a malformed bearer token with 401 unauthenticated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/collections', headers: { authorization: 'Bearer not-a-jwt' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });
});
