/**
 * The server-rendered home page: from the rendered-page cache, as a browser
 * asks for it (brotli) and as a plain client does (identity), revalidated
 * with If-None-Match; the home page in the site's second language (/sw/);
 * a page built from data (bench/data-page.ts: created
 * through the pages API from the campaign preset, filled, published) the same
 * way beside it; then the home page while an editor saves a home-page block
 * about four times a second, against the same load without edits; the page
 * with the demo's form while visitors answer it, against the same load
 * without answers; the cached home page with its view counted against the
 * same page not counted (the visit counts, server/visits/); and the time to
 * render it afresh after a change.
 */
import type { ContentDocument } from '../../src/shared/collections.js';
import { formConsentInput, formConsentValue, formHiddenInputs, formInputName, formMinimumFillMs, formPostPath, type FormField } from '../../src/shared/forms.js';
import { siteApi } from '../../src/shared/site-structure.js';
import { buildDataPage, type DataPage } from '../data-page.js';
import type { Background, BenchCase, BenchContext } from '../harness.js';

const browser = { accept: 'text/html', 'accept-encoding': 'br' };
/** A browser's User-Agent, so a counted view is a visitor's and not a robot's. */
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Saves a published home-page slide `perSecond` times a second (each save is a new version) until stopped. */
async function editor(ctx: BenchContext, perSecond: number): Promise<Background> {
  const list = await ctx.api<{ documents: ContentDocument[] }>('GET', '/api/collections/home/documents?status=published&limit=1');
  const doc = list.documents[0];
  if (!doc) throw new Error('the home page has no published slide to edit');
  let version = doc.version;
  const title = String(doc.data.title ?? 'Slide');
  let saves = 0;
  let failures = 0;
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    const interval = 1000 / perSecond;
    while (running) {
      const t0 = performance.now();
      try {
        const saved = await ctx.api<ContentDocument>('PATCH', `/api/collections/home/documents/${doc.id}`, { data: { title: `${title} (${saves + 1})` }, status: 'published' }, { 'if-match': String(version) });
        version = saved.version;
        saves++;
      } catch {
        failures++;
      }
      const wait = interval - (performance.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const seconds = (performance.now() - started) / 1000;
      return `the editor saved ${saves} changes in ${seconds.toFixed(0)} s, ${(saves / seconds).toFixed(1)}/s${failures ? `, ${failures} saves failed` : ''}`;
    },
  };
}

/** The field values a visitor gives to a form's question (a valid answer of its type). */
function answerTo(field: FormField, n: number): string {
  switch (field.type) {
    case 'email':
      return `bench.visitor${n}@example.org`;
    case 'phone':
      return '+254 700 000 000';
    case 'number':
      return '3';
    case 'date':
      return '2026-12-01';
    case 'choice':
    case 'choices':
      return field.options?.[0]?.value ?? '';
    case 'consent':
      return formConsentValue;
    case 'longText':
      return 'Answered while the page is under load.';
    default:
      return 'Bench Visitor';
  }
}

/**
 * Visitors answering the demo's volunteer form (on /youthleadership, without JavaScript) `perSecond` times a
 * second until stopped, each from an address of its own (X-Forwarded-For; the bench server trusts the loopback
 * proxy), so no answer meets a rate limit: each is checked, stored and mailed, as a real answer is.
 */
