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
 *
 * One step earlier still, the lane reads each new connection itself
 * (`readConnection`): a request in the one plain form `parseRequest` accepts,
 * whose answer is held ready, is answered with the bytes node:http would
 * write, without node's parser callbacks and its request and response objects
 * (which cost more per request than the lane's own work: docs/performance.md,
 * "Reading the connection"). At the first request it does not answer, the
 * connection goes to node:http for good, starting with that request's bytes.
 */
import http, { STATUS_CODES, validateHeaderName, validateHeaderValue, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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

/** A ready answer for this GET, or null to let Fastify answer it; `connection` only for the visitor's address. */
export type ReadyLookup = (url: string, headers: LaneHeaders, connection: { readonly remoteAddress?: string | undefined }) => ReadyAnswer | null;

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

/** A request read off a connection by the lane: its URL, its header lines as node:http's rawHeaders has them, and whether it asks to close. */
export interface RawRequest {
  url: string;
  raw: string[];
  close: boolean;
}

/** Where a request's head ends. */
const headEnd = Buffer.from('\r\n\r\n');
/** A longer head goes to node:http, whose limit (16 KB) and answer (431) stay the only ones. */
const maxHeadBytes = 8192;
const requestLine = /^GET (\/[\x21-\x7e]*) HTTP\/1\.1$/;
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, space and tab: a value with anything else (control bytes, bytes above 0x7e) goes to node:http. */
const valuePattern = /^[\t\x20-\x7e]*$/;

/** Headers that decide how a request is framed or what it is: counted, read, or refused (node:http reads the request). */
const framingHeaders = new Map<string, 'host' | 'connection' | 'refused'>([
  ['host', 'host'],
  ['connection', 'connection'],
  ['content-length', 'refused'],
  ['transfer-encoding', 'refused'],
  ['expect', 'refused'],
  ['upgrade', 'refused'],
  // llhttp reads it as Connection.
  ['proxy-connection', 'refused'],
]);
const framingLengths = new Set([...framingHeaders.keys()].map((name) => name.length));

/**
 * One request's head (the bytes before its blank line, as latin1), when it is in the one plain form the lane
 * answers: `GET <path> HTTP/1.1`, one Host, header lines of a token, a colon and visible ASCII, no line folded
 * onto the one before, nothing that announces a body or another protocol (Content-Length, Transfer-Encoding,
 * Expect, Upgrade, Proxy-Connection), and Connection absent, `keep-alive` or `close`. Null for anything else: node:http reads it.
 */
export function parseRequest(head: string): RawRequest | null {
  const lines = head.split('\r\n');
  const url = requestLine.exec(lines[0]!)?.[1];
  if (url === undefined) return null;
  const raw: string[] = [];
  let hosts = 0;
  let connection: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (!tokenPattern.test(name) || !valuePattern.test(value)) return null;
    const meaning = framingLengths.has(name.length) ? framingHeaders.get(name.toLowerCase()) : undefined;
    if (meaning === 'refused') return null;
    if (meaning === 'host') hosts++;
    else if (meaning === 'connection') {
      if (connection !== undefined) return null;
      connection = value.trim().toLowerCase();
    }
    raw.push(name, value.trim());
  }
  if (hosts !== 1) return null;
  if (connection !== undefined && connection !== 'keep-alive' && connection !== 'close') return null;
  return { url, raw, close: connection === 'close' };
}

