/**
 * The site in two languages, as visitors and translators meet it: pages
 * under /sw/ at their translated addresses with `lang`, Content-Language and
 * `hreflang` both ways plus `x-default`, the sitemap's alternates, words left
 * untranslated marked `lang="en"`, an untranslated page absent under /sw/;
 * and translations that know whether they are current: publishing the
 * original outdates them, a draft of it does not, publishing the translation
 * or "still correct" makes them current, one language never waits for
 * another, and bad input changes nothing. On SQLite and PostgreSQL.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { siteApi } from '../src/shared/site-structure.js';
import { editorialApi } from '../src/shared/editorial.js';
import { siteCheckApi, type SiteCheck } from '../src/shared/site-check.js';
import type { ContentDocument } from '../src/shared/collections.js';
import type { TranslationHistory, TranslationReading, TranslationReport } from '../src/shared/translations.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia } from './content-fixtures.js';

const kiswahili = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'sw', name: 'Kiswahili', dir: 'ltr' },
];

describe.each(dialects())('the site in English and Kiswahili on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let editor: TestUser;
  let vision: ContentDocument;
  let history: ContentDocument;

  const as = (options: InjectOptions) => app.inject({ ...options, headers: { ...(options.headers ?? {}), ...editor.headers } });
  const blockUrl = (collection: string, id: string, lang?: string) => `${pathTo(apiPaths.collections.document, { name: collection, id })}${lang ? `?lang=${lang}` : ''}`;
  const readTranslation = async (collection: string, id: string) => {
    const res = await as({ method: 'GET', url: blockUrl(collection, id, 'sw') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-language']).toBe('sw');
    return res.json<TranslationReading>();
  };
  const translate = async (collection: string, id: string, translation: Record<string, string>, status?: 'published') => {
    const current = await readTranslation(collection, id);
    const res = await as({ method: 'PATCH', url: blockUrl(collection, id, 'sw'), headers: { 'if-match': String(current.version) }, payload: { translation, ...(status ? { status } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TranslationReading>();
  };
  const stateOf = async (collection: string, id: string) => {
    const res = await as({ method: 'GET', url: blockUrl(collection, id) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContentDocument>().translations?.sw;
  };
  const saveOriginal = async (doc: ContentDocument, data: Record<string, unknown>, status?: 'published') => {
    const current = (await as({ method: 'GET', url: blockUrl(doc.collection, doc.id) })).json<ContentDocument>();
    const res = await as({ method: 'PATCH', url: blockUrl(doc.collection, doc.id), headers: { 'if-match': String(current.version) }, payload: { data, ...(status ? { status } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContentDocument>();
  };
  const page = (url: string) => app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    app = t.app;
    editor = await createUser(app, 'super');
    const settings = await as({ method: 'GET', url: apiPaths.settings });
    const saved = await as({
      method: 'PUT',
      url: apiPaths.settings,
      headers: { 'if-match': String(settings.json<{ version: number }>().version) },
      payload: { data: { ...settings.json<{ data: object }>().data, languages: kiswahili, defaultLanguage: 'en' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const create = async (collection: string, data: Record<string, unknown>) => {
      const res = await as({ method: 'POST', url: pathTo(apiPaths.collections.documents, { name: collection }), payload: { data, status: 'published' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ContentDocument>();
    };
    vision = await create('aboutvision', { title: 'Our vision', subtitle: 'Where we are going', body: '<p>Accountable communities everywhere.</p>' });
    history = await create('abouthistory', { title: 'From a reading circle to an alliance', body: '<p>It began in 2008.</p>' });
    // The About page in Kiswahili: its address and title.
    const about = await as({ method: 'GET', url: `${siteApi.page('about')}?lang=sw` });
    expect(about.statusCode, about.body).toBe(200);
    const published = await as({
      method: 'PATCH',
      url: `${siteApi.page('about')}?lang=sw`,
      headers: { 'if-match': String(about.json<TranslationReading>().version) },
      payload: { translation: { path: '/kuhusu', title: 'Kuhusu sisi' }, status: 'published' },
    });
    expect(published.statusCode, published.body).toBe(200);
    // The vision block: its title only (its subtitle and text stay English).
    await translate('aboutvision', vision.id, { title: 'Dira yetu' }, 'published');
  });
  afterAll(async () => t?.close());

  it('serves the translated page under /sw/ with its language, Content-Language and hreflang both ways plus x-default', async () => {
    const sw = await page('/sw/kuhusu');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-language']).toBe('sw');
    expect(sw.body).toMatch(/<html lang="sw">/);
    expect(sw.body).toContain('Kuhusu sisi');
    expect(sw.body).toContain('Dira yetu');
    const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    const expected = ['en http://localhost:3000/about', 'sw http://localhost:3000/sw/kuhusu', 'x-default http://localhost:3000/about'];
    expect(alternates(sw.body)).toEqual(expected);
    const en = await page('/about');
    expect(en.headers['content-language']).toBe('en');
    expect(en.body).toMatch(/<html lang="en">/);
    expect(alternates(en.body)).toEqual(expected);
    // Served again from memory (the fast lane): the same language header.
    expect((await page('/sw/kuhusu')).headers['content-language']).toBe('sw');
  });

  it('marks words left untranslated with lang="en", and a section none of whose words are translated as a whole', async () => {
    const html = (await page('/sw/kuhusu')).body;
    expect(html).toMatch(/<h2 class="section-title">Dira yetu<\/h2>/);
    expect(html).toMatch(/<p class="section-subtitle" lang="en">Where we are going<\/p>/);
    expect(html).toMatch(/<div class="rich-text" lang="en"><p>Accountable communities everywhere\.<\/p><\/div>/);
    // The history block has no Kiswahili at all: its section is marked English as a whole.
    expect(html).toMatch(/<div class="lang-fallback" lang="en"><section[^>]*data-block="[^"]*"[^>]*>.*From a reading circle to an alliance/s);
    // The same in a card: its text left in English is marked, its translated title is not.
    const card = await as({ method: 'POST', url: pathTo(apiPaths.collections.documents, { name: 'aboutdiscover' }), payload: { data: { title: 'Our programmes', text: 'Five programmes, one goal.' }, status: 'published' } });
    expect(card.statusCode, card.body).toBe(201);
    await translate('aboutdiscover', card.json<ContentDocument>().id, { title: 'Programu zetu' }, 'published');
    const withCard = (await page('/sw/kuhusu')).body;
    expect(withCard).toMatch(/class="card-title"[^>]*>Programu zetu</);
    expect(withCard).not.toMatch(/class="card-title" lang="en"[^>]*>Programu zetu/);
    expect(withCard).toMatch(/<p class="card-text" lang="en">Five programmes, one goal\.<\/p>/);
    // The English page has no such marks.
    expect((await page('/about')).body).not.toMatch(/lang="en"><\/|class="lang-fallback"/);
  });

  it('leads the links of a Kiswahili page to the Kiswahili pages where there are some, else to the English ones', async () => {
    const res = await as({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'abouthistory' }),
      payload: { data: { title: 'Read on', body: '<p>See <a href="/about">who we are</a>.</p>', linkLabel: 'Our history', linkUrl: '/history#start' }, status: 'published' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const links = res.json<ContentDocument>();
    await translate('abouthistory', links.id, { title: 'Endelea kusoma', body: '<p>Tazama <a href="/about">sisi ni nani</a>.</p>' }, 'published');
    const sw = (await page('/sw/kuhusu')).body;
    expect(sw).toContain('<a href="/sw/kuhusu">sisi ni nani</a>');
    expect(sw).toMatch(/<a href="\/history#start" class="button[^"]*"[^>]*>.*Our history/s);
    expect((await page('/about')).body).toContain('<a href="/about">who we are</a>');
    const trashed = await as({ method: 'DELETE', url: blockUrl('abouthistory', links.id), headers: { 'if-match': String((await as({ method: 'GET', url: blockUrl('abouthistory', links.id) })).json<ContentDocument>().version) } });
    expect(trashed.statusCode).toBe(204);
  });

  it('shows a picture\'s default alt text in Kiswahili once it has one, and the English one marked lang="en" until then', async () => {
    // Media ids are 64 hex digits (the API refuses others): the fixture's row, renamed.
    const fixture = await insertMedia(app);
    const imageId = crypto.randomBytes(32).toString('hex');
    await app.services.db.kysely.updateTable('media').set({ id: imageId }).where('id', '=', fixture).execute();
    const described = await as({ method: 'PATCH', url: pathTo(apiPaths.media.one, { id: imageId }), payload: { alt: 'Women at a community meeting' } });
    expect(described.statusCode, described.body).toBe(200);
    const block = await as({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'abouthistory' }),
      payload: { data: { title: 'In pictures', image: { mediaId: imageId, alt: '', decorative: false } }, status: 'published' },
    });
    expect(block.statusCode, block.body).toBe(201);
    await translate('abouthistory', block.json<ContentDocument>().id, { title: 'Kwa picha' }, 'published');
    const img = (html: string) => new RegExp(`<img[^>]*src="/media/${imageId}/[^"]*"[^>]*>`).exec(html)?.[0] ?? '';
    expect(img((await page('/sw/kuhusu')).body)).toMatch(/alt="Women at a community meeting" lang="en"/);
    const swAlt = await as({ method: 'PATCH', url: `${pathTo(apiPaths.media.one, { id: imageId })}?lang=sw`, payload: { alt: 'Wanawake katika mkutano wa jamii' } });
    expect(swAlt.statusCode, swAlt.body).toBe(200);
    expect(swAlt.json<{ alt: string; altTranslations?: Record<string, string> }>()).toMatchObject({ alt: 'Women at a community meeting', altTranslations: { sw: 'Wanawake katika mkutano wa jamii' } });
    const sw = img((await page('/sw/kuhusu')).body);
    expect(sw).toContain('alt="Wanawake katika mkutano wa jamii"');
    expect(sw).not.toContain('lang=');
    expect(img((await page('/about')).body)).toContain('alt="Women at a community meeting"');
    // The focal point is every language's: refused in a language, and nothing changes.
    const focal = await as({ method: 'PATCH', url: `${pathTo(apiPaths.media.one, { id: imageId })}?lang=sw`, payload: { alt: 'x', focalPoint: { x: 0.1, y: 0.1 } } });
    expect(focal.statusCode).toBe(400);
    expect(img((await page('/sw/kuhusu')).body)).toContain('alt="Wanawake katika mkutano wa jamii"');
  });

  it('gives a translated story its own page in Kiswahili, linked from the Kiswahili page; an untranslated one has none', async () => {
    const story = async (title: string) => {
      const res = await as({ method: 'POST', url: pathTo(apiPaths.collections.documents, { name: 'newstory' }), payload: { data: { title, date: '2026-11-20', summary: `${title}: what happened.`, body: '<p>Everything.</p>' }, status: 'published' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ContentDocument>();
    };
    const translated = await story('Water points repaired');
    const untranslated = await story('A story in English only');
    await translate('newstory', translated.id, { title: 'Vituo vya maji vyakarabatiwa', summary: 'Kilichotokea.', body: '<p>Kila kitu.</p>' }, 'published');
    // The home page in Kiswahili lists both, each leading to its own page in the language it is written in.
    const home = await as({ method: 'GET', url: `${siteApi.page('home')}?lang=sw` });
    await as({ method: 'PATCH', url: `${siteApi.page('home')}?lang=sw`, headers: { 'if-match': String(home.json<TranslationReading>().version) }, payload: { translation: { path: '/', title: 'Mwanzo' }, status: 'published' } });
    const sw = (await page('/sw/')).body;
    expect(sw).toContain(`href="/sw/news/${translated.id}"`);
    expect(sw).toContain(`href="/news/${untranslated.id}"`);
    const own = await page(`/sw/news/${translated.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toMatch(/<html lang="sw">/);
    expect(own.body).toContain('Vituo vya maji vyakarabatiwa');
    expect(own.headers['content-language']).toBe('sw');
    // Its breadcrumb leads back to the page that shows the stories, in Kiswahili (the list has no heading of its own there: the site's word for it).
    expect(own.body).toMatch(/<nav aria-label="Uko hapa"[^>]*>[\s\S]*?<a href="\/sw\/">Habari<\/a>/);
    expect((await page(`/sw/news/${untranslated.id}`)).statusCode).toBe(404);
    expect((await page(`/fr/news/${translated.id}`)).statusCode).toBe(404);
    expect((await page(`/news/${translated.id}`)).body).toContain('Water points repaired');
  });

  it('offers no page that has no Kiswahili: 404 under /sw/, absent from the sitemap; the sitemap lists both languages of a translated one', async () => {
    expect((await page('/sw/history')).statusCode).toBe(404);
    expect((await page('/sw/about')).statusCode).toBe(404);
    const sitemap = (await page('/sitemap.xml')).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toContain('<loc>http://localhost:3000/sw/kuhusu</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="sw" href="http://localhost:3000/sw/kuhusu"/>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:3000/about"/>');
    expect(sitemap).not.toContain('/sw/history');
    // The translated story's own page in Kiswahili, with its English twin as alternate; the untranslated one only in English.
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:3000\/sw\/news\/[^<]+<\/loc>/);
    expect(sitemap.match(/<loc>http:\/\/localhost:3000\/sw\/news\//g)).toHaveLength(1);
    expect(sitemap).toContain('<loc>http://localhost:3000/history</loc>');
  });

  it('has a language switcher that leads to the same page in the other language, each language named in itself with its lang', async () => {
    // Named in the page's language: "Languages" in English, "Lugha" in Kiswahili.
    const switcher = (html: string, name: string) => new RegExp(`<nav class="language-switcher" aria-label="${name}">(.*?)</nav>`, 's').exec(html)?.[1] ?? '';
    expect(switcher((await page('/about')).body, 'Languages')).toContain('<a href="/sw/kuhusu" lang="sw" dir="ltr" hrefLang="sw" class="language-link"><span class="language-name">Kiswahili</span>');
    expect(switcher((await page('/sw/kuhusu')).body, 'Lugha')).toContain('<a href="/about" lang="en" dir="ltr" hrefLang="en" class="language-link"><span class="language-name">English</span>');
    // A page not offered in Kiswahili leads to the Kiswahili home page.
    expect(switcher((await page('/history')).body, 'Languages')).toContain('<a href="/sw/" lang="sw"');
  });

  it('says in the switcher, in Kiswahili, when a page is not translated, and that its link leads to the Kiswahili home page', async () => {
    const switcher = (html: string) => /<nav class="language-switcher"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
    const untranslated = switcher((await page('/history')).body);
    const link = /<a href="\/sw\/"[^>]*>(.*?)<\/a>/s.exec(untranslated);
    expect(link?.[0]).toContain('class="language-link is-untranslated"');
    // What a screen reader hears (every text of the link), and what is seen (without the visually hidden parts).
    const text = (markup: string) => markup.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
    const seen = (markup: string) => text(markup.replace(/<span class="visually-hidden">.*?<\/span>/g, '').replace(/<span class="language-code"[^>]*>.*?<\/span>/g, ''));
    expect(text(link?.[1] ?? '').replace('SW', '')).toBe('Kiswahili (ukurasa huu haujatafsiriwa: ukurasa wa mwanzo)');
    expect(seen(link?.[1] ?? '')).toBe('Kiswahili (haujatafsiriwa)');
    // A translated page's link says nothing of the kind, nor does the link back to English on a Kiswahili page.
    expect(switcher((await page('/about')).body)).not.toMatch(/haujatafsiriwa|is-untranslated/);
    expect(switcher((await page('/sw/kuhusu')).body)).not.toMatch(/not translated|is-untranslated/);
  });

  it('lists a page\'s translatable parts on one screen: its words, each block under its section, each menu label leading to it, each named once, with their states', async () => {
    type Parts = { page: { id: string; title: string }; lang: string; parts: { kind: string; collection: string; id: string; keys: string[] | null; label: string; state: string }[] };
    const read = async () => {
      const res = await as({ method: 'GET', url: `${pathTo(apiPaths.translations.page, { id: 'about' })}?lang=sw` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Parts>();
    };
    const first = await read();
    expect(first.page).toEqual({ id: 'about', title: 'About us' });
    expect(first.parts[0]).toMatchObject({ kind: 'page', collection: 'sitepage', id: 'about', keys: null, state: 'current' });
    const labels = first.parts.map((p) => p.label);
    expect(new Set(labels).size).toBe(labels.length);
    const visionPart = first.parts.find((p) => p.id === vision.id);
    expect(visionPart).toMatchObject({ kind: 'block', collection: 'aboutvision', state: 'current' });
    expect(visionPart?.label).toMatch(/ › Our vision$/);
    expect(first.parts.find((p) => p.id === history.id)).toMatchObject({ kind: 'block', state: 'missing' });
    // The About page is in the top bar's "About Us" menu and in the footer's list: two menu labels, named apart.
    const menus = first.parts.filter((p) => p.kind === 'menu');
    expect(menus.map((m) => [m.label, m.keys, m.state])).toEqual([
      ['Menu label · Top bar › About Us › About', ['header.1.children.4.label'], 'missing'],
      ['Menu label · Footer › About Us › About', ['footer.0.links.4.label'], 'missing'],
    ]);
    // One menu label translated and published with the navigation's own API: that part only becomes current.
    const nav = await as({ method: 'GET', url: `${siteApi.navigation}?lang=sw` });
    const saved = await as({ method: 'PUT', url: `${siteApi.navigation}?lang=sw`, headers: { 'if-match': String(nav.json<TranslationReading>().version) }, payload: { translation: { 'header.1.children.4.label': 'Kuhusu' }, status: 'published' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await read()).parts.filter((p) => p.kind === 'menu').map((m) => m.state);
    expect(after).toEqual(['current', 'missing']);
    // An unknown page is 404, a language the site does not speak 400.
    expect((await as({ method: 'GET', url: `${pathTo(apiPaths.translations.page, { id: 'no-such-page' })}?lang=sw` })).statusCode).toBe(404);
    expect((await as({ method: 'GET', url: `${pathTo(apiPaths.translations.page, { id: 'about' })}?lang=fr` })).statusCode).toBe(400);
  });

  it('outdates a translation when the original is published, not when a draft of it is saved; publishing the translation or "still correct" makes it current', async () => {
    expect(await stateOf('aboutvision', vision.id)).toBe('current');
    await saveOriginal(vision, { title: 'Our vision, renewed' });
    expect(await stateOf('aboutvision', vision.id)).toBe('current');
    await saveOriginal(vision, { title: 'Our vision, renewed' }, 'published');
    expect(await stateOf('aboutvision', vision.id)).toBe('outdated');
    const reading = await readTranslation('aboutvision', vision.id);
    expect(reading.state).toBe('outdated');
    expect(reading.changed).toEqual(['title']);
    expect(reading.source?.title).toBe('Our vision');
    expect(reading.slots.find((s) => s.key === 'title')?.value).toBe('Our vision, renewed');
    const report = (await as({ method: 'GET', url: `${apiPaths.translations.report}?lang=sw` })).json<TranslationReport>();
    expect(report.outdated.map((i) => [i.collection, i.id, i.title, i.page?.id, i.changed])).toContainEqual(['aboutvision', vision.id, 'Our vision, renewed', 'about', ['title']]);
    expect(report.missing.map((i) => i.id)).toContain(history.id);
    // Publishing the translation makes it current.
    await translate('aboutvision', vision.id, { title: 'Dira yetu mpya' }, 'published');
    expect(await stateOf('aboutvision', vision.id)).toBe('current');
    // Outdated again, then "still correct" without a change of words.
    await saveOriginal(vision, { subtitle: 'Where we are heading' }, 'published');
    expect(await stateOf('aboutvision', vision.id)).toBe('outdated');
    const before = await readTranslation('aboutvision', vision.id);
    const confirmed = await as({ method: 'POST', url: `${pathTo(apiPaths.translations.confirm, { name: 'aboutvision', id: vision.id })}?lang=sw`, headers: { 'if-match': String(before.version) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<TranslationReading>().state).toBe('current');
    expect(await stateOf('aboutvision', vision.id)).toBe('current');
    const audit = (await as({ method: 'GET', url: '/api/audit?limit=20' })).json<{ entries: { action: string; subject: string | null }[] }>();
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['translation.publish', 'translation.confirm']));
    expect(audit.entries.find((e) => e.action === 'translation.confirm')?.subject).toBe('Our vision, renewed (Kiswahili)');
  });

  it('publishes one language without waiting for the other: a Kiswahili publish leaves the English draft alone, and the reverse', async () => {
    const draft = await saveOriginal(history, { title: 'An English draft nobody sees yet' });
    expect(draft.hasPendingChanges).toBe(true);
    await translate('abouthistory', history.id, { title: 'Kutoka kikundi cha kusoma hadi muungano' }, 'published');
    const after = (await as({ method: 'GET', url: blockUrl('abouthistory', history.id) })).json<ContentDocument>();
    expect(after.hasPendingChanges).toBe(true);
    expect(after.version).toBe(draft.version);
    const sw = (await page('/sw/kuhusu')).body;
    expect(sw).toContain('Kutoka kikundi cha kusoma hadi muungano');
    expect((await page('/about')).body).toContain('From a reading circle to an alliance');
    // A saved, unpublished Kiswahili change is not on the site.
    await translate('abouthistory', history.id, { title: 'Rasimu ya Kiswahili' });
    expect((await page('/sw/kuhusu')).body).not.toContain('Rasimu ya Kiswahili');
  });

  it('runs the authoring checks on the published words of each language, naming the language', async () => {
    await translate('abouthistory', history.id, { title: 'KUTOKA KIKUNDI CHA KUSOMA HADI MUUNGANO' }, 'published');
    const check = (await as({ method: 'GET', url: siteCheckApi })).json<SiteCheck>();
    const mine = check.findings.filter((f) => f.id === history.id);
    expect(mine.map((f) => [f.rule, f.field, f.lang, f.title])).toEqual([['text-capitals', 'title', 'sw', 'KUTOKA KIKUNDI CHA KUSOMA HADI MUUNGANO (Kiswahili)']]);
    await translate('abouthistory', history.id, { title: 'Kutoka kikundi cha kusoma hadi muungano' }, 'published');
    expect((await as({ method: 'GET', url: siteCheckApi })).json<SiteCheck>().findings.filter((f) => f.id === history.id)).toEqual([]);
  });

  it('finds a block by its title in another language in the staff search', async () => {
    const search = async (q: string, lang?: string) =>
      (await as({ method: 'GET', url: `${pathTo(apiPaths.collections.documents, { name: 'aboutvision' })}?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}` })).json<{ documents: ContentDocument[] }>().documents.map((d) => d.id);
    expect(await search('dira yetu')).toEqual([vision.id]);
    expect(await search('DIRA', 'sw')).toEqual([vision.id]);
    expect(await search('renewed')).toEqual([vision.id]);
    expect(await search('hakuna kitu kama hiki')).toEqual([]);
    // Visitors search the published originals only.
    expect((await app.inject({ method: 'GET', url: `${pathTo(apiPaths.collections.documents, { name: 'aboutvision' })}?q=dira` })).json<{ documents: unknown[] }>().documents).toEqual([]);
  });

  it('previews a page in Kiswahili with its saved, unpublished words, which visitors do not see', async () => {
    await translate('aboutvision', vision.id, { title: 'Rasimu ya dira yetu' });
    const link = await as({ method: 'POST', url: editorialApi.preview, payload: { page: 'about', lang: 'sw' } });
    expect(link.statusCode, link.body).toBe(201);
    const preview = await page(new URL(link.json<{ url: string }>().url).pathname);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toMatch(/<html lang="sw">/);
    expect(preview.body).toContain('Rasimu ya dira yetu');
    expect(preview.body).toContain('<meta name="robots" content="noindex">');
    expect((await page('/sw/kuhusu')).body).not.toContain('Rasimu ya dira yetu');
    const unknown = await as({ method: 'POST', url: editorialApi.preview, payload: { page: 'about', lang: 'fr' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'lang' } });
    // Published again, so the tests after this one start from a translation without saved changes.
    await translate('aboutvision', vision.id, { title: 'Dira yetu mpya' }, 'published');
  });

  it('keeps each translation step in its history, with who and the words it left', async () => {
    const res = await as({ method: 'GET', url: `${pathTo(apiPaths.collections.revisions, { name: 'aboutvision', id: vision.id })}?lang=sw` });
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json<TranslationHistory>();
    expect(history.lang).toBe('sw');
    const numbers = history.revisions.map((r) => r.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(history.revisions.map((r) => r.action)).toEqual(expect.arrayContaining(['save', 'publish', 'confirm']));
    expect(history.revisions[0]).toMatchObject({ action: 'publish', values: { title: 'Dira yetu mpya' }, by: { uid: editor.uid } });
    expect(history.revisions.some((r) => r.values.title === 'Rasimu ya dira yetu')).toBe(true);
    // The English history is the block's own, untouched by its translation's steps.
    const english = (await as({ method: 'GET', url: pathTo(apiPaths.collections.revisions, { name: 'aboutvision', id: vision.id }) })).json<{ revisions: { action: string }[] }>();
    expect(english.revisions.every((r) => !r.action.includes('translation'))).toBe(true);
  });

  it('translates the site settings\' words (super-admins), on every Kiswahili page at once', async () => {
    const url = `${apiPaths.translations.settings}?lang=sw`;
    const before = (await as({ method: 'GET', url })).json<TranslationReading>();
    expect(before.slots.map((s) => s.key)).toEqual(expect.arrayContaining(['organisationName', 'tagline']));
    expect(before.state).toBe('missing');
    const report = (await as({ method: 'GET', url: `${apiPaths.translations.report}?lang=sw` })).json<TranslationReport>();
    expect(report.missing.map((i) => i.collection)).toContain('@settings');
    const saved = await as({ method: 'PUT', url, headers: { 'if-match': String(before.version) }, payload: { translation: { tagline: 'Wananchi na viongozi wakijenga jamii zenye uwajibikaji' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TranslationReading>().state).toBe('current');
    expect((await page('/sw/kuhusu')).body).toContain('Wananchi na viongozi wakijenga jamii zenye uwajibikaji');
    expect((await page('/about')).body).not.toContain('Wananchi na viongozi');
    const stale = await as({ method: 'PUT', url, headers: { 'if-match': String(before.version) }, payload: { translation: { tagline: 'Zamani' } } });
    expect(stale.statusCode).toBe(409);
    const admin = await createUser(app, 'admin');
    expect((await app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(403);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = await readTranslation('aboutvision', vision.id);
    const patch = (payload: Record<string, unknown>, version = before.version, lang = 'sw') => as({ method: 'PATCH', url: blockUrl('aboutvision', vision.id, lang), headers: { 'if-match': String(version) }, payload });
    const unknownKey = await patch({ translation: { colour: 'Nyekundu' } });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'translation.colour' } });
    const tooLong = await patch({ translation: { title: 'x'.repeat(500) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { field: 'translation.title' } });
    const unknownLanguage = await patch({ translation: { title: 'Titre' } }, before.version, 'fr');
    expect(unknownLanguage.statusCode).toBe(400);
    expect(unknownLanguage.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'lang' } });
    const stale = await patch({ translation: { title: 'Zamani' } }, before.version + 5);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'aborted' } });
    const after = await readTranslation('aboutvision', vision.id);
    expect(after).toEqual(before);
    // A page is not offered in a language without its address there.
    const water = await as({ method: 'POST', url: siteApi.pages, payload: { path: '/water-rights', title: 'Water rights', preset: 'blank' } });
    expect(water.statusCode, water.body).toBe(201);
    const id = water.json<{ id: string }>().id;
    const noPath = await as({ method: 'PATCH', url: `${siteApi.page(id)}?lang=sw`, headers: { 'if-match': '0' }, payload: { translation: { title: 'Haki ya maji' }, status: 'published' } });
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json()).toMatchObject({ error: { field: 'translation.path' } });
    const taken = await as({ method: 'PATCH', url: `${siteApi.page(id)}?lang=sw`, headers: { 'if-match': '0' }, payload: { translation: { title: 'Haki ya maji', path: '/kuhusu' }, status: 'published' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'already-exists', field: 'translation.path' } });
    expect((await as({ method: 'GET', url: `${siteApi.page(id)}?lang=sw` })).json<TranslationReading>().version).toBe(0);
  });

  it('leads an old translated address to the new one when it changes', async () => {
    const about = (await as({ method: 'GET', url: `${siteApi.page('about')}?lang=sw` })).json<TranslationReading>();
    const res = await as({
      method: 'PATCH',
      url: `${siteApi.page('about')}?lang=sw`,
      headers: { 'if-match': String(about.version) },
      payload: { translation: { ...about.values, path: '/kuhusu-sisi' }, status: 'published' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const old = await page('/sw/kuhusu');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/sw/kuhusu-sisi');
    expect((await page('/sw/kuhusu-sisi')).statusCode).toBe(200);
    expect((await page('/sw')).headers.location).toBe('/sw/');
  });

  it('counts a missing Kiswahili address in Kiswahili, and a super-admin redirects it there', async () => {
    expect((await page('/sw/zamani-sana')).statusCode).toBe(404);
    await app.services.structure.flushCounts();
    const missing = (await as({ method: 'GET', url: siteApi.notFound })).json<{ paths: { path: string }[] }>();
    expect(missing.paths.map((p) => p.path)).toContain('/sw/zamani-sana');
    const made = await as({ method: 'POST', url: siteApi.redirects, payload: { fromPath: '/sw/zamani-sana', pageId: 'about' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ lang: 'sw', fromPath: '/sw/zamani-sana' });
    const old = await page('/sw/zamani-sana');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/sw/kuhusu-sisi');
    expect((await as({ method: 'GET', url: siteApi.notFound })).json<{ paths: { path: string }[] }>().paths.map((p) => p.path)).not.toContain('/sw/zamani-sana');
  });
});

describe.each(dialects())('a site whose default language is not English, on %s', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...editor.headers } });
  const settings = async () => (await as({ method: 'GET', url: apiPaths.settings })).json<{ data: Record<string, unknown>; version: number }>();
  const setLanguages = async (languages: object[], defaultLanguage: string) => {
    const current = await settings();
    return as({ method: 'PUT', url: apiPaths.settings, headers: { 'if-match': String(current.version) }, payload: { data: { ...current.data, languages, defaultLanguage } } });
  };

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    editor = await createUser(t.app, 'super');
  });
  afterAll(async () => t?.close());

  it('moves the addresses to the new default language, keeps redirects working, and lets English take the same paths under /en/', async () => {
    const french = await setLanguages([{ code: 'fr', name: 'Français', dir: 'ltr' }, { code: 'en', name: 'English', dir: 'ltr' }], 'fr');
    expect(french.statusCode, french.body).toBe(200);
    // A page renamed in the default language leaves a redirect that still answers.
    const about = (await as({ method: 'GET', url: siteApi.page('about') })).json<{ version: number }>();
    expect((await as({ method: 'PATCH', url: siteApi.page('about'), headers: { 'if-match': String(about.version) }, payload: { path: '/a-propos' } })).statusCode).toBe(200);
    const renamed = (await as({ method: 'GET', url: siteApi.page('about') })).json<{ version: number }>();
    expect((await as({ method: 'POST', url: siteApi.pageStep('about', 'publish'), headers: { 'if-match': String(renamed.version) }, payload: {} })).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/about' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/a-propos');
    expect((await t.app.inject({ method: 'GET', url: '/a-propos' })).body).toMatch(/<html lang="fr">/);
    // English translations hold their own addresses, the home page's `/` included.
    const home = (await as({ method: 'GET', url: `${siteApi.page('home')}?lang=en` })).json<TranslationReading>();
    const en = await as({ method: 'PATCH', url: `${siteApi.page('home')}?lang=en`, headers: { 'if-match': String(home.version) }, payload: { translation: { path: '/', title: 'Home' }, status: 'published' } });
    expect(en.statusCode, en.body).toBe(200);
    const english = await t.app.inject({ method: 'GET', url: '/en/' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toMatch(/<html lang="en">/);
  });

  it('refuses to change the default language once that would swap translations with originals, and changes nothing', async () => {
    const before = await settings();
    const back = await setLanguages([{ code: 'fr', name: 'Français', dir: 'ltr' }, { code: 'en', name: 'English', dir: 'ltr' }], 'en');
    expect(back.statusCode).toBe(412);
    expect(back.json()).toMatchObject({ error: { code: 'failed-precondition', field: 'defaultLanguage' } });
    expect(await settings()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/a-propos' })).statusCode).toBe(200);
  });
});
