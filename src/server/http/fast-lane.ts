/**
 * The fast lane: answers the server already holds ready in memory (a kept
 * public page, a media file whose row and bytes are cached) are written from
 * Node's request listener itself, before Fastify builds its request and reply
 * objects, runs its router and hooks and serialises headers from an object.
 * Per request that is a Map look-up, one `writeHead` with header lines made
 * when the answer was kept, one `end`, a count in the request log and, for a
 * page, its view count (visits/counter.ts, given by the page look-up).
 *
 * Only what Fastify would answer the same way takes the lane: a GET without a
 * body, an Authorization header or a Range header, whose URL a registered
 * look-up recognises and holds ready. Everything else (a miss, a stale page,
 * HEAD, errors, every API route) goes through Fastify as before. The answers
 * are made by the same functions the routes use (`cached-representation.ts`,
 * the media headers), with the same security header table, and
 * `test/fast-lane.test.ts` compares both doors answer by answer.
 */
import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
// Imported rather than read from the global object, whose `performance` is a getter V8 cannot keep a shortcut to.
import { performance } from 'node:perf_hooks';
import type { HeaderTable } from './security-headers.js';

export interface ReadyAnswer {
  status: number;
  /** Header lines as node:http takes them (`[name, value, name, value, …]`), security headers first. */
  lines: readonly string[];
  /** Null for a 304. */
  body: Buffer | null;
}

/**
 * The request headers a ready answer depends on, read from the raw header
 * lines (node:http builds `request.headers` only when it is read, and the lane
 * never reads it). A header the lane must know of that came twice sends the
 * request to Fastify, which joins or picks them as node:http does.
 */
export interface LaneHeaders {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  /** Light pages (src/shared/light-pages.ts). */
  saveData: string | undefined;
  cookie: string | undefined;
  /** Read for the visit counts (visits/counter.ts), never kept. */
  userAgent: string | undefined;
  referer: string | undefined;
  forwardedFor: string | undefined;
}

/** A ready answer for this GET, or null to let Fastify answer it; `req` only for its connection's address. */
export type ReadyLookup = (url: string, headers: LaneHeaders, req: IncomingMessage) => ReadyAnswer | null;

/** Headers that make an answer the lane would give wrong: a caller's own view, part of the bytes, a body. */
const refusedHeaders = ['authorization', 'range', 'content-length', 'transfer-encoding'] as const;
/** Headers the lane reads, by the LaneHeaders field they fill. */
const readHeaders = {
  'accept-encoding': 'acceptEncoding',
  'if-none-match': 'ifNoneMatch',
  'save-data': 'saveData',
  cookie: 'cookie',
  'user-agent': 'userAgent',
  referer: 'referer',
  'x-forwarded-for': 'forwardedFor',
} as const satisfies Record<string, keyof LaneHeaders>;
/** By a name's length, whether it can be one of those: a name of another length is passed over without being lower-cased. */
const watchedLength: readonly boolean[] = (() => {
  const lengths = [...refusedHeaders, ...Object.keys(readHeaders)].map((name) => name.length);
  return Array.from({ length: Math.max(...lengths) + 1 }, (_, n) => lengths.includes(n));
})();
/** What a lower-cased header name means to the lane: refused, read into a field, or nothing. */
const meaningOf = new Map<string, keyof LaneHeaders | 'refused'>([
  ...refusedHeaders.map((name) => [name, 'refused'] as const),
  ...Object.entries(readHeaders),
]);

/**
 * The headers of a request the lane may answer, or null when it must not:
 * one of refusedHeaders, or a header it reads given twice (Fastify then joins
 * or picks them as node:http does). Names are compared without regard to case.
 * Runs for every request the lane sees: the fields are filled by name, not
 * through a computed key (which V8 answers with its slowest, megamorphic
 * property access once four names have gone through it).
 */
