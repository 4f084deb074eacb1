/**
 * The site settings API (`GET` and `PUT /api/settings`) over HTTP; the
 * service (`app.services.settings`) is built with the others in app.ts.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dynamicCompression } from '../http/compression.js';
import { ifMatchVersion } from '../http/if-match.js';
import { apiPaths } from '../../shared/api-paths.js';
import { callerOf } from '../http/caller.js';

export const settingsRoutes = fp(
  async (app: FastifyInstance) => {
    const { settings } = app.services;

    // Built per caller: compressed when large.
    await app.register(async (api) => {
      await api.register(compress, dynamicCompression);

      api.get(apiPaths.settings, async (request, reply) => {
        const current = await settings.read(request.principal);
        reply.header('etag', `"${current.version}"`).header('cache-control', 'no-cache');
        return current;
      });

      api.put(apiPaths.settings, async (request, reply) => {
        const saved = await settings.save(callerOf(request), ifMatchVersion(request), request.body);
        reply.header('etag', `"${saved.version}"`).header('cache-control', 'no-store');
        return saved;
      });
    });
  },
  { name: 'settings', dependencies: ['principal'] },
);
