/**
 * The newsletter as readers use it (pages, not the API; they work without
 * JavaScript and without signing in, and set no cookie):
 *
 * - `POST /newsletter/subscribe`: the footer's form. The forms' checks
 *   (rate limits per client address, shared with the forms, and per form;
 *   honeypot; signed start time; the proof of work when one is sent). A good
 *   post leads (303) to `GET /newsletter/subscribe?sent=1`, "check your
 *   mailbox", whatever the address (nobody learns who subscribed); a refusal
 *   shows the page with the problem (422, 429).
 * - `GET /newsletter/confirm/:token` asks; the `POST` of its button confirms.
 * - `GET /newsletter/unsubscribe/:token` asks; a `POST` unsubscribes at once,
 *   from the page's button or from a mail program (RFC 8058: the body
 *   `List-Unsubscribe=One-Click`), and the page offers to undo it.
 *
 * Every page is in the reader's language. Tokens never reach the log (the
 * request log redacts these paths), nor does an address.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { formHiddenInputs } from '../../shared/forms.js';
import { wantsLightPages } from '../../shared/light-pages.js';
import {
  newsletterConfirmPattern,
  newsletterEmailInput,
  newsletterArchivePath,
  newsletterFormId,
  newsletterIssuePath,
  newsletterIssuePattern,
  newsletterPreviewPattern,
  newsletterRateLimits,
  newsletterSubscribePath,
  newsletterUnsubscribeActionInput,
  newsletterUnsubscribePattern,
} from '../../shared/newsletter.js';
import { publicWordsFor } from '../../shared/public-words.js';
import { requestHeader } from '../http/cached-representation.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { sendError } from '../plugins/errors.js';
import type { FormTyped, NewsletterView, PublicDataSource, RenderedPage } from '../../web/entry-server.js';
import { ChallengeVerifier } from '../forms/altcha.js';
import { formBodyLimit, one, parseForm } from '../forms/posted.js';
import { checkFormStart } from '../forms/started.js';
import { errorWithoutData } from '../personal-errors.js';

const tokenParamsSchema = z.object({ token: z.string().max(300) });
const sentQuerySchema = z.object({ sent: z.literal('1').optional(), lang: z.string().max(20).optional() });
const emailSchema = z.email();

export async function newsletterPublicRoutes(app: FastifyInstance): Promise<void> {
  // Only in this scope: the rest of the site takes JSON. A mail program's one-click POST may come as multipart: its body is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => done(null, parseForm(String(body))));
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, _body, done) => done(null, {}));
  const perAddress = app.createRateLimit({ ...newsletterRateLimits.perAddress, keyGenerator: (request) => `form-address:${request.ip}` });
  const perForm = app.createRateLimit({ ...newsletterRateLimits.perForm, keyGenerator: () => `form:${newsletterFormId}` });
  const newsletter = app.services.newsletter;
  const secret = app.services.config.authSecret;
  const challenges = new ChallengeVerifier(secret);

  async function page(reply: FastifyReply, status: number, view: NewsletterView, path: string, lang: string | undefined): Promise<FastifyReply> {
    const light = wantsLightPages(requestHeader(reply.request, 'save-data'), requestHeader(reply.request, 'cookie'), app.services.config.publicUrl.startsWith('https:'));
    const rendered = await app.services.site.document(async (source: PublicDataSource): Promise<RenderedPage> => {
      const { renderNewsletterPage } = await import('../../web/entry-server.js');
      return renderNewsletterPage(status, view, source, path, lang);
    }, light);
    if (!rendered) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
    return reply.code(rendered.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(rendered.html);
  }

  /** The page's language when the site speaks it, else the default one. */
  async function languageOf(lang: string | undefined): Promise<string> {
    const { languages } = await app.services.structure.current();
    return lang && languages.languages.some((l) => l.code === lang) ? lang : languages.defaultLanguage;
  }

  app.post(newsletterSubscribePath, async (request, reply) => {
    const typed: FormTyped = request.body !== null && typeof request.body === 'object' ? (request.body as FormTyped) : {};
    const lang = await languageOf(one(typed[formHiddenInputs.lang]) || undefined);
    const words = publicWordsFor(lang).words;
    const refuse = (status: number, message: string) => {
      request.log.info({ code: status === 429 ? 'resource-exhausted' : 'invalid-argument' }, 'newsletter subscription refused');
      return page(reply, status, { kind: 'problem', message }, newsletterSubscribePath, lang);
    };
    const byAddress = await perAddress(request);
    const limited = !byAddress.isAllowed && byAddress.isExceeded ? byAddress : await perForm(request);
    if (!limited.isAllowed && limited.isExceeded) {
      reply.header('retry-after', String(Math.max(1, limited.ttlInSeconds)));
      return refuse(429, words.form.tooMany);
    }
    const email = one(typed[newsletterEmailInput]).trim();
    if (!emailSchema.safeParse(email).success || email.length > 254) return refuse(422, words.form.problems.email);
    if (one(typed[formHiddenInputs.honeypot]).trim() !== '') return refuse(422, words.form.check);
    const started = checkFormStart(secret, newsletterFormId, one(typed[formHiddenInputs.started]));
    if (started !== 'ok') return refuse(422, started === 'too-fast' ? words.form.tooFast : started === 'expired' ? words.form.expired : words.form.check);
    const altcha = one(typed[formHiddenInputs.altcha]);
    if (altcha && !(await challenges.verify(altcha))) return refuse(422, words.form.check);
    try {
      await newsletter.subscribe({ email, lang, source: 'footer', consentText: words.newsletter.consent });
    } catch (err) {
      request.log.error({ err: errorWithoutData(err) }, 'taking a newsletter subscription failed');
      return refuse(500, words.form.failed);
    }
    const defaultLanguage = (await app.services.structure.current()).languages.defaultLanguage;
    return reply.redirect(`${newsletterSubscribePath}?sent=1${lang !== defaultLanguage ? `&lang=${encodeURIComponent(lang)}` : ''}`, 303);
  });

  app.get(newsletterSubscribePath, async (request, reply) => {
    const query = sentQuerySchema.parse(request.query ?? {});
    const lang = await languageOf(query.lang);
    if (!query.sent) return reply.redirect('/', 303);
    return page(reply, 200, { kind: 'sent' }, newsletterSubscribePath, lang);
  });

  const pathOf = (url: string) => url.split('?')[0] ?? '';

  // Sent issues the editor chose to show: pages of the site, in the issue's language.
  const langQuerySchema = z.object({ lang: z.string().max(20).optional() });
  app.get(newsletterArchivePath, async (request, reply) => {
    const lang = await languageOf(langQuerySchema.parse(request.query ?? {}).lang);
    const issues = (await newsletter.archive(lang)).map((i) => ({ href: newsletterIssuePath(i.id), subject: i.subject, sentAt: i.sentAt }));
    return page(reply, 200, { kind: 'archive', issues }, newsletterArchivePath, lang);
  });
  const issueParamsSchema = z.object({ id: z.string().max(100) });
  app.get(newsletterIssuePattern, async (request, reply) => {
    const { id } = issueParamsSchema.parse(request.params);
    const issue = await newsletter.archivedIssue(id);
    if (!issue) return page(reply, 404, { kind: 'archive', issues: [] }, newsletterArchivePath, undefined);
    return page(reply, 200, { kind: 'issue', subject: issue.subject, intro: issue.intro, sentAt: issue.sentAt, items: issue.items }, newsletterIssuePath(id), issue.lang);
  });

  // An issue as its mail, framed by the staff screen: the site's own pages may frame it; nothing in it runs.
  const framedCsp = contentSecurityPolicy(app.services.config.publicUrl.startsWith('https:'), true);
  app.get(newsletterPreviewPattern, async (request, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const html = await newsletter.previewByLink(token);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
    if (html === null) return reply.code(404).send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview link expired</title></head><body><p>This preview link does not work any more: open the issue again on the Newsletter screen.</p></body></html>');
    return reply.header('content-security-policy', framedCsp).send(html);
  });

  app.get(newsletterConfirmPattern, async (request, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const link = await newsletter.link('confirm', token);
    if (!link || link.state === 'unsubscribed') return page(reply, 404, { kind: 'invalid', purpose: 'confirm' }, '/newsletter/confirm', link?.lang);
    if (link.state === 'confirmed') return page(reply, 200, { kind: 'confirm-done' }, '/newsletter/confirm', link.lang);
    return page(reply, 200, { kind: 'confirm-ask', action: pathOf(request.url) }, '/newsletter/confirm', link.lang);
  });

  app.post(newsletterConfirmPattern, async (request, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const link = await newsletter.link('confirm', token);
    if (!link || !(await newsletter.confirm(link))) return page(reply, 404, { kind: 'invalid', purpose: 'confirm' }, '/newsletter/confirm', link?.lang);
    return page(reply, 200, { kind: 'confirm-done' }, '/newsletter/confirm', link.lang);
  });

  app.get(newsletterUnsubscribePattern, async (request, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const link = await newsletter.link('unsubscribe', token);
    if (!link) return page(reply, 404, { kind: 'invalid', purpose: 'unsubscribe' }, '/newsletter/unsubscribe', undefined);
    if (link.state === 'unsubscribed') return page(reply, 200, { kind: 'unsubscribe-done', action: pathOf(request.url) }, '/newsletter/unsubscribe', link.lang);
    return page(reply, 200, { kind: 'unsubscribe-ask', action: pathOf(request.url) }, '/newsletter/unsubscribe', link.lang);
  });

  app.post(newsletterUnsubscribePattern, async (request, reply) => {
    const { token } = tokenParamsSchema.parse(request.params);
    const link = await newsletter.link('unsubscribe', token);
    if (!link) return page(reply, 404, { kind: 'invalid', purpose: 'unsubscribe' }, '/newsletter/unsubscribe', undefined);
    const typed: FormTyped = request.body !== null && typeof request.body === 'object' ? (request.body as FormTyped) : {};
    if (one(typed[newsletterUnsubscribeActionInput]) === 'undo') {
      await newsletter.undoUnsubscribe(link);
      return page(reply, 200, { kind: 'undone' }, '/newsletter/unsubscribe', link.lang);
    }
    // Anything else is a one-click unsubscribe: the page's button, or a mail program's `List-Unsubscribe=One-Click`.
    await newsletter.unsubscribe(link);
    return page(reply, 200, { kind: 'unsubscribe-done', action: pathOf(request.url) }, '/newsletter/unsubscribe', link.lang);
  });
}
