/** `GET /api/site-check` (staff): every authoring finding on the published site and the settings. */
import { apiPaths } from '../../shared/api-paths.js';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../authorize.js';
import { siteCheck } from './service.js';

export async function siteCheckRoutes(app: FastifyInstance): Promise<void> {
  app.get(apiPaths.siteCheck, async (request, reply) => {
    authorize(request.principal, 'read', { type: 'site-check' });
    reply.header('cache-control', 'private, no-store');
    return siteCheck(app.services.db.kysely, app.services.structure);
  });
}
