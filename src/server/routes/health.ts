import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiPaths } from '../../shared/api-paths.js';
import { sharedStateDigest } from '../config.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Instances behind one proxy answer the same value when they share the database, Redis and media (the doctor compares).
  const shared = sharedStateDigest(app.services.config);
  app.get(apiPaths.health, async (_request, reply) => {
    // A trivial query proves the database answers, not just the process.
    await sql`select 1`.execute(app.services.db.kysely);
    return reply.header('cache-control', 'no-store').send({ status: 'ok', shared });
  });
}