async function visitorsAnswering(ctx: BenchContext, perSecond: number): Promise<Background> {
  const form = (await ctx.api<{ documents: ContentDocument[] }>('GET', '/api/collections/youthvolunteer/documents?status=published&limit=1')).documents[0];
  if (!form) throw new Error('the demo has no published form to answer');
  const fields = form.data.fields as FormField[];
  const page = await (await fetch(`${ctx.url}/youthleadership`, { headers: { accept: 'text/html' } })).text();
  const started = /name="started" value="([^"]+)"/.exec(page)?.[1];
  if (!started) throw new Error('/youthleadership shows no form with a start time');
  // The signed start time must be older than the least fill time: a person takes that long.
  await new Promise((r) => setTimeout(r, formMinimumFillMs + 100));
  let sent = 0;
  let answers = 0;
  const other = new Map<number, number>();
  let running = true;
  const began = performance.now();
  const loop = (async () => {
    const interval = 1000 / perSecond;
    while (running) {
      const t0 = performance.now();
      const n = sent++;
      const body = new URLSearchParams([
        ...fields.flatMap((f) => (f.type === 'consent' && !f.required ? [] : [[formInputName(f.id), answerTo(f, n)] as [string, string]])),
        ...(form.data.consentText ? [[formConsentInput, formConsentValue] as [string, string]] : []),
        [formHiddenInputs.honeypot, ''],
        [formHiddenInputs.started, started],
        [formHiddenInputs.lang, 'en'],
      ]);
      const res = await fetch(`${ctx.url}${formPostPath(form.id)}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.77.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` },
        body,
      });
      await res.arrayBuffer();
      if (res.status === 303) answers++;
      else other.set(res.status, (other.get(res.status) ?? 0) + 1);
      const wait = interval - (performance.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const seconds = (performance.now() - began) / 1000;
      const refused = [...other].map(([status, count]) => `${count} answered ${status}`).join(', ');
      if (answers === 0) throw new Error(`no answer was stored${refused ? ` (${refused})` : ''}`);
      return `visitors sent ${answers} answers in ${seconds.toFixed(0)} s, each stored and mailed${refused ? `; ${refused}` : ''}`;
    },
  };
}

/**
 * Made before any answer is recorded, so every page is measured on the site as
 * it is once the new page is live; null on a server without pages as data (an
 * older build, BENCH_SERVER_DIR).
 */
