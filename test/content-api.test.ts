import zlib from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

describe.each(dialects())('content API on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let none: TestUser;
  let refs: FixtureRefs;

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const descriptionhome = () => getCollection('descriptionhome')!;
  const home = () => getCollection('home')!;

  async function create(collection: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}, user = admin): Promise<ContentDocument> {
    const res = await inject({ method: 'POST', url: `/api/collections/${collection}/documents`, headers: user.headers, payload: { data, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
    none = await createUser(t.app, 'none');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a block as a draft at the end of its collection, with server-set fields', async () => {
    const a = await create('aboutvision', validData(getCollection('aboutvision')!, refs, 'Vision A'));
    const b = await create('aboutvision', validData(getCollection('aboutvision')!, refs, 'Vision B'));
    expect(a).toMatchObject({ collection: 'aboutvision', status: 'draft', version: 1, createdBy: admin.uid, updatedBy: admin.uid });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.position).toBe(a.position + 1);
    expect(Date.parse(a.createdAt)).not.toBeNaN();
    const placed = await create('aboutvision', validData(getCollection('aboutvision')!, refs, 'Vision C'), { position: 0, status: 'published' });
    expect(placed).toMatchObject({ position: 0, status: 'published' });
    const list = await inject({ method: 'GET', url: '/api/collections/aboutvision/documents', headers: admin.headers });
    // Equal positions keep creation order.
    expect((list.json() as { documents: ContentDocument[] }).documents.map((d) => d.data.title)).toEqual(['Vision A title', 'Vision C title', 'Vision B title']);
  });

  it('keeps a draft away from the public list, the public read and the page bundle until it is published', async () => {
    const doc = await create('descriptionhome', validData(descriptionhome(), refs, 'Draft section'));
    const publicList = await inject({ method: 'GET', url: '/api/collections/descriptionhome/documents' });
    expect(publicList.statusCode).toBe(200);
    expect((publicList.json() as { documents: { id: string }[] }).documents.map((d) => d.id)).not.toContain(doc.id);
    expect((await inject({ method: 'GET', url: `/api/collections/descriptionhome/documents/${doc.id}` })).statusCode).toBe(404);
    const bundle1 = await inject({ method: 'GET', url: '/api/pages/home' });
    expect(bundle1.statusCode).toBe(200);
    expect(JSON.stringify(bundle1.json())).not.toContain(doc.id);

    // Staff see it, with its status.
    const staffList = await inject({ method: 'GET', url: '/api/collections/descriptionhome/documents?status=draft', headers: admin.headers });
    expect((staffList.json() as { documents: ContentDocument[] }).documents.find((d) => d.id === doc.id)?.status).toBe('draft');
    // A visitor asking for drafts gets none.
    const publicDrafts = await inject({ method: 'GET', url: '/api/collections/descriptionhome/documents?status=draft' });
    expect(publicDrafts.json()).toEqual({ documents: [], total: 0 });

    const published = await inject({
      method: 'PATCH',
      url: `/api/collections/descriptionhome/documents/${doc.id}`,
      headers: { ...admin.headers, 'if-match': '1' },
      payload: { status: 'published' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', version: 2, data: doc.data });

    const read = await inject({ method: 'GET', url: `/api/collections/descriptionhome/documents/${doc.id}` });
    expect(read.statusCode).toBe(200);
    // The public view carries no staff-only fields.
    expect(Object.keys(read.json() as object).sort()).toEqual(['collection', 'data', 'id', 'position', 'updatedAt']);
    const list2 = await inject({ method: 'GET', url: '/api/collections/descriptionhome/documents' });
    expect((list2.json() as { documents: { id: string }[] }).documents.map((d) => d.id)).toContain(doc.id);
    const bundle2 = await inject({ method: 'GET', url: '/api/pages/home' });
    const sections = (bundle2.json() as { sections: Record<string, { id: string }[]> }).sections;
    expect(sections.descriptionhome!.map((d) => d.id)).toContain(doc.id);
    expect(bundle2.headers.etag).not.toBe(bundle1.headers.etag);
  });

  it('serves the page bundle with every collection of the page, media, categories and settings', async () => {
    const category = await create('category', { name: 'Governance' }, { status: 'published' });
    const story = await create('newstory', validData(getCollection('newstory')!, { ...refs, categoryId: category.id }, 'Story'), { status: 'published' });
    const res = await inject({ method: 'GET', url: '/api/pages/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const body = res.json() as {
      page: { name: string; path: string; title: string };
      settings: { organisationName: string };
      sections: Record<string, { id: string; data: Record<string, unknown> }[]>;
      media: Record<string, { id: string; url: string; variants: unknown[] }>;
      categories: Record<string, { id: string; name: string }>;
    };
    expect(body.page).toMatchObject({ name: 'home', path: '/' });
    expect(Object.keys(body.sections)).toEqual(['home', 'descriptionhome', 'newstory']);
    expect(body.sections.newstory!.map((d) => d.id)).toContain(story.id);
    expect(body.media[refs.imageId]).toMatchObject({ id: refs.imageId, url: `/media/${refs.imageId}/original` });
    expect(body.categories[category.id]).toEqual({ id: category.id, name: 'Governance' });
    expect(body.settings.organisationName).toBeTruthy();
  });

  it('answers 304 to a matching If-None-Match and changes the ETag after a write', async () => {
    const first = await inject({ method: 'GET', url: '/api/pages/about' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await inject({ method: 'GET', url: '/api/pages/about', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    await create('aboutslide', validData(getCollection('aboutslide')!, refs, 'New slide'), { status: 'published' });
    const changed = await inject({ method: 'GET', url: '/api/pages/about', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.stringify(changed.json())).toContain('New slide title');
  });

  it('sends the page bundle compressed when the client accepts it', async () => {
    const plain = await inject({ method: 'GET', url: '/api/pages/home' });
    const gz = await inject({ method: 'GET', url: '/api/pages/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await inject({ method: 'GET', url: '/api/pages/home', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Each encoding is its own representation with its own strong ETag, and any of them revalidates.
    expect(new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
    const revalidated = await inject({ method: 'GET', url: '/api/pages/home', headers: { 'accept-encoding': 'br', 'if-none-match': gz.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    expect(revalidated.headers.vary).toContain('Accept-Encoding');
  });

  it('answers 404 for an unknown page, collection or document', async () => {
    expect((await inject({ method: 'GET', url: '/api/pages/nowhere' })).json()).toMatchObject({ error: { code: 'not-found' } });
    const unknownCollection = await inject({ method: 'GET', url: '/api/collections/nothing/documents', headers: admin.headers });
    expect(unknownCollection.statusCode).toBe(404);
    expect(unknownCollection.json()).toMatchObject({ error: { code: 'not-found' } });
    expect((await inject({ method: 'GET', url: '/api/collections/home/documents/00000000-0000-0000-0000-000000000000', headers: admin.headers })).statusCode).toBe(404);
  });

  it('never lets the public read customers', async () => {
    await create('customer', validData(getCollection('customer')!, refs, 'Supporter'));
    const anon = await inject({ method: 'GET', url: '/api/collections/customer/documents' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const signedIn = await inject({ method: 'GET', url: '/api/collections/customer/documents', headers: none.headers });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json()).toMatchObject({ error: { code: 'permission-denied' } });
  });

  it('searches titles case-insensitively and pages through a list with its total', async () => {
    const c = getCollection('newstory')!;
    for (const title of ['Water rights march', 'Budget WATCH training', 'Youth assembly', 'Percent 100% of_us', 'Égalité des chances']) {
      await create('newstory', { ...validData(c, refs, 'x'), title });
    }
    const q = await inject({ method: 'GET', url: '/api/collections/newstory/documents?q=WAT', headers: admin.headers });
    expect((q.json() as { documents: ContentDocument[] }).documents.map((d) => d.data.title).sort()).toEqual(['Budget WATCH training', 'Water rights march']);
    // Case folding is not limited to ASCII, on both databases.
    const accented = await inject({ method: 'GET', url: `/api/collections/newstory/documents?q=${encodeURIComponent('ÉGAL')}`, headers: admin.headers });
    expect((accented.json() as { documents: ContentDocument[] }).documents.map((d) => d.data.title)).toEqual(['Égalité des chances']);
    // Wildcard characters in the search are literal characters.
    const literal = await inject({ method: 'GET', url: '/api/collections/newstory/documents?q=0%25%20of_', headers: admin.headers });
    expect((literal.json() as { documents: ContentDocument[] }).documents.map((d) => d.data.title)).toEqual(['Percent 100% of_us']);
    const none_ = await inject({ method: 'GET', url: '/api/collections/newstory/documents?q=_', headers: admin.headers });
    expect((none_.json() as { total: number }).total).toBe(1);
    const all = (await inject({ method: 'GET', url: '/api/collections/newstory/documents', headers: admin.headers })).json() as { documents: ContentDocument[]; total: number };
    const page = (await inject({ method: 'GET', url: '/api/collections/newstory/documents?limit=2&offset=1', headers: admin.headers })).json() as {
      documents: ContentDocument[];
      total: number;
    };
    expect(page.total).toBe(all.total);
    expect(page.documents.map((d) => d.id)).toEqual(all.documents.slice(1, 3).map((d) => d.id));
    const bad = await inject({ method: 'GET', url: '/api/collections/newstory/documents?limit=501', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'limit' } });
  });

  it('merges a PATCH into the stored data and validates the result', async () => {
    const doc = await create('descriptionhome', validData(descriptionhome(), refs, 'Merge me'));
    const res = await inject({
      method: 'PATCH',
      url: `/api/collections/descriptionhome/documents/${doc.id}`,
      headers: { ...admin.headers, 'if-match': '"1"' },
      payload: { data: { subtitle: 'A new subtitle' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, data: { ...doc.data, subtitle: 'A new subtitle' } });
    expect(res.headers.etag).toBe('"2"');
    // Removing a required field through the merge is refused, naming the field.
    const cleared = await inject({
      method: 'PATCH',
      url: `/api/collections/descriptionhome/documents/${doc.id}`,
      headers: { ...admin.headers, 'if-match': '2' },
      payload: { data: { title: null } },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.title' } });
    const read = await inject({ method: 'GET', url: `/api/collections/descriptionhome/documents/${doc.id}`, headers: admin.headers });
    expect(read.json()).toMatchObject({ version: 2, data: { title: 'Merge me title' } });
  });

  it('requires If-Match on PATCH and DELETE and refuses a stale version without writing', async () => {
    const doc = await create('home', validData(home(), refs, 'Slide'));
    const url = `/api/collections/home/documents/${doc.id}`;
    const missing = await inject({ method: 'PATCH', url, headers: admin.headers, payload: { data: { title: 'x' } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'If-Match' } });
    const ok = await inject({ method: 'PATCH', url, headers: { ...admin.headers, 'if-match': '1' }, payload: { data: { title: 'Second' } } });
    expect(ok.statusCode).toBe(200);
    const stale = await inject({ method: 'PATCH', url, headers: { ...admin.headers, 'if-match': '1' }, payload: { data: { title: 'Lost' } } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'aborted' } });
    const staleDelete = await inject({ method: 'DELETE', url, headers: { ...admin.headers, 'if-match': '1' } });
    expect(staleDelete.statusCode).toBe(409);
    expect((await inject({ method: 'DELETE', url, headers: admin.headers })).json()).toMatchObject({ error: { field: 'If-Match' } });
    const read = await inject({ method: 'GET', url, headers: admin.headers });
    expect(read.json()).toMatchObject({ version: 2, data: { title: 'Second' } });
    const del = await inject({ method: 'DELETE', url, headers: { ...admin.headers, 'if-match': '2' } });
    expect(del.statusCode).toBe(204);
    expect((await inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url, headers: { ...admin.headers, 'if-match': '2' } })).statusCode).toBe(404);
  });

  it('refuses a caller who may not make the edit, and an unknown collection, before asking for If-Match', async () => {
    const doc = await create('home', validData(home(), refs, 'Guarded'));
    const url = `/api/collections/home/documents/${doc.id}`;
    const visitor = await inject({ method: 'PATCH', url, payload: { data: { title: 'x' } } });
    expect(visitor.statusCode).toBe(401);
    const noRole = await inject({ method: 'DELETE', url, headers: none.headers });
    expect(noRole.statusCode).toBe(403);
    expect((await inject({ method: 'POST', url: `${url}/publish`, headers: { ...none.headers, 'if-match': 'junk' }, payload: {} })).statusCode).toBe(403);
    expect((await inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { data: {} } })).statusCode).toBe(403);
    expect((await inject({ method: 'PATCH', url: `/api/collections/no-such-collection/documents/${doc.id}`, headers: admin.headers, payload: { data: {} } })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url, headers: admin.headers })).json()).toMatchObject({ version: 1, data: { title: 'Guarded title' } });
  });

  it('reorders a whole collection atomically and bumps the version of each moved block', async () => {
    const c = getCollection('visionvalue')!;
    const a = await create('visionvalue', validData(c, refs, 'A'));
    const b = await create('visionvalue', validData(c, refs, 'B'));
    const d = await create('visionvalue', validData(c, refs, 'C'));
    const url = '/api/collections/visionvalue/reorder';
    const res = await inject({ method: 'POST', url, headers: admin.headers, payload: { ids: [d.id, b.id, a.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const docs = (res.json() as { documents: ContentDocument[] }).documents;
    expect(docs.map((x) => [x.id, x.position, x.version])).toEqual([
      [d.id, 0, 2],
      [b.id, 1, 1],
      [a.id, 2, 2],
    ]);
    for (const ids of [[d.id, b.id], [d.id, b.id, a.id, a.id], [d.id, b.id, 'not-there']]) {
      const bad = await inject({ method: 'POST', url, headers: admin.headers, payload: { ids } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'ids' } });
    }
    const list = await inject({ method: 'GET', url: '/api/collections/visionvalue/documents', headers: admin.headers });
    expect((list.json() as { documents: ContentDocument[] }).documents.map((x) => x.id)).toEqual([d.id, b.id, a.id]);
  });

  it('refuses bad data with 400 invalid-argument naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...validData(home(), refs), colour: 'red' }, 'data.colour'],
      [{ ...validData(home(), refs), title: 42 }, 'data.title'],
      [{ ...validData(home(), refs), image: { mediaId: 'no-such-media', alt: 'x' } }, 'data.image'],
      [{ ...validData(home(), refs), image: { mediaId: refs.fileId, alt: 'A report, not a picture' } }, 'data.image'],
      [{ ...validData(home(), refs), linkUrl: 'javascript:alert(1)' }, 'data.linkUrl'],
      [[1, 2], 'data'],
    ];
    const before = await inject({ method: 'GET', url: '/api/collections/home/documents', headers: admin.headers });
    for (const [data, field] of cases) {
      const res = await inject({ method: 'POST', url: '/api/collections/home/documents', headers: admin.headers, payload: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      const body = res.json() as { error: { code: string; field: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('invalid-argument');
      expect(body.error.field).toBe(field);
      expect(body.error.fields[field]).toBeTruthy();
    }
    const item = getCollection('item')!;
    const superUser = await createUser(t.app, 'super');
    const imageAsFile = await inject({
      method: 'POST',
      url: '/api/collections/item/documents',
      headers: superUser.headers,
      payload: { data: { ...validData(item, refs), file: { mediaId: refs.imageId, name: 'Not a PDF' } } },
    });
    expect(imageAsFile.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.file' } });
    const unknownBody = await inject({ method: 'POST', url: '/api/collections/home/documents', headers: admin.headers, payload: { data: validData(home(), refs), owner: 'me' } });
    expect(unknownBody.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'owner' } });
    const after = await inject({ method: 'GET', url: '/api/collections/home/documents', headers: admin.headers });
    expect(after.body).toBe(before.body);
  });

  it('saves a draft whose picture has no alt text (the picture’s default applies), and refuses to publish it without confirmation', async () => {
    const data = { ...validData(home(), refs), image: { mediaId: refs.imageId, alt: '' } };
    const draft = await inject({ method: 'POST', url: '/api/collections/home/documents', headers: admin.headers, payload: { data } });
    expect(draft.statusCode, draft.body).toBe(201);
    const doc = draft.json() as ContentDocument;
    expect(doc.data.image).toEqual({ mediaId: refs.imageId, alt: '', decorative: false });
    const publish = await inject({ method: 'POST', url: `/api/collections/home/documents/${doc.id}/publish`, headers: { ...admin.headers, 'if-match': `"${doc.version}"` }, payload: {} });
    expect(publish.statusCode).toBe(400);
    expect(publish.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.image.alt' } });
  });

  it('accepts only existing categories, but keeps one deleted after it was chosen', async () => {
    const c = getCollection('newstory')!;
    const ghost = await inject({ method: 'POST', url: '/api/collections/newstory/documents', headers: admin.headers, payload: { data: { ...validData(c, refs), category: 'no-such-category' } } });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.category' } });
    const category = await create('category', { name: 'Youth' });
    const story = await create('newstory', { ...validData(c, refs), category: category.id });
    const del = await inject({ method: 'DELETE', url: `/api/collections/category/documents/${category.id}`, headers: { ...admin.headers, 'if-match': '1' } });
    expect(del.statusCode).toBe(204);
    const url = `/api/collections/newstory/documents/${story.id}`;
    const kept = await inject({ method: 'PATCH', url, headers: { ...admin.headers, 'if-match': '1' }, payload: { data: { title: 'Renamed story' } } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ data: { category: category.id, title: 'Renamed story' } });
    const changed = await inject({ method: 'PATCH', url, headers: { ...admin.headers, 'if-match': '2' }, payload: { data: { category: 'another-ghost' } } });
    expect(changed.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.category' } });
  });

  it('announces every write on the change bus', async () => {
    const events: unknown[] = [];
    const off = t.app.services.changes.subscribe((e) => events.push(e));
    const doc = await create('historyslide', validData(getCollection('historyslide')!, refs));
    await inject({ method: 'PATCH', url: `/api/collections/historyslide/documents/${doc.id}`, headers: { ...admin.headers, 'if-match': '1' }, payload: { status: 'published' } });
    await inject({ method: 'POST', url: '/api/collections/historyslide/reorder', headers: admin.headers, payload: { ids: [doc.id] } });
    await inject({ method: 'DELETE', url: `/api/collections/historyslide/documents/${doc.id}`, headers: { ...admin.headers, 'if-match': '2' } });
    off();
    // Each write of one block names it (a page record's own change then re-renders only its page); a reorder names the collection.
    const one = { type: 'documents', collection: 'historyslide', id: doc.id };
    expect(events).toEqual([one, one, { type: 'documents', collection: 'historyslide' }, one]);
  });
  it('answers ids no block can have (a NUL byte, which PostgreSQL refuses as text) with 404 or a field error, never 500', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await inject({ method, url: '/api/collections/newstory/documents/%00', headers: { ...admin.headers, 'if-match': '1' }, ...(method === 'PATCH' ? { payload: { data: {} } } : {}) });
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    const story = validData(getCollection('newstory')!, refs, 'A story with a broken category');
    const res = await inject({ method: 'POST', url: '/api/collections/newstory/documents', headers: admin.headers, payload: { data: { ...story, category: '\u0000' } } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    expect(res.body).toContain('data.category');
  });
});
