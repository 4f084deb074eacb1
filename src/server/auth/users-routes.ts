import type { FastifyInstance } from 'fastify';

// Not built yet.
export async function usersRoutes(_app: FastifyInstance): Promise<void> {}
