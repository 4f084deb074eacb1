/**
 * Pages as data through the API and the public site: the seeded pages are
 * records at their paths, an editor creates, fills, publishes and renames a
 * page, old addresses answer 301 to the page's current one (no chains, no
 * loops), and deleting a page something links to asks where its address
 * should lead. On SQLite and PostgreSQL.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { renderChannelName, type RenderMessage } from '../src/server/site/page-cache.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '../src/shared/kinds.js';
import { seedPages } from '../src/server/structure/default-pages.js';
import { siteApi } from '../src/shared/site-structure.js';
import { editorialApi } from '../src/shared/editorial.js';
import type { NavigationAnswer } from '../src/shared/site-navigation.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { buildApp } from '../src/server/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

interface PageAnswer {
  id: string;
  path: string;
  title: string;
  state: string;
  livePath: string | null;
  version: number;
  sections: { id: string; kind: string; heading: string | null; collection: string }[];
}

describe.each(dialects())('pages as data on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let refs: FixtureRefs;

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
  const publish = async (id: string) => {
    const p = await page(id);
    const res = await as(admin, { method: 'POST', url: siteApi.pageStep(id, 'publish'), headers: { 'if-match': String(p.version) }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageAnswer>();
  };
  const rename = async (id: string, path: string) => {
    const p = await page(id);
    const res = await as(admin, { method: 'PATCH', url: siteApi.page(id), headers: { 'if-match': String(p.version) }, payload: { path } });
    expect(res.statusCode, res.body).toBe(200);
    return publish(id);
  };

  it("lists the thirteen seeded pages as records at their paths, each with its sections", async () => {
    const res = await as(admin, { method: 'GET', url: siteApi.pages });
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ pages: PageAnswer[] }>().pages;
    expect(listed.map((p) => p.path).sort()).toEqual(seedPages.map((p) => p.path).sort());
    const about = listed.find((p) => p.id === 'about');
    expect(about?.sections.map((s) => s.collection)).toEqual(['aboutslide', 'aboutvision', 'aboutdiscover', 'abouthistory', 'aboutleader', 'aboutpartner']);
    expect(about?.state).toBe('published');
    expect((await as(null, { method: 'GET', url: siteApi.pages })).statusCode).toBe(401);
  });

  it('refuses every reserved or malformed address naming `path`, and a taken one with 409', async () => {
    for (const path of ['/api', '/api/pages', '/media/x', '/assets/app.js', '/preview/abc', '/login', '/user', '/home-form', '/news/some-story', '/events/2026', '/sitemap.xml', '/robots.txt', '/light-pages', '/trash', '/media', 'no-slash', '/Upper', '/two--dashes', '/trailing/', '/with space', '/s-abcdefghij']) {
      const res = await as(admin, { method: 'POST', url: siteApi.pages, payload: { path, title: 'A page' } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json<{ error: { code: string; details?: { field?: string } } }>().error).toMatchObject({ code: 'invalid-argument' });
      expect(res.body).toContain('path');
    }
    const taken = await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: '/about', title: 'Another about' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ error: { code: string } }>().error.code).toBe('already-exists');
    const count = (await as(admin, { method: 'GET', url: siteApi.pages })).json<{ pages: PageAnswer[] }>().pages.length;
    expect(count).toBe(seedPages.length);
  });

  let campaign: PageAnswer;

  it('creates a campaign page from its preset, fills and publishes it: served at its path, in the sitemap', async () => {
    const res = await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: '/water-rights', title: 'Water is a right', description: 'Our campaign for safe water in every ward.', preset: 'campaign' } });
    expect(res.statusCode, res.body).toBe(201);
    campaign = res.json<PageAnswer>();
    expect(campaign.state).toBe('draft');
    expect(campaign.sections.map((s) => s.kind)).toEqual(['slide', 'section', 'story', 'section']);
    // A draft page is not on the site.
    expect((await t.app.inject({ method: 'GET', url: '/water-rights' })).statusCode).toBe(404);

    const textSection = campaign.sections[1]!;
    const block = await as(admin, {
      method: 'POST',
      url: `/api/collections/${textSection.collection}/documents`,
      payload: { data: { ...validData(kinds.section, refs, 'Campaign'), title: 'Every ward deserves clean water' }, status: 'published' },
    });
    expect(block.statusCode, block.body).toBe(201);
    // Staff search a section's blocks by title like any list.
    const found = await as(admin, { method: 'GET', url: `/api/collections/${textSection.collection}/documents?q=ward` });
    expect(found.json<{ documents: { id: string }[] }>().documents.map((d) => d.id)).toEqual([block.json<{ id: string }>().id]);
    // A collection no section names does not exist.
    expect((await as(admin, { method: 'POST', url: '/api/collections/s-zzzzzzzzzz/documents', payload: { data: {} } })).statusCode).toBe(404);

    await publish(campaign.id);
    const html = await t.app.inject({ method: 'GET', url: '/water-rights' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Water is a right');
    expect(html.body).toContain('Our campaign for safe water in every ward.');
    expect(html.body).toContain('Every ward deserves clean water');
    expect(html.body).toContain('<link rel="canonical" href="http');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/water-rights</loc>');
  });

  it('puts the page in the navigation by its id: flagged while a draft, shown under "Our Work" once published', async () => {
    const nav = async () => (await as(admin, { method: 'GET', url: siteApi.navigation })).json<NavigationAnswer>();
    const before = await nav();
    expect(before.problems).toEqual([]);
    expect(before.navigation.header.map((i) => i.label)).toEqual(['HOME', 'About Us', 'Our Work', 'Our Strategy', 'Events']);
    const draft = (await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: '/draft-idea', title: 'A draft idea' } })).json<PageAnswer>();
    const header = before.navigation.header.map((i) =>
      i.label === 'Our Work' ? { ...i, children: [...(i.children ?? []), { label: 'Water rights', page: campaign.id }, { label: 'Draft idea', page: draft.id }] } : i,
    );
    const bad = await as(admin, { method: 'PUT', url: siteApi.navigation, headers: { 'if-match': String(before.version) }, payload: { navigation: { ...before.navigation, header: [...header, { label: 'Nowhere', url: 'http://example.org' }] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { details?: unknown; message: string } }>().error.message).toContain('navigation.header.5.url');
    const saved = await as(admin, { method: 'PUT', url: siteApi.navigation, headers: { 'if-match': String(before.version) }, payload: { navigation: { ...before.navigation, header } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<NavigationAnswer>();
    expect(answer.problems).toEqual([expect.objectContaining({ path: 'header.2.children.6', label: 'Draft idea' })]);
    // Saved, not published: visitors still see the old menus.
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('Water rights');
    const refused = await as(admin, { method: 'POST', url: siteApi.navigationPublish, headers: { 'if-match': String(answer.version) }, payload: {} });
    expect(refused.statusCode).toBe(409);
    const published = await as(admin, { method: 'POST', url: siteApi.navigationPublish, headers: { 'if-match': String(answer.version) }, payload: { acceptProblems: true } });
    expect(published.statusCode, published.body).toBe(200);
    const home = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const work = home.slice(home.indexOf('id="menu-our-work"'));
    expect(work.slice(0, work.indexOf('</ul>'))).toContain('<a href="/water-rights" class="submenu-link">Water rights</a>');
    expect(home).not.toContain('Draft idea');
  });

  it('answers an old address with 301 to the current one: no chains, no loops, a page taking an address back removes its redirect', async () => {
    await rename(campaign.id, '/water-rights-2026');
    let res = await t.app.inject({ method: 'GET', url: '/water-rights' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/water-rights-2026');
    // The menu item points to the page, not to its address: it follows the rename on every page.
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).toContain('<a href="/water-rights-2026" class="submenu-link">Water rights</a>');
    expect((await t.app.inject({ method: 'GET', url: '/water-rights-2026' })).statusCode).toBe(200);

    await rename(campaign.id, '/water');
    for (const old of ['/water-rights', '/water-rights-2026']) {
      res = await t.app.inject({ method: 'GET', url: old });
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location, old).toBe('/water');
    }

    await rename(campaign.id, '/water-rights');
    expect((await t.app.inject({ method: 'GET', url: '/water-rights' })).statusCode).toBe(200);
    res = await t.app.inject({ method: 'GET', url: '/water' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/water-rights');
    const redirects = (await as(superAdmin, { method: 'GET', url: siteApi.redirects })).json<{ redirects: { fromPath: string; pageId: string; hits: number }[] }>().redirects;
    expect(redirects.map((r) => r.fromPath).sort()).toEqual(['/water', '/water-rights-2026']);
    expect(redirects.every((r) => r.pageId === campaign.id)).toBe(true);
  });

  it('writes links to a moved page with its current address, and the site check names links that lead nowhere', async () => {
    const linking = await as(admin, {
      method: 'POST',
      url: '/api/collections/descriptionhome/documents',
      payload: {
        data: { ...validData(kinds.section, refs, 'Links'), title: 'Links to the campaign', body: '<p>Join <a href="/water-2025#join">the water campaign</a>, read <a href="/draft-idea">our idea</a> or <a href="/no-such-page">this</a>.</p>', linkLabel: 'The campaign', linkUrl: '/water-rights-2026?from=home' },
        status: 'published',
      },
    });
    expect(linking.statusCode, linking.body).toBe(201);
    // '/water-rights-2026' is an old address of the campaign (now at /water-rights); '/water-2025' never was one.
    const home = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain('href="/water-rights?from=home"');
    expect(home).toContain('href="/water-2025#join"');
    const check = (await as(admin, { method: 'GET', url: '/api/site-check' })).json<{ findings: { id: string; rule: string; field: string; message: string }[] }>();
    const mine = check.findings.filter((f) => f.id === linking.json<{ id: string }>().id && f.rule === 'link-internal-broken').map((f) => f.message);
    expect(mine).toEqual([
      expect.stringContaining('/water-2025#join leads nowhere visitors can see: no page has this address'),
      expect.stringContaining('/draft-idea leads nowhere visitors can see: the page there is still a draft'),
      expect.stringContaining('/no-such-page leads nowhere'),
    ]);
    // Out of the way of the next test, which lists what links to the campaign.
    const doc = linking.json<{ id: string; version: number }>();
    expect((await as(admin, { method: 'DELETE', url: `/api/collections/descriptionhome/documents/${doc.id}`, headers: { 'if-match': String(doc.version) } })).statusCode).toBe(204);
  });

  it('refuses to delete a page something links to, naming the links; then answers 410 once the editor says it is gone', async () => {
    const link = await as(admin, {
      method: 'POST',
      url: '/api/collections/aboutvision/documents',
      payload: { data: { ...validData(kinds.section, refs, 'Linking'), title: 'Read about our campaign', linkLabel: 'The water campaign', linkUrl: '/water-rights' }, status: 'published' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const version = String((await page(campaign.id)).version);
    expect((await as(admin, { method: 'DELETE', url: siteApi.page(campaign.id), headers: { 'if-match': version } })).statusCode).toBe(403);

    const refused = await as(superAdmin, { method: 'DELETE', url: siteApi.page(campaign.id), headers: { 'if-match': version } });
    expect(refused.statusCode).toBe(409);
    const error = refused.json<{ error: { code: string; details: { links: { source: string; title: string; field: string }[] } } }>().error;
    expect(error.code).toBe('failed-precondition');
    expect(error.details.links).toEqual([
      expect.objectContaining({ source: 'navigation', title: 'Water rights', field: 'header.2.children.5' }),
      expect.objectContaining({ source: 'aboutvision', title: 'Read about our campaign', field: 'data.linkUrl' }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/water-rights' })).statusCode).toBe(200);

    const deleted = await as(superAdmin, { method: 'DELETE', url: siteApi.page(campaign.id), headers: { 'if-match': version }, payload: { gone: true } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/water-rights' })).statusCode).toBe(410);
    expect((await as(admin, { method: 'GET', url: siteApi.page(campaign.id) })).statusCode).toBe(404);
  });

  it('redirects a deleted page to another page when asked', async () => {
    const created = (await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: '/old-campaign', title: 'Old campaign' } })).json<PageAnswer>();
    await publish(created.id);
    const version = String((await page(created.id)).version);
    const res = await as(superAdmin, { method: 'DELETE', url: siteApi.page(created.id), headers: { 'if-match': version }, payload: { redirectTo: 'about' } });
    expect(res.statusCode, res.body).toBe(204);
    const old = await t.app.inject({ method: 'GET', url: '/old-campaign' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/about');
  });

  it('counts missing paths for super-admins, and a redirect made from one leads there', async () => {
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/programmes/water' })).statusCode).toBe(404);
    await expect.poll(async () => (await as(superAdmin, { method: 'GET', url: siteApi.notFound })).json<{ paths: { path: string; hits: number }[] }>().paths.find((p) => p.path === '/programmes/water')?.hits, { timeout: 10_000 }).toBe(3);
    expect((await as(admin, { method: 'GET', url: siteApi.notFound })).statusCode).toBe(403);
    const made = await as(superAdmin, { method: 'POST', url: siteApi.redirects, payload: { fromPath: '/programmes/water', pageId: 'socio' } });
    expect(made.statusCode, made.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/programmes/water' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/socio');
    await t.app.inject({ method: 'GET', url: '/programmes/water' });
    // Visits are counted (in memory, written once a second), and the path is no longer "not found".
    const hitsOf = async () => (await as(superAdmin, { method: 'GET', url: siteApi.redirects })).json<{ redirects: { fromPath: string; hits: number }[] }>().redirects.find((r) => r.fromPath === '/programmes/water')?.hits;
    await expect.poll(hitsOf, { timeout: 10_000 }).toBe(2);
    expect((await as(superAdmin, { method: 'GET', url: siteApi.notFound })).json<{ paths: { path: string }[] }>().paths.map((p) => p.path)).not.toContain('/programmes/water');
  });

  it("refuses an admin who publishes a page at a super-admin's redirect; a super-admin confirms, and the audit log says so", async () => {
    const made = await as(superAdmin, { method: 'POST', url: siteApi.redirects, payload: { fromPath: '/donate', url: 'https://pay.example.org/tujenge' } });
    expect(made.statusCode, made.body).toBe(201);
    const created = await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: '/donate', title: 'Give to us' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<PageAnswer>().id;
    const redirectsNow = async () => (await as(superAdmin, { method: 'GET', url: siteApi.redirects })).json<{ redirects: { fromPath: string; url: string | null }[] }>().redirects.filter((r) => r.fromPath === '/donate');
    const publishAs = async (user: TestUser, payload: object) => as(user, { method: 'POST', url: siteApi.pageStep(id, 'publish'), headers: { 'if-match': String((await page(id)).version) }, payload });
    // An admin: refused naming the address, now and scheduled; the redirect and the page stay as they were.
    for (const payload of [{}, { replaceRedirect: true }, { at: new Date(Date.now() + 86_400_000).toISOString() }]) {
      const refused = await publishAs(admin, payload);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'permission-denied' });
      expect(refused.body).toContain('/donate');
      expect((await page(id)).state).toBe('draft');
    }
    expect(await redirectsNow()).toEqual([expect.objectContaining({ url: 'https://pay.example.org/tujenge' })]);
    expect((await t.app.inject({ method: 'GET', url: '/donate' })).headers.location).toBe('https://pay.example.org/tujenge');
    // A super-admin is asked first (409), then confirms.
    const asked = await publishAs(superAdmin, {});
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json<{ error: { details?: unknown } }>().error.details).toEqual({ replaceRedirect: true });
    expect(await redirectsNow()).toHaveLength(1);
    const confirmed = await publishAs(superAdmin, { replaceRedirect: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await redirectsNow()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/donate' })).statusCode).toBe(200);
    const audit = (await as(superAdmin, { method: 'GET', url: `${editorialApi.audit}?action=redirect.delete` })).json<{ entries: { subject: string; actor: { uid: string } | null }[] }>().entries;
    expect(audit).toContainEqual(expect.objectContaining({ subject: '/donate (en): replaced by the page published there', actor: expect.objectContaining({ uid: superAdmin.uid }) }));
  });

  it('renders again only the page whose record changed; a new address renders every page', async () => {
    for (const p of ['/', '/about', '/vision']) expect((await t.app.inject({ method: 'GET', url: p })).statusCode).toBe(200);
    const rendered: string[] = [];
    const onRender = (message: unknown) => rendered.push((message as RenderMessage).path);
    diagnostics.subscribe(renderChannelName, onRender);
    try {
      const about = await page('about');
      const saved = await as(admin, { method: 'PATCH', url: siteApi.page('about'), headers: { 'if-match': String(about.version) }, payload: { description: 'Who we are and how we work, in a few words.' } });
      expect(saved.statusCode, saved.body).toBe(200);
      await publish('about');
      expect(rendered).toContain('/about');
      expect(rendered).not.toContain('/');
      expect(rendered).not.toContain('/vision');
      expect((await t.app.inject({ method: 'GET', url: '/about' })).body).toContain('Who we are and how we work, in a few words.');

      rendered.length = 0;
      await rename('vision', '/our-vision');
      // The menus of every page now lead to /our-vision.
      expect(rendered).toEqual(expect.arrayContaining(['/', '/about']));
      expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('href="/our-vision"');
    } finally {
      diagnostics.unsubscribe(renderChannelName, onRender);
    }
  });

  it("keeps the seeded pages at their paths with their sections", async () => {
    for (const p of seedPages) {
      const path = p.path === '/vision' ? '/our-vision' : p.path;
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(200);
    }
  });

  it('asks the structure which page shows a collection: a story\'s breadcrumb, the site check and the drawer follow the stories to a page an editor added, renamed and moved', async () => {
    const created = await as(admin, {
      method: 'POST',
      url: '/api/collections/newstory/documents',
      payload: { data: { ...validData(kinds.story, refs, 'Truth'), title: 'Boreholes repaired in Kilosa', body: '<p>Read <a href="/no-such-report">the report</a>.</p>' }, status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const story = created.json<{ id: string }>();
    const breadcrumb = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/news/${story.id}` });
      expect(res.statusCode, res.body).toBe(200);
      return /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(res.body)?.[1] ?? '';
    };
    type Check = { findings: { id: string; page: string | null; rule: string }[]; pages: { id: string; title: string }[] };
    const groupOfStory = async () => {
      const check = (await as(admin, { method: 'GET', url: '/api/site-check' })).json<Check>();
      const finding = check.findings.find((f) => f.id === story.id && f.rule === 'link-internal-broken');
      return check.pages.find((p) => p.id === finding?.page)?.title;
    };
    const { menuFor } = await import('../src/web/admin/layouts/menu.js');
    const drawerGroupOfStories = async () => {
      const pages = (await as(admin, { method: 'GET', url: siteApi.pages })).json<{ pages: PageAnswer[] }>().pages;
      return menuFor('AdminLayout', { uid: admin.uid, email: 'a@example.org', claims: { admin: true, super: false } }, pages).find((g) => g.entries.some((e) => e.to === '/newstory'))?.title;
    };
    // As seeded: the home page shows the stories, and its list is the breadcrumb's step.
    expect(await breadcrumb()).toContain('<a href="/">News &amp; stories</a>');
    expect(await groupOfStory()).toBe('Home');
    expect(await drawerGroupOfStories()).toBe('Home');

    // An editor adds a newsroom and moves the stories there, through the API.
    const added = await as(admin, { method: 'POST', url: siteApi.pages, payload: { path: '/newsroom', title: 'Newsroom' } });
    expect(added.statusCode, added.body).toBe(201);
    const newsroom = added.json<PageAnswer>();
    const home = await page('home');
    const stories = home.sections.find((x) => x.collection === 'newstory');
    if (!stories) throw new Error('the home page shows the stories');
    const patchSections = async (id: string, sections: PageAnswer['sections']) => {
      const p = await page(id);
      const res = await as(admin, { method: 'PATCH', url: siteApi.page(id), headers: { 'if-match': String(p.version) }, payload: { sections } });
      expect(res.statusCode, res.body).toBe(200);
      return publish(id);
    };
    await patchSections(newsroom.id, [stories]);
    await patchSections('home', home.sections.filter((x) => x.collection !== 'newstory'));
    expect(await breadcrumb()).toContain('<a href="/newsroom">Newsroom</a>');
    expect(await groupOfStory()).toBe('Newsroom');
    expect(await drawerGroupOfStories()).toBe('Newsroom');

    // Renamed, at a new address: every one of them says the new name and address.
    const before = await page(newsroom.id);
    const renamed = await as(admin, { method: 'PATCH', url: siteApi.page(newsroom.id), headers: { 'if-match': String(before.version) }, payload: { title: 'Press room', path: '/press-room' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await publish(newsroom.id);
    expect(await breadcrumb()).toContain('<a href="/press-room">Press room</a>');
    expect(await groupOfStory()).toBe('Press room');
    expect(await drawerGroupOfStories()).toBe('Press room');
  });
});

describe.runIf(dialects().includes('postgres'))('addresses on two instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    t = await build('postgres', {}, { render: true });
    second = await buildApp(testConfig(t.db), { logger: false, render: true });
    await second.ready();
    admin = await createUser(t.app, 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('answers the old address with 301 on the other instance too, once the page moved on the first', async () => {
    expect((await second.inject({ method: 'GET', url: '/strategy' })).statusCode).toBe(200);
    const headers = { authorization: `Bearer ${admin.token}` };
    const current = (await t.app.inject({ method: 'GET', url: siteApi.page('strategy'), headers })).json<PageAnswer>();
    const saved = await t.app.inject({ method: 'PATCH', url: siteApi.page('strategy'), headers: { ...headers, 'if-match': String(current.version) }, payload: { path: '/our-strategy' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({ method: 'POST', url: siteApi.pageStep('strategy', 'publish'), headers: { ...headers, 'if-match': String(saved.json<PageAnswer>().version) }, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    // The other instance hears of it through LISTEN/NOTIFY: wait for its answer to change, as a visitor would see it.
    await expect.poll(async () => (await second.inject({ method: 'GET', url: '/strategy' })).statusCode, { timeout: 10_000 }).toBe(301);
    expect((await second.inject({ method: 'GET', url: '/strategy' })).headers.location).toBe('/our-strategy');
    expect((await second.inject({ method: 'GET', url: '/our-strategy' })).statusCode).toBe(200);
  });
});
