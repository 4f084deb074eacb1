/**
 * Request logging: one line per answered request with what an operator needs
 * (method, path with query, status, time in ms, and the request id the
 * request's other lines carry) instead of Fastify's two (one on arrival with
 * the serialised request, one on completion). Headers and bodies are never
 * logged, so no token, cookie or password can reach the log from here.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

export class RequestLog extends LogController {
  override incomingRequest(): void {
    // The completion line says everything the arrival line did that operators use.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 100) / 100 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
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
