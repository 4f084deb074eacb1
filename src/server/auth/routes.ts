import type { FastifyInstance } from 'fastify';

// Not built yet.
export async function authRoutes(_app: FastifyInstance): Promise<void> {}
