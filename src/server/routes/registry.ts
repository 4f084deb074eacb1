import type { FastifyInstance } from 'fastify';
import { registryJson } from '../../shared/collections.js';
import { abilities, type Subject } from '../../shared/access.js';

export async function registryRoutes(app: FastifyInstance): Promise<void> {
  const registry = registryJson();
  app.get('/api/collections', async (request) => {
    // Each collection carries what this caller may do with it, so the staff app hides what it cannot use.
    const can = (subject: Subject) => abilities(request.principal, subject);
    return {
      ...registry,
      collections: registry.collections.map((c) => ({ ...c, can: can({ type: 'collection', name: c.name }) })),
      can: { users: can({ type: 'users' }), settings: can({ type: 'settings' }), media: can({ type: 'media' }) },
    };
  });
}
