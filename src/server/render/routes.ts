import type { FastifyInstance } from 'fastify';

// Not built yet.
export async function renderRoutes(_app: FastifyInstance): Promise<void> {}
