/**
 * What reaches a visitor, seen from the outside (the public HTML and
 * `GET /api/pages/...`): supporters' records never, whatever a page's sections
 * name; what editors, translators and visitors type is printed as typed, never
 * read as a replacement pattern; a story's page has one address, so the page
 * cache keeps one copy of it. On SQLite and PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { siteApi } from '../src/shared/site-structure.js';
import { editorialApi } from '../src/shared/editorial.js';
import { contactFormPath } from '../src/shared/contact.js';
import { escapeHtml } from '../src/shared/html.js';
import { build, testAuthSecret, type TestApp } from './helpers/app.js';
import { formPostPath } from '../src/shared/forms.js';
import { signFormStart } from '../src/server/forms/started.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

interface PageAnswer {
  id: string;
  version: number;
  title: string;
  sections: { id: string; kind: string; heading: string | null; collection: string; options: object }[];
}

/** A supporter, as the contact form stores one. */
const supporter = { name: 'Wanjiru Kamau-Private', email: 'wanjiru.private@example.org', phone: '+254 700 111222', message: 'Please call me about the water petition.', organisation: 'Nyeri residents', consent: true, source: 'manual' };

/** Every replacement pattern `String.prototype.replace` reads in a replacement string. */
const patterns = ["$'", '$&', '$`', '$$', '$1', '$<x>'];

/** Text of the HTML between tags, entities decoded. */
function decode(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x60;|&#96;/g, '`')
    .replace(/&amp;/g, '&');
}

/** The document is one whole page: one doctype, one head, one title, one end, no marker left. */
function expectWholeDocument(html: string): string {
  expect(html.match(/<!doctype html>/gi)?.length, html.slice(0, 400)).toBe(1);
  expect(html.match(/<\/html>/g)?.length).toBe(1);
  expect(html.match(/<title>/g)?.length).toBe(1);
  expect(html).not.toContain('<!--app-');
  return decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
}

