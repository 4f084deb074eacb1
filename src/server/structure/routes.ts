/**
 * The site's structure API (shared/site-structure.ts): pages as records with
 * the editorial steps every block has, their redirects and the missing paths
 * visitors asked for. Thin over the content domain: a page is a block of
 * `sitepage`, so drafts, publishing, history, trash and the audit log are
 * the blocks' own; what is particular to pages (addresses, sections,
 * deleting with redirects) is the page service's.
 */
import { apiPaths } from '../../shared/api-paths.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { pageSteps, sitePageCollection } from '../../shared/site-structure.js';
import { siteNavigationCollection, siteNavigationId } from '../../shared/site-navigation.js';
import { inLanguage } from '../http/in-language.js';
import { ifMatchVersion } from '../http/if-match.js';
import { callerOf } from '../http/caller.js';
import { PageService } from './page-service.js';
import { NavigationService } from './navigation-service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const structureRoutes = fp(
  async (app: FastifyInstance) => {
    const pages = new PageService(app.services, app.content);
    const navigation = new NavigationService(app.services, app.content);

    app.get(apiPaths.site.navigation, async (request, reply) => {
      const translated = await inLanguage(app, request, reply, siteNavigationCollection, siteNavigationId, 'read');
      if (translated) return translated;
      const answer = await navigation.read(request.principal);
      return reply.header('etag', `"${answer.version}"`).header('cache-control', 'no-store').send(answer);
    });

    app.put(apiPaths.site.navigation, async (request, reply) => {
      const translated = await inLanguage(app, request, reply, siteNavigationCollection, siteNavigationId, 'save');
      if (translated) return translated;
      const answer = await navigation.save(callerOf(request), ifMatchVersion(request), request.body);
      return reply.header('etag', `"${answer.version}"`).header('cache-control', 'no-store').send(answer);
    });

    app.post(apiPaths.site.navigationPublish, async (request, reply) => {
      const translated = await inLanguage(app, request, reply, siteNavigationCollection, siteNavigationId, 'publish');
      if (translated) return translated;
      const answer = await navigation.publish(callerOf(request), ifMatchVersion(request), request.body);
      return reply.header('etag', `"${answer.version}"`).header('cache-control', 'no-store').send(answer);
    });

    app.get(apiPaths.site.pages, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.list(request.principal);
    });

    app.post(apiPaths.site.pages, async (request, reply) => {
      const page = await pages.create(callerOf(request), request.body);
      return reply.code(201).header('etag', `"${page.version}"`).header('cache-control', 'no-store').send(page);
    });

    app.get(apiPaths.site.page, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const translated = await inLanguage(app, request, reply, sitePageCollection, id, 'read');
      if (translated) return translated;
      const page = await pages.read(request.principal, id);
      return reply.header('etag', `"${page.version}"`).header('cache-control', 'no-store').send(page);
    });

    app.get(apiPaths.site.pageChanges, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return pages.changes(request.principal, id);
    });

    app.patch(apiPaths.site.page, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const translated = await inLanguage(app, request, reply, sitePageCollection, id, 'save');
      if (translated) return translated;
      const page = await pages.update(callerOf(request), id, ifMatchVersion(request), request.body);
      return reply.header('etag', `"${page.version}"`).header('cache-control', 'no-store').send(page);
    });

    for (const step of pageSteps) {
      app.post(apiPaths.site.pageStep.replace(':step', step), async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const translated = await inLanguage(app, request, reply, sitePageCollection, id, step);
        if (translated) return translated;
        const page = await pages.step(callerOf(request), step, id, ifMatchVersion(request), request.body);
        return reply.header('etag', `"${page.version}"`).header('cache-control', 'no-store').send(page);
      });
    }

    app.get(apiPaths.site.pageLinks, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return pages.links(request.principal, id);
    });

    app.delete(apiPaths.site.page, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await pages.remove(callerOf(request), id, ifMatchVersion(request), request.body);
      return reply.code(204).send();
    });

    app.get(apiPaths.site.redirects, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.redirects(request.principal);
    });

    app.post(apiPaths.site.redirects, async (request, reply) => {
      const redirect = await pages.addRedirect(callerOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(redirect);
    });

    app.delete(apiPaths.site.redirect, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await pages.removeRedirect(callerOf(request), id);
      return reply.code(204).send();
    });

    app.get(apiPaths.site.notFound, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.notFound(request.principal);
    });
  },
  { name: 'structure', dependencies: ['content'] },
);
