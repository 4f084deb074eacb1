/**
 * One HTTP cache for whatever the server keeps in memory and sends again: a
 * representation holds the bytes per content coding (identity, br, gzip;
 * compressed once, on first demand), a strong ETag per coding, the header set
 * of each coding made once, and answers conditional requests with 304.
 * Page bundles, rendered pages and media use it.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastLane, LaneHeaders, ReadyAnswer } from './fast-lane.js';

export type Encoding = 'br' | 'gzip' | 'identity';
const encodings: readonly Encoding[] = ['identity', 'gzip', 'br'];

/** How long a kept representation may be served before it is built again (should a change notice be lost, or the clock matter). */
export const representationMaxAgeMs = 5 * 60_000;

/** Everyone may store it, but must ask again every time (the ETag makes that cheap). */
export const revalidateEveryTime = 'public, max-age=0, must-revalidate';

type Headers = Readonly<Record<string, string>>;

export interface CachedRepresentation {
  status: number;
  type: string;
  /** When it was built (ms since the epoch). */
  at: number;
  /** The strong ETag of the uncompressed bytes. */
  etag: string;
  /** The strong ETag of one coding: compressed bytes are a different representation. */
  etagFor(encoding: Encoding): string;
  /** Every ETag of this representation, one per coding (If-None-Match may name any). */
  etags: ReadonlySet<string>;
  encoded(encoding: Encoding): Buffer;
  /** The headers of a full answer in one coding: Content-Type, ETag, Vary, Content-Encoding. */
  headersFor(encoding: Encoding): Headers;
  /** The headers of a 304 in one coding: ETag and Vary. */
  notModifiedHeadersFor(encoding: Encoding): Headers;
  /** The fast lane's answers made from it, by Cache-Control (readyRepresentation). */
  readonly ready: Map<string, (ReadyAnswer | undefined)[]>;
}

export interface RepresentationOptions {
  status?: number;
  /** Brotli quality and gzip level. */
  compressionLevel?: number;
  /** The language of the content (Content-Language on full answers). */
  language?: string;
  /** The request headers the content depends on (default Accept-Encoding; public pages: src/shared/light-pages.ts). */
  vary?: string;
}

export function cachedRepresentation(type: string, body: string | Buffer, options: RepresentationOptions = {}): CachedRepresentation {
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const etag = `"${hash}"`;
  const level = options.compressionLevel ?? 6;
  // Kept as bytes: sending a string would encode it as UTF-8 again on every request.
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  const etagFor = (encoding: Encoding) => (encoding === 'identity' ? etag : `"${hash}-${encoding}"`);
  const full = {} as Record<Encoding, Headers>;
  const notModified = {} as Record<Encoding, Headers>;
  const vary = options.vary ?? 'Accept-Encoding';
  for (const encoding of encodings) {
    notModified[encoding] = Object.freeze({ etag: etagFor(encoding), vary });
    full[encoding] = Object.freeze({
      'content-type': type,
      etag: etagFor(encoding),
      vary,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      ...(options.language ? { 'content-language': options.language } : {}),
    });
  }
  return {
    status: options.status ?? 200,
    type,
    at: Date.now(),
    etag,
    etagFor,
    etags: new Set(encodings.map(etagFor)),
    encoded(encoding) {
      if (encoding === 'br') return (br ??= zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } }));
      if (encoding === 'gzip') return (gzip ??= zlib.gzipSync(identity, { level }));
      return identity;
    },
    headersFor: (encoding) => full[encoding],
    notModifiedHeadersFor: (encoding) => notModified[encoding],
    ready: new Map(),
  };
}

export function isFresh(r: Pick<CachedRepresentation, 'at'>, now = Date.now()): boolean {
  return now - r.at < representationMaxAgeMs;
}

function parseAcceptEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    accepted.set(token, Number.isFinite(q) ? q : 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const negotiated = new Map<string, Encoding>();

/** Picks the best encoding the client accepts (`br`, then `gzip`), honouring `q=0`. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    // Bounded: a client sending a new value with every request cannot grow it.
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/**
 * Does an If-None-Match header name this representation, in any encoding?
 * Weak comparison, as RFC 9110 says for GET: the content is the same whichever
 * encoding the client's cached copy had.
 */
export function etagMatches(header: string | undefined, entry: Pick<CachedRepresentation, 'etags'> | Pick<CachedRepresentation, 'etagFor'> | string): boolean {
  if (!header) return false;
  const known = typeof entry === 'string' ? null : 'etags' in entry ? entry.etags : new Set(encodings.map((e) => entry.etagFor(e)));
  // The common case: one ETag, exactly as we sent it.
  if (known ? known.has(header) : header === entry) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return known ? known.has(tag) : tag === entry;
  });
}

export function requestHeader(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Sends a kept representation in the best encoding the client accepts, or 304
 * when its If-None-Match names it (only a 200 is revalidated). The headers are
 * the representation's own, made when it was built.
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, r: CachedRepresentation, cacheControl: string): FastifyReply {
  const { encoding, notModified } = answerFor(r, request.headers['accept-encoding'], requestHeader(request, 'if-none-match'));
  if (notModified) return reply.code(304).headers(r.notModifiedHeadersFor(encoding)).header('cache-control', cacheControl).send();
  return reply.code(r.status).headers(r.headersFor(encoding)).header('cache-control', cacheControl).send(r.encoded(encoding));
}

/** Which coding a request gets, and whether as a 304 (only a 200 is revalidated). */
function answerFor(r: CachedRepresentation, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): { encoding: Encoding; notModified: boolean } {
  const encoding = negotiateEncoding(acceptEncoding);
  return { encoding, notModified: r.status === 200 && etagMatches(ifNoneMatch, r) };
}

/** Where an answer is kept in a representation's `ready` list: by coding (identity, gzip, br), full then 304. */
const slotOf: Readonly<Record<Encoding, number>> = { identity: 0, gzip: 2, br: 4 };

/**
 * The answer sendRepresentation gives, ready for the fast lane: header lines
 * made once per representation, coding, 304 or not, and Cache-Control.
 */
export function readyRepresentation(lane: FastLane, headers: LaneHeaders, r: CachedRepresentation, cacheControl: string): ReadyAnswer {
  const { encoding, notModified } = answerFor(r, headers.acceptEncoding, headers.ifNoneMatch);
  let answers = r.ready.get(cacheControl);
  if (!answers) r.ready.set(cacheControl, (answers = []));
  const slot = slotOf[encoding] + (notModified ? 1 : 0);
  let answer = answers[slot];
  if (!answer) {
    if (notModified) {
      answer = { status: 304, lines: lane.lines(r.notModifiedHeadersFor(encoding), { 'cache-control': cacheControl }), body: null };
    } else {
      const body = r.encoded(encoding);
      answer = { status: r.status, lines: lane.lines(r.headersFor(encoding), { 'cache-control': cacheControl, 'content-length': body.length }), body };
    }
    answers[slot] = answer;
  }
  return answer;
}
