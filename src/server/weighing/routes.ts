/**
 * What each published page costs a visitor on a phone (weighing.ts), for the
 * Pages screen: staff who see drafts. Weighed in the background after each
 * change (a page, a picture, the settings' budget); each request answers at once.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { apiPaths } from '../../shared/api-paths.js';
import { sitePageCollection } from '../../shared/site-structure.js';
import { authorize } from '../authorize.js';
import { sendError } from '../plugins/errors.js';
import { PageWeigher } from './weighing.js';

export async function weighingRoutes(app: FastifyInstance): Promise<void> {
  const { config, site } = app.services;
  const weigher = site.assets ? new PageWeigher(app, { app, islandScripts: site.assets.islandScripts, known: new Map() }, config.pageWeightBrowser ?? null) : null;
  const forgetWeights = app.services.changes.subscribe(() => weigher?.changed());
  app.addHook('onClose', async () => {
    forgetWeights();
    await weigher?.close();
  });
  app.get(apiPaths.site.pageWeights, async (request, reply) => {
    authorize(request.principal, 'readDrafts', { type: 'collection', name: sitePageCollection });
    if (!weigher) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
    return reply.header('cache-control', 'no-store').send(await weigher.answer());
  });
}
