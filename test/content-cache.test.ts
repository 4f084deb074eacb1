/**
 * The page-bundle cache across instances: on PostgreSQL a write on one server
 * instance makes every other instance drop its cached bundle (LISTEN/NOTIFY
 * through the change bus), so a load balancer never serves a stale page.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection } from '../src/shared/collections.js';
import { buildApp } from '../src/server/app.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

// dialects() fails in CI without PostgreSQL and warns elsewhere; SQLite runs a single instance by design.
const onPostgres = dialects().includes('postgres');

describe.runIf(onPostgres)('page bundles on two instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: TestUser;
  let refs: FixtureRefs;

  beforeAll(async () => {
    t = await build('postgres');
    second = await buildApp(testConfig(t.db), { logger: false, render: false });
    await second.ready();
    admin = await createUser(t.app, 'admin');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  async function waitForChange(app: FastifyInstance, url: string, etag: string): Promise<string> {
    let body = '';
    await expect
      .poll(
        async () => {
          const res = await app.inject({ method: 'GET', url });
          body = res.body;
          return res.headers.etag;
        },
        { timeout: 5000, interval: 20, message: `${url} still serves ETag ${etag} after 5 s` },
      )
      .not.toBe(etag);
    return body;
  }

  it('drops the other instance’s cached bundle when a block is published here', async () => {
    const before = await second.inject({ method: 'GET', url: '/api/pages/history' });
    expect(before.statusCode).toBe(200);
    // Served from the second instance's cache from now on.
    expect((await second.inject({ method: 'GET', url: '/api/pages/history', headers: { 'if-none-match': before.headers.etag as string } })).statusCode).toBe(304);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/historyslide/documents',
      headers: admin.headers,
      payload: { data: { ...validData(getCollection('historyslide')!, refs), title: 'Founded in a church hall' }, status: 'published' },
    });
    expect(res.statusCode).toBe(201);
    const body = await waitForChange(second, '/api/pages/history', before.headers.etag as string);
    expect(body).toContain('Founded in a church hall');
  });

  it('drops it when the site settings change on the other instance', async () => {
    const superUser = await createUser(t.app, 'super');
    const before = await second.inject({ method: 'GET', url: '/api/pages/gender' });
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: Record<string, unknown>; version: number };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...superUser.headers, 'if-match': String(current.version) },
      payload: { data: { ...current.data, organisationName: 'Sauti Moja Alliance' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await waitForChange(second, '/api/pages/gender', before.headers.etag as string)).toContain('Sauti Moja Alliance');
  });
});


describe.runIf(onPostgres)('rendered pages on two instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: TestUser;
  let refs: FixtureRefs;

  beforeAll(async () => {
    t = await build('postgres', {}, { render: true });
    second = await buildApp(testConfig(t.db), { logger: false, render: true });
    await second.listen({ host: '127.0.0.1', port: 0 });
    admin = await createUser(t.app, 'admin');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a publish on one instance reaches the page the other keeps and answers from its fast lane', async () => {
    const url = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}/history`;
    const page = () => fetch(url, { headers: { accept: 'text/html' } }).then(async (r) => ({ status: r.status, html: await r.text() }));
    expect((await page()).status).toBe(200);
    const served = second.fastLane.served;
    expect((await page()).status).toBe(200);
    expect(second.fastLane.served, 'the second instance keeps the page and answers it from its fast lane').toBe(served + 1);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/historyslide/documents',
      headers: admin.headers,
      payload: { data: { ...validData(getCollection('historyslide')!, refs), title: 'Registered as a trust in 1998' }, status: 'published' },
    });
    expect(res.statusCode).toBe(201);
    // The bench (npm run bench:scale) measures how soon; here: it does arrive, without a restart or a request to the first instance.
    await expect.poll(async () => (await page()).html, { timeout: 10_000, interval: 20 }).toContain('Registered as a trust in 1998');
  });
});
