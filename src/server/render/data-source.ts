/** The public loaders' data on the server: the content service in-process, never HTTP to ourselves. */
import type { FastifyInstance } from 'fastify';
import type { PublicDataSource } from '../../web/entry-server.js';

export function serverDataSource(app: FastifyInstance): PublicDataSource {
  return {
    page: async (name, lang) => (await app.content.pageBundle(name, lang)).bundle,
    pageAt: async (path) => (await app.content.pageBundleAt(path))?.bundle ?? null,
    detail: (collection, id, lang) => app.content.detailBundle(collection, id, lang),
    publicUrl: () => app.services.config.publicUrl,
  };
}
