/**
 * A conditional write resent because its answer never came (the instance
 * that had it was killed, the proxy answered 502): sent again with the same
 * If-Match and Idempotency-Key, it is answered with the block as the first
 * attempt left it, and applied once. A key is no pass: another editor's write
 * in between, or another editor sending the key, is still a conflict; a
 * malformed key is a 400 naming the header and changes nothing. The staff
 * app's own client, behind a proxy that loses the first answer the way
 * nginx does when its instance dies after the commit (502), resends and is
 * answered. On SQLite and PostgreSQL.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { editorialApi, type RevisionSummary } from '../src/shared/editorial.js';
import { requestKeyHeader } from '../src/shared/request-key.js';
import { siteApi, type PageBlockChanges } from '../src/shared/site-structure.js';
import { api, setTokenProvider } from '../src/web/api-client.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

const collection = 'aboutvision';
const documentUrl = (id: string) => `/api/collections/${collection}/documents/${id}`;

describe.each(dialects())('writes resent with their key on %s', (dialect) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let superAdmin: TestUser;
  let refs: FixtureRefs;

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    alice = await createUser(t.app, 'admin');
    bob = await createUser(t.app, 'admin');
    superAdmin = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => t?.close());

  const as = (user: TestUser, options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...user.headers } });
  const conditional = (version: number, key?: string) => ({ 'if-match': String(version), ...(key === undefined ? {} : { [requestKeyHeader]: key }) });
  const newKey = () => crypto.randomUUID();

  async function newBlock(status: 'draft' | 'published' = 'published'): Promise<ContentDocument> {
    const res = await as(alice, { method: 'POST', url: `/api/collections/${collection}/documents`, payload: { data: validData(getCollection(collection)!, refs, 'Resent'), status } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContentDocument>();
  }
  const read = async (id: string) => (await as(alice, { method: 'GET', url: documentUrl(id) })).json<ContentDocument>();
  const revisions = async (id: string) => (await as(alice, { method: 'GET', url: editorialApi.revisions(collection, id) })).json<{ revisions: RevisionSummary[] }>().revisions;

  it('answers a save resent after it was applied with the block as it left it, and saves it once', async () => {
    const doc = await newBlock();
    const key = newKey();
    const save = () => as(alice, { method: 'PATCH', url: documentUrl(doc.id), headers: conditional(doc.version, key), payload: { data: { title: 'Water for every ward' } } });
    const first = await save();
    expect(first.statusCode, first.body).toBe(200);
    const before = (await revisions(doc.id)).length;

    const again = await save();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ContentDocument>()).toEqual(first.json<ContentDocument>());
    expect((await read(doc.id)).version).toBe(doc.version + 1);
    expect(await revisions(doc.id)).toHaveLength(before);

    // The same change without a key is what it always was: a conflict.
    const keyless = await as(alice, { method: 'PATCH', url: documentUrl(doc.id), headers: conditional(doc.version), payload: { data: { title: 'Water for every ward' } } });
    expect(keyless.statusCode).toBe(409);
  });

  it('publishes a block once when its publish is resent, and a page once when the page\'s publish is', async () => {
    const doc = await newBlock('draft');
    const key = newKey();
    const publish = () => as(alice, { method: 'POST', url: editorialApi.publish(collection, doc.id), headers: conditional(doc.version, key), payload: {} });
    const first = await publish();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ContentDocument>().status).toBe('published');
    const again = await publish();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ContentDocument>().version).toBe(first.json<ContentDocument>().version);
    expect((await revisions(doc.id)).filter((r) => r.action === 'publish')).toHaveLength(1);

    const made = await as(alice, { method: 'POST', url: siteApi.pages, payload: { path: '/clean-water', title: 'Clean water', preset: 'campaign' } });
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json<{ id: string; version: number }>();
    const pageKey = newKey();
    const publishPage = () => as(alice, { method: 'POST', url: siteApi.pageStep(page.id, 'publish'), headers: conditional(page.version, pageKey), payload: {} });
    const published = await publishPage();
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ state: string; published: PageBlockChanges }>()).toMatchObject({ state: 'published', published: { page: true } });
    const resent = await publishPage();
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<{ state: string; version: number; published: PageBlockChanges }>()).toMatchObject({ state: 'published', version: published.json<{ version: number }>().version, published: { page: false, blocks: [] } });
  });

  it('moves a block, and a page, to the trash once when the move is resent', async () => {
    const doc = await newBlock();
    const key = newKey();
    const remove = () => as(alice, { method: 'DELETE', url: documentUrl(doc.id), headers: conditional(doc.version, key) });
    expect((await remove()).statusCode).toBe(204);
    const again = await remove();
    expect(again.statusCode, again.body).toBe(204);
    // Without the key the block is simply not there any more.
    expect((await as(alice, { method: 'DELETE', url: documentUrl(doc.id), headers: conditional(doc.version) })).statusCode).toBe(404);

    // A page's delete, resent: the page is gone once, its address answers 410.
    const made = await as(alice, { method: 'POST', url: siteApi.pages, payload: { path: '/old-campaign', title: 'Old campaign', preset: 'campaign' } });
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json<{ id: string; version: number }>();
    const pageKey = newKey();
    const removePage = () => as(superAdmin, { method: 'DELETE', url: siteApi.page(page.id), headers: conditional(page.version, pageKey), payload: { gone: true } });
    const first = await removePage();
    expect(first.statusCode, first.body).toBe(204);
    const resent = await removePage();
    expect(resent.statusCode, resent.body).toBe(204);
    expect((await as(superAdmin, { method: 'DELETE', url: siteApi.page(page.id), headers: conditional(page.version), payload: { gone: true } })).statusCode).toBe(404);
  });

  it('is still a conflict when another write came in between, or another editor sends the key', async () => {
    const doc = await newBlock();
    const key = newKey();
    const save = (user: TestUser, version: number, title: string, k?: string) => as(user, { method: 'PATCH', url: documentUrl(doc.id), headers: conditional(version, k), payload: { data: { title } } });
    expect((await save(alice, doc.version, 'Alice’s title', key)).statusCode).toBe(200);

    // Bob sends Alice's key on her version: no pass.
    const claimed = await save(bob, doc.version, 'Bob’s title', key);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toMatchObject({ error: { code: 'aborted' } });

    // Bob saves on the new version; Alice's resend now meets his change, which stands.
    expect((await save(bob, doc.version + 1, 'Bob’s title', newKey())).statusCode).toBe(200);
    const resent = await save(alice, doc.version, 'Alice’s title', key);
    expect(resent.statusCode).toBe(409);
    expect((await read(doc.id)).data.title).toBe('Bob’s title');
  });

  it('refuses a malformed key with a 400 naming the header, and keeps the block as it was', async () => {
    const doc = await newBlock();
    for (const bad of ['short', 'x'.repeat(65), 'not a key with spaces!!']) {
      const res = await as(alice, { method: 'PATCH', url: documentUrl(doc.id), headers: conditional(doc.version, bad), payload: { data: { title: 'Changed' } } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'Idempotency-Key' } });
    }
    const stored = await read(doc.id);
    expect(stored.version).toBe(doc.version);
    expect(stored.data.title).toBe(doc.data.title);
  });

  it('the staff app\'s client resends a save whose answer the proxy lost after the commit, and the editor sees it saved once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as AddressInfo).port;
    // A proxy in front of the instance: the first write's answer is lost (the instance died after its commit), so it answers 502 as nginx does.
    const seen: { method: string; key: string | undefined }[] = [];
    const proxy = http.createServer((req, res) => {
      seen.push({ method: req.method ?? '', key: req.headers[requestKeyHeader] as string | undefined });
      const lose = req.method === 'PATCH' && seen.filter((r) => r.method === 'PATCH').length === 1;
      const upstream = http.request({ host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          if (lose) {
            res.writeHead(502, { 'content-type': 'text/html' });
            res.end('<h1>502 Bad Gateway</h1>');
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      setTokenProvider(async () => alice.token);
      const doc = await newBlock();
      const before = (await revisions(doc.id)).length;
      const saved = await api<ContentDocument>(`${origin}${documentUrl(doc.id)}`, { method: 'PATCH', body: { data: { title: 'Boreholes for three villages' } }, ifMatch: doc.version });
      expect(saved).toMatchObject({ version: doc.version + 1, data: { title: 'Boreholes for three villages' } });
      const patches = seen.filter((r) => r.method === 'PATCH');
      expect(patches).toHaveLength(2);
      expect(patches[1]!.key).toBe(patches[0]!.key);
      expect(await revisions(doc.id)).toHaveLength(before + 1);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  });
});
