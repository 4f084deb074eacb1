import type { FastifyInstance } from 'fastify';

// Not built yet.
export async function mediaRoutes(_app: FastifyInstance): Promise<void> {}
