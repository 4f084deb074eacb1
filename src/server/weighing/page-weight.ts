/**
 * A page's weight on a phone (src/shared/page-weight.ts) when no browser is
 * at hand to load its first view (phone-browser.ts): the whole page, scrolled
 * to the end, measured from the page as the server renders it: the HTML is read as a browser reads it
 * (htmlparser2), and every response a phone's browser would then get is
 * asked of the server itself (`app.inject`) with the headers such a browser
 * sends, and counted as sent: status line, headers and compressed body.
 *
 * - Stylesheets, module scripts and their preloads, and the icon, as linked;
 *   each island's own scripts and what they import, also later (the
 *   carousel's Embla), from the build's manifest.
 * - Pictures: for each `<img>` (and the preload of the first view's), the
 *   copy Chromium takes on a 375 px wide, 2× screen: the first `<source>` of
 *   a type it reads, `sizes` evaluated at that width, then the `srcset`
 *   candidate Chromium's own selection picks (the density nearest above the
 *   screen's, or the one below when the screen's is nearer to it by the
 *   geometric mean: html_srcset_parser.cc). A URL is fetched once.
 * - Pictures inside `<noscript>` (carousel slides after the first) are not
 *   fetched with scripts on: counted apart, as `laterSlides`.
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Parser } from 'htmlparser2';
import type { PageWeight, WeighedPicture, WeightParts } from '../../shared/page-weight.js';
import { weighingPhone } from '../../shared/page-weight.js';
import type { FirstView } from './phone-browser.js';

/** What Chromium sends as Accept-Encoding, and Accept for each kind of request. */
const acceptEncoding = 'gzip, deflate, br, zstd';
const acceptImage = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const accepts = {
  html: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  css: 'text/css,*/*;q=0.1',
  js: '*/*',
  pictures: acceptImage,
  // The icon is fetched as an image.
  other: acceptImage,
} as const satisfies Record<keyof WeightParts, string>;

/** The types Chromium reads in a `<source type>`. */
const readableTypes = new Set(['image/avif', 'image/webp', 'image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']);

/** node:http adds these to every answer on a kept-alive connection (`Date: …`, `Connection: keep-alive`, `Keep-Alive: timeout=…`). */
const connectionHeaderBytes = 'Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n'.length + 'Connection: keep-alive\r\n'.length + 'Keep-Alive: timeout=72\r\n'.length;

interface Sent {
  status: number;
  /** Status line, headers and body, as on the wire. */
  bytes: number;
}

/** A response as it goes over the wire, in bytes. */
function wireBytes(status: number, statusMessage: string, headers: Record<string, string | string[] | number | undefined>, body: number): number {
  let bytes = `HTTP/1.1 ${status} ${statusMessage}\r\n`.length + connectionHeaderBytes + 2;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) bytes += `${name}: ${v}\r\n`.length;
  }
  return bytes + body;
}

/** `sizes` at a viewport width: the first entry whose `(min-width: …)` / `(max-width: …)` holds, in CSS pixels. */
export function slotWidthAt(sizes: string, viewport: number): number | null {
  for (const raw of sizes.split(',')) {
    const entry = raw.trim();
    const m = /^(?:\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)\s*)?(\d+(?:\.\d+)?)(px|vw)$/.exec(entry);
    if (!m) continue;
    if (m[1] === 'min' && viewport < Number(m[2])) continue;
    if (m[1] === 'max' && viewport > Number(m[2])) continue;
    return m[4] === 'vw' ? (Number(m[3]) * viewport) / 100 : Number(m[3]);
  }
  return null;
}

interface Candidate {
  url: string;
  density: number;
}

/** The candidates of a `srcset` with their densities for a slot this wide (a candidate without a descriptor is 1x). */
export function candidatesOf(srcset: string, slotWidth: number | null): Candidate[] {
  const out: Candidate[] = [];
  for (const part of srcset.split(',')) {
    const [url, descriptor] = part.trim().split(/\s+/);
    if (!url) continue;
    const w = descriptor?.endsWith('w') ? Number(descriptor.slice(0, -1)) : null;
    const x = descriptor?.endsWith('x') ? Number(descriptor.slice(0, -1)) : null;
    if (w !== null && slotWidth) out.push({ url, density: w / slotWidth });
    else out.push({ url, density: x ?? 1 });
  }
  return out.sort((a, b) => a.density - b.density);
}

