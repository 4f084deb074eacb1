/**
 * Adding a collection of an existing kind to an existing page is one
 * declaration and its place in the seed pages. The test hook:
 * src/shared/declarations.ts is the one list every other module derives
 * from, so replacing it (vi.mock) with the real list plus one declaration,
 * and the seed pages (src/server/structure/default-pages.ts) with the about
 * page showing it, shows what that brings: the API registry, the staff menu,
 * its list and form screens, the demo seed, the public page (in its place),
 * its detail pages and the sitemap.
 */
import { matchRoutes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import type * as DeclarationsModule from '../src/shared/declarations.js';
import type * as SeedPagesModule from '../src/server/structure/default-pages.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';

const name = 'pressrelease';
const heading = 'Press releases';

vi.mock('../src/shared/declarations.js', async (importOriginal) => {
  const real = await importOriginal<typeof DeclarationsModule>();
  const { declare } = await import('../src/shared/declare.js');
  const pressReleases = declare({
    name: 'pressrelease',
    label: 'About: press releases',
    group: 'About',
    kind: 'story',
    heading: 'Press releases',
    detail: { path: '/press' },
  });
  return { ...real, declarations: [...real.declarations, pressReleases] };
});

// Its place on the page: right after the about page's vision section.
vi.mock('../src/server/structure/default-pages.js', async (importOriginal) => {
  const real = await importOriginal<typeof SeedPagesModule>();
  return {
    ...real,
    defaultPages: () =>
      real.defaultPages().map((p) => {
        if (p.id !== 'about') return p;
        const at = p.data.sections.findIndex((s) => s.collection === 'aboutvision') + 1;
        const section = { id: name, kind: 'story' as const, heading, collection: name, options: {} };
        return { ...p, data: { ...p.data, sections: [...p.data.sections.slice(0, at), section, ...p.data.sections.slice(at)] } };
      }),
  };
});

describe.each(dialects())('a collection added by one declaration and its seed section, on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let published: ContentDocument[];

  beforeAll(async () => {
    t = await build(dialect, { seedDemo: true, publicUrl: 'https://www.tujenge.example.org' }, { render: true });
    admin = await createUser(t.app, 'admin');
    const res = await t.app.inject({ method: 'GET', url: `/api/collections/${name}/documents?limit=100`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    published = (res.json() as { documents: ContentDocument[] }).documents.filter((d) => d.status === 'published');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is in the API registry with its paths, fields, heading and detail path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/collections' });
    const body = res.json() as { pages: { name: string; collections: string[] }[]; collections: Record<string, unknown>[] };
    expect(body.collections.find((c) => c.name === name)).toMatchObject({
      kind: 'story',
      page: 'about',
      group: 'About',
      heading,
      detailPath: '/press',
      listPaths: ['/pressrelease'],
      formPaths: ['/pressrelease-form/:id'],
      titleField: 'title',
      imageField: 'cover',
      nouns: { one: 'story', many: 'stories' },
    });
    const about = body.pages.find((p) => p.name === 'about')?.collections ?? [];
    expect(about.indexOf(name)).toBe(about.indexOf('aboutvision') + 1);
  });

  it('is in the staff menu under the page that shows it, beside that page\'s other blocks, for both staff layouts', async () => {
    const { menuFor } = await import('../src/web/admin/layouts/menu.js');
    const res = await t.app.inject({ method: 'GET', url: '/api/site/pages', headers: admin.headers });
    const pages = (res.json() as { pages: { id: string; title: string; sections: { collection: string }[] }[] }).pages;
    for (const [layout, claims] of [
      ['SuperLayout', { admin: false, super: true }],
      ['AdminLayout', { admin: true, super: false }],
    ] as const) {
      const groups = menuFor(layout, { uid: 'u', email: 'e@example.org', claims }, pages);
      const about = groups.find((g) => g.entries.some((e) => e.to === '/aboutvision'));
      expect(about?.entries.map((e) => e.to)).toContain('/pressrelease');
      expect(about?.entries.find((e) => e.to === '/pressrelease')).toMatchObject({ label: 'About: press releases', formPrefixes: ['/pressrelease-form/'] });
    }
  });

  it('has its list and form screens in the staff router', async () => {
    const { buildRoutes } = await import('../src/web/routes.js');
    const routes = buildRoutes();
    for (const [path, id] of [
      ['/pressrelease', 'list:/pressrelease'],
      ['/pressrelease-form/new', 'form:/pressrelease-form/:id'],
    ] as const) {
      const match = matchRoutes(routes, path)?.at(-1)?.route;
      expect(match?.id).toBe(id);
      const lazy = match?.lazy;
      const loaded = typeof lazy === 'function' ? await lazy() : undefined;
      expect(typeof loaded?.Component).toBe('function');
    }
  });

  it('gets believable demo blocks from the seed, published and draft', async () => {
    expect(published.length).toBeGreaterThan(2);
    for (const d of published) expect(String(d.data.title).length).toBeGreaterThan(10);
  });

  it('shows its published blocks on its page, in its place there, under its heading', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const headingAt = html.indexOf(`>${heading}</h2>`);
    expect(headingAt).toBeGreaterThan(-1);
    // After the vision sections ("Our mission"), before the discover cards.
    expect(headingAt).toBeGreaterThan(html.indexOf('Our mission'));
    expect(headingAt).toBeLessThan(html.indexOf('Discover our work'));
    for (const d of published) expect(html).toContain(`href="/press/${d.id}"`);
  });

  it('gives each published block its own page, listed in the sitemap', async () => {
    const doc = published[0];
    if (!doc) throw new Error('no published block');
    const page = await t.app.inject({ method: 'GET', url: `/press/${doc.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(String(doc.data.title));
    // Its breadcrumb leads to the page that shows it, by that page's title.
    expect(page.body).toContain('<a href="/about">About us</a>');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const d of published) expect(sitemap.body).toContain(`<loc>https://www.tujenge.example.org/press/${d.id}</loc>`);
    expect((await t.app.inject({ method: 'GET', url: '/press/not-a-release' })).statusCode).toBe(404);
  });
});
