/**
 * The caller of a staff route as the domains want it: who (the principal),
 * from where (the address as TRUST_PROXY makes it) and, for a conditional
 * write, its request key (shared/request-key.ts).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { requestKeyHeader, requestKeySchema } from '../../shared/request-key.js';
import type { Caller } from '../authorize.js';

/** The request's Idempotency-Key, read when a service asks (after the caller may write), once: null when absent, a 400 naming the header when malformed. */
function requestKeyOf(request: FastifyRequest): () => string | null {
  const header = request.headers[requestKeyHeader];
  let key: string | null | undefined;
  return () => {
    if (key !== undefined) return key;
    if (header === undefined) return (key = null);
    const parsed = requestKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
    if (parsed.success) return (key = parsed.data);
    throw new AppError('invalid-argument', `Idempotency-Key: ${parsed.error.issues[0]?.message ?? 'not a key'}.`, {
      field: 'Idempotency-Key',
      fields: { 'Idempotency-Key': 'A random key of 16 to 64 letters, digits, "-" or "_"' },
    });
  };
}

export function callerOf(request: FastifyRequest): Caller {
  return { principal: request.principal, ip: request.ip, requestKey: requestKeyOf(request) };
}
