/**
 * `If-Match` on the API's writes: the version the edit started from. Routes
 * read it with `ifMatchVersion`; services get the number and never the header.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';

/**
 * The version the caller's edit started from. Read once the caller may make
 * the edit (a refused caller gets 401/403, not a 400 about a header it may
 * not send): a missing or unreadable If-Match is then a 400 naming it.
 */
export type ExpectedVersion = () => number;

/** `3` or `"3"` → 3; anything else is a 400 naming the header. */
function parseIfMatch(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : /^\s*"?(\d{1,15})"?\s*$/.exec(value);
  if (!match?.[1]) {
    throw new AppError('invalid-argument', 'If-Match: send the version the edit started from, e.g. If-Match: 3.', {
      field: 'If-Match',
      fields: { 'If-Match': 'Required: the version the edit started from' },
    });
  }
  return Number(match[1]);
}

/** The request's If-Match as the version services expect, read when the service asks for it. */
export function ifMatchVersion(request: FastifyRequest): ExpectedVersion {
  const header = request.headers['if-match'];
  return () => parseIfMatch(header);
}
