/**
 * Request logging: one line per answered request with what an operator needs
 * (method, path with query, status, time in ms, and the request id the
 * request's other lines carry) instead of Fastify's two (one on arrival with
 * the serialised request, one on completion). Headers and bodies are never
 * logged, so no token, cookie or password can reach the log from here.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
