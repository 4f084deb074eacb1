/**
 * Request logging: one line per answered request with what an operator needs
 * (method, path with query, status, time in ms, and the request id the
 * request's other lines carry) instead of Fastify's two (one on arrival with
 * the serialised request, one on completion). Headers and bodies are never
 * logged, so no token, cookie or password can reach the log from here.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

const { streamSym, chindingsSym } = pino.symbols;
const info = pino.levels.values.info ?? 30;

/** pino's own parts of a logger (public symbols): where it writes and its bindings as JSON text. */
function rawParts(log: FastifyBaseLogger): { stream: DestinationStream; chindings: string } | null {
  const parts = log as unknown as Record<symbol, unknown>;
  const stream = parts[streamSym] as DestinationStream | undefined;
  const chindings = parts[chindingsSym];
  return stream && typeof stream.write === 'function' && typeof chindings === 'string' ? { stream, chindings } : null;
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
      log.error({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime, err: error }, 'request errored');
      return;
    }
    if ((pino.levels.values[log.level] ?? Infinity) > info) return;
    // The line pino would write for log.info({ method, url, statusCode, responseTime }, 'request completed'),
    // made as text: no object to build, walk and redact for each request. Nothing in it can be a secret.
    const raw = rawParts(log);
    if (!raw) {
      log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime }, 'request completed');
      return;
    }
    raw.stream.write(
      `{"level":${info},"time":${Date.now()}${raw.chindings},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)},"statusCode":${reply.statusCode},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  }
}

let stdout: DestinationStream | null = null;

/**
 * Standard output for the log, written in chunks: lines collect up to 4 KB and
 * go out in one write, at the latest 250 ms later and at exit (a server under
 * load makes one system call for many lines instead of one per line). Should
 * the process be killed outright, at most those 250 ms of lines are lost.
 */
export function logDestination(): DestinationStream {
  if (stdout) return stdout;
  const stream = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 250 });
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output is gone: nothing left to tell.
    }
  });
  stdout = stream;
  return stream;
}
