import type { FastifyInstance } from 'fastify';

// Not built yet.
export async function functionsRoutes(_app: FastifyInstance): Promise<void> {}
