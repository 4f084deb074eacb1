import type { FastifyInstance } from 'fastify';

// Not built yet.
export async function contentRoutes(_app: FastifyInstance): Promise<void> {}
