import type { FastifyInstance } from 'fastify';
import { collectionJson, registryJson } from '../../shared/collections.js';
import { abilities, type Subject } from '../../shared/access.js';
import { apiPaths } from '../../shared/api-paths.js';

export async function registryRoutes(app: FastifyInstance): Promise<void> {
  const registry = registryJson();
  app.get(apiPaths.collections.registry, async (request) => {
    // Each collection carries what this caller may do with it, so the staff app hides what it cannot use.
    const can = (subject: Subject) => abilities(request.principal, subject);
    // Pages are data: the collections of the sections editors added come from the site structure.
    const snapshot = await app.services.structure.current();
    const sections = [...snapshot.sectionCollections.values()];
    // The pages are data too: the published ones, each with the collections of its sections in order.
    const pages = (await app.services.structure.livePages()).map((p) => ({ name: p.id, path: p.path, title: p.title, description: p.description, collections: p.sections.map((s) => s.collection) }));
    return {
      ...registry,
      pages,
      // Each collection with the page that shows it, as the structure says now (null: no page does).
      collections: [...registry.collections, ...sections.map(collectionJson)].map((c) => ({ ...c, page: snapshot.collectionPage.get(c.name) ?? null, can: can({ type: 'collection', name: c.name }) })),
      can: { users: can({ type: 'users' }), settings: can({ type: 'settings' }), media: can({ type: 'media' }) },
    };
  });
}
