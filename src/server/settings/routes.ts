/**
 * The site settings API (`GET` and `PUT /api/settings`). Decorates
 * `app.settings` so mail, functions and previews read the same settings
 * in-process.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dynamicCompression } from '../http/compression.js';
import { ifMatchVersion } from '../http/if-match.js';
import { SettingsService } from './service.js';
import { apiPaths } from '../../shared/api-paths.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings domain, for in-process readers (functions, previews). */
    settings: SettingsService;
  }
}

export const settingsRoutes = fp(
  async (app: FastifyInstance) => {
    // Saved settings are checked and cleaned as every block's data is.
    const settings = new SettingsService(app.services, (fields, schema, raw) => app.content.prepareData(fields, schema, raw));
    app.decorate('settings', settings);

    // Built per caller: compressed when large.
    await app.register(async (api) => {
      await api.register(compress, dynamicCompression);

      api.get(apiPaths.settings, async (request, reply) => {
        const current = await settings.read(request.principal);
        reply.header('etag', `"${current.version}"`).header('cache-control', 'no-cache');
        return current;
      });

      api.put(apiPaths.settings, async (request, reply) => {
        const saved = await settings.save({ principal: request.principal, ip: request.ip }, ifMatchVersion(request), request.body);
        reply.header('etag', `"${saved.version}"`).header('cache-control', 'no-store');
        return saved;
      });
    });
  },
  { name: 'settings', dependencies: ['principal', 'content'] },
);