export function laneHeaders(raw: readonly string[]): LaneHeaders | null {
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  let saveData: string | undefined;
  let cookie: string | undefined;
  let userAgent: string | undefined;
  let referer: string | undefined;
  let forwardedFor: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (watchedLength[name.length] !== true) continue;
    const value = raw[i + 1];
    switch (meaningOf.get(name.toLowerCase())) {
      case undefined:
        continue;
      case 'refused':
        return null;
      case 'acceptEncoding':
        if (acceptEncoding !== undefined) return null;
        acceptEncoding = value;
        continue;
      case 'ifNoneMatch':
        if (ifNoneMatch !== undefined) return null;
        ifNoneMatch = value;
        continue;
      case 'saveData':
        if (saveData !== undefined) return null;
        saveData = value;
        continue;
      case 'cookie':
        if (cookie !== undefined) return null;
        cookie = value;
        continue;
      case 'userAgent':
        if (userAgent !== undefined) return null;
        userAgent = value;
        continue;
      case 'referer':
        if (referer !== undefined) return null;
        referer = value;
        continue;
      case 'forwardedFor':
        if (forwardedFor !== undefined) return null;
        forwardedFor = value;
        continue;
    }
  }
  return { acceptEncoding, ifNoneMatch, saveData, cookie, userAgent, referer, forwardedFor };
}

/** The request log of the answers the lane gives (request-log.ts). */
export interface LaneLog {
  /** One answer given: its URL, status and time in ms (the lane answers GETs only). */
  answered(url: string, statusCode: number, responseTime: number): void;
  /** Writes what is waiting to be written. */
  flush(): void;
}

/** The options of Fastify's own HTTP/1 server that the lane's server keeps (lib/server.js). */
function numberOption(opts: Record<string, unknown>, name: string): number | undefined {
  const value = opts[name];
  return typeof value === 'number' ? value : undefined;
}

export class FastLane {
  private readonly lookups: { prefix: string; lookup: ReadyLookup }[] = [];
  private open = true;
  private log: LaneLog | null = null;
  /** Answers given by the lane since start (tests and diagnostics). */
  served = 0;

  constructor(private readonly securityHeaders: HeaderTable) {}

  /** Header lines: the security table, then each record in turn (a later value replaces an earlier one in its place). */
  lines(...records: Readonly<Record<string, string | number>>[]): string[] {
    const merged: Record<string, string> = { ...this.securityHeaders };
    for (const record of records) for (const [name, value] of Object.entries(record)) merged[name] = String(value);
    return Object.entries(merged).flat();
  }

  /** Asks `lookup` for GETs whose URL starts with `prefix` (the first registered prefix that matches is asked). */
  add(prefix: string, lookup: ReadyLookup): void {
    this.lookups.push({ prefix, lookup });
    // Longest prefix first, so `/media/` is asked before `/`.
    this.lookups.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  useLog(log: LaneLog | null): void {
    this.log = log;
  }

  /** Writes the request log's waiting lines now (tests, and close). */
  flushLog(): void {
    this.log?.flush();
  }

  /** From now on every request goes through Fastify (which answers 503 while it closes); the log's waiting lines are written. */
  close(): void {
    this.open = false;
    this.flushLog();
  }

  /** Fastify's `serverFactory`: the HTTP/1 server Fastify would make, with the lane in front of its handler. */
  server(handler: RequestListener, opts: Record<string, unknown>): Server {
    const listener: RequestListener = (req, res) => {
      if (!this.serve(req, res)) handler(req, res);
    };
    const server = http.createServer((opts.http as http.ServerOptions | undefined) ?? {}, listener);
    const keepAliveTimeout = numberOption(opts, 'keepAliveTimeout');
    if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
    const requestTimeout = numberOption(opts, 'requestTimeout');
    if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
    server.setTimeout(numberOption(opts, 'connectionTimeout') ?? 0);
    const maxRequestsPerSocket = numberOption(opts, 'maxRequestsPerSocket');
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  }

  /** Answers from memory and returns true, or returns false having touched nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== 'GET') return false;
    const url = req.url;
    if (!url) return false;
    let answer: ReadyAnswer | null = null;
    for (const { prefix, lookup } of this.lookups) {
      if (!url.startsWith(prefix)) continue;
      const headers = laneHeaders(req.rawHeaders);
      answer = headers && lookup(url, headers, req);
      break;
    }
    if (!answer) return false;
    const started = this.log ? performance.now() : 0;
    res.writeHead(answer.status, answer.lines as string[]);
    res.end(answer.body ?? undefined);
    this.served++;
    this.log?.answered(url, answer.status, Math.round((performance.now() - started) * 100) / 100);
    return true;
  }
}