describe.each(dialects())('what reaches visitors on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let refs: FixtureRefs;

  const as = (user: TestUser | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user ? user.headers : {}) } });
  const page = async (id: string) => {
    const res = await as(admin, { method: 'GET', url: siteApi.page(id) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageAnswer>();
  };
  const publishPage = async (id: string) => {
    const res = await as(admin, { method: 'POST', url: siteApi.pageStep(id, 'publish'), headers: { 'if-match': String((await page(id)).version) }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  };
  const create = async (collection: string, data: Record<string, unknown>) => {
    const res = await as(admin, { method: 'POST', url: pathTo(apiPaths.collections.documents, { name: collection }), payload: { data, status: 'published' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContentDocument>();
  };
  /** Both public answers of /about: the HTML and the bundle. */
  const publicAbout = async () => {
    const html = await as(null, { method: 'GET', url: '/about' });
    const bundle = await as(null, { method: 'GET', url: pathTo(apiPaths.pageBundle, { page: 'about' }) });
    expect(html.statusCode).toBe(200);
    expect(bundle.statusCode).toBe(200);
    return `${html.body}\n${bundle.body}`;
  };
  const expectNoSupporter = (text: string) => {
    for (const value of [supporter.name, supporter.email, supporter.phone, supporter.message]) expect(text).not.toContain(value);
  };

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    admin = await createUser(t.app, 'admin');
    superAdmin = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
    await create('customer', supporter);
    await create('aboutvision', { title: 'Our vision', subtitle: 'Where we are going', body: '<p>Accountable communities everywhere.</p>' });
  });
  afterAll(async () => t?.close());

  describe('supporters\' records never reach a public page', () => {
    const contactsSection = { id: 'contacts', kind: 'section', heading: 'Our supporters', collection: 'customer', options: {} };

    it('refuses a section naming a staff-only collection, with 400 naming the field, and leaves the page as it was', async () => {
      const before = await page('about');
      for (const section of [contactsSection, { ...contactsSection, kind: 'person' }, { ...contactsSection, collection: 'sitepage' }, { ...contactsSection, collection: 'user' }]) {
        const res = await as(admin, { method: 'PATCH', url: siteApi.page('about'), headers: { 'if-match': String(before.version) }, payload: { sections: [...before.sections, section] } });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ error: { code: string; message: string } }>().error.code).toBe('invalid-argument');
        expect(res.body).toContain('collection');
        expectNoSupporter(res.body);
      }
      // A section of another kind than its collection's blocks is refused too (a story section showing slides).
      const wrongKind = await as(admin, { method: 'PATCH', url: siteApi.page('about'), headers: { 'if-match': String(before.version) }, payload: { sections: [...before.sections, { ...contactsSection, kind: 'story', collection: 'aboutslide', options: {} }] } });
      expect(wrongKind.statusCode, wrongKind.body).toBe(400);
      expect(await page('about')).toEqual(before);
      expectNoSupporter(await publicAbout());
    });

    it('refuses to restore an earlier version of a page whose section names one, and leaves the page as it was', async () => {
      const before = await page('about');
      const listed = await as(admin, { method: 'GET', url: pathTo(apiPaths.collections.revisions, { name: 'sitepage', id: 'about' }) });
      expect(listed.statusCode, listed.body).toBe(200);
      const rev = listed.json<{ revisions: { id: string }[] }>().revisions[0]!;
      // An old revision as a row written before the rule (or by hand) would hold it.
      const db = t.app.services.db.kysely;
      const stored = await db.selectFrom('revisions').select('data').where('id', '=', rev.id).executeTakeFirstOrThrow();
      const data = JSON.parse(stored.data) as { sections: unknown[] };
      await db.updateTable('revisions').set({ data: JSON.stringify({ ...data, sections: [...data.sections, contactsSection] }) }).where('id', '=', rev.id).execute();
      const res = await as(admin, { method: 'POST', url: pathTo(apiPaths.collections.restoreRevision, { name: 'sitepage', id: 'about', rev: rev.id }), headers: { 'if-match': String(before.version) } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid-argument');
      expect(await page('about')).toEqual(before);
      await db.updateTable('revisions').set({ data: stored.data }).where('id', '=', rev.id).execute();
    });

    it('leaves out such a section already stored and published (the second wall): neither the HTML, the bundle nor a preview shows a supporter', async () => {
      const db = t.app.services.db.kysely;
      const row = await db.selectFrom('documents').select(['data', 'pending_data']).where('id', '=', 'about').where('collection', '=', 'sitepage').executeTakeFirstOrThrow();
      const data = JSON.parse(row.data) as { sections: unknown[] };
      await db.updateTable('documents').set({ data: JSON.stringify({ ...data, sections: [...data.sections, contactsSection] }), status: 'published' }).where('id', '=', 'about').where('collection', '=', 'sitepage').execute();
      t.app.services.changes.publish({ type: 'reset' });
      try {
        const seen = await publicAbout();
        expect(seen).toContain('Our vision');
        expect(seen).not.toContain('Our supporters');
        expectNoSupporter(seen);
        // The staff see the page without it, so saving it once removes it for good.
        expect((await page('about')).sections.map((s) => s.collection)).not.toContain('customer');
        // A preview link of the page shows what visitors would see: no supporter either.
        const link = await as(admin, { method: 'POST', url: editorialApi.preview, payload: { page: 'about' } });
        expect(link.statusCode, link.body).toBe(201);
        const preview = await as(null, { method: 'GET', url: link.json<{ url: string }>().url.replace(/^https?:\/\/[^/]+/, '') });
        expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
        expect(preview.body).toContain('Our vision');
        expectNoSupporter(preview.body);
      } finally {
        await db.updateTable('documents').set({ data: row.data, pending_data: row.pending_data }).where('id', '=', 'about').where('collection', '=', 'sitepage').execute();
        t.app.services.changes.publish({ type: 'reset' });
      }
    });
  });

  describe('a form\'s answers and the staff it notifies never reach a visitor', () => {
    it('shows no answer and no notification address on the form\'s page, its bundle, its blocks, its thanks or its challenge', async () => {
      const notify = 'youth.desk.private@example.org';
      const form = await create('youthvolunteer', {
        title: 'Volunteer with us',
        fields: [
          { id: 'name', type: 'shortText', label: 'Your name', required: true },
          { id: 'email', type: 'email', label: 'E-mail address', required: true },
        ],
        notify,
        closed: false,
      });
      const answered = await t.app.inject({
        method: 'POST',
        url: formPostPath(form.id),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: new URLSearchParams({ 'f-name': supporter.name, 'f-email': supporter.email, website: '', started: signFormStart(testAuthSecret, form.id, Date.now() - 10_000) }).toString(),
        remoteAddress: '10.30.0.1',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const answers = [
        await as(null, { method: 'GET', url: '/youthleadership' }),
        await as(null, { method: 'GET', url: pathTo(apiPaths.pageBundle, { page: 'youthleadership' }) }),
        await as(null, { method: 'GET', url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }) }),
        await as(null, { method: 'GET', url: pathTo(apiPaths.collections.document, { name: 'youthvolunteer', id: form.id }) }),
        await as(null, { method: 'GET', url: `${formPostPath(form.id)}?sent=1` }),
        await as(null, { method: 'GET', url: `${apiPaths.forms.challenge}?form=${form.id}` }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        expect(res.body).not.toContain(notify);
        expectNoSupporter(res.body);
      }
      expect(answers[0]?.body).toContain('Volunteer with us');
      // Staff read them; a visitor is asked to sign in.
      expect((await as(null, { method: 'GET', url: `${apiPaths.supporters.list}?q=wanjiru` })).statusCode).toBe(401);
      expect((await as(admin, { method: 'GET', url: `${apiPaths.supporters.list}?q=wanjiru` })).body).toContain(supporter.email);
    });
  });

  describe('what people type is printed as typed', () => {
    it('keeps every replacement pattern in a page title, its description, a block, the organisation\'s name and a Kiswahili title', async () => {
      // Kiswahili as a second language, with the About page translated.
      const settings = await as(superAdmin, { method: 'GET', url: apiPaths.settings });
      const current = settings.json<{ version: number; data: Record<string, unknown> }>();
      for (const [i, pattern] of patterns.entries()) {
        const title = `Water ${pattern} rights`;
        const org = `Tujenge ${pattern} Alliance`;
        const saved = await as(superAdmin, {
          method: 'PUT',
          url: apiPaths.settings,
          headers: { 'if-match': String(current.version + i) },
          payload: { data: { ...current.data, organisationName: org, languages: [{ code: 'en', name: 'English', dir: 'ltr' }, { code: 'sw', name: 'Kiswahili', dir: 'ltr' }], defaultLanguage: 'en' } },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const before = await page('about');
        const patched = await as(admin, { method: 'PATCH', url: siteApi.page('about'), headers: { 'if-match': String(before.version) }, payload: { title, description: `About ${pattern} us` } });
        expect(patched.statusCode, patched.body).toBe(200);
        await publishPage('about');
        const block = await create('abouthistory', { title: `History ${pattern} told`, body: `<p>Since ${escapeHtml(pattern)} 2008</p>` });
        const sw = await as(admin, { method: 'GET', url: `${siteApi.page('about')}?lang=sw` });
        const translated = await as(admin, { method: 'PATCH', url: `${siteApi.page('about')}?lang=sw`, headers: { 'if-match': String(sw.json<{ version: number }>().version) }, payload: { translation: { path: '/kuhusu', title: `Kuhusu ${pattern} sisi` }, status: 'published' } });
        expect(translated.statusCode, translated.body).toBe(200);

        const html = await as(null, { method: 'GET', url: '/about' });
        expect(html.statusCode).toBe(200);
        const shownTitle = expectWholeDocument(html.body);
        expect(shownTitle, pattern).toContain(title);
        const text = decode(html.body);
        expect(text).toContain(`About ${pattern} us`);
        expect(text).toContain(`History ${pattern} told`);
        expect(text).toContain(`Since ${pattern} 2008`);
        expect(text).toContain(org);
        const swHtml = await as(null, { method: 'GET', url: '/sw/kuhusu' });
        expect(swHtml.statusCode, swHtml.body.slice(0, 200)).toBe(200);
        expect(expectWholeDocument(swHtml.body)).toContain(`Kuhusu ${pattern} sisi`);
        // The same page again comes from the page cache: as whole as the first time.
        expect(expectWholeDocument((await as(null, { method: 'GET', url: '/about' })).body)).toContain(title);
        const removed = await as(admin, { method: 'DELETE', url: pathTo(apiPaths.collections.document, { name: 'abouthistory', id: block.id }), headers: { 'if-match': String(block.version) } });
        expect(removed.statusCode, removed.body).toBe(204);
      }
    });

    it('keeps every replacement pattern in a visitor\'s contact message shown back to them', async () => {
      for (const [i, pattern] of patterns.entries()) {
        const message = `Our borehole ${pattern} broke last week`;
        // No e-mail address: the form comes back with what was typed, and the message beside it.
        const res = await as(null, {
          method: 'POST',
          url: contactFormPath,
          // One visitor each: the form's rate limit is not what this test is about.
          remoteAddress: `192.0.2.${i + 1}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ name: 'A visitor', email: '', message }).toString(),
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
        expectWholeDocument(res.body);
        expect(decode(res.body)).toContain(message);
      }
    });
  });

  describe('one address for a story\'s own page', () => {
    it('answers 301 to the address the site links to for the same id spelt otherwise, the query kept, and renders only that one', async () => {
      const c = getCollection('newstory')!;
      const story = await create('newstory', validData(c, refs, 'Borehole story'));
      const canonical = `/news/${story.id}`;
      expect((await as(null, { method: 'GET', url: canonical })).statusCode).toBe(200);
      const first = story.id.charCodeAt(0).toString(16);
      const last = story.id.charCodeAt(story.id.length - 1).toString(16).toUpperCase();
      for (const spelt of [`/news/%${first}${story.id.slice(1)}`, `/news/${story.id.slice(0, -1)}%${last}`, `/news/%${first}${story.id.slice(1, -1)}%${last}`]) {
        const res = await as(null, { method: 'GET', url: spelt });
        expect(res.statusCode, spelt).toBe(301);
        expect(res.headers.location).toBe(canonical);
        const withQuery = await as(null, { method: 'GET', url: `${spelt}?utm_source=radio` });
        expect(withQuery.statusCode).toBe(301);
        expect(withQuery.headers.location).toBe(`${canonical}?utm_source=radio`);
      }
      // In another language's prefix too.
      const sw = await as(null, { method: 'GET', url: `/%73w/news/${story.id}` });
      expect(sw.statusCode).toBe(301);
      expect(sw.headers.location).toBe(`/sw/news/${story.id}`);
    });
  });
});
