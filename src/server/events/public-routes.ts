/**
 * Registration for events as visitors use it, without JavaScript (pages, not
 * the API; docs/architecture.md, "Events"):
 *
 * - `POST /events/:id/register` takes the form (application/x-www-form-urlencoded).
 *   A refusal (422; 429 for a rate limit) shows the event's page again with
 *   the typing kept and each problem beside its question; a registration
 *   taken leads (303) to `GET /events/:id/register?registered=<outcome>`,
 *   the event's page with the outcome in place of the form, in the page's
 *   language. The checks are the forms' (honeypot, signed start time, the
 *   proof of work when one is sent, rate limits per address and per event).
 * - `GET /registrations/cancel/:token` asks; `POST` from its button cancels.
 *
 * Nothing of a registration reaches a log, an address or an error message;
 * the cancel link's path is redacted in the request log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import {
  eventRegisterPath,
  eventRegisterPattern,
  eventRegistrationRateLimits,
  registrationAnchor,
  registrationCancelPattern,
  registrationCancelPrefix,
  registrationOutcomeParam,
  registrationOutcomes,
  registrationQuestions,
  type EventRegistrationView,
  type RegistrationOutcome,
} from '../../shared/events.js';
import { checkFormAnswer, extraQuestionsSchema, formHiddenInputs, formInputName, personOf, type FormField } from '../../shared/forms.js';
import { wantsLightPages } from '../../shared/light-pages.js';
import { publicWordsFor } from '../../shared/public-words.js';
import { requestHeader } from '../http/cached-representation.js';
import { sendError } from '../plugins/errors.js';
import type { FormTyped, PublicDataSource, RegistrationCancelView, RenderedPage } from '../../web/entry-server.js';
import { ChallengeVerifier } from '../forms/altcha.js';
import { formBodyLimit, keptTyping, one, parseForm } from '../forms/posted.js';
import { checkFormStart } from '../forms/started.js';
import type { EventBlock } from './service.js';
import { errorWithoutData } from '../personal-errors.js';

const paramsSchema = z.object({ id: z.string().max(100) });
const outcomeQuerySchema = z.object({ [registrationOutcomeParam]: z.enum(registrationOutcomes).optional(), lang: z.string().max(20).optional() });
const tokenParamsSchema = z.object({ token: z.string().max(200) });

type Answer = NonNullable<EventRegistrationView['answer']>;

export async function eventsPublicRoutes(app: FastifyInstance): Promise<void> {
  // Only in this scope: the rest of the site takes JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });
  // Counters, not hooks (forms/routes.ts says why); the address's allowance is the forms' own, shared with them.
  const perAddress = app.createRateLimit({ ...eventRegistrationRateLimits.perAddress, keyGenerator: (request) => `form-address:${request.ip}` });
  const perEvent = app.createRateLimit({ ...eventRegistrationRateLimits.perEvent, keyGenerator: (request) => `event:${(request.params as { id?: string }).id ?? ''}` });
  const events = app.services.events;
  const secret = app.services.config.authSecret;
  const challenges = new ChallengeVerifier(secret);

  /** A page rendered inside the public template, never cached. */
  async function send(reply: FastifyReply, renderBody: (source: PublicDataSource) => Promise<RenderedPage>): Promise<FastifyReply> {
    const light = wantsLightPages(requestHeader(reply.request, 'save-data'), requestHeader(reply.request, 'cookie'), app.services.config.publicUrl.startsWith('https:'));
    const rendered = await app.services.site.document(renderBody, light);
    if (!rendered) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
    return reply.code(rendered.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(rendered.html);
  }

  /** The event's page with the answer to a registration in place of its form. */
  function eventPage(reply: FastifyReply, status: number, event: EventBlock, answer: Answer): Promise<FastifyReply> {
    return send(reply, async (source) => {
      // Loaded when needed, as the render routes load it: the API alone needs no React.
      const { renderEventPage } = await import('../../web/entry-server.js');
      return renderEventPage(status, `${app.services.config.publicUrl}${event.path}`, source, answer);
    });
  }

  app.post(eventRegisterPattern, async (request, reply) => {
    const { id } = paramsSchema.parse(request.params);
    const typed: FormTyped = request.body !== null && typeof request.body === 'object' ? (request.body as FormTyped) : {};
    const { event, settings } = await events.eventWithSettings(id, one(typed[formHiddenInputs.lang]) || undefined);
    const words = publicWordsFor(event.lang).words;
    const startedToken = one(typed[formHiddenInputs.started]);
    const started = checkFormStart(secret, id, startedToken);
    const refuse = (status: number, message: string, errors: Record<string, string> = {}) => {
      request.log.info({ code: status === 429 ? 'resource-exhausted' : 'invalid-argument', event: id }, 'registration refused');
      return eventPage(reply, status, event, { typed: keptTyping(typed), errors, message, ...(started === 'ok' ? { started: startedToken } : {}) });
    };
    const byAddress = await perAddress(request);
    const limited = !byAddress.isAllowed && byAddress.isExceeded ? byAddress : await perEvent(request);
    if (!limited.isAllowed && limited.isExceeded) {
      reply.header('retry-after', String(Math.max(1, limited.ttlInSeconds)));
      return refuse(429, words.form.tooMany);
    }
    // The questions as the page showed them (labels in its language): what a person can correct first.
    const shown = registrationQuestions({ questions: registrationQuestionsShown(event, settings.questions) }, { name: words.registration.name, email: words.registration.email });
    const { values, problems } = checkFormAnswer(shown, typed);
    const errors: Record<string, string> = {};
    for (const f of shown) if (problems[f.id]) errors[formInputName(f.id)] = words.form.problems[problems[f.id]!];
    if (Object.keys(errors).length > 0) return refuse(422, words.form.correctFields, errors);
    if (one(typed[formHiddenInputs.honeypot]).trim() !== '') return refuse(422, words.form.check);
    if (started !== 'ok') return refuse(422, started === 'too-fast' ? words.form.tooFast : started === 'expired' ? words.form.expired : words.form.check);
    const altcha = one(typed[formHiddenInputs.altcha]);
    if (altcha && !(await challenges.verify(altcha))) return refuse(422, words.form.check);
    const { email, name } = personOf(shown, values);
    const { name: _name, email: _email, ...answers } = values;
    let outcome: RegistrationOutcome;
    try {
      ({ outcome } = await events.register({ eventId: id, lang: event.lang, email, name, values: answers, loaded: { event, settings } }));
    } catch (err) {
      request.log.error({ err: errorWithoutData(err), event: id }, 'taking a registration failed');
      return refuse(500, words.form.failed);
    }
    // The event's page shows the new places before the visitor is sent on (as an API write waits: http/after-writes.ts).
    await app.afterWrites.caughtUp();
    const lang = event.lang !== (await app.services.structure.current()).languages.defaultLanguage ? `&lang=${encodeURIComponent(event.lang)}` : '';
    return reply.redirect(`${eventRegisterPath(id)}?${registrationOutcomeParam}=${outcome}${lang}#${registrationAnchor(id)}`, 303);
  });

  app.get(eventRegisterPattern, async (request, reply) => {
    const { id } = paramsSchema.parse(request.params);
    const query = outcomeQuerySchema.parse(request.query ?? {});
    const { event } = await events.eventWithSettings(id, query.lang);
    const outcome = query[registrationOutcomeParam];
    if (!outcome) return reply.redirect(`${event.path}#${registrationAnchor(id)}`, 303);
    return eventPage(reply, 200, event, { outcome });
  });

  /** The cancel page in the person's language; the canonical address never carries the token. */
  function cancelPage(reply: FastifyReply, status: number, view: RegistrationCancelView, lang: string | undefined): Promise<FastifyReply> {
    return send(reply, async (source) => {
      const { renderRegistrationCancelPage } = await import('../../web/entry-server.js');
      return renderRegistrationCancelPage(status, view, source, registrationCancelPrefix, lang);
    });
  }

  app.get(registrationCancelPattern, async (request: FastifyRequest, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const link = await events.cancelLink(token);
    if (!link) return cancelPage(reply, 404, { kind: 'invalid' }, undefined);
    return cancelPage(reply, 200, { kind: 'ask', title: link.title, action: request.url.split('?')[0] ?? '' }, link.lang);
  });

  app.post(registrationCancelPattern, async (request, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const link = await events.cancelByLink(token);
    if (!link?.cancelled) return cancelPage(reply, 404, { kind: 'invalid' }, link?.lang);
    await app.afterWrites.caughtUp();
    return cancelPage(reply, 200, { kind: 'done', title: link.title }, link.lang);
  });
}

/** The extra questions as the event's page shows them in its language (the stored ones when the page's are unreadable). */
function registrationQuestionsShown(event: EventBlock, stored: FormField[]): FormField[] {
  const parsed = extraQuestionsSchema.safeParse(event.shown.registrationQuestions ?? []);
  return parsed.success ? parsed.data : stored;
}
