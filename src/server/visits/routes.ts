/** The visit counts for staff (shared/visits.ts): HTTP only, the rules are the service's. */
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';

export async function visitsRoutes(app: FastifyInstance): Promise<void> {
  const { visits } = app.services;

  app.get(apiPaths.visits.report, async (request, reply) => reply.header('cache-control', 'no-store').send(await visits.report(request.principal, request.query)));

  app.get(apiPaths.visits.recent, async (request, reply) => reply.header('cache-control', 'no-store').send(await visits.recent(request.principal)));

  app.get(apiPaths.visits.csv, async (request, reply) => {
    const { text, fileName } = await visits.csv(request.principal, request.query);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('text/csv; charset=utf-8; header=present')
      .send(text);
  });
}
