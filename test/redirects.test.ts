/**
 * Redirects that keep links working, in English and Kiswahili: a redirect
 * keeps the query string (merged with an outside address's own), an old
 * address with a trailing slash leads to the final address in one hop,
 * deleting a page sends every address it ever had, in every language, to
 * the chosen page (or answers 410 for all), restoring it leaves no loop, and
 * the "Not found" list drops addresses that lead somewhere now. On SQLite
 * and PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../src/shared/api-paths.js';
import { editorialApi } from '../src/shared/editorial.js';
import { siteApi, type PageLink } from '../src/shared/site-structure.js';
import type { NavigationAnswer } from '../src/shared/site-navigation.js';
import { countNotFound } from '../src/server/structure/repository.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';
import { kinds } from '../src/shared/kinds.js';

interface PageAnswer {
  id: string;
  path: string;
  livePath: string | null;
  state: string;
  version: number;
}

describe.each(dialects())('redirects that keep links working on %s', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let refs: FixtureRefs;

  const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...editor.headers } });
  const visit = (url: string) => t.app.inject({ method: 'GET', url });
  const page = async (id: string) => (await as({ method: 'GET', url: siteApi.page(id) })).json<PageAnswer>();
  const publish = async (id: string) => {
    const res = await as({ method: 'POST', url: siteApi.pageStep(id, 'publish'), headers: { 'if-match': String((await page(id)).version) }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  };
  const create = async (path: string, title: string) => {
    const res = await as({ method: 'POST', url: siteApi.pages, payload: { path, title } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<PageAnswer>().id;
    await publish(id);
    return id;
  };
  const rename = async (id: string, path: string) => {
    const res = await as({ method: 'PATCH', url: siteApi.page(id), headers: { 'if-match': String((await page(id)).version) }, payload: { path } });
    expect(res.statusCode, res.body).toBe(200);
    await publish(id);
  };
  /** Publishes the page's Kiswahili address (and title). */
  const translate = async (id: string, path: string) => {
    const current = await as({ method: 'GET', url: `${siteApi.page(id)}?lang=sw` });
    expect(current.statusCode, current.body).toBe(200);
    const res = await as({ method: 'PATCH', url: `${siteApi.page(id)}?lang=sw`, headers: { 'if-match': String(current.json<{ version: number }>().version) }, payload: { translation: { path, title: `Kiswahili ${path}` }, status: 'published' } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const remove = async (id: string, body: object) => {
    const res = await as({ method: 'DELETE', url: siteApi.page(id), headers: { 'if-match': String((await page(id)).version) }, payload: body });
    expect(res.statusCode, res.body).toBe(204);
  };
  /** Where an address leads: one 301 to `to`, which answers 200 itself (no second hop). */
  const expectOneHop = async (from: string, to: string) => {
    const res = await visit(from);
    expect(res.statusCode, from).toBe(301);
    expect(res.headers.location, from).toBe(to);
    expect((await visit(to)).statusCode, `${from} → ${to}`).toBe(200);
  };

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    editor = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
    const settings = await as({ method: 'GET', url: apiPaths.settings });
    const saved = await as({
      method: 'PUT',
      url: apiPaths.settings,
      headers: { 'if-match': String(settings.json<{ version: number }>().version) },
      payload: { data: { ...settings.json<{ data: object }>().data, languages: [{ code: 'en', name: 'English', dir: 'ltr' }, { code: 'sw', name: 'Kiswahili', dir: 'ltr' }], defaultLanguage: 'en' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('keeps the query string: automatic and hand-made redirects to a page, and an outside address (its own parameters win)', async () => {
    const id = await create('/radio-old', 'Radio campaign');
    await rename(id, '/radio');
    await expectOneHop('/radio-old?utm_source=radio', '/radio?utm_source=radio');
    const hand = await as({ method: 'POST', url: siteApi.redirects, payload: { fromPath: '/listen', pageId: id } });
    expect(hand.statusCode, hand.body).toBe(201);
    await expectOneHop('/listen?utm_source=radio&utm_medium=fm', '/radio?utm_source=radio&utm_medium=fm');

    expect((await as({ method: 'POST', url: siteApi.redirects, payload: { fromPath: '/give-now', url: 'https://pay.example.org/give' } })).statusCode).toBe(201);
    expect((await visit('/give-now?utm_source=radio')).headers.location).toBe('https://pay.example.org/give?utm_source=radio');
    expect((await as({ method: 'POST', url: siteApi.redirects, payload: { fromPath: '/give-water', url: 'https://pay.example.org/give?fund=water&utm_source=site#form' } })).statusCode).toBe(201);
    const merged = await visit('/give-water?utm_source=radio&ref=sms');
    expect(merged.statusCode).toBe(301);
    expect(merged.headers.location).toBe('https://pay.example.org/give?fund=water&utm_source=site&ref=sms#form');
    // Without a query the target is as it was set up.
    expect((await visit('/give-water')).headers.location).toBe('https://pay.example.org/give?fund=water&utm_source=site#form');
  });

  it('leads an old address with a trailing slash to the final address in one hop, query kept, in Kiswahili too', async () => {
    const id = await create('/wells-2024', 'Wells');
    await rename(id, '/wells');
    await translate(id, '/visima-zamani');
    await translate(id, '/visima');
    await expectOneHop('/wells-2024/?utm_source=radio', '/wells?utm_source=radio');
    await expectOneHop('/wells/', '/wells');
    await expectOneHop('/wells/?a=1', '/wells?a=1');
    await expectOneHop('/sw/visima-zamani/', '/sw/visima');
    await expectOneHop('/sw/visima/?utm_source=radio', '/sw/visima?utm_source=radio');
    // The language's home keeps its one address, with the slash.
    expect((await visit('/sw')).headers.location).toBe('/sw/');
    expect((await visit('/sw/')).statusCode).not.toBe(301);
    expect((await visit('/no-such-page/')).statusCode).toBe(404);
  });

  it('sends every address a deleted page had, in every language, to the chosen page; restored and published, it takes its address back without a loop', async () => {
    const target = await create('/clean-water', 'Clean water');
    await translate(target, '/maji-safi');
    const fallback = await create('/sanitation', 'Sanitation');
    const old = await create('/water-2023', 'Water 2023');
    await rename(old, '/water-2024');
    await rename(old, '/water-2025');
    await translate(old, '/maji-2024');
    await translate(old, '/maji-2025');
    const other = await create('/toilets-old', 'Toilets');
    await rename(other, '/toilets');
    await translate(other, '/vyoo');

    await remove(old, { redirectTo: target });
    for (const from of ['/water-2023', '/water-2024', '/water-2025']) await expectOneHop(from, '/clean-water');
    for (const from of ['/sw/maji-2024', '/sw/maji-2025']) await expectOneHop(from, '/sw/maji-safi');
    await expectOneHop('/water-2023?utm_source=radio', '/clean-water?utm_source=radio');

    // A chosen page not offered in Kiswahili: its English address.
    await remove(other, { redirectTo: fallback });
    await expectOneHop('/toilets-old', '/sanitation');
    await expectOneHop('/toilets', '/sanitation');
    await expectOneHop('/sw/vyoo', '/sanitation');

    // Restored (a draft) and published again: its address is its own, the older ones still lead somewhere in one hop.
    expect((await as({ method: 'POST', url: editorialApi.restoreFromTrash(old) })).statusCode).toBe(200);
    expect((await page(old)).state).toBe('draft');
    await expectOneHop('/water-2025', '/clean-water');
    await publish(old);
    expect((await visit('/water-2025')).statusCode).toBe(200);
    for (const from of ['/water-2023', '/water-2024']) await expectOneHop(from, '/clean-water');
  });

  it('answers 410 at every address of a page deleted as gone, in every language', async () => {
    const id = await create('/drought-2022', 'Drought appeal');
    await rename(id, '/drought');
    await translate(id, '/ukame');
    await remove(id, { gone: true });
    for (const from of ['/drought-2022', '/drought', '/sw/ukame']) expect((await visit(from)).statusCode, from).toBe(410);
  });

  it('flags a menu item whose page is in the Trash as such, naming the page', async () => {
    const id = await create('/seed-bank', 'Seed bank');
    const current = (await as({ method: 'GET', url: siteApi.navigation })).json<NavigationAnswer>();
    const navigation = { ...current.navigation, footer: [...current.navigation.footer, { heading: 'Farming', links: [{ label: 'Seeds', page: id }] }] };
    const saved = await as({ method: 'PUT', url: siteApi.navigation, headers: { 'if-match': String(current.version) }, payload: { navigation } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NavigationAnswer>().problems).toEqual([]);
    await remove(id, { gone: true });
    const after = (await as({ method: 'GET', url: siteApi.navigation })).json<NavigationAnswer>();
    expect(after.trashedPages).toEqual([{ id, title: 'Seed bank' }]);
    expect(after.problems.map((p) => p.message)).toEqual(['“Seeds” points to the page “Seed bank”, which is in the Trash: restore and publish it, or point the item elsewhere.']);
  });

  it('lists what links to a page before it is deleted', async () => {
    const id = await create('/linked-page', 'Linked page');
    const linking = await as({ method: 'POST', url: '/api/collections/aboutvision/documents', payload: { data: { ...validData(kinds.section, refs, 'Linking'), title: 'Read the linked page', body: '<p>See <a href="/linked-page">it</a>.</p>' }, status: 'published' } });
    expect(linking.statusCode, linking.body).toBe(201);
    const res = await as({ method: 'GET', url: siteApi.pageLinks(id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ links: PageLink[] }>().links).toEqual([expect.objectContaining({ source: 'aboutvision', title: 'Read the linked page', field: 'data.body' })]);
    expect((await as({ method: 'GET', url: siteApi.pageLinks('no-such-page') })).statusCode).toBe(404);
  });

  it('drops from the "Not found" list an address once a page is published there, and any that leads somewhere now', async () => {
    const listed = async () => (await as({ method: 'GET', url: siteApi.notFound })).json<{ paths: { path: string }[] }>().paths.map((p) => p.path);
    for (let i = 0; i < 2; i += 1) expect((await visit('/harvest')).statusCode).toBe(404);
    await expect.poll(listed, { timeout: 10_000 }).toContain('/harvest');
    await create('/harvest', 'Harvest');
    expect(await listed()).not.toContain('/harvest');
    // Forgotten when the page took the address, not only hidden.
    const db = t.app.services.db.kysely;
    expect(await db.selectFrom('not_found').select('path').where('path', '=', '/harvest').execute()).toEqual([]);

    // Counted before they led anywhere: a trailing slash of a page's address, an old address, a Kiswahili address.
    const at = new Date().toISOString();
    await countNotFound(db, 'en', '/harvest/', 5, at);
    await countNotFound(db, 'en', '/wells-2024', 5, at);
    await countNotFound(db, 'sw', '/visima', 5, at);
    await countNotFound(db, 'en', '/still-missing', 5, at);
    const now = await listed();
    expect(now).toContain('/still-missing');
    for (const works of ['/harvest/', '/wells-2024', '/sw/visima']) expect(now).not.toContain(works);
  });
});