/** The Date header's value, made once a second as node:http makes it. */
let dateValue = '';
let dateUntil = 0;
function httpDate(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateValue = new Date(now).toUTCString();
    dateUntil = now - (now % 1000) + 1000;
  }
  return dateValue;
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
  /** The connections the lane reads itself (readConnection) until they close or go to node:http, each with what stops the lane reading it. */
  private readonly connections = new Map<Socket, () => void>();
  /** The first part of each ready answer as the lane writes it on a connection: status line and header lines, checked as node:http checks them (null when one would not pass). */
  private readonly heads = new WeakMap<ReadyAnswer, string | null>();
  private open = true;
  private log: LaneLog | null = null;
  /** Answers given by the lane since start (tests and diagnostics). */
  served = 0;
  /** Of those, the answers written on a connection the lane read itself (readConnection), without node:http's request and response. */
  servedOnConnections = 0;
  /** Connections the lane read first and then gave to node:http (tests and diagnostics). */
  handedOver = 0;

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

  /**
   * From now on every request goes through Fastify (which answers 503 while it closes); the connections the
   * lane reads are closed once what was written to them is sent (each is between two requests: the lane
   * answers a request in the same turn it reads it), as node:http closes its idle ones; the log's waiting
   * lines are written.
   */
  close(): void {
    this.open = false;
    for (const [socket, stopReading] of this.connections) {
      stopReading();
      socket.destroySoon();
    }
    this.flushLog();
  }

  /** Fastify's `serverFactory`: the HTTP/1 server Fastify would make, with the lane in front of its handler. */
  server(handler: RequestListener, opts: Record<string, unknown>): Server {
    const listener: RequestListener = (req, res) => {
      if (!this.serve(req, res)) handler(req, res);
    };
    const server = http.createServer((opts.http as http.ServerOptions | undefined) ?? {}, listener);
    // node:http's own reader of a new connection (one listener, set by http.Server): the lane reads each
    // connection first and gives it to that reader, with what it has not answered, at the first request it
    // cannot answer (readConnection).
    const nodeReaders = server.listeners('connection') as ((this: Server, socket: Socket) => void)[];
    if (nodeReaders.length === 1 && (opts.http as http.ServerOptions | undefined)?.insecureHTTPParser !== true) {
      const nodeReader = nodeReaders[0]!;
      server.removeListener('connection', nodeReader);
      server.on('connection', (socket: Socket) => this.readConnection(server, socket, nodeReader));
    }
    const keepAliveTimeout = numberOption(opts, 'keepAliveTimeout');
    if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
    const requestTimeout = numberOption(opts, 'requestTimeout');
    if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
    server.setTimeout(numberOption(opts, 'connectionTimeout') ?? 0);
    const maxRequestsPerSocket = numberOption(opts, 'maxRequestsPerSocket');
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  }

  /** The ready answer to a GET of `url` with these raw header lines, from the first look-up whose prefix matches; null for Fastify. */
  private answerOf(url: string, raw: readonly string[], connection: Socket): ReadyAnswer | null {
    if (!this.open) return null;
    for (const { prefix, lookup } of this.lookups) {
      if (!url.startsWith(prefix)) continue;
      const headers = laneHeaders(raw);
      return headers && lookup(url, headers, connection);
    }
    return null;
  }

  /** The status line and header lines of an answer, made once; null when node:http would refuse one of the lines. */
  private headOf(answer: ReadyAnswer): string | null {
    let head = this.heads.get(answer);
    if (head !== undefined) return head;
    try {
      head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'unknown'}\r\n`;
      for (let i = 0; i < answer.lines.length; i += 2) {
        const name = answer.lines[i]!;
        const value = answer.lines[i + 1]!;
        validateHeaderName(name);
        validateHeaderValue(name, value);
        head += `${name}: ${value}\r\n`;
      }
    } catch {
      head = null;
    }
    this.heads.set(answer, head);
    return head;
  }

  /**
   * Reads a new connection before node:http does. Each request that arrives whole (its head ending in the
   * bytes read so far), in the plain form `parseRequest` accepts, and that a look-up holds ready, is answered
   * here with the bytes node:http would send (the same header lines, then Date, Connection and Keep-Alive as
   * node:http adds them), without node's request and response objects. At the first request that is not so
   * (another method, a body, a header split over two reads, anything unusual) the connection is node:http's
   * for the rest of its life, starting with that request's bytes: the lane answered everything before it, and
   * a GET without a body ends where its head ends, so both read the same requests out of the same bytes.
   */
  private readConnection(server: Server, socket: Socket, nodeReader: (this: Server, socket: Socket) => void): void {
    // A limit of requests per connection, or no keep-alive time (so no idle end for the lane to keep): node:http reads it all.
    const keepAlive = server.keepAliveTimeout;
    if (!this.open || server.maxRequestsPerSocket || !(keepAlive > 0)) {
      nodeReader.call(server, socket);
      return;
    }
    const keepAliveLines = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAlive / 1000)}\r\n\r\n`;
    // No more reading; the socket's errors, idle time and closing stay the lane's until it closes or goes to node:http.
    const stopReading = () => {
      socket.pause();
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('drain', onDrain);
    };
    this.connections.set(socket, stopReading);
    const release = () => {
      stopReading();
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('error', onError);
      socket.removeListener('close', onClose);
      socket.setTimeout(0);
      this.connections.delete(socket);
    };
    const handOver = (rest: Buffer) => {
      release();
      this.handedOver++;
      if (rest.length > 0) socket.unshift(rest);
      nodeReader.call(server, socket);
      // Paused, the reader's 'data' listener did not start the flow: the bytes put back reach it first, on the next tick.
      socket.resume();
    };
    const onData = (data: Buffer) => {
      let at = 0;
      let corked = false;
      while (at < data.length) {
        const end = data.indexOf(headEnd, at);
        if (end < 0 || end - at > maxHeadBytes) break;
        const request = parseRequest(data.toString('latin1', at, end));
        // Bytes after a request that asks to close are node:http's to refuse (400), with that request answered first.
        if (request?.close && end + headEnd.length < data.length) break;
        const answer = request && this.answerOf(request.url, request.raw, socket);
        const head = answer && this.headOf(answer);
        if (!answer || !head) break;
        const started = this.log ? performance.now() : 0;
        if (!corked) socket.cork();
        corked = true;
        socket.write(`${head}Date: ${httpDate()}\r\n${request.close ? 'Connection: close\r\n\r\n' : keepAliveLines}`, 'latin1');
        if (answer.body) socket.write(answer.body);
        this.served++;
        this.servedOnConnections++;
        this.log?.answered(request.url, answer.status, Math.round((performance.now() - started) * 100) / 100);
        at = end + headEnd.length;
        if (request.close) {
          // Closed once the answer is sent, as node:http does; until then a reset or the idle time still ends it (onError, onTimeout).
          stopReading();
          socket.uncork();
          socket.destroySoon();
          return;
        }
      }
      if (corked) socket.uncork();
      if (at < data.length) {
        handOver(data.subarray(at));
        return;
      }
      // A client that does not read its answers is not read either (node:http does the same for pipelined requests).
      if (socket.writableNeedDrain) {
        socket.pause();
        socket.once('drain', onDrain);
      }
    };
    const onDrain = () => socket.resume();
    // The server allows half-open connections (node:http ends its side itself when the client ends).
    const onEnd = () => socket.end();
    const onTimeout = () => socket.destroy();
    const onError = () => socket.destroy();
    const onClose = () => release();
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onError);
    socket.on('close', onClose);
    // As node:http ends an idle kept-alive connection: after its keep-alive time and the buffer it adds.
    socket.setTimeout(keepAlive + (server.keepAliveTimeoutBuffer ?? 0));
    socket.on('timeout', onTimeout);
  }

  /** Answers from memory and returns true, or returns false having touched nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (!url) return false;
    const answer = this.answerOf(url, req.rawHeaders, req.socket);
    if (!answer) return false;
    const started = this.log ? performance.now() : 0;
    res.writeHead(answer.status, answer.lines as string[]);
    res.end(answer.body ?? undefined);
    this.served++;
    this.log?.answered(url, answer.status, Math.round((performance.now() - started) * 100) / 100);
    return true;
  }
}
