/**
 * The fast lane: answers the server already holds ready in memory (a kept
 * public page, a media file whose row and bytes are cached) are written from
 * Node's request listener itself, before Fastify builds its request and reply
 * objects, runs its router and hooks and serialises headers from an object.
 * Per request that is a Map look-up, one `writeHead` with header lines made
 * when the answer was kept, one `end`, and the usual request-log line.
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
}

/** A ready answer for this GET, or null to let Fastify answer it. */
export type ReadyLookup = (url: string, headers: LaneHeaders) => ReadyAnswer | null;

/** Headers that make an answer the lane would give wrong: a caller's own view, part of the bytes, a body. */
const refusedHeaders = new Set(['authorization', 'range', 'content-length', 'transfer-encoding']);
/** Headers the lane reads, by the LaneHeaders field they fill. */
const readHeaders = new Map<string, keyof LaneHeaders>([
  ['accept-encoding', 'acceptEncoding'],
  ['if-none-match', 'ifNoneMatch'],
  ['save-data', 'saveData'],
  ['cookie', 'cookie'],
]);
/** The lengths of those names: a name of another length is passed over without being lower-cased. */
const watchedLengths = new Set([...refusedHeaders, ...readHeaders.keys()].map((name) => name.length));

/**
 * The headers of a request the lane may answer, or null when it must not:
 * one of refusedHeaders, or a header it reads given twice (Fastify then joins
 * or picks them as node:http does). Names are compared without regard to case.
 */
export function laneHeaders(raw: readonly string[]): LaneHeaders | null {
  const found: LaneHeaders = { acceptEncoding: undefined, ifNoneMatch: undefined, saveData: undefined, cookie: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (!watchedLengths.has(name.length)) continue;
    const lower = name.toLowerCase();
    if (refusedHeaders.has(lower)) return null;
    const field = readHeaders.get(lower);
    if (field === undefined) continue;
    if (found[field] !== undefined) return null;
    found[field] = raw[i + 1];
  }
  return found;
}

/** Writes the request-log line of an answer the lane gave (request-log.ts). */
export type LaneLog = (method: string, url: string, statusCode: number, responseTime: number) => void;

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

  /** From now on every request goes through Fastify (which answers 503 while it closes). */
  close(): void {
    this.open = false;
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
      answer = headers && lookup(url, headers);
      break;
    }
    if (!answer) return false;
    const started = this.log ? performance.now() : 0;
    res.writeHead(answer.status, answer.lines as string[]);
    res.end(answer.body ?? undefined);
    this.served++;
    this.log?.(req.method, url, answer.status, Math.round((performance.now() - started) * 100) / 100);
    return true;
  }
}
