/**
 * Request logging: one line per answered request with what an operator needs
 * (method, path with query, status, time in ms, and the request id the
 * request's other lines carry) instead of Fastify's two (one on arrival with
 * the serialised request, one on completion). Headers and bodies are never
 * logged, so no token, cookie or password can reach the log from here. A
 * preview link's token is in its path: such paths are written as
 * `/preview/[redacted]`.
 */
import fs from 'node:fs';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { LaneLog } from './fast-lane.js';
import { previewPathPrefix } from '../../shared/editorial.js';

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

/** The URL as the log writes it: a preview link's path without its token; any other URL as it is. */
export function loggedUrl(url: string): string {
  return url.startsWith(previewPathPrefix) ? redactedPreviewPath : url;
}

// One counter for every request id, so the fast lane's lines and Fastify's never share one (Fastify's own format).
let nextId = 0;
/** Fastify's `genReqId`, and the fast lane's ids. */
export function nextRequestId(): string {
  nextId = (nextId + 1) & 0x7fffffff;
  return `req-${nextId.toString(36)}`;
}

/** Printable ASCII but `"` and `\\`: text JSON writes as it is (nearly every method and path). */
const plainJson = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** A JSON string, without JSON.stringify's cost for text that needs no escaping. */
const quoted = (text: string): string => (plainJson.test(text) ? `"${text}"` : JSON.stringify(text));

/** The line pino would write for log.info({ method, url, statusCode, responseTime }, 'request completed'), as text. */
function completedLine(chindings: string, method: string, url: string, statusCode: number, responseTime: number): string {
  return `{"level":${info},"time":${Date.now()}${chindings},"method":${method === 'GET' ? '"GET"' : quoted(method)},"url":${quoted(url)},"statusCode":${statusCode},"responseTime":${responseTime},"msg":"request completed"}\n`;
}

/**
 * The request-log line of answers the fast lane gives (http/fast-lane.ts), the
 * same as Fastify's requests get below; null when the log is off or above info.
 */
export function laneLog(root: FastifyBaseLogger, label = 'reqId'): LaneLog | null {
  if ((pino.levels.values[root.level] ?? Infinity) > info) return null;
  const raw = rawParts(root);
  if (!raw) {
    return (method, url, statusCode, responseTime) => root.child({ [label]: nextRequestId() }).info({ method, url, statusCode, responseTime }, 'request completed');
  }
  const { stream, chindings } = raw;
  return (method, url, statusCode, responseTime) => stream.write(completedLine(`${chindings},"${label}":"${nextRequestId()}"`, method, url, statusCode, responseTime));
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

/**
 * Where the log's lines go: whole lines collected in memory and written to a
 * file descriptor in one call once 64 KB are waiting, at the latest 250 ms
 * later, and at exit. Cheaper per line than pino's own destination (which
 * measures the whole waiting text again for every line); a server under load
 * makes one system call for hundreds of lines. Should the process be killed
 * outright, at most those 250 ms of lines are lost.
 */
export class LineWriter {
  private lines: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly fd: number,
    private readonly flushAt = 64 * 1024,
    private readonly flushAfterMs = 250,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    // Lines are ASCII but for URLs and messages, where a character may take up to 3 bytes.
    this.bytes += line.length;
    if (this.bytes >= this.flushAt) this.flushSync();
    else this.timer ??= setTimeout(() => this.flushSync(), this.flushAfterMs).unref();
    return true;
  }

  flushSync(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.lines.length === 0) return;
    let pending = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.bytes = 0;
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