/** Chromium's choice among candidates for a screen of this density (SelectionLogic in html_srcset_parser.cc). */
export function chromiumPick(candidates: readonly Candidate[], dpr: number): Candidate | null {
  if (candidates.length === 0) return null;
  let i = 0;
  for (; i < candidates.length - 1; i++) {
    const next = candidates[i + 1]!.density;
    if (next < dpr) continue;
    const current = candidates[i]!.density;
    const geometricMean = Math.sqrt(current * next);
    if ((dpr <= 1 && dpr > current) || dpr >= geometricMean) return candidates[i + 1]!;
    break;
  }
  return candidates[i]!;
}

/** What the HTML asks a browser to fetch. */
export interface Wanted {
  css: string[];
  js: string[];
  other: string[];
  pictures: { url: string; alt: string }[];
  islands: string[];
  laterSlides: number;
}

/** Reads a rendered page as a phone's browser would: what it fetches, with scripts on. */
export function wantedBy(html: string, viewport = weighingPhone.width, dpr = weighingPhone.deviceScaleFactor): Wanted {
  const wanted: Wanted = { css: [], js: [], other: [], pictures: [], islands: [], laterSlides: 0 };
  let noscript = 0;
  let sources: { type: string; srcset: string; sizes: string }[] | null = null;
  const pick = (srcset: string, sizes: string, src: string): string | null => {
    if (!srcset) return src || null;
    return chromiumPick(candidatesOf(srcset, sizes ? slotWidthAt(sizes, viewport) : viewport), dpr)?.url ?? (src || null);
  };
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === 'noscript') noscript += 1;
        if (noscript > 0) {
          if (name === 'img') wanted.laterSlides += 1;
          return;
        }
        const island = a['data-island'];
        if (island) wanted.islands.push(island);
        if (name === 'link') {
          const rel = (a.rel ?? '').toLowerCase();
          if (rel === 'stylesheet' && a.href) wanted.css.push(a.href);
          else if (rel === 'modulepreload' && a.href) wanted.js.push(a.href);
          else if (rel === 'icon' && a.href) wanted.other.push(a.href);
          else if (rel === 'preload' && a.as === 'image' && (!a.type || readableTypes.has(a.type))) {
            const url = pick(a.imagesrcset ?? '', a.imagesizes ?? '', a.href ?? '');
            if (url) wanted.pictures.push({ url, alt: '' });
          }
        } else if (name === 'script' && a.src) wanted.js.push(a.src);
        else if (name === 'picture') sources = [];
        else if (name === 'source' && sources) sources.push({ type: a.type ?? '', srcset: a.srcset ?? '', sizes: a.sizes ?? '' });
        else if (name === 'img') {
          const source = sources?.find((s) => !s.type || readableTypes.has(s.type));
          const url = source ? pick(source.srcset, source.sizes, '') : pick(a.srcset ?? '', a.sizes ?? '', a.src ?? '');
          if (url) wanted.pictures.push({ url, alt: a.alt ?? '' });
        }
      },
      onclosetag(name) {
        if (name === 'noscript') noscript -= 1;
        else if (name === 'picture') sources = null;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return wanted;
}

/** The path a page's URL (relative or absolute) names on this server. */
function pathOf(url: string): string {
  return new URL(url, 'http://page.invalid').pathname;
}

/** A body as sent, decoded. */
function decoded(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  if (encoding === 'zstd') return zlib.zstdDecompressSync(body);
  return body;
}

/**
 * The User-Agent of the site asking itself for its pages while weighing them:
 * a robot's, so the visits' counter (visits/counter.ts) leaves those views out.
 */
export const weighingUserAgent = 'ngo-site page-weight bot';

/** Asks the server for a URL as a phone's browser would, and counts what comes back. */
async function sentBytes(app: FastifyInstance, url: string, accept: string): Promise<Sent> {
  const res = await app.inject({ method: 'GET', url, headers: { accept, 'accept-encoding': acceptEncoding, 'user-agent': weighingUserAgent } });
  return { status: res.statusCode, bytes: wireBytes(res.statusCode, res.statusMessage, res.headers, res.rawPayload.length) };
}

