/**
 * The site's own words as visitors meet them on server-rendered pages, on
 * the demo site (English and Kiswahili) with French added, on SQLite and
 * PostgreSQL:
 *
 * - a Kiswahili page says the site's own words in Kiswahili (header, skip
 *   link, carousel, contact form, footer, the islands' words for when they
 *   start in the browser), with Kiswahili dates, and no English of its own;
 *   so do its not-found page and the contact form's answer without
 *   JavaScript;
 * - a page in French, which has no dictionary, says them in English, each
 *   marked `lang="en"` (on itself or around it) so screen readers pronounce
 *   it as English;
 * - English pages carry no such marks.
 */
import type { InjectOptions } from 'fastify';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../src/shared/api-paths.js';
import { siteApi } from '../src/shared/site-structure.js';
import { publicDictionaries, publicWordsFor, type PublicWords } from '../src/shared/public-words.js';
import type { TranslationReading } from '../src/shared/translations.js';
import { buildSeeded, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';

/** What a page says: each text and each name an element gives assistive technology, with the language it is marked as. */
interface Said {
  text: string;
  lang: string;
  where: string;
}

const namingAttributes = ['aria-label', 'aria-roledescription', 'title', 'alt', 'placeholder'];

function saidOn(html: string): Said[] {
  const said: Said[] = [];
  const open: { name: string; lang: string }[] = [];
  let text = '';
  let hidden = 0;
  const lang = () => open.at(-1)?.lang ?? '';
  const flush = () => {
    if (text.trim() && hidden === 0) said.push({ text: text.replace(/\s+/g, ' ').trim(), lang: lang(), where: `${open.at(-1)?.name ?? ''} text` });
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        flush();
        open.push({ name, lang: attrs.lang ?? lang() });
        if (name === 'script' || name === 'style' || name === 'head') hidden++;
        for (const a of namingAttributes) {
          const value = attrs[a];
          if (value) said.push({ text: value, lang: lang(), where: `${name}[${a}]` });
        }
      },
      ontext(t) {
        text += t;
      },
      onclosetag(name) {
        flush();
        if (name === 'script' || name === 'style' || name === 'head') hidden--;
        open.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return said;
}

/** Every word of a dictionary by its dotted key, words with parameters as patterns (any text where a parameter goes). */
function phrases(words: object, prefix = ''): Map<string, string | RegExp> {
  const found = new Map<string, string | RegExp>();
  for (const [key, value] of Object.entries(words) as [string, unknown][]) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else if (typeof value === 'function') {
      const fn = value as (...args: string[]) => string;
      const marked = fn(...Array.from({ length: fn.length }, (_, i) => `⟦${i}⟧`));
      const pattern = marked
        .split(/⟦\d⟧/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+');
      found.set(path, new RegExp(`^${pattern}$`));
    } else if (typeof value === 'object' && value !== null) for (const [k, v] of phrases(value, path)) found.set(k, v);
  }
  return found;
}

const english = phrases(publicDictionaries.en as PublicWords);
// The same in Kiswahili and English: a full stop after the address, "© year name".
for (const same of ['contact.writeToEnd', 'footer.copyright']) english.delete(same);

/** Which of the site's English words something said is (its key), if any: the whole of it, or a long phrase within it. */
function englishKeyOf(text: string): string | undefined {
  for (const [key, phrase] of english) {
    if (typeof phrase === 'string' ? text === phrase || (phrase.length >= 12 && text.includes(phrase)) : phrase.test(text)) return key;
  }
  return undefined;
}

/** The props an island was rendered with (what it starts with in the browser). */
function islandProps(html: string, name: string): Record<string, unknown> {
  const m = new RegExp(`<script type="application/json" data-island-props="${name}">(.*?)</script>`, 's').exec(html);
  if (!m?.[1]) throw new Error(`no ${name} island on the page`);
  return JSON.parse(m[1]) as Record<string, unknown>;
}

/** Every string inside a value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

const swahiliMonths = ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'];
const englishMonths = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The story dates of a page (calendar dates, `<time datetime="YYYY-MM-DD">`). */
const storyDates = (html: string) => [...html.matchAll(/<time dateTime="\d{4}-\d{2}-\d{2}">([^<]*)<\/time>/g)].map((m) => m[1] ?? '');

const sw = publicWordsFor('sw').words;
const en = publicWordsFor('en').words;

describe.each(dialects())('the site’s own words on %s', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const postContact = (form: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });

  beforeAll(async () => {
    t = await buildSeeded(dialect, { render: true });
    editor = await createUser(t.app, 'super');
    const as = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...editor.headers } });
    // French joins the demo's English and Kiswahili, with the home page at /fr/.
    const settings = (await as({ method: 'GET', url: apiPaths.settings })).json<{ data: { languages: object[] }; version: number }>();
    const saved = await as({
      method: 'PUT',
      url: apiPaths.settings,
      headers: { 'if-match': String(settings.version) },
      payload: { data: { ...settings.data, languages: [...settings.data.languages, { code: 'fr', name: 'Français', dir: 'ltr' }] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const home = (await as({ method: 'GET', url: `${siteApi.page('home')}?lang=fr` })).json<TranslationReading>();
    const published = await as({
      method: 'PATCH',
      url: `${siteApi.page('home')}?lang=fr`,
      headers: { 'if-match': String(home.version) },
      payload: { translation: { path: '/', title: 'Accueil' }, status: 'published' },
    });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('says the site’s own words on a Kiswahili page in Kiswahili, and none in English', async () => {
    const res = await get('/sw/');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<html lang="sw">/);
    const said = saidOn(html);
    const texts = said.map((s) => s.text);
    for (const words of [sw.skipToContent, sw.header.menu, sw.header.mainNavigation, sw.carousel.play, sw.carousel.next, sw.contact.title, sw.contact.name, sw.contact.send, sw.footer.stayInTouch]) {
      expect(texts, words).toContain(words);
    }
    expect(texts).toContain(sw.carousel.slideOf(1, 3));
    // English the page says in Kiswahili's place: none (English content marked lang="en" is the editors' and may stay).
    const english = said.filter((s) => s.lang === 'sw' && englishKeyOf(s.text)).map((s) => `${englishKeyOf(s.text)}: ${s.where} "${s.text}"`);
    expect(english).toEqual([]);
    // The islands start in the browser with Kiswahili words too.
    for (const name of ['carousel', 'contact']) {
      const words = stringsIn(islandProps(html, name).words);
      expect(words.length, name).toBeGreaterThan(5);
      expect(words.filter((w) => englishKeyOf(w)), name).toEqual([]);
    }
    expect(islandProps(html, 'contact')).toMatchObject({ words: { send: sw.contact.send, messages: { emailInvalid: sw.contact.messages.emailInvalid } }, lang: 'sw' });
    expect(islandProps(html, 'contact')).not.toHaveProperty('wordsLang');
    // The form tells its answer without JavaScript which language to speak.
    expect(html).toContain('<input type="hidden" name="lang" value="sw"/>');
  });

  it('writes the dates of a Kiswahili page in Kiswahili, and those of the English page as before', async () => {
    const swDates = storyDates((await get('/sw/')).body);
    expect(swDates.length).toBeGreaterThan(0);
    for (const d of swDates) expect(d).toMatch(new RegExp(`^\\d{1,2} (${swahiliMonths.join('|')}) \\d{4}$`));
    const enDates = storyDates((await get('/')).body);
    expect(enDates.length).toBe(swDates.length);
    for (const d of enDates) expect(d).toMatch(new RegExp(`^\\d{1,2} (${englishMonths.join('|')}) \\d{4}$`));
  });

  it('answers an address under /sw/ that has no page with the not-found page in Kiswahili', async () => {
    const res = await get('/sw/hakuna-ukurasa');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-language']).toBe('sw');
    expect(res.body).toMatch(/<html lang="sw">/);
    expect(res.body).toContain(`<title>${sw.notFound.title} – `);
    const said = saidOn(res.body);
    expect(said.map((s) => s.text)).toEqual(expect.arrayContaining([sw.notFound.heading.page, sw.notFound.goHome, sw.skipToContent]));
    expect(said.filter((s) => englishKeyOf(s.text)).map((s) => s.text)).toEqual([]);
    // Its button leads to the Kiswahili home page.
    expect(res.body).toContain(`<a href="/sw/" class="button button-primary">${sw.notFound.goHome}</a>`);
  });

  it('answers the contact form sent from a Kiswahili page without JavaScript in Kiswahili, and from an English page in English', async () => {
    const swAnswer = await postContact({ name: '', email: 'x', message: 'hi', lang: 'sw' });
    expect(swAnswer.statusCode).toBe(400);
    expect(swAnswer.body).toMatch(/<html lang="sw">/);
    const said = saidOn(swAnswer.body).map((s) => s.text);
    expect(said).toEqual(expect.arrayContaining([sw.contact.pageTitle, sw.contact.messages.nameRequired, sw.contact.messages.emailInvalid, sw.contact.messages.consentRequired, sw.contact.messages.correctFields]));
    expect(said.filter((s) => englishKeyOf(s))).toEqual([]);
    const thanks = await postContact({ name: 'Neema', email: 'neema@example.org', message: 'Habari za kazi yenu?', consent: 'yes', lang: 'sw' });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(sw.contact.thanks('Neema'));
    const enAnswer = await postContact({ name: '', email: 'x', message: 'hi' });
    expect(enAnswer.body).toMatch(/<html lang="en">/);
    expect(enAnswer.body).toContain(`<p class="field-error" id="contact-name-error">${en.contact.messages.nameRequired}</p>`);
    // A language the site does not have changes nothing.
    expect((await postContact({ name: '', email: 'x', message: 'hi', lang: 'xx' })).body).toContain(en.contact.messages.nameRequired);
  });

  it('says the site’s own words on a page in a language without a dictionary in English, marked lang="en"', async () => {
    for (const url of ['/fr/', '/fr/pas-de-page']) {
      const res = await get(url);
      expect(res.body, url).toMatch(/<html lang="fr">/);
      const said = saidOn(res.body);
      const english = said.filter((s) => englishKeyOf(s.text));
      const keys = new Set(english.map((s) => englishKeyOf(s.text)));
      for (const key of ['skipToContent', 'header.menu', 'header.languages', 'footer.stayInTouch']) expect(keys, `${url} ${key}`).toContain(key);
      // The names of elements that hold the page's own words go unmarked: a lang there would mark those words as English too.
      const holdContent = new Set(['header.mainNavigation', 'carousel.carousel', 'carousel.slide', 'carousel.slideOf', 'carousel.highlightsOfOurWork', 'highlights']);
      const unmarked = english.filter((s) => s.lang !== 'en' && !holdContent.has(englishKeyOf(s.text) ?? '')).map((s) => `${englishKeyOf(s.text)}: ${s.where} "${s.text}" (${s.lang})`);
      expect(unmarked, url).toEqual([]);
      expect(res.body, url).toContain(`<a class="skip-link" href="#main" lang="en">${en.skipToContent}</a>`);
    }
    const home = (await get('/fr/')).body;
    expect(saidOn(home).map((s) => s.text)).toContain(en.contact.title);
    expect(home).toContain(`<h2 class="group-title" id="contact-title" lang="en">${en.contact.title}</h2>`);
    // The contact island starts in the browser with the English words and their mark.
    expect(islandProps(home, 'contact')).toMatchObject({ words: { title: en.contact.title }, wordsLang: 'en', lang: 'fr' });
  });

  it('leaves English pages without lang marks on the site’s own words', async () => {
    const html = (await get('/')).body;
    expect(html).toContain(`<a class="skip-link" href="#main">${en.skipToContent}</a>`);
    expect(html).toContain('<span>Menu</span>');
    expect(html).not.toContain('name="lang"');
    expect(saidOn(html).filter((s) => englishKeyOf(s.text) && s.lang !== 'en')).toEqual([]);
    expect(islandProps(html, 'contact')).not.toHaveProperty('lang');
    expect(islandProps(html, 'carousel')).not.toHaveProperty('wordsLang');
  });
});