async function dataPage(ctx: BenchContext): Promise<DataPage | null> {
  const pagesApi = await fetch(`${ctx.url}${siteApi.pages}`, { headers: { authorization: `Bearer ${await ctx.token()}` } });
  await pagesApi.arrayBuffer();
  if (pagesApi.status === 404) {
    ctx.log(`${siteApi.pages} answered 404: this server has no pages as data, so no page built from data is measured`);
    return null;
  }
  const home = await ctx.api<{ media: Record<string, unknown> }>('GET', '/api/pages/home');
  const page = await buildDataPage((method, apiPath, body, headers) => ctx.api(method, apiPath, body, headers), Object.keys(home.media));
  const res = await fetch(`${ctx.url}${page.path}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`the page built from data answered ${res.status} at ${page.path}`);
  // One slide is the page's hero, not a carousel: a page without islands, which loads the public entry alone.
  const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  ctx.log(`page built from data: ${page.path} (campaign preset, ${page.blocks} published blocks in ${page.collections.length} sections; ${html.length} bytes of HTML; islands: ${islands.join(', ') || 'none'}; scripts: ${scripts.join(', ')})`);
  return page;
}

/** The home page in the site's second language (the demo's Kiswahili at /sw/), when the server has one. */
async function otherLanguageHome(ctx: BenchContext): Promise<string | null> {
  const res = await fetch(`${ctx.url}/sw/`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  if (res.status !== 200) {
    ctx.log(`/sw/ answered ${res.status}: this site has no Kiswahili home page, so no page in a second language is measured`);
    return null;
  }
  ctx.log(`home page in Kiswahili: /sw/ (${html.length} bytes of HTML, Content-Language ${res.headers.get('content-language')})`);
  return '/sw/';
}

export async function cases(ctx: BenchContext): Promise<BenchCase[]> {
  const built = await dataPage(ctx);
  const sw = await otherLanguageHome(ctx);
  return [
    { name: 'GET / cached (identity)', target: () => ({ path: '/', headers: { accept: 'text/html' } }), expectStatus: 200, compare: true, goal: { bare: 0.9, nginx: 0.4 } },
    { name: 'GET / cached (br)', target: () => ({ path: '/', headers: browser }), expectStatus: 200, compare: true, goal: { bare: 0.9, nginx: 0.4 } },
    // Visit counting off and on, the requests alike but for one letter of a cookie's name (a browser holding the staff cookie
    // is not counted), in the order off, on, on, off, so the machine's drift weighs on both alike. A ratio names an earlier
    // case: the second pair's is off ÷ on (the counting's cost is then 1 − 1/ratio).
    ...(['1', '2'] as const).flatMap((round) => {
      const off = { name: `GET / cached (br), view counting off (staff cookie), round ${round}`, target: () => ({ path: '/', headers: { ...browser, 'user-agent': firefox, cookie: 'staff=1' } }), expectStatus: 200 };
      const on = { name: `GET / cached (br), view counting on, round ${round}`, target: () => ({ path: '/', headers: { ...browser, 'user-agent': firefox, cookie: 'stuff=1' } }), expectStatus: 200 };
      return round === '1' ? [off, { ...on, ratioTo: off.name, goal: { ratioTo: 0.97 } }] : [on, { ...off, ratioTo: on.name }];
    }),
    ...(built
      ? [
          {
            name: `GET ${built.path} (page built from data) cached (identity)`,
            target: () => ({ path: built.path, headers: { accept: 'text/html' } }),
            expectStatus: 200,
            compare: true,
            goal: { bare: 0.9, nginx: 0.4 },
          },
          { name: `GET ${built.path} (page built from data) cached (br)`, target: () => ({ path: built.path, headers: browser }), expectStatus: 200, compare: true, goal: { bare: 0.9, nginx: 0.4 } },
        ]
      : []),
    ...(sw
      ? [
          { name: `GET ${sw} (home in Kiswahili) cached (identity)`, target: () => ({ path: sw, headers: { accept: 'text/html' } }), expectStatus: 200, compare: true, goal: { bare: 0.9, nginx: 0.4 } },
          { name: `GET ${sw} (home in Kiswahili) cached (br)`, target: () => ({ path: sw, headers: browser }), expectStatus: 200, compare: true, goal: { bare: 0.9, nginx: 0.4 } },
        ]
      : []),
    {
      name: 'GET / If-None-Match → 304',
      target: async () => {
        const res = await fetch(`${ctx.url}/`, { headers: browser });
        const etag = res.headers.get('etag');
        if (!res.ok || !etag) throw new Error(`GET / gave ${res.status} without an ETag`);
        return { path: '/', headers: { ...browser, 'if-none-match': etag } };
      },
      expectStatus: 304,
      compare: true,
    },
    { name: 'GET / (br), no edits', target: () => ({ path: '/', headers: browser }), expectStatus: 200, connections: 20 },
    {
      name: 'GET / (br) while an editor saves 4 changes/s',
      target: () => ({ path: '/', headers: browser }),
      expectStatus: 200,
      connections: 20,
      during: (c) => editor(c, 4),
      ratioTo: 'GET / (br), no edits',
      goal: { ratioTo: 0.7 },
    },
    { name: 'GET /youthleadership (br), no answers', target: () => ({ path: '/youthleadership', headers: browser }), expectStatus: 200, connections: 20 },
    {
      // Once a second: five rounds stay under the form's own allowance (formRateLimits.perForm).
      name: 'GET /youthleadership (br) while visitors answer its form once a second',
      target: () => ({ path: '/youthleadership', headers: browser }),
      expectStatus: 200,
      connections: 20,
      during: (c) => visitorsAnswering(c, 1),
      ratioTo: 'GET /youthleadership (br), no answers',
      // An answer is not content: the page stays in the cache; what the answers cost is their own work on two cores.
      goal: { ratioTo: 0.9 },
    },
    {
      name: 'a saved home-page change served on GET / (save → new ETag)',
      measure: async (c) => {
        const times: number[] = [];
        const slide = (await c.api<{ documents: ContentDocument[] }>('GET', '/api/collections/home/documents?status=published&limit=1')).documents[0];
        if (!slide) throw new Error('the home page has no published slide to edit');
        let version = slide.version;
        for (let i = 0; i < 40; i++) {
          const before = (await fetch(`${c.url}/`, { headers: browser })).headers.get('etag');
          const saved = await c.api<ContentDocument>('PATCH', `/api/collections/home/documents/${slide.id}`, { data: { title: `Measured change ${i}` }, status: 'published' }, { 'if-match': String(version) });
          version = saved.version;
          const started = performance.now();
          // Whether the first visitor after a save waits for the render or gets the previous page while it renders, this is how long the change takes to show.
          for (let polls = 0; ; polls++) {
            const res = await fetch(`${c.url}/`, { headers: browser });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`GET / gave ${res.status}`);
            if (res.headers.get('etag') !== before) break;
            if (polls > 10_000) throw new Error('GET / still serves the page from before the save');
          }
          times.push(performance.now() - started);
        }
        const ms = median(times);
        return { value: Math.round(ms * 100) / 100, unit: 'ms (median of 40)', detail: 'page bundle rebuilt from the database plus the React render' };
      },
    },
  ];
}
