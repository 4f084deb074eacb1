/**
 * The `?lang=` of the content and structure routes: a request that names
 * another language is answered with the block's translation (the
 * translations service, `app.services.translations`), read or written by the
 * step the route stands for; the default language falls through to the route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TranslationHistory, TranslationReading } from '../../shared/translations.js';
import { ifMatchVersion } from './if-match.js';
import { callerOf } from './caller.js';

export type TranslationStep = 'read' | 'save' | 'publish' | 'unpublish' | 'discard' | 'confirm' | 'history';

/** The query without `lang` (the routes' own query schemas are strict). */
export function withoutLang(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const { lang: _lang, ...rest } = query as Record<string, unknown>;
  return rest;
}

/**
 * Answers the request in another language when its `?lang=` names one:
 * the translation of block `id` of `collection`, read or written by `step`.
 * Returns null for the default language (the route then does its own work).
 */
export async function inLanguage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, collection: string, id: string, step: TranslationStep): Promise<TranslationReading | TranslationHistory | null> {
  const t = app.services.translations;
  const lang = await t.requested(request.query);
  if (!lang) return null;
  if (step === 'history') {
    reply.header('cache-control', 'no-store').header('content-language', lang.code);
    return t.history(request.principal, collection, id, lang);
  }
  const caller = callerOf(request);
  const answer =
    step === 'read'
      ? await t.read(request.principal, collection, id, lang)
      : step === 'save'
        ? await t.save(caller, collection, id, lang, ifMatchVersion(request), request.body)
        : step === 'publish'
          ? await t.publish(caller, collection, id, lang, ifMatchVersion(request))
          : step === 'unpublish'
            ? await t.unpublish(caller, collection, id, lang, ifMatchVersion(request))
            : step === 'discard'
              ? await t.discard(caller, collection, id, lang, ifMatchVersion(request))
              : await t.confirm(caller, collection, id, lang, ifMatchVersion(request));
  reply.header('etag', `"${answer.version}"`).header('cache-control', 'no-store').header('content-language', lang.code);
  return answer;
}
