/**
 * One publish for one page: `POST /api/site/pages/:id/publish` takes the page
 * record and every draft and pending change of its sections' blocks live in
 * one transaction, or nothing at all (a block the checks refuse, a block whose
 * file has gone, the page's own address refused). `GET …/changes` says what
 * it would take live, and whether the page would show nothing. Scheduling
 * sets the same instant on all of them; a page preview shows the page as
 * Publish would take it. On SQLite and PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '../src/shared/kinds.js';
import { pageChangesInWords, siteApi, type PageBlockChanges, type PageChanges } from '../src/shared/site-structure.js';
import { editorialApi } from '../src/shared/editorial.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

interface PageAnswer {
  id: string;
  path: string;
  title: string;
  state: string;
  version: number;
  sections: { id: string; kind: string; heading: string | null; collection: string }[];
  published?: PageBlockChanges;
}

interface Block {
  id: string;
  status: string;
  version: number;
  hasPendingChanges: boolean;
  data: Record<string, unknown>;
}

interface ErrorAnswer {
  error: { code: string; message: string; details?: { findings?: { collection: string; id: string; field: string }[] } };
}

describe.each(dialects())('one publish for one page on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let refs: FixtureRefs;
  let n = 0;

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    admin = await createUser(t.app, 'admin');
    superAdmin = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => t?.close());

  const as = (user: TestUser | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user ? { authorization: `Bearer ${user.token}` } : {}) } });
  const page = async (id: string) => (await as(admin, { method: 'GET', url: siteApi.page(id) })).json<PageAnswer>();
  const block = async (collection: string, id: string) => (await as(admin, { method: 'GET', url: `/api/collections/${collection}/documents/${id}` })).json<Block>();
  const changes = async (id: string) => {
    const res = await as(admin, { method: 'GET', url: siteApi.pageChanges(id) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageChanges>();
  };
  const publish = (user: TestUser, p: PageAnswer, payload: Record<string, unknown> = {}) =>
    as(user, { method: 'POST', url: siteApi.pageStep(p.id, 'publish'), headers: { 'if-match': String(p.version) }, payload });
  const addBlock = async (collection: string, data: Record<string, unknown>) => {
    const res = await as(admin, { method: 'POST', url: `/api/collections/${collection}/documents`, payload: { data, status: 'draft' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Block>();
  };

  /** A new campaign page (a slide, a text, stories, a call to action) with a picture slide, a text and a call to action, all drafts. */
  async function campaignPage(label: string) {
    n += 1;
    const res = await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: `/campaign-${n}`, title: `${label} campaign`, preset: 'campaign' } });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<PageAnswer>();
    const [slides, text, , action] = p.sections;
    const slide = await addBlock(slides!.collection, { ...validData(kinds.slide, refs, label), title: `${label} slide` });
    const body = await addBlock(text!.collection, { ...validData(kinds.section, refs, label), title: `${label} text` });
    const cta = await addBlock(action!.collection, { ...validData(kinds.section, refs, label), title: `${label} call to action` });
    return { page: p, blocks: [slide, body, cta], collections: [slides!.collection, text!.collection, action!.collection] };
  }

  it('says what Publish takes live, then takes the page and its three blocks live together: the public page shows all three', async () => {
    const { page: p, blocks, collections } = await campaignPage('Water');
    const before = await changes(p.id);
    expect(before.page).toBe(true);
    expect(before.empty).toBe(false);
    expect(before.blocks.map((b) => [b.title, b.change])).toEqual([
      ['Water slide', 'draft'],
      ['Water text', 'draft'],
      ['Water call to action', 'draft'],
    ]);
    expect(pageChangesInWords(before)).toBe('the page and 3 blocks');

    const res = await publish(admin, p);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<PageAnswer>();
    expect(answer.state).toBe('published');
    expect(answer.published?.page).toBe(true);
    expect(answer.published?.blocks.map((b) => b.id)).toEqual(blocks.map((b) => b.id));
    for (const [i, b] of blocks.entries()) expect((await block(collections[i]!, b.id)).status).toBe('published');

    const html = await t.app.inject({ method: 'GET', url: p.path });
    expect(html.statusCode).toBe(200);
    for (const title of ['Water slide', 'Water text', 'Water call to action']) expect(html.body).toContain(title);
    expect(await changes(p.id)).toEqual({ page: false, blocks: [], empty: false });

    // A later change of one block is a pending change the page publish takes live with the page's own.
    const text = await block(collections[1]!, blocks[1]!.id);
    const edited = await as(admin, { method: 'PATCH', url: `/api/collections/${collections[1]}/documents/${text.id}`, headers: { 'if-match': String(text.version) }, payload: { data: { title: 'Water text, rewritten' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    const later = await changes(p.id);
    expect(later).toMatchObject({ page: false, blocks: [{ id: text.id, change: 'changes' }] });
    expect(pageChangesInWords(later)).toBe('1 block');
    expect((await t.app.inject({ method: 'GET', url: p.path })).body).not.toContain('Water text, rewritten');
    const again = await publish(admin, await page(p.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PageAnswer>().published).toEqual({ page: false, blocks: [expect.objectContaining({ id: text.id })] });
    expect((await t.app.inject({ method: 'GET', url: p.path })).body).toContain('Water text, rewritten');
  });

  it('leaves the page and every block as they were when one block fails the checks, then publishes all with "publish anyway" and records it', async () => {
    const { page: p, blocks, collections } = await campaignPage('Forest');
    const slide = blocks[0]!;
    // A picture without alt text: an accessibility error.
    const noAlt = await as(admin, {
      method: 'PATCH',
      url: `/api/collections/${collections[0]}/documents/${slide.id}`,
      headers: { 'if-match': String(slide.version) },
      payload: { data: { image: { mediaId: refs.imageId, alt: '', decorative: false } } },
    });
    expect(noAlt.statusCode, noAlt.body).toBe(200);
    const before = await Promise.all(blocks.map((b, i) => block(collections[i]!, b.id)));
    const current = await page(p.id);

    const refused = await publish(admin, current);
    expect(refused.statusCode, refused.body).toBe(400);
    const error = refused.json<ErrorAnswer>().error;
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('Forest slide');
    expect(error.details?.findings).toEqual([expect.objectContaining({ collection: collections[0], id: slide.id, field: 'image.alt' })]);
    // Nothing moved: the page is a draft at the same version, every block as it was.
    expect(await page(p.id)).toMatchObject({ state: 'draft', version: current.version });
    for (const [i, b] of before.entries()) expect(await block(collections[i]!, b.id)).toMatchObject({ status: 'draft', version: b.version });
    expect((await t.app.inject({ method: 'GET', url: p.path })).statusCode).toBe(404);

    const anyway = await publish(admin, current, { overrideChecks: true });
    expect(anyway.statusCode, anyway.body).toBe(200);
    for (const [i, b] of before.entries()) expect((await block(collections[i]!, b.id)).status).toBe('published');
    const audit = await as(superAdmin, { method: 'GET', url: '/api/audit?limit=20' });
    const lines = audit.json<{ entries: { action: string; subjectId: string | null }[] }>().entries;
    expect(lines).toContainEqual(expect.objectContaining({ action: 'content.publish-overridden', subjectId: slide.id }));
    expect(lines).toContainEqual(expect.objectContaining({ action: 'content.publish', subjectId: p.id }));
  });

  it('undoes the blocks when the page itself is refused (its address is a redirect a super-admin set up): nothing goes live', async () => {
    const { page: p, blocks, collections } = await campaignPage('River');
    const held = await as(superAdmin, { method: 'POST', url: siteApi.redirects, payload: { fromPath: '/river-held', url: 'https://example.org/river' } });
    expect(held.statusCode, held.body).toBe(201);
    const moved = await as(admin, { method: 'PATCH', url: siteApi.page(p.id), headers: { 'if-match': String(p.version) }, payload: { path: '/river-held' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await publish(admin, moved.json<PageAnswer>());
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<ErrorAnswer>().error.message).toContain('/river-held');
    for (const [i, b] of blocks.entries()) expect(await block(collections[i]!, b.id)).toMatchObject({ status: 'draft', version: b.version });
    expect((await page(p.id)).state).toBe('draft');
  });

  it('refuses a block whose picture has gone since it was saved, naming the block, and leaves everything as it was', async () => {
    const { page: p, blocks, collections } = await campaignPage('Lake');
    const gone = await insertMedia(t.app);
    const slide = blocks[0]!;
    const saved = await as(admin, {
      method: 'PATCH',
      url: `/api/collections/${collections[0]}/documents/${slide.id}`,
      headers: { 'if-match': String(slide.version) },
      payload: { data: { image: { mediaId: gone, alt: 'A lake at dawn', decorative: false } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.services.db.kysely.deleteFrom('media').where('id', '=', gone).execute();
    const current = await page(p.id);
    const refused = await publish(admin, current, { overrideChecks: true });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<ErrorAnswer>().error.message).toContain('Lake slide');
    expect(await page(p.id)).toMatchObject({ state: 'draft', version: current.version });
    for (const [i, b] of blocks.entries()) expect((await block(collections[i]!, b.id)).status).toBe('draft');
  });

  it('says when a page would show nothing, and schedules the page and its blocks for the same instant', async () => {
    n += 1;
    const empty = (await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: `/empty-${n}`, title: 'Empty', preset: 'campaign' } })).json<PageAnswer>();
    expect(await changes(empty.id)).toEqual({ page: true, blocks: [], empty: true });

    const { page: p, blocks, collections } = await campaignPage('Valley');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await publish(admin, p, { at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PageAnswer>().published).toMatchObject({ page: true, at });
    const scheduled = await page(p.id);
    expect(scheduled.state).toBe('scheduled');
    for (const [i, b] of blocks.entries()) expect((await block(collections[i]!, b.id)) as unknown as { publishAt: string | null }).toMatchObject({ publishAt: at });
    expect((await t.app.inject({ method: 'GET', url: p.path })).statusCode).toBe(404);
  });

  it('shows in a page preview every block Publish would take live, drafts included', async () => {
    const { page: p } = await campaignPage('Hill');
    const link = await as(admin, { method: 'POST', url: editorialApi.preview, payload: { page: p.id } });
    expect(link.statusCode, link.body).toBe(201);
    const url = new URL(link.json<{ url: string }>().url);
    const html = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(html.statusCode).toBe(200);
    for (const title of ['Hill slide', 'Hill text', 'Hill call to action']) expect(html.body).toContain(title);
    // The page editor shows it in a frame: the site's own pages may frame a preview, and nothing else any answer.
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect((await t.app.inject({ method: 'GET', url: '/about' })).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers 404 for a page that does not exist and 401 without an account', async () => {
    expect((await as(admin, { method: 'GET', url: siteApi.pageChanges('no-such-page') })).statusCode).toBe(404);
    expect((await as(null, { method: 'GET', url: siteApi.pageChanges('about') })).statusCode).toBe(401);
  });
});
