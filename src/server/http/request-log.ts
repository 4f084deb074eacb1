/**
 * Request logging: one line per answered request with what an operator needs
 * (method, path with query, status, time in ms, and the request id the
 * request's other lines carry) instead of Fastify's two (one on arrival with
 * the serialised request, one on completion). Headers and bodies are never
 * logged, so no token, cookie or password can reach the log from here. A
 * preview link's token is in its path: such paths are written as
 * `/preview/[redacted]`, a registration's cancel link as
 * `/registrations/cancel/[redacted]`; a search of the supporters names a person in its
 * query, which is written as `?[redacted]`.
 */
import fs from 'node:fs';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { LaneLog } from './fast-lane.js';
import { previewPathPrefix } from '../../shared/editorial.js';
import { registrationCancelPrefix } from '../../shared/events.js';
import { newsletterTokenPrefixes } from '../../shared/newsletter-paths.js';
import { apiPaths, apiPrefix } from '../../shared/api-paths.js';

const { streamSym, chindingsSym } = pino.symbols;
const info = pino.levels.values.info ?? 30;

/** pino's own parts of a logger (public symbols): where it writes and its bindings as JSON text. */
function rawParts(log: FastifyBaseLogger): { stream: DestinationStream; chindings: string } | null {
  const parts = log as unknown as Record<symbol, unknown>;
  const stream = parts[streamSym] as DestinationStream | undefined;
  const chindings = parts[chindingsSym];
  return stream && typeof stream.write === 'function' && typeof chindings === 'string' ? { stream, chindings } : null;
}

/** How the log writes the path of a preview link (whose token is a credential). */
export const redactedPreviewPath = `${previewPathPrefix}[redacted]`;

/** How the log writes a registration's cancel link (whose token cancels it). */
export const redactedCancelPath = `${registrationCancelPrefix}[redacted]`;

/** How the log writes a newsletter link (whose token confirms or unsubscribes). */
export function redactedNewsletterPath(prefix: string): string {
  return `${prefix}[redacted]`;
}

/** Paths whose query may name a person (the supporters' search by name or address): the log writes them without it. */
const personalQueryPaths: readonly string[] = [apiPaths.supporters.list, apiPaths.subscribers.list];

/** The URL as the log writes it: a preview link's path without its token, a search of people without its query; any other URL as it is. */
export function loggedUrl(url: string): string {
  if (url.startsWith(previewPathPrefix)) return redactedPreviewPath;
  if (url.startsWith(registrationCancelPrefix)) return redactedCancelPath;
  for (const prefix of newsletterTokenPrefixes) if (url.startsWith(prefix)) return redactedNewsletterPath(prefix);
  // Only an API URL can be a search of people: a public page's URL (every request of the fast lane) is returned after the token prefixes above and this one comparison.
  if (!url.startsWith(apiPrefix)) return url;
  const query = url.indexOf('?');
  if (query >= 0 && personalQueryPaths.includes(url.slice(0, query))) return `${url.slice(0, query)}?[redacted]`;
  return url;
}

// One counter for every request id, so the fast lane's lines and Fastify's never share one (Fastify's own format).
let nextId = 0;
/** Fastify's `genReqId`, and the fast lane's ids. */
export function nextRequestId(): string {
  nextId = (nextId + 1) & 0x7fffffff;
  return `req-${nextId.toString(36)}`;
}

/** A JSON string: as it is between quotes when it is printable ASCII without `"` or `\\` (nearly every method and path), else JSON.stringify's. */
function quoted(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** Date.now() as text, made once per millisecond (a busy server writes dozens of lines in one). */
let clockMs = -1;
let clockText = '';
function nowText(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockText = String(now);
  }
  return clockText;
}

/** The line pino would write for log.info({ method, url, statusCode, responseTime }, 'request completed'), as text. */
function completedLine(chindings: string, method: string, url: string, statusCode: number, responseTime: number): string {
  return `${lineHead(chindings, method, url, statusCode)},"responseTime":${responseTime},"msg":"request completed"}\n`;
}

/** What every request line starts with, as pino writes it: level, time, the logger's bindings, method, URL and status. */
function lineHead(chindings: string, method: string, url: string, statusCode: number): string {
  return `{"level":${info},"time":${nowText()}${chindings},"method":${method === 'GET' ? '"GET"' : quoted(method)},"url":${quoted(url)},"statusCode":${statusCode}`;
}

/** How often the answers the fast lane gave are summed up in the log, in ms. */
export const laneTallyMs = 1000;

/** The line of one address and status the lane answered `count` times since the last such line. */
function tallyLine(chindings: string, url: string, statusCode: number, count: number, slowest: number): string {
  return `${lineHead(chindings, 'GET', url, statusCode)},"count":${count},"slowestResponseTime":${slowest},"msg":"requests answered from memory"}\n`;
}

/** Per address, per status: how many answers, and the slowest in ms. */
type Tally = Map<string, Map<number, { count: number; slowest: number }>>;

