/**
 * The content API (design.md section 6): documents of every registry
 * collection, the page bundles of the public site, and the site settings.
 * Decorates `app.content` so server rendering and callable functions use the
 * same code in-process.
 */
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ContentService } from './service.js';
import { revalidateEveryTime, sendRepresentation } from '../http/cached-representation.js';
import { dynamicCompression } from '../http/compression.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content domain, for in-process readers (server rendering, functions). */
    content: ContentService;
  }
}

const collectionParams = z.object({ name: z.string().min(1).max(100) });
const documentParams = z.object({ name: z.string().min(1).max(100), id: z.string().min(1).max(100) });
const pageParams = z.object({ page: z.string().min(1).max(100) });

/** Answers differ between visitors and staff, so shared caches must key on the token. */
function privateOrPublic(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('vary', 'Authorization');
  reply.header('cache-control', request.principal ? 'private, no-store' : revalidateEveryTime);
}

export const contentRoutes = fp(
  async (app: FastifyInstance) => {
    const content = new ContentService(app.services);
    app.decorate('content', content);
    app.addHook('onClose', async () => content.close());

    // The hot path of the public site: served from memory with its brotli and gzip bytes made once, revalidated by ETag;
    // outside the compression scope below.
    app.get('/api/pages/:page', async (request, reply) => {
      const { page } = pageParams.parse(request.params);
      return sendRepresentation(request, reply, await content.pageBundle(page), revalidateEveryTime);
    });

    // Documents and settings are built per caller: compressed when large.
    await app.register(async (api) => {
      await api.register(compress, dynamicCompression);

      api.get('/api/collections/:name/documents', async (request, reply) => {
        const { name } = collectionParams.parse(request.params);
        const result = await content.list(request.principal, name, request.query);
        privateOrPublic(request, reply);
        return result;
      });

      api.get('/api/collections/:name/documents/:id', async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        const { document, version } = await content.read(request.principal, name, id);
        privateOrPublic(request, reply);
        reply.header('etag', `"${version}"`);
        return document;
      });

      api.post('/api/collections/:name/documents', async (request, reply) => {
        const { name } = collectionParams.parse(request.params);
        const document = await content.create(request.principal, name, request.body);
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return reply.code(201).send(document);
      });

      api.patch('/api/collections/:name/documents/:id', async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        const document = await content.update(request.principal, name, id, request.headers['if-match'], request.body);
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return document;
      });

      api.delete('/api/collections/:name/documents/:id', async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        await content.remove(request.principal, name, id, request.headers['if-match']);
        return reply.code(204).send();
      });

      api.post('/api/collections/:name/reorder', async (request, reply) => {
        const { name } = collectionParams.parse(request.params);
        const result = await content.reorder(request.principal, name, request.body);
        reply.header('cache-control', 'no-store');
        return result;
      });

      api.get('/api/settings', async (request, reply) => {
        const settings = await content.readSettings(request.principal);
        reply.header('etag', `"${settings.version}"`).header('cache-control', 'no-cache');
        return settings;
      });

      api.put('/api/settings', async (request, reply) => {
        const settings = await content.saveSettings(request.principal, request.headers['if-match'], request.body);
        reply.header('etag', `"${settings.version}"`).header('cache-control', 'no-store');
        return settings;
      });
    });
  },
  { name: 'content', dependencies: ['principal'] },
);
