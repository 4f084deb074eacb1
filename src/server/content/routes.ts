/**
 * The content API (docs/architecture.md, "Content API"): documents of every
 * registry collection (the site settings have their own routes,
 * settings/routes.ts; the public pages' bundles are the public site's,
 * site/routes.ts). The domain (`app.content`) and its scheduler are built
 * with the other services in app.ts; this plugin only translates HTTP.
 */
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { callerOf } from '../http/caller.js';
import type { Caller } from '../authorize.js';
import { revalidateEveryTime } from '../http/cached-representation.js';
import { dynamicCompression } from '../http/compression.js';
import { ifMatchVersion } from '../http/if-match.js';
import type { ContentDocument } from '../../shared/collections.js';
import { apiPaths } from '../../shared/api-paths.js';
import { inLanguage, withoutLang, type TranslationStep } from '../http/in-language.js';

const collectionParams = z.object({ name: z.string().min(1).max(100) });
const documentParams = z.object({ name: z.string().min(1).max(100), id: z.string().min(1).max(100) });
const revisionParams = documentParams.extend({ rev: z.string().min(1).max(100) });
const trashParams = z.object({ id: z.string().min(1).max(100) });

/** Answers differ between visitors and staff, so shared caches must key on the token. */
function privateOrPublic(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('vary', 'Authorization');
  reply.header('cache-control', request.principal ? 'private, no-store' : revalidateEveryTime);
}

export const contentRoutes = fp(
  async (app: FastifyInstance) => {
    const { content } = app;

    // Documents are built per caller: compressed when large.
    await app.register(async (api) => {
      await api.register(compress, dynamicCompression);

      api.get(apiPaths.collections.documents, async (request, reply) => {
        const { name } = collectionParams.parse(request.params);
        const lang = await app.services.translations.requested(request.query);
        const result = await content.list(request.principal, name, withoutLang(request.query), lang?.code);
        privateOrPublic(request, reply);
        return result;
      });

      api.get(apiPaths.collections.document, async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        const translated = await inLanguage(app, request, reply, name, id, 'read');
        if (translated) return translated;
        const { document, version } = await content.read(request.principal, name, id);
        privateOrPublic(request, reply);
        reply.header('etag', `"${version}"`);
        return document;
      });

      api.post(apiPaths.collections.documents, async (request, reply) => {
        const { name } = collectionParams.parse(request.params);
        const document = await content.create(callerOf(request), name, request.body, request.query);
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return reply.code(201).send(document);
      });

      api.patch(apiPaths.collections.document, async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        const translated = await inLanguage(app, request, reply, name, id, 'save');
        if (translated) return translated;
        const document = await content.update(callerOf(request), name, id, ifMatchVersion(request), request.body, withoutLang(request.query));
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return document;
      });

      api.delete(apiPaths.collections.document, async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        await content.remove(callerOf(request), name, id, ifMatchVersion(request));
        return reply.code(204).send();
      });

      // Editorial steps (shared/editorial.ts): each answers the block as it now is, with its new version.
      const steps: [path: string, run: (c: Caller, name: string, id: string, request: FastifyRequest) => Promise<ContentDocument>, inOtherLanguage: TranslationStep][] = [
        [apiPaths.collections.publish, (c, name, id, request) => content.editorial.publish(c, name, id, ifMatchVersion(request), request.body), 'publish'],
        [apiPaths.collections.unpublish, (c, name, id, request) => content.editorial.unpublish(c, name, id, ifMatchVersion(request), request.body), 'unpublish'],
        [apiPaths.collections.discard, (c, name, id, request) => content.editorial.discard(c, name, id, ifMatchVersion(request)), 'discard'],
      ];
      for (const [path, run, inOtherLanguage] of steps) {
        api.post(path, async (request, reply) => {
          const { name, id } = documentParams.parse(request.params);
          // `?lang=sw`: that language's translation only; no other language waits or moves.
          const translated = await inLanguage(app, request, reply, name, id, inOtherLanguage);
          if (translated) return translated;
          const document = await run(callerOf(request), name, id, request);
          reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
          return document;
        });
      }

      api.delete(apiPaths.collections.schedule, async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        const document = await content.editorial.cancelSchedule(callerOf(request), name, id, ifMatchVersion(request));
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return document;
      });

      api.get(apiPaths.collections.revisions, async (request, reply) => {
        const { name, id } = documentParams.parse(request.params);
        // `?lang=sw`: that translation's history.
        const translated = await inLanguage(app, request, reply, name, id, 'history');
        if (translated) return translated;
        reply.header('cache-control', 'no-store');
        return content.editorial.revisions(callerOf(request), name, id);
      });

      api.get(apiPaths.collections.revision, async (request, reply) => {
        const { name, id, rev } = revisionParams.parse(request.params);
        reply.header('cache-control', 'no-store');
        return content.editorial.revision(callerOf(request), name, id, rev);
      });

      api.post(apiPaths.collections.restoreRevision, async (request, reply) => {
        const { name, id, rev } = revisionParams.parse(request.params);
        const document = await content.editorial.restoreRevision(callerOf(request), name, id, rev, ifMatchVersion(request));
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return document;
      });

      api.get(apiPaths.trash.list, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return content.editorial.listTrash(callerOf(request));
      });

      api.delete(apiPaths.trash.list, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return content.editorial.emptyTrash(callerOf(request));
      });

      api.post(apiPaths.trash.restore, async (request, reply) => {
        const { id } = trashParams.parse(request.params);
        const document = await content.editorial.restoreFromTrash(callerOf(request), id);
        reply.header('etag', `"${document.version}"`).header('cache-control', 'no-store');
        return document;
      });

      api.post(apiPaths.collections.reorder, async (request, reply) => {
        const { name } = collectionParams.parse(request.params);
        const result = await content.reorder(callerOf(request), name, request.body);
        reply.header('cache-control', 'no-store');
        return result;
      });
    });
  },
  { name: 'content', dependencies: ['principal'] },
);
