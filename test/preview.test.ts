/**
 * Preview links: a page as it will be once its changes are published, opened
 * by anyone holding the link (signed out included), never cached, never
 * indexed, never in the sitemap, and its token never in the request log.
 * Pending changes are written straight into `documents.pending_data` as a
 * trusted fixture (what a staff save of a published block leaves there).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { defaultPreviewLinkDays, editorialApi, editorialPaths, previewBannerText, previewPathPrefix, type PreviewLinkAnswer } from '../src/shared/editorial.js';
import { seedPages as pages } from '../src/server/structure/default-pages.js';
import { previewRefusalWords, type PreviewLinksAnswer } from '../src/shared/preview-links.js';
import { testConfig } from './helpers/app.js';
import { insertMedia, validData } from './content-fixtures.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';

describe('PREVIEW_LINK_DAYS', () => {
  const base = { DATA_DIR: '/tmp', AUTH_SECRET: 'a-test-secret-that-is-long-enough-for-the-check' };
  it('defaults to the shared default and takes a whole number of days', () => {
    expect(configFromEnv(base).previewLinkDays).toBe(defaultPreviewLinkDays);
    expect(configFromEnv({ ...base, PREVIEW_LINK_DAYS: '3' }).previewLinkDays).toBe(3);
    expect(() => configFromEnv({ ...base, PREVIEW_LINK_DAYS: '0' })).toThrow(/PREVIEW_LINK_DAYS/);
    expect(() => configFromEnv({ ...base, PREVIEW_LINK_DAYS: 'a week' })).toThrow(/PREVIEW_LINK_DAYS/);
  });
});

describe.each(dialects())('preview links on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: TestUser;
  let log = '';

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await buildApp(testConfig(db, { logLevel: 'info', previewLinkDays: 3 }), { logger: true, render: true, logStream });
    await app.ready();
    admin = await createUser(app, 'admin');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const pathOf = (link: PreviewLinkAnswer) => new URL(link.url).pathname;

  async function create(collection: string, title: string, status: 'draft' | 'published'): Promise<ContentDocument> {
    const res = await app.inject({
      method: 'POST',
      url: `/api/collections/${collection}/documents`,
      headers: admin.headers,
      payload: { status, data: { title, body: `<p>${title}: the body.</p>` } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  /** What a staff save of a published block leaves: the changes beside what visitors see. */
  async function writePending(doc: ContentDocument, title: string): Promise<void> {
    await app.services.db.kysely
      .updateTable('documents')
      .set({ pending_data: JSON.stringify({ title, body: `<p>${title}: the body.</p>` }) })
      .where('id', '=', doc.id)
      .execute();
  }

  async function trash(doc: ContentDocument): Promise<void> {
    await app.services.db.kysely.updateTable('documents').set({ deleted_at: new Date().toISOString(), deleted_by: admin.uid }).where('id', '=', doc.id).execute();
  }

  async function makeLink(body: Record<string, unknown>, user: TestUser = admin): Promise<PreviewLinkAnswer> {
    const res = await app.inject({ method: 'POST', url: editorialApi.preview, headers: user.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PreviewLinkAnswer;
  }

  function expectPrivate(res: { headers: Record<string, unknown> }) {
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }

  it('shows a published block with its pending changes, signed out, where the public page and its bundle keep the published words', async () => {
    const block = await create('aboutvision', 'Vision as visitors see it', 'published');
    await writePending(block, 'Vision with unpublished words');

    const before = Date.now();
    const link = await makeLink({ page: 'about' });
    expect(link.url.startsWith(`http://localhost:3000${previewPathPrefix}`)).toBe(true);
    const token = pathOf(link).slice(previewPathPrefix.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // PREVIEW_LINK_DAYS=3 in this server's configuration.
    const lifetime = Date.parse(link.expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(3 * 86_400_000 + 5000);

    const preview = await get(pathOf(link));
    expect(preview.statusCode).toBe(200);
    expectPrivate(preview);
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preview.body).toContain('Vision with unpublished words');
    expect(preview.body).not.toContain('Vision as visitors see it');
    expect(preview.body).toContain(previewBannerText);
    expect(preview.body).toMatch(/<section class="preview-banner" aria-labelledby="preview-banner-title"/);
    expect(preview.body.toLowerCase()).toContain(`<time datetime="${link.expiresAt.toLowerCase()}">`);
    expect(preview.body).toContain('<meta name="robots" content="noindex">');
    // The real page: the public template, its stylesheet and script, the site's header and footer.
    expect(preview.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    expect(preview.body).toContain('class="site-header');
    expect(preview.body).toContain('<h1');

    const page = await get('/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Vision as visitors see it');
    expect(page.body).not.toContain('unpublished words');
    expect(page.body).not.toContain(previewBannerText);

    const bundle = await get('/api/pages/about');
    expect(bundle.body).toContain('Vision as visitors see it');
    expect(bundle.body).not.toContain('unpublished words');

    // Signed in makes no difference to what the link shows, and it is still private.
    const asStaff = await get(pathOf(link), admin.headers);
    expect(asStaff.body).toContain('Vision with unpublished words');
    expectPrivate(asStaff);
  });

  it('shows the draft block named at creation and no other draft (a page preview: every draft, as Publish takes them), and never a block in the trash', async () => {
    const named = await create('aboutvision', 'Named draft for the preview', 'draft');
    const other = await create('aboutvision', 'Another draft nobody named', 'draft');
    const trashed = await create('aboutvision', 'Published block now in the trash', 'published');
    const trashedChanged = await create('aboutvision', 'Trashed block with changes', 'published');
    await writePending(trashedChanged, 'Trashed block pending words');
    await trash(trashed);
    await trash(trashedChanged);

    const withDraft = await get(pathOf(await makeLink({ page: 'about', document: named.id })));
    expect(withDraft.statusCode).toBe(200);
    expect(withDraft.body).toContain('Named draft for the preview');
    expect(withDraft.body).not.toContain('Another draft nobody named');
    expect(withDraft.body).not.toContain('Published block now in the trash');
    expect(withDraft.body).not.toContain('Trashed block');

    // The page's own preview shows it as its one Publish would take it live: every draft of its sections.
    const wholePage = await get(pathOf(await makeLink({ page: 'about' })));
    expect(wholePage.body).toContain('Named draft for the preview');
    expect(wholePage.body).toContain('Another draft nobody named');
    expect(wholePage.body).not.toContain('Published block now in the trash');
    expect(wholePage.body).not.toContain('Trashed block');

    // A draft named at creation and moved to the trash afterwards leaves the preview too.
    const link = await makeLink({ page: 'about', document: other.id });
    expect((await get(pathOf(link))).body).toContain('Another draft nobody named');
    await trash(other);
    expect((await get(pathOf(link))).body).not.toContain('Another draft nobody named');
  });

  it('refuses an unknown page (404) and a block that is not on the page or is in the trash (400 naming document)', async () => {
    const unknown = await app.inject({ method: 'POST', url: editorialApi.preview, headers: admin.headers, payload: { page: 'nowhere' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'not-found' } });

    const elsewhere = await create('descriptionhome', 'A block of the home page', 'draft');
    const trashed = await create('aboutvision', 'Draft in the trash', 'draft');
    await trash(trashed);
    for (const document of [elsewhere.id, trashed.id, 'no-such-block']) {
      const res = await app.inject({ method: 'POST', url: editorialApi.preview, headers: admin.headers, payload: { page: 'about', document } });
      expect(res.statusCode, document).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'document' } });
    }
    const extra = await app.inject({ method: 'POST', url: editorialApi.preview, headers: admin.headers, payload: { page: 'about', token: 'mine' } });
    expect(extra.statusCode).toBe(400);
  });

  it('lists a page\'s live links with who made them, revokes them (410 afterwards) and writes both to the audit log without the token', async () => {
    const link = await makeLink({ page: 'about' });
    const token = pathOf(link).slice(previewPathPrefix.length);

    const listed = await get(`${editorialApi.preview}?page=about`, admin.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    const entry = (listed.json() as PreviewLinksAnswer).links.find((l) => l.id === link.id);
    expect(entry).toEqual({ id: link.id, page: 'about', document: null, createdAt: expect.any(String), expiresAt: link.expiresAt, createdBy: { uid: admin.uid, name: 'admin user' } });
    expect(listed.body).not.toContain(token);
    expect((await get(`${editorialApi.preview}?page=nowhere`, admin.headers)).statusCode).toBe(404);
    expect((await get(editorialApi.preview, admin.headers)).statusCode).toBe(400);

    const revoked = await app.inject({ method: 'DELETE', url: editorialApi.previewLink(link.id), headers: admin.headers });
    expect(revoked.statusCode).toBe(204);
    const again = await app.inject({ method: 'DELETE', url: editorialApi.previewLink(link.id), headers: admin.headers });
    expect(again.statusCode).toBe(204);
    const unknown = await app.inject({ method: 'DELETE', url: editorialApi.previewLink('00000000-0000-4000-8000-000000000000'), headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'not-found' } });

    const gone = await get(pathOf(link));
    expect(gone.statusCode).toBe(410);
    expectPrivate(gone);
    expect(gone.body).toContain(previewRefusalWords.revoked.title);
    expect(gone.body).toContain('Ask them for a new one');
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    expect(gone.body).not.toContain(previewBannerText);

    const after = (await get(`${editorialApi.preview}?page=about`, admin.headers)).json() as PreviewLinksAnswer;
    expect(after.links.map((l) => l.id)).not.toContain(link.id);

    const audit = await app.services.db.kysely.selectFrom('audit_log').selectAll().where('subject_id', '=', link.id).orderBy('at').execute();
    expect(audit.map((a) => a.action)).toEqual(['preview.create', 'preview.revoke']);
    for (const line of audit) {
      expect(line).toMatchObject({ actor_id: admin.uid, actor_name: 'admin user', subject: 'About us', ip: '127.0.0.1' });
      expect(JSON.stringify(line)).not.toContain(token);
    }
  });

  it('answers an expired link with 410 and an unknown one with 404, each a plain page saying so', async () => {
    const link = await makeLink({ page: 'about' });
    expect((await get(pathOf(link))).statusCode).toBe(200);
    await app.services.db.kysely.updateTable('preview_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', link.id).execute();
    const expired = await get(pathOf(link));
    expect(expired.statusCode).toBe(410);
    expectPrivate(expired);
    expect(expired.body).toContain(previewRefusalWords.expired.title);
    expect(expired.body).toContain('Ask the person who sent it to you for a new one');
    const listed = (await get(`${editorialApi.preview}?page=about`, admin.headers)).json() as PreviewLinksAnswer;
    expect(listed.links.map((l) => l.id)).not.toContain(link.id);

    for (const url of [`${previewPathPrefix}${'A'.repeat(43)}`, `${previewPathPrefix}x`]) {
      const unknown = await get(url);
      expect(unknown.statusCode, url).toBe(404);
      expectPrivate(unknown);
      expect(unknown.body).toContain(previewRefusalWords.unknown.title);
    }
  });

  it('is disallowed in robots.txt and never in the sitemap', async () => {
    await makeLink({ page: 'home' });
    const robots = await get('/robots.txt');
    expect(robots.body.split('\n')).toContain(`Disallow: ${previewPathPrefix}`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/preview');
  });

  it('is never answered from the rendered-page cache or the fast lane, and its token never reaches the request log', async () => {
    const block = await create('aboutvision', 'Over real HTTP', 'published');
    await writePending(block, 'Over real HTTP with changes');
    const link = await makeLink({ page: 'about' });
    const token = pathOf(link).slice(previewPathPrefix.length);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const origin = `http://127.0.0.1:${address.port}`;
    const servedBefore = app.fastLane.served;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${origin}${pathOf(link)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('Over real HTTP with changes');
    }
    expect(app.fastLane.served).toBe(servedBefore);
    // Revoked: the very next request says so (nothing kept the page).
    await app.inject({ method: 'DELETE', url: editorialApi.previewLink(link.id), headers: admin.headers });
    expect((await fetch(`${origin}${pathOf(link)}`)).status).toBe(410);

    const lines = log.split('\n').filter(Boolean);
    expect(lines.some((l) => l.includes(`"url":"${previewPathPrefix}[redacted]"`))).toBe(true);
    expect(log).not.toContain(token);
  });

  it('never puts "Edit this page" into the HTML of a public page, signed in or not', async () => {
    const stories = getCollection('newstory')!;
    const refs = { imageId: await insertMedia(app), fileId: await insertMedia(app, 'pdf') };
    const res = await app.inject({
      method: 'POST',
      url: '/api/collections/newstory/documents',
      headers: admin.headers,
      payload: { status: 'published', data: validData(stories, refs, 'A story with a page of its own') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const story = res.json() as ContentDocument;
    const paths = [...pages.map((p) => p.path), `/news/${story.id}`];
    for (const path of paths) {
      for (const headers of [{}, admin.headers]) {
        const res = await get(path, headers);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).not.toContain('Edit this page');
        expect(res.body, path).not.toContain(`${editorialPaths.pages}#`);
      }
    }
  });
});