export interface Weighing {
  app: FastifyInstance;
  /** The JavaScript files each island loads beyond the page's own scripts (assets.ts). */
  islandScripts: Readonly<Record<string, readonly string[]>>;
  /** Bytes of an immutable URL (assets, media) once counted: asked once. */
  known: Map<string, number>;
}

/** Weighs one page: its HTML as the server sends it to a phone, then everything that HTML makes the phone fetch. */
export async function weighPage(w: Weighing, page: { id: string; path: string; title: string }, budget: number): Promise<PageWeight | { status: number }> {
  const res = await w.app.inject({ method: 'GET', url: page.path, headers: { accept: accepts.html, 'accept-encoding': acceptEncoding, 'user-agent': weighingUserAgent } });
  if (res.statusCode !== 200) return { status: res.statusCode };
  const parts: WeightParts = { html: wireBytes(res.statusCode, res.statusMessage, res.headers, res.rawPayload.length), css: 0, js: 0, pictures: 0, other: 0 };
  const wanted = wantedBy(decoded(res.rawPayload, res.headers['content-encoding']).toString('utf8'));
  const islandJs = [...new Set(wanted.islands)].flatMap((name) => (w.islandScripts[name] ?? []).map((f) => `/${f}`));
  const fetched = new Set<string>();
  let responses = 1;
  /** Counts the answer at a path once per page; 0 when the page already fetched it. */
  const count = async (kind: keyof WeightParts, path: string): Promise<number> => {
    if (fetched.has(path)) return 0;
    fetched.add(path);
    let bytes = w.known.get(path);
    if (bytes === undefined) {
      const sent = await sentBytes(w.app, path, accepts[kind]);
      bytes = sent.bytes;
      // Hashed assets and media never change at an address: asked once.
      if (sent.status === 200 && (path.startsWith('/assets/') || path.startsWith('/media/'))) w.known.set(path, bytes);
    }
    parts[kind] += bytes;
    responses += 1;
    return bytes;
  };
  for (const url of wanted.css) await count('css', pathOf(url));
  for (const url of [...wanted.js, ...islandJs]) await count('js', pathOf(url));
  for (const url of wanted.other) await count('other', pathOf(url));
  const pictures: WeighedPicture[] = [];
  for (const p of wanted.pictures) {
    const url = pathOf(p.url);
    const bytes = await count('pictures', url);
    if (bytes > 0) pictures.push({ url, bytes, alt: p.alt });
    else {
      // The preload and its <img> ask for the same copy: the <img> gives it its alt text.
      const seen = pictures.find((q) => q.url === url);
      if (seen && !seen.alt) seen.alt = p.alt;
    }
  }
  return weightOf(page, { parts, responses, pictures, laterSlides: wanted.laterSlides, view: 'whole-page' }, budget);
}

/** A first view as Chromium downloaded it (phone-browser.ts), as the Pages screen shows it. */
export function firstViewWeight(view: FirstView, page: { id: string; path: string; title: string }, budget: number): PageWeight {
  return weightOf(page, { parts: view.parts, responses: view.responses, pictures: view.pictures, laterSlides: wantedBy(view.html).laterSlides, view: 'first-view' }, budget);
}

/** A page's weight from what was counted: the total, the three heaviest pictures, and whether it is over the budget. */
function weightOf(page: { id: string; path: string; title: string }, counted: Pick<PageWeight, 'parts' | 'responses' | 'laterSlides' | 'view'> & { pictures: WeighedPicture[] }, budget: number): PageWeight {
  const { parts } = counted;
  const total = parts.html + parts.css + parts.js + parts.pictures + parts.other;
  return {
    id: page.id,
    path: page.path,
    title: page.title,
    total,
    parts,
    responses: counted.responses,
    heaviest: [...counted.pictures].sort((a, b) => b.bytes - a.bytes).slice(0, 3),
    laterSlides: counted.laterSlides,
    over: total > budget,
    view: counted.view,
  };
}
