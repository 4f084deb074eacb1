import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';

// Not built yet: creates the first super-admin from BOOTSTRAP_SUPER_* when no user exists.
export async function ensureBootstrapSuper(_services: Services, _log: FastifyBaseLogger): Promise<void> {}
