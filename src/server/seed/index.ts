import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.js';

// Not built yet: seeds demo content into an empty database.
export async function seedIfEmpty(_services: Services, _log: FastifyBaseLogger): Promise<void> {}