/**
 * The request log of the answers the fast lane gives (http/fast-lane.ts):
 * kept pages and pictures, answered from memory in a few microseconds each.
 *
 * At `info`, the default, they are summed up: at most once a second, one line
 * per address and status with how many answers were given and the slowest
 * one's time. A flood of requests for a kept page then writes a few lines a
 * second instead of one per request (at 60,000 answers a second, 17 MB a
 * second that a small server's disk would fill with), and what operators
 * read from the log (which addresses, how often, which status) is all there.
 * Every request that goes through Fastify keeps its own line (RequestLog).
 * At `debug` and `trace` each of the lane's answers gets its own line too,
 * with a request id, as Fastify's have. Null when the log is above info.
 */
export function laneLog(root: FastifyBaseLogger, label = 'reqId'): LaneLog | null {
  const level = pino.levels.values[root.level] ?? Infinity;
  if (level > info) return null;
  const raw = rawParts(root);
  if (level < info) {
    const idPrefix = raw ? `${raw.chindings},"${label}":"` : '';
    return {
      answered: raw
        ? (url, statusCode, responseTime) => raw.stream.write(completedLine(`${idPrefix}${nextRequestId()}"`, 'GET', url, statusCode, responseTime))
        : (url, statusCode, responseTime) => root.child({ [label]: nextRequestId() }).info({ method: 'GET', url, statusCode, responseTime }, 'request completed'),
      flush: () => undefined,
    };
  }
  let tally: Tally = new Map();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const done = tally;
    tally = new Map();
    for (const [url, byStatus] of done) {
      for (const [statusCode, { count, slowest }] of byStatus) {
        if (raw) raw.stream.write(tallyLine(raw.chindings, url, statusCode, count, slowest));
        else root.info({ method: 'GET', url, statusCode, count, slowestResponseTime: slowest }, 'requests answered from memory');
      }
    }
  };
  return {
    answered(url, statusCode, responseTime) {
      let byStatus = tally.get(url);
      if (!byStatus) tally.set(url, (byStatus = new Map()));
      const seen = byStatus.get(statusCode);
      if (!seen) byStatus.set(statusCode, { count: 1, slowest: responseTime });
      else {
        seen.count++;
        if (responseTime > seen.slowest) seen.slowest = responseTime;
      }
      timer ??= setTimeout(flush, laneTallyMs).unref();
    },
    flush,
  };
}

export class RequestLog extends LogController {
  override incomingRequest(): void {
    // The completion line says everything the arrival line did that operators use.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const log = reply.log;
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    if (error) {
      log.error({ method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime, err: error }, 'request errored');
      return;
    }
    if ((pino.levels.values[log.level] ?? Infinity) > info) return;
    // The line pino would write for log.info({ method, url, statusCode, responseTime }, 'request completed'),
    // made as text: no object to build, walk and redact for each request. Nothing in it can be a secret.
    const raw = rawParts(log);
    if (!raw) {
      log.info({ method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime }, 'request completed');
      return;
    }
    raw.stream.write(completedLine(raw.chindings, request.method, loggedUrl(request.url), reply.statusCode, responseTime));
  }
}

let stdout: LineWriter | null = null;

/** Bytes of room past flushAt: a request line (URL up to 8 KB, three bytes a character at most) always fits. */
const maxLineRoom = 32 * 1024;

/**
 * Where the log's lines go: each line encoded at once into one buffer kept for
 * the process, written to a file descriptor in one call once 64 KB are
 * waiting, at the latest 250 ms later, and at exit. Cheaper per line than
 * pino's own destination (which measures the whole waiting text again for
 * every line), and no line is kept as a string to be joined later: a server
 * under load makes one system call for hundreds of lines and leaves the
 * garbage collector nothing to carry. Should the process be killed outright,
 * at most those 250 ms of lines are lost.
 */
export class LineWriter {
  private readonly buffer: Buffer;
  private used = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly fd: number,
    private readonly flushAt = 64 * 1024,
    private readonly flushAfterMs = 250,
  ) {
    // Room for the last line that reaches flushAt, however long, up to this much; longer ones are written on their own.
    this.buffer = Buffer.allocUnsafe(flushAt + maxLineRoom);
  }

  write(line: string): boolean {
    // A character takes at most 3 bytes in UTF-8 (a surrogate pair, two characters, takes 4).
    if (this.used + line.length * 3 > this.buffer.length) {
      this.flushSync();
      if (line.length * 3 > this.buffer.length) {
        this.writeAll(Buffer.from(line));
        return true;
      }
    }
    this.used += this.buffer.write(line, this.used);
    if (this.used >= this.flushAt) this.flushSync();
    else this.timer ??= setTimeout(() => this.flushSync(), this.flushAfterMs).unref();
    return true;
  }

  flushSync(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.used === 0) return;
    const pending = this.buffer.subarray(0, this.used);
    this.used = 0;
    this.writeAll(pending);
  }

  private writeAll(bytes: Buffer): void {
    let pending = bytes;
    while (pending.length > 0) {
      try {
        pending = pending.subarray(fs.writeSync(this.fd, pending));
      } catch (err) {
        // A non-blocking pipe that is full: wait for the reader a moment, as pino's destination does.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }
}

/** Standard output, through one LineWriter for the process. */
export function logDestination(): DestinationStream {
  if (stdout) return stdout;
  const writer = new LineWriter(1);
  process.once('exit', () => {
    try {
      writer.flushSync();
    } catch {
      // Standard output is gone: nothing left to tell.
    }
  });
  stdout = writer;
  return writer;
}
