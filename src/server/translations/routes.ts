/**
 * The translation API: `?lang=<code>` on the staff reads and writes of
 * blocks, pages and the navigation (the routes of those ask `inLanguage`
 * first, so one place decides what a language means), marking a translation
 * still correct, the Translations report and a page's translatable parts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { apiPaths } from '../../shared/api-paths.js';
import { AppError } from '../../shared/errors.js';
import { ifMatchVersion } from '../http/if-match.js';
import { inLanguage } from '../http/in-language.js';
import { callerOf } from '../http/caller.js';

const documentParams = z.object({ name: z.string().min(1).max(100), id: z.string().min(1).max(100) });
const pageParams = z.object({ id: z.string().min(1).max(100) });

export const translationRoutes = fp(
  async (app: FastifyInstance) => {
    app.get(apiPaths.translations.report, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.translations.report(request.principal, request.query);
    });

    app.get(apiPaths.translations.page, async (request, reply) => {
      const { id } = pageParams.parse(request.params);
      reply.header('cache-control', 'no-store');
      return app.services.translations.pageParts(request.principal, id, request.query);
    });

    // The site settings' words in a language (super-admins): on the site as soon as they are saved.
    const settingsLanguage = async (request: FastifyRequest) => {
      const lang = await app.services.translations.requested(request.query);
      if (!lang) throw new AppError('invalid-argument', 'lang: name a language other than the default one, such as ?lang=sw.', { field: 'lang', fields: { lang: 'Required' } });
      return lang;
    };
    app.get(apiPaths.translations.settings, async (request, reply) => {
      const lang = await settingsLanguage(request);
      const answer = await app.services.translations.readSettings(request.principal, lang);
      return reply.header('etag', `"${answer.version}"`).header('cache-control', 'no-store').header('content-language', lang.code).send(answer);
    });
    app.put(apiPaths.translations.settings, async (request, reply) => {
      const lang = await settingsLanguage(request);
      const answer = await app.services.translations.saveSettings(callerOf(request), lang, ifMatchVersion(request), request.body);
      return reply.header('etag', `"${answer.version}"`).header('cache-control', 'no-store').header('content-language', lang.code).send(answer);
    });

    app.post(apiPaths.translations.confirm, async (request, reply) => {
      const { name, id } = documentParams.parse(request.params);
      const answer = await inLanguage(app, request, reply, name, id, 'confirm');
      if (!answer) throw new AppError('invalid-argument', 'lang: name the language whose translation is still correct, such as ?lang=sw.', { field: 'lang', fields: { lang: 'Required' } });
      return answer;
    });
  },
  { name: 'translations', dependencies: ['content'] },
);
