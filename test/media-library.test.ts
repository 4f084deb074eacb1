/**
 * The media library's API on both databases: the list (search, kind, "not
 * used", sorts, pages, where each file is used), changing a picture's default
 * alt text and focal point (and who may change them), replacing a file, and
 * what the public page shows afterwards.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { mediaApi, mediaListSchema, mediaLibraryItemSchema, type MediaLibraryItem, type MediaList } from '../src/shared/media-library.js';
import type { MediaInfo } from '../src/shared/media.js';
import type * as Ingest from '../src/server/media/ingest.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { multipartFile as multipart } from './helpers/upload.js';

/** Runs once, after the next file is taken in (a replacement's new file, before its transaction). */
const afterIngest = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
vi.mock('../src/server/media/ingest.js', async (importOriginal) => {
  const real = await importOriginal<typeof Ingest>();
  return {
    ...real,
    ingestMedia: async (...args: Parameters<typeof real.ingestMedia>) => {
      const result = await real.ingestMedia(...args);
      const run = afterIngest.run;
      afterIngest.run = null;
      if (run) await run();
      return result;
    },
  };
});

/** A small picture of one colour (each colour gives a different file). */
function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

function minimalPdf(text: string): Buffer {
  const body = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe.each(dialects())('the media library on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let nobody: TestUser;
  const files: Record<string, MediaInfo> = {};

  async function upload(bytes: Buffer, filename: string, user: TestUser = admin): Promise<MediaInfo> {
    const body = multipart(bytes, filename, 'application/octet-stream');
    const res = await t.app.inject({ method: 'POST', url: mediaApi.list, payload: body.payload, headers: { ...body.headers, ...user.headers } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as MediaInfo;
  }

  async function list(query: string, user: TestUser = admin): Promise<MediaList> {
    const res = await t.app.inject({ method: 'GET', url: `${mediaApi.list}?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return mediaListSchema.parse(res.json());
  }

  const names = (l: MediaList) => l.media.map((m) => m.name);

  async function createBlock(collection: string, data: Record<string, unknown>, status: 'draft' | 'published' = 'published'): Promise<ContentDocument> {
    const res = await t.app.inject({ method: 'POST', url: `/api/collections/${collection}/documents`, headers: admin.headers, payload: { status, data } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    admin = await createUser(t.app, 'admin');
    nobody = await createUser(t.app, 'none');
    // Uploaded one after the other, so "newest" is the reverse of this order.
    const uploads: [string, () => Promise<Buffer>][] = [
      ['Budget Hearing.png', () => picture(40, 30, '#aa0000')],
      ['École de Mkoani.png', () => picture(400, 300, '#00aa00')],
      ['100%_done.png', () => picture(20, 20, '#0000aa')],
      ['1000-done.png', () => picture(22, 22, '#aaaa00')],
      ['Annual report.pdf', async () => minimalPdf('annual report')],
    ];
    for (const [name, make] of uploads) {
      files[name] = await upload(await make(), name);
      // Distinct creation times (milliseconds): the sort by date has something to sort, never a tie broken by the id.
      const uploadedAt = Date.now();
      while (Date.now() <= uploadedAt) await new Promise((resolve) => setImmediate(resolve));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for staff: visitors get 401, accounts without a role 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: mediaApi.list })).statusCode).toBe(401);
    const denied = await t.app.inject({ method: 'GET', url: mediaApi.list, headers: nobody.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: { code: 'permission-denied' } });
  });

  it('lists every upload with its name, type, size, dimensions and date, newest first', async () => {
    const all = await list('');
    expect(all.total).toBe(5);
    expect(names(all)).toEqual(['Annual report.pdf', '1000-done.png', '100%_done.png', 'École de Mkoani.png', 'Budget Hearing.png']);
    const ecole = all.media.find((m) => m.name === 'École de Mkoani.png')!;
    expect(ecole).toMatchObject({ kind: 'image', contentType: 'image/png', width: 400, height: 300, alt: '', focalPoint: null, usedBy: [] });
    expect(ecole.byteSize).toBeGreaterThan(0);
    expect(Date.parse(ecole.createdAt)).not.toBeNaN();
  });

  it('searches the name whatever the case, accents included, and takes % and _ literally', async () => {
    expect(names(await list('q=budget'))).toEqual(['Budget Hearing.png']);
    expect(names(await list(`q=${encodeURIComponent('ÉCOLE')}`))).toEqual(['École de Mkoani.png']);
    expect(names(await list(`q=${encodeURIComponent('100%')}`))).toEqual(['100%_done.png']);
    expect(names(await list(`q=${encodeURIComponent('%_d')}`))).toEqual(['100%_done.png']);
    // As wildcards, these would match 1000-done.png.
    expect(names(await list(`q=${encodeURIComponent('0_d')}`))).toEqual([]);
    expect(names(await list(`q=${encodeURIComponent('0%d')}`))).toEqual([]);
    expect((await list('q=nothing-like-this')).total).toBe(0);
  });

  it('filters by kind and sorts by size with pages that neither overlap nor skip', async () => {
    expect(names(await list('kind=file'))).toEqual(['Annual report.pdf']);
    expect((await list('kind=image')).total).toBe(4);
    const bySize = await list('sort=largest&kind=image');
    const sizes = bySize.media.map((m) => m.byteSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const pages = [await list('sort=smallest&limit=2&offset=0'), await list('sort=smallest&limit=2&offset=2'), await list('sort=smallest&limit=2&offset=4')];
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap(names).sort()).toEqual(Object.keys(files).sort());
    expect(names(await list('sort=oldest&limit=1'))).toEqual(['Budget Hearing.png']);
  });

  it('refuses a bad query with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['kind=video', 'kind'],
      ['sort=random', 'sort'],
      ['limit=5000', 'limit'],
      ['unused=maybe', 'unused'],
      ['colour=red', 'colour'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${mediaApi.list}?${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'invalid-argument', field } });
    }
  });

  it('names the blocks and settings that use a file, as the delete refusal does, and filters the unused ones', async () => {
    const budget = files['Budget Hearing.png']!;
    const pdf = files['Annual report.pdf']!;
    const slide = await createBlock('home', { title: 'Women lead the budget hearings', image: { mediaId: budget.id, alt: 'Women at a hearing', decorative: false } });
    // A draft counts too: publishing it must find the file.
    const section = await createBlock('descriptionhome', { title: 'Our reports', body: `<p>Read <a href="${pdf.url}">the annual report (PDF)</a>.</p>` }, 'draft');

    const used = await list('q=budget');
    expect(used.media[0]!.usedBy).toEqual([{ collection: 'home', id: slide.id, title: 'Women lead the budget hearings' }]);
    expect((await list('kind=file')).media[0]!.usedBy).toEqual([{ collection: 'descriptionhome', id: section.id, title: 'Our reports' }]);
    const refusal = await t.app.inject({ method: 'DELETE', url: mediaApi.one(budget.id), headers: admin.headers });
    expect(refusal.statusCode).toBe(412);
    expect(refusal.json()).toMatchObject({ error: { details: { blocks: used.media[0]!.usedBy } } });

    const unused = await list('unused=true');
    expect(unused.total).toBe(3);
    expect(names(unused)).toEqual(['1000-done.png', '100%_done.png', 'École de Mkoani.png']);
    const secondPage = await list('unused=true&limit=2&offset=2');
    expect(secondPage.total).toBe(3);
    expect(names(secondPage)).toEqual(['École de Mkoani.png']);

    // Taking the picture out of the block frees it at once.
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/home/documents/${slide.id}`,
      headers: { ...admin.headers, 'if-match': String(slide.version) },
      payload: { status: 'published', data: { image: { mediaId: files['École de Mkoani.png']!.id, alt: 'A school', decorative: false } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(await list('unused=true'))).toEqual(['1000-done.png', '100%_done.png', 'Budget Hearing.png']);
    expect((await list(`q=${encodeURIComponent('école')}`)).media[0]!.usedBy).toEqual([{ collection: 'home', id: slide.id, title: 'Women lead the budget hearings' }]);
  });

  it('counts the site logo as a use', async () => {
    const logo = files['1000-done.png']!;
    const current = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const settings = current.json() as { data: Record<string, unknown>; version: number };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...(await createUser(t.app, 'super')).headers, 'if-match': String(settings.version) },
      payload: { data: { ...settings.data, logo: { mediaId: logo.id, alt: 'Tujenge', decorative: false } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = await list('q=1000-done');
    expect(found.media[0]!.usedBy).toEqual([{ collection: 'settings', id: 'site', title: 'Site settings' }]);
    expect(names(await list('unused=true'))).not.toContain('1000-done.png');
  });

  describe('changing alt text and focal point', () => {
    async function patch(id: string, body: unknown, user: TestUser | null = admin) {
      return t.app.inject({ method: 'PATCH', url: mediaApi.one(id), headers: user?.headers ?? {}, payload: body as Record<string, unknown> });
    }

    it('saves both, answers the library item and writes the audit log', async () => {
      const id = files['École de Mkoani.png']!.id;
      const res = await patch(id, { alt: '  Pupils outside the school in Mkoani ', focalPoint: { x: 0.25, y: 0.75 } });
      expect(res.statusCode, res.body).toBe(200);
      const item: MediaLibraryItem = mediaLibraryItemSchema.parse(res.json());
      expect(item).toMatchObject({ id, alt: 'Pupils outside the school in Mkoani', focalPoint: { x: 0.25, y: 0.75 } });
      expect(item.usedBy.length).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(id) })).json()).toMatchObject({ alt: 'Pupils outside the school in Mkoani', focalPoint: { x: 0.25, y: 0.75 } });
      // The alt text is searched too.
      expect(names(await list('q=pupils'))).toEqual(['École de Mkoani.png']);

      const audit = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'media.update').execute();
      expect(audit).toEqual([expect.objectContaining({ actor_id: admin.uid, subject_id: id, subject: 'École de Mkoani.png' })]);

      const back = await patch(id, { focalPoint: null });
      expect(back.json()).toMatchObject({ alt: 'Pupils outside the school in Mkoani', focalPoint: null });
    });

    const auditedUpdates = async (id: string) => (await t.app.services.db.kysely.selectFrom('audit_log').select('actor_id').where('action', '=', 'media.update').where('subject_id', '=', id).execute()).map((r) => r.actor_id);

    it('refuses an admin the site logo’s alt text and focal point, changing nothing; a super-admin changes them', async () => {
      const logo = files['1000-done.png']!;
      const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: { logo: { mediaId: string } | null } };
      expect(settings.data.logo?.mediaId).toBe(logo.id);
      for (const body of [{ alt: 'Words an admin chose' }, { focalPoint: { x: 0.9, y: 0.1 } }, { alt: 'Both at once', focalPoint: { x: 0.2, y: 0.2 } }]) {
        const res = await patch(logo.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringContaining('the site settings') } });
      }
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(logo.id) })).json()).toMatchObject({ alt: '', focalPoint: null });
      expect(await auditedUpdates(logo.id)).toEqual([]);

      const boss = await createUser(t.app, 'super');
      const res = await patch(logo.id, { alt: 'The Tujenge logo', focalPoint: { x: 0.5, y: 0.4 } }, boss);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ alt: 'The Tujenge logo', focalPoint: { x: 0.5, y: 0.4 } });
      expect(await auditedUpdates(logo.id)).toEqual([boss.uid]);
    });

    it('refuses an admin a picture that a block only super-admins edit uses, and lets them change one used only on blocks they edit', async () => {
      const boss = await createUser(t.app, 'super');
      const cover = await upload(await picture(30, 40, '#123456'), 'Publication cover.png');
      const report = await upload(minimalPdf('publication'), 'Publication.pdf');
      const publication = await t.app.inject({
        method: 'POST',
        url: '/api/collections/item/documents',
        headers: boss.headers,
        payload: { status: 'published', data: { title: 'Annual report 2026', file: { mediaId: report.id, name: 'Annual report 2026' }, cover: { mediaId: cover.id, alt: 'The report’s cover', decorative: false } } },
      });
      expect(publication.statusCode, publication.body).toBe(201);
      const refused = await patch(cover.id, { alt: 'A cover an admin described', focalPoint: { x: 0.1, y: 0.9 } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringContaining('Annual report 2026') } });
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(cover.id) })).json()).toMatchObject({ alt: '', focalPoint: null });
      expect(await auditedUpdates(cover.id)).toEqual([]);
      expect((await patch(cover.id, { alt: 'The cover of the 2026 report' }, boss)).statusCode).toBe(200);

      const photo = await upload(await picture(30, 40, '#654321'), 'Market day.png');
      await createBlock('home', { title: 'Market day', image: { mediaId: photo.id, alt: 'Stalls', decorative: false } });
      const res = await patch(photo.id, { alt: 'Traders at the market', focalPoint: { x: 0.3, y: 0.3 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ alt: 'Traders at the market', focalPoint: { x: 0.3, y: 0.3 }, usedBy: [{ collection: 'home', title: 'Market day' }] });
      expect(await auditedUpdates(photo.id)).toEqual([admin.uid]);
    });

    it('refuses values out of range naming the field, and changes nothing', async () => {
      const id = files['Budget Hearing.png']!.id;
      for (const [body, field] of [
        [{ focalPoint: { x: 1.5, y: 0.5 } }, 'focalPoint.x'],
        [{ focalPoint: { x: 0.5, y: -0.1 } }, 'focalPoint.y'],
        [{ focalPoint: { x: 0.5 } }, 'focalPoint.y'],
        [{ alt: 'x'.repeat(301) }, 'alt'],
        [{ colour: 'red' }, 'colour'],
        [{}, '(body)'],
      ] as const) {
        const res = await patch(id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toMatchObject({ error: { code: 'invalid-argument', field } });
      }
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(id) })).json()).toMatchObject({ alt: '', focalPoint: null });
    });

    it('answers 404 for an unknown file, 401 and 403 for callers without rights', async () => {
      expect((await patch('0'.repeat(64), { alt: 'x' })).statusCode).toBe(404);
      const id = files['Budget Hearing.png']!.id;
      expect((await patch(id, { alt: 'x' }, null)).statusCode).toBe(401);
      expect((await patch(id, { alt: 'x' }, nobody)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(id) })).json()).toMatchObject({ alt: '' });
    });
  });

  describe('on the public site', () => {
    /** The <img> tags of a public page whose src is one of this media's files. */
    async function imagesOf(path: string, media: MediaInfo): Promise<string[]> {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      return [...res.body.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`/media/${media.id}/`));
    }

    it('shows the default alt text where a use gives none, and crops around the focal point; a change is seen on the next load', async () => {
      const photo = await upload(await picture(1200, 600, '#336699'), 'Hearing in Kigoma.png');
      expect((await t.app.inject({ method: 'PATCH', url: mediaApi.one(photo.id), headers: admin.headers, payload: { alt: 'Residents at a budget hearing in Kigoma' } })).statusCode).toBe(200);
      await createBlock('home', { title: 'Budgets people can read', image: { mediaId: photo.id, alt: '', decorative: false } });
      await createBlock('home', { title: 'The same picture, described', image: { mediaId: photo.id, alt: 'Our own words for it', decorative: false } });
      await createBlock('home', { title: 'The same picture, as decoration', image: { mediaId: photo.id, alt: '', decorative: true } });

      const before = await imagesOf('/', photo);
      expect(before).toHaveLength(3);
      expect(before[0]).toContain('alt="Residents at a budget hearing in Kigoma"');
      expect(before[1]).toContain('alt="Our own words for it"');
      expect(before[2]).toContain('alt=""');
      // No focal point: the centre, CSS's default, so nothing is written.
      for (const tag of before) expect(tag).not.toContain('object-position');

      const changed = await t.app.inject({ method: 'PATCH', url: mediaApi.one(photo.id), headers: admin.headers, payload: { alt: 'Residents reading the budget', focalPoint: { x: 0.2, y: 0.9 } } });
      expect(changed.statusCode).toBe(200);
      const after = await imagesOf('/', photo);
      expect(after[0]).toContain('alt="Residents reading the budget"');
      expect(after[1]).toContain('alt="Our own words for it"');
      for (const tag of after) expect(tag).toMatch(/style="[^"]*object-position:20% 90%/);
      // The page bundle the browser reads carries it too.
      const bundle = await t.app.inject({ method: 'GET', url: '/api/pages/home' });
      expect(bundle.json()).toMatchObject({ media: { [photo.id]: { alt: 'Residents reading the budget', focalPoint: { x: 0.2, y: 0.9 } } } });
    });
  });

  describe('replacing a file', () => {
    async function replace(id: string, bytes: Buffer, filename: string, user: TestUser | null = admin) {
      const body = multipart(bytes, filename, 'application/octet-stream');
      return t.app.inject({ method: 'POST', url: mediaApi.replace(id), payload: body.payload, headers: { ...body.headers, ...(user?.headers ?? {}) } });
    }
    const readBlock = async (collection: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/collections/${collection}/documents/${id}`, headers: admin.headers })).json() as ContentDocument & { pendingData?: Record<string, unknown> | null };

    it('points every block and setting at the new file, keeps alt text and focal point, and removes the old file', async () => {
      const old = await upload(await picture(900, 500, '#884422'), 'Old banner.png');
      await t.app.inject({ method: 'PATCH', url: mediaApi.one(old.id), headers: admin.headers, payload: { alt: 'Volunteers at the market', focalPoint: { x: 0.1, y: 0.2 } } });
      const slide = await createBlock('home', { title: 'Volunteers at work', image: { mediaId: old.id, alt: '', decorative: false } });
      const section = await createBlock('descriptionhome', { title: 'Where we work', body: '<p>Markets and schools.</p>' });
      // Saved but not published: pending changes that mention the file.
      const saved = await t.app.inject({
        method: 'PATCH',
        url: `/api/collections/descriptionhome/documents/${section.id}`,
        headers: { ...admin.headers, 'if-match': String(section.version) },
        payload: { data: { body: `<p>See <a href="${old.url}">the banner</a>.</p>` } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sectionVersion = (saved.json() as ContentDocument).version;

      const res = await replace(old.id, await picture(1000, 400, '#228844'), 'New banner.png');
      expect(res.statusCode, res.body).toBe(200);
      const item = mediaLibraryItemSchema.parse(res.json());
      expect(item.id).not.toBe(old.id);
      expect(item).toMatchObject({ name: 'New banner.png', width: 1000, height: 400, alt: 'Volunteers at the market', focalPoint: { x: 0.1, y: 0.2 } });
      expect(item.usedBy.map((u) => u.id).sort()).toEqual([slide.id, section.id].sort());

      const slideNow = await readBlock('home', slide.id);
      expect(slideNow.data.image).toEqual({ mediaId: item.id, alt: '', decorative: false });
      expect(slideNow.version).toBe(slide.version + 1);
      const sectionNow = await readBlock('descriptionhome', section.id);
      expect(sectionNow.version).toBe(sectionVersion + 1);
      expect(JSON.stringify(sectionNow)).toContain(`/media/${item.id}/original`);
      expect(JSON.stringify(sectionNow)).not.toContain(old.id);

      // An editor whose form was opened before the replacement gets the usual conflict.
      const stale = await t.app.inject({
        method: 'PATCH',
        url: `/api/collections/home/documents/${slide.id}`,
        headers: { ...admin.headers, 'if-match': String(slide.version) },
        payload: { data: { title: 'Volunteers at work, again' } },
      });
      expect(stale.statusCode).toBe(409);

      for (const url of [old.url, mediaApi.one(old.id)]) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(page.body).toContain(`/media/${item.id}/`);
      expect(page.body).not.toContain(old.id);

      const audit = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'media.replace').execute();
      expect(audit).toEqual([expect.objectContaining({ actor_id: admin.uid, subject_id: item.id, subject: 'Old banner.png → New banner.png' })]);
    });

    it('moves the site logo too, and a new file with its own alt text keeps it', async () => {
      const logo = files['1000-done.png']!;
      const replacement = await upload(await picture(64, 64, '#112233'), 'Logo 2027.png');
      await t.app.inject({ method: 'PATCH', url: mediaApi.one(replacement.id), headers: admin.headers, payload: { alt: 'The new logo' } });
      const logoAlt = await t.app.inject({ method: 'PATCH', url: mediaApi.one(logo.id), headers: (await createUser(t.app, 'super')).headers, payload: { alt: 'The old logo' } });
      expect(logoAlt.statusCode, logoAlt.body).toBe(200);
      // Only a super-admin changes the settings, so only a super-admin replaces a file they use.
      const refused = await replace(logo.id, await picture(64, 64, '#112233'), 'Logo 2027 again.png');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringContaining('the site settings') } });
      expect(((await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: { logo: { mediaId: string } } }).data.logo.mediaId).toBe(logo.id);
      const res = await replace(logo.id, await picture(64, 64, '#112233'), 'Logo 2027 again.png', await createUser(t.app, 'super'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: replacement.id, alt: 'The new logo', usedBy: [{ collection: 'settings', id: 'site' }] });
      const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: { logo: { mediaId: string } } };
      expect(settings.data.logo.mediaId).toBe(replacement.id);
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(logo.id) })).statusCode).toBe(404);
    });

    it('sees a use where the caller may not make changes that was added while the new file was taken in: refused, nothing rewritten', async () => {
      const old = await upload(await picture(50, 50, '#445566'), 'Shared picture.png');
      const slide = await createBlock('home', { title: 'A slide an admin edits', image: { mediaId: old.id, alt: 'A shared picture', decorative: false } });
      const boss = await createUser(t.app, 'super');
      const logoNow = async () => ((await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: { logo: { mediaId: string } | null } }).data.logo?.mediaId;
      const logoBefore = await logoNow();
      // After the first check passed (the file was only on the slide), a super-admin makes it the site logo.
      afterIngest.run = async () => {
        const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: Record<string, unknown>; version: number };
        const saved = await t.app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: { ...boss.headers, 'if-match': String(current.version) },
          payload: { data: { ...current.data, logo: { mediaId: old.id, alt: 'Tujenge', decorative: false } } },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      };
      const res = await replace(old.id, await picture(50, 50, '#665544'), 'Shared picture, new.png');
      expect(afterIngest.run).toBeNull();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'permission-denied', message: expect.stringContaining('the site settings') } });
      expect(await logoNow()).toBe(old.id);
      const slideNow = await readBlock('home', slide.id);
      expect(slideNow.version).toBe(slide.version);
      expect(slideNow.data.image).toEqual({ mediaId: old.id, alt: 'A shared picture', decorative: false });
      expect((await t.app.inject({ method: 'GET', url: mediaApi.one(old.id) })).statusCode).toBe(200);
      const audit = await t.app.services.db.kysely.selectFrom('audit_log').select('subject').where('action', '=', 'media.replace').execute();
      expect(audit.map((a) => a.subject)).not.toContain('Shared picture.png → Shared picture, new.png');

      // Put back as it was, for the tests after this one.
      const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: { logo: unknown }; version: number };
      const restored = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { ...boss.headers, 'if-match': String(current.version) },
        payload: { data: { ...current.data, logo: logoBefore ? { mediaId: logoBefore, alt: 'Tujenge', decorative: false } : null } },
      });
      expect(restored.statusCode, restored.body).toBe(200);
    });

    it('answers the same file unchanged, and refuses a bad file, an unknown id and callers without rights, changing nothing', async () => {
      const kept = files['Budget Hearing.png']!;
      const same = await replace(kept.id, await picture(40, 30, '#aa0000'), 'Budget Hearing.png');
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ id: kept.id });

      const before = await list('limit=200');
      const bad = await replace(kept.id, Buffer.from('not a picture at all'), 'notes.png');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'file' } });
      // A picture is replaced by a picture: a PDF would leave image fields pointing at a document.
      const pdf = await replace(kept.id, minimalPdf('not a picture'), 'minutes.pdf');
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'file', message: 'Replace a picture with another picture (JPEG, PNG, WebP, AVIF, GIF or SVG).' } });
      expect((await replace('0'.repeat(64), await picture(10, 10, '#010203'), 'x.png')).statusCode).toBe(404);
      expect((await replace(kept.id, await picture(10, 10, '#010204'), 'x.png', null)).statusCode).toBe(401);
      expect((await replace(kept.id, await picture(10, 10, '#010205'), 'x.png', nobody)).statusCode).toBe(403);
      expect(await list('limit=200')).toEqual(before);
    });
  });
});
