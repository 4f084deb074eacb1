import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiPaths } from '../../shared/api-paths.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(apiPaths.health, async (_request, reply) => {
    // A trivial query proves the database answers, not just the process.
    await sql`select 1`.execute(app.services.db.kysely);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
}
