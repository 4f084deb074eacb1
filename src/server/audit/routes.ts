/**
 * The audit log over HTTP (super-admins only): `GET /api/audit` answers a page
 * of lines with the total as JSON, or, with `Accept: text/csv`, every line
 * matching the same filters as a CSV file, read from the database a page at a
 * time. There is no route that changes a line: the server appends them where
 * changes happen, and only the command line prunes old ones.
 */
import { apiPaths } from '../../shared/api-paths.js';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditCsvFileName, auditCsvType } from '../../shared/audit.js';
import { AuditService } from './service.js';

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

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuditService(app.services);

  app.get(apiPaths.audit, async (request, reply) => {
    if (wantsCsv(request)) {
      const text = service.csv(request.principal, request.query);
      reply
        .header('content-type', `${auditCsvType}; charset=utf-8; header=present`)
        .header('content-disposition', `attachment; filename="${auditCsvFileName(new Date())}"`)
        .header('cache-control', 'private, no-store')
        .header('vary', 'Accept');
      // Fastify answers HEAD through this handler: no need to read the log for it.
      if (request.method === 'HEAD') return reply.send('');
      return reply.send(Readable.from(text));
    }
    const answer = await service.list(request.principal, request.query);
    return reply.header('cache-control', 'no-store').header('vary', 'Accept').send(answer);
  });
}
