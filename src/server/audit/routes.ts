/**
 * The audit log over HTTP (super-admins only): `GET /api/audit` answers a page
 * of lines with the total as JSON, or, with `Accept: text/csv`, every line
 * matching the same filters as a CSV file, read from the database a page at a
 * time. There is no route that changes a line: the server appends them where
 * changes happen, and only the command line prunes old ones.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditCsvFileName, auditCsvType } from '../../shared/audit.js';
import { auditQuerySchema, editorialApi, type AuditAnswer, type AuditQuery } from '../../shared/editorial.js';
import { AppError } from '../../shared/errors.js';
import { authorize } from '../authorize.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { auditCsv } from './csv.js';
import { eachAuditLine, listAudit, toAuditEntry } from './repository.js';

const audit = { type: 'audit' } as const;

/** Does the caller ask for the CSV file? Only when text/csv is named and preferred to JSON. */
export function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  const types = accept.split(',').map((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const csv = types.find((t) => t.type === auditCsvType);
  if (!csv || !(csv.q > 0)) return false;
  const json = types.find((t) => t.type === 'application/json');
  return !json || csv.q >= json.q;
}

/** The query, checked: zod's shape, and a period that ends after it starts. */
function auditQuery(request: FastifyRequest): AuditQuery {
  const query = parse(auditQuerySchema, request.query);
  if (query.from && query.to && query.to < query.from) {
    const message = 'The end date is before the start date.';
    throw new AppError('invalid-argument', `to: ${message}`, { field: 'to', fields: { to: message } });
  }
  return query;
}

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;

  app.get(editorialApi.audit, async (request, reply) => {
    authorize(request.principal, 'read', audit);
    const query = auditQuery(request);
    if (wantsCsv(request)) {
      reply
        .header('content-type', `${auditCsvType}; charset=utf-8; header=present`)
        .header('content-disposition', `attachment; filename="${auditCsvFileName(new Date())}"`)
        .header('cache-control', 'private, no-store')
        .header('vary', 'Accept');
      // Fastify answers HEAD through this handler: no need to read the log for it.
      if (request.method === 'HEAD') return reply.send('');
      const { limit: _limit, offset: _offset, ...filters } = query;
      return reply.send(Readable.from(auditCsv(eachAuditLine(db.kysely, filters))));
    }
    const { rows, total } = await listAudit(db.kysely, query);
    const answer: AuditAnswer = { entries: rows.map(toAuditEntry), total };
    return reply.header('cache-control', 'no-store').header('vary', 'Accept').send(answer);
  });
}
