/**
 * The answer to a form editors built (src/shared/forms.ts; docs/architecture.md, "Forms"):
 *
 * - `POST /forms/:id` takes the form as application/x-www-form-urlencoded.
 *   Without JavaScript the answer is a page: a refusal (422; 429 for a rate
 *   limit) shows the form again with what the visitor typed and each problem
 *   beside its question; a stored answer leads (303) to the thanks. With
 *   `accept: application/json` (the form's island) it is `{ result: 'sent' }`
 *   or the error body, each message in the page's language.
 * - `GET /forms/:id` shows the thanks (`?sent`) or leads to the page with the form.
 * - `GET /api/forms/challenge?form=<id>`: a proof-of-work challenge (ALTCHA)
 *   and a fresh signed start time, for the island.
 *
 * Nothing of an answer reaches a log, an address or an error message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { apiPaths } from '../../shared/api-paths.js';
import { recordIdPattern } from '../../shared/fields.js';
import { formAnchor, formHiddenInputs, formPostPath, formPostPattern, formRateLimits } from '../../shared/forms.js';
import { wantsLightPages } from '../../shared/light-pages.js';
import { publicWordsFor } from '../../shared/public-words.js';
import type { PublicDocument } from '../../shared/collections.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import { requestHeader } from '../http/cached-representation.js';
import { sendError } from '../plugins/errors.js';
import type { FormState, FormTyped } from '../../web/entry-server.js';
import { checkFormStart, signFormStart } from './started.js';
import { ChallengeVerifier, newChallenge } from './altcha.js';
import { checkAnswer, storeAnswer, type FoundForm } from './answer.js';
import { formBodyLimit, keptTyping, one, parseForm } from './posted.js';
import { errorWithoutData } from '../personal-errors.js';

const paramsSchema = z.object({ id: z.string().max(100) });
const getQuerySchema = z.object({ sent: z.string().optional(), lang: z.string().max(20).optional() });
const challengeQuerySchema = z.object({ form: z.string().regex(recordIdPattern) });

export async function formsRoutes(app: FastifyInstance): Promise<void> {
  // Only in this scope: the rest of the API takes JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });
  // Answers per client address (every form together) and per form (every address together): one place, shared/forms.ts.
  // Counters, not hooks: `app.rateLimit` runs once per request (a second one on the same request is skipped), and
  // the form's own count must be taken only for an answer its address's allowance let through.
  const perAddress = app.createRateLimit({ ...formRateLimits.perAddress, keyGenerator: (request) => `form-address:${request.ip}` });
  const perForm = app.createRateLimit({ ...formRateLimits.perForm, keyGenerator: (request) => `form:${(request.params as { id?: string }).id ?? ''}` });
  const secret = app.services.config.authSecret;
  const challenges = new ChallengeVerifier(secret);

  /** The published form `id` as visitors see it in `lang` (else the default language), with its page's bundle; null when none. */
  async function findForm(id: string, lang: string | undefined): Promise<FoundForm | null> {
    if (!recordIdPattern.test(id)) return null;
    const block = await app.content.publishedBlock(id);
    if (!block) return null;
    const snapshot = await app.services.structure.current();
    const pageName = snapshot.collectionPage.get(block.collection);
    if (!pageName) return null;
    const { languages } = snapshot;
    const code = lang && languages.languages.some((l) => l.code === lang) ? lang : languages.defaultLanguage;
    // The page in the answer's language, else in the default one; a page that is not live shows no form.
    const bundleIn = (lang: string) => app.services.site.bundles.get(pageName, lang).then((e) => e.bundle, () => null);
    const bundle: PageBundle | null = (await bundleIn(code)) ?? (code === languages.defaultLanguage ? null : await bundleIn(languages.defaultLanguage));
    if (!bundle) return null;
    const section = bundle.layout.find((s) => s.collection === block.collection);
    const doc = bundle.sections[block.collection]?.find((d) => d.id === id);
    if (!section || section.kind !== 'form' || !doc) return null;
    return {
      id,
      original: block.data,
      doc,
      bundle,
      lang: bundle.language.code,
      defaultLanguage: bundle.language.defaultCode,
      pagePath: bundle.languages.find((l) => l.code === bundle.language.code && l.offered)?.href ?? bundle.page.path,
      words: publicWordsFor(bundle.language.code).words.form,
    };
  }

  const wantsJson = (request: FastifyRequest) => (requestHeader(request, 'accept') ?? '').includes('application/json');

  async function page(reply: FastifyReply, status: number, form: FoundForm, doc: PublicDocument, state: FormState): Promise<FastifyReply> {
    const light = wantsLightPages(requestHeader(reply.request, 'save-data'), requestHeader(reply.request, 'cookie'), app.services.config.publicUrl.startsWith('https:'));
    const rendered = await app.services.site.document(async (source) => {
      // Loaded when needed, as the render routes load it: the API alone needs no React.
      const { renderFormPage } = await import('../../web/entry-server.js');
      return renderFormPage(status, form.bundle, doc, signFormStart(secret, form.id), state, source, formPostPath(form.id));
    }, light);
    if (!rendered) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
    return reply.code(rendered.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(rendered.html);
  }

  /** A refusal: the page again with the typing kept (422, or 429), or the error body in the page's words. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, form: FoundForm, status: number, message: string, errors: Record<string, string>, typed: FormTyped): Promise<FastifyReply> {
    request.log.info({ code: status === 429 ? 'resource-exhausted' : 'invalid-argument', form: form.id }, 'form answer refused');
    if (wantsJson(request)) {
      const err = new AppError(status === 429 ? 'resource-exhausted' : 'invalid-argument', message, { status, ...(Object.keys(errors).length > 0 ? { fields: errors } : {}) });
      return reply.code(status).header('cache-control', 'no-store').send(err.toBody());
    }
    return page(reply, status, form, form.doc, { typed: keptTyping(typed), errors, status: { kind: 'failed', message } });
  }

  app.post(formPostPattern, async (request, reply) => {
    const { id } = paramsSchema.parse(request.params);
    const typed: FormTyped = request.body !== null && typeof request.body === 'object' ? (request.body as FormTyped) : {};
    const form = await findForm(id, one(typed[formHiddenInputs.lang]) || undefined);
    if (!form) throw new AppError('not-found', 'There is no form here any more.');
    const byAddress = await perAddress(request);
    const limited = !byAddress.isAllowed && byAddress.isExceeded ? byAddress : await perForm(request);
    if (!limited.isAllowed && limited.isExceeded) {
      reply.header('retry-after', String(Math.max(1, limited.ttlInSeconds)));
      return refuse(request, reply, form, 429, form.words.tooMany, {}, typed);
    }
    const checked = await checkAnswer(form, typed, {
      started: (token) => checkFormStart(secret, form.id, token),
      altcha: (payload) => challenges.verify(payload),
    });
    if (!checked.ok) return refuse(request, reply, form, 422, checked.message, checked.errors, typed);
    try {
      await storeAnswer(app, form, checked.answer);
    } catch (err) {
      request.log.error({ err: errorWithoutData(err), form: form.id }, 'storing a form answer failed');
      return refuse(request, reply, form, 500, form.words.failed, {}, typed);
    }
    if (wantsJson(request)) return reply.header('cache-control', 'no-store').send({ result: 'sent' });
    const lang = form.lang !== form.defaultLanguage ? `&lang=${encodeURIComponent(form.lang)}` : '';
    return reply.redirect(`${formPostPath(form.id)}?sent=1${lang}#${formAnchor(form.id)}`, 303);
  });

  app.get(formPostPattern, async (request, reply) => {
    const { id } = paramsSchema.parse(request.params);
    const query = getQuerySchema.parse(request.query ?? {});
    const form = await findForm(id, query.lang);
    if (!form) throw new AppError('not-found', 'There is no form here any more.');
    if (query.sent === undefined) return reply.redirect(`${form.pagePath}#${formAnchor(form.id)}`, 303);
    return page(reply, 200, form, form.doc, { typed: {}, errors: {}, status: { kind: 'sent' } });
  });

  app.get(apiPaths.forms.challenge, async (request, reply) => {
    const { form } = challengeQuerySchema.parse(request.query ?? {});
    reply.header('cache-control', 'no-store');
    return { challenge: await newChallenge(secret), started: signFormStart(secret, form) };
  });
}
