/**
 * One HTTP cache for whatever the server keeps in memory and sends again: a
 * representation holds the bytes per content coding (identity, br, gzip;
 * compressed once, on first demand), a strong ETag per coding, and answers
 * conditional requests with 304. Page bundles, rendered pages and media use it.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';
const encodings: readonly Encoding[] = ['identity', 'gzip', 'br'];

/** How long a kept representation may be served before it is built again (should a change notice be lost, or the clock matter). */
export const representationMaxAgeMs = 5 * 60_000;

/** Everyone may store it, but must ask again every time (the ETag makes that cheap). */
export const revalidateEveryTime = 'public, max-age=0, must-revalidate';

export interface CachedRepresentation {
  status: number;
  type: string;
  /** When it was built (ms since the epoch). */
  at: number;
  /** The strong ETag of the uncompressed bytes. */
  etag: string;
  /** The strong ETag of one coding: compressed bytes are a different representation. */
  etagFor(encoding: Encoding): string;
  encoded(encoding: Encoding): Buffer;
}

export interface RepresentationOptions {
  status?: number;
  /** Brotli quality and gzip level. */
  compressionLevel?: number;
}

export function cachedRepresentation(type: string, body: string, options: RepresentationOptions = {}): CachedRepresentation {
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const etag = `"${hash}"`;
  const level = options.compressionLevel ?? 6;
  // Kept as bytes: sending a string would re-encode it as UTF-8 on every request.
  const identity = Buffer.from(body);
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    status: options.status ?? 200,
    type,
    at: Date.now(),
    etag,
    etagFor: (encoding) => (encoding === 'identity' ? etag : `"${hash}-${encoding}"`),
    encoded(encoding) {
      if (encoding === 'br') return (br ??= zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } }));
      if (encoding === 'gzip') return (gzip ??= zlib.gzipSync(identity, { level }));
      return identity;
    },
  };
}

export function isFresh(r: Pick<CachedRepresentation, 'at'>, now = Date.now()): boolean {
  return now - r.at < representationMaxAgeMs;
}

/** Picks the best encoding the client accepts (`br`, then `gzip`), honouring `q=0`. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
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

/**
 * Does an If-None-Match header name this representation, in any encoding?
 * Weak comparison, as RFC 9110 says for GET: the content is the same whichever
 * encoding the client's cached copy had.
 */
export function etagMatches(header: string | undefined, entry: Pick<CachedRepresentation, 'etagFor'> | string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const known = new Set(typeof entry === 'string' ? [entry] : encodings.map((e) => entry.etagFor(e)));
  return header.split(',').some((t) => known.has(t.trim().replace(/^W\//, '')));
}

export function requestHeader(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Sends a kept representation in the best encoding the client accepts, or 304
 * when its If-None-Match names it (only a 200 is revalidated).
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, r: CachedRepresentation, cacheControl: string): FastifyReply {
  const encoding = negotiateEncoding(requestHeader(request, 'accept-encoding'));
  reply.header('etag', r.etagFor(encoding)).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (r.status === 200 && etagMatches(requestHeader(request, 'if-none-match'), r)) return reply.code(304).send();
  reply.code(r.status).type(r.type);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(r.encoded(encoding));
}
