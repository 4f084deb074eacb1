/**
 * GET /api/deploy/client-address: the address the site believes a request
 * came from, so the doctor can check TRUST_PROXY through the proxy. Anybody
 * may ask; it tells a visitor only their own address.
 */
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';

export async function deployRoutes(app: FastifyInstance): Promise<void> {
  app.get(apiPaths.clientAddress, async (request, reply) => reply.header('cache-control', 'no-store').send({ ip: request.ip }));
}
