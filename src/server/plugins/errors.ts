/** One error shape for every answer: `{ error: { code, message } }` with the catalogue's status. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { AppError, type ErrorBody } from '../../shared/errors.js';

/** Turns a ZodError into a 400 invalid-argument naming the first bad field. */
export function zodToAppError(err: ZodError, prefix = ''): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    let key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[[key, k].filter(Boolean).join('.')] = `Unknown field "${k}"`;
      continue;
    }
    if (!key) key = prefix || '(body)';
    if (!(key in fields)) fields[key] = issue.message;
  }
  const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['(body)', 'Invalid input'];
  return new AppError('invalid-argument', `${firstField}: ${firstMessage}`, { field: firstField, fields });
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return zodToAppError(err);
  const fe = err as Partial<FastifyError> & { statusCode?: number };
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
    return new AppError('invalid-argument', fe.message || 'The request is too large.', { status: 413 });
  }
  if (fe.code === 'FST_ERR_RATE_LIMIT' || status === 429) return new AppError('resource-exhausted');
  if (fe.validation || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code?.startsWith('FST_ERR_CTP') || (status >= 400 && status < 500 && status !== 404)) {
    if (status === 415) return new AppError('invalid-argument', 'Unsupported content type.', { status: 415 });
    return new AppError('invalid-argument', fe.message || 'The request is not valid.');
  }
  if (status === 404) return new AppError('not-found');
  return new AppError('internal');
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const body: ErrorBody = err.toBody();
  return reply.status(err.status).type('application/json; charset=utf-8').send(body);
}

/** The statuses of a refusal by a security control: authentication, authorisation, rate limits (ASVS 16.3.2, 16.3.3). */
const securityRefusals = new Set([401, 403, 429]);

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appErr = toAppError(err);
    if (appErr.status >= 500) request.log.error({ err }, 'request failed');
    // Refused by a security control (signed out, not allowed, too many requests): a warning operators can alert on, with who and from where.
    else if (securityRefusals.has(appErr.status)) request.log.warn({ code: appErr.code, security: 'refused', uid: request.principal?.uid ?? null, ip: request.ip }, 'request refused by a security control');
    else request.log.info({ code: appErr.code }, 'request refused');
    if (appErr.code === 'resource-exhausted' || appErr.code === 'auth/too-many-requests') {
      const retry = reply.getHeader('retry-after');
      if (retry === undefined) reply.header('retry-after', '60');
    }
    return sendError(reply, appErr);
  });
}

/** Parses a request's body, query or params (absent counts as `{}`); a mismatch is the 400 of zodToAppError. */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw zodToAppError(parsed.error, prefix);
  return parsed.data;
}
