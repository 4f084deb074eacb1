/**
 * The contact form without JavaScript: `POST /contact` (contactFormPath)
 * takes the form as application/x-www-form-urlencoded, checks it with the
 * same schema as submitContact, stores a good message the same way, counts
 * against the same limit, and answers with a whole server-rendered page:
 *
 * - 200: the thanks, and an empty form;
 * - 400: the form again with what the visitor typed and each field's message;
 * - 429: the form again with what was typed, and when to try again;
 * - 500: the form again with what was typed, and that it could not be sent.
 *
 * Answering the post with the page itself (not a redirect to a page that
 * shows the outcome) keeps what was typed without storing it anywhere or
 * putting it in an address, and costs the visitor one request instead of two.
 * Reloading that page asks the browser to post again, as any form answer does.
 * The answers are never cached. `GET /contact` leads to the form on the home
 * page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { wantsLightPages } from '../../shared/light-pages.js';
import { requestHeader } from '../http/cached-representation.js';
import { AppError } from '../../shared/errors.js';
import { consentValue, contactFields, contactFormPath, contactMessages, emptyContactInput, type ContactField, type ContactInput } from '../../shared/contact.js';
import type { ContactFormState } from '../../web/entry-server.js';
import { sendError, toAppError, zodToAppError } from '../plugins/errors.js';
import { contactSchema, storeContact } from './contact.js';

/** Counts a request against the functions' limit (routes.ts); throws the rate limiter's 429 once it is used up. */
export type FunctionsLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * What the form sends, each field as text; a field left out counts as empty
 * and the consent box counts only when ticked. `lang` is the language of the
 * page the form was on, when not the site's default: the answer speaks it (a
 * language the site does not have is ignored). Other fields are ignored.
 */
const formSchema = z.object({
  name: z.string().default(''),
  email: z.string().default(''),
  message: z.string().default(''),
  consent: z.string().optional(),
  lang: z.string().optional(),
});

/** Five thousand characters of message, each up to four bytes, each byte percent-encoded, and the rest. */
const formBodyLimit = 64 * 1024;

function formInput(body: unknown): ContactInput & { lang: string | undefined } {
  const form = formSchema.parse(body ?? {});
  return { name: form.name, email: form.email, message: form.message, consent: form.consent === consentValue, lang: form.lang };
}

/** Each field's first message, from an invalid-argument error naming fields (the schema's own names). */
function fieldErrors(err: AppError): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const f of contactFields) {
    const message = err.fields?.[f];
    if (message) errors[f] = message;
  }
  return errors;
}

export async function contactPageRoutes(app: FastifyInstance, { limit }: { limit: FunctionsLimit }): Promise<void> {
  // Only in this scope: the rest of the API takes JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  async function answer(reply: FastifyReply, status: number, form: ContactFormState, lang: string | undefined): Promise<FastifyReply> {
    // A visitor who asked for light pages gets the answer light too.
    const light = wantsLightPages(requestHeader(reply.request, 'save-data'), requestHeader(reply.request, 'cookie'), app.services.config.publicUrl.startsWith('https:'));
    const page = await app.services.site.document(async (source) => {
      // Loaded when needed, as the render routes load it: the API alone needs no React.
      const { renderContactPage } = await import('../../web/entry-server.js');
      return renderContactPage(status, form, source, lang);
    }, light);
    if (!page) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
    return reply.code(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
  }

  app.post(contactFormPath, async (request, reply) => {
    const { lang, ...input } = formInput(request.body);
    try {
      await limit(request, reply);
    } catch (err) {
      const limited = toAppError(err);
      if (limited.code !== 'resource-exhausted') throw err;
      request.log.info({ code: limited.code }, 'request refused');
      return answer(reply, limited.status, { input, errors: {}, status: { kind: 'failed', message: contactMessages.tooMany } }, lang);
    }
    const checked = contactSchema.safeParse(input);
    if (!checked.success) {
      const errors = fieldErrors(zodToAppError(checked.error));
      return answer(reply, 400, { input, errors, status: { kind: 'failed', message: contactMessages.correctFields } }, lang);
    }
    try {
      await storeContact(app, checked.data);
    } catch (err) {
      const failed = toAppError(err);
      const errors = failed.code === 'invalid-argument' ? fieldErrors(failed) : {};
      if (Object.keys(errors).length > 0) return answer(reply, 400, { input, errors, status: { kind: 'failed', message: contactMessages.correctFields } }, lang);
      request.log.error({ err }, 'storing a contact message failed');
      return answer(reply, failed.status >= 500 ? failed.status : 500, { input, errors: {}, status: { kind: 'failed', message: contactMessages.failed } }, lang);
    }
    return answer(reply, 200, { input: emptyContactInput, errors: {}, status: { kind: 'sent', name: checked.data.name } }, lang);
  });

  // The form lives on the home page.
  app.get(contactFormPath, async (_request, reply) => reply.redirect('/#contact', 303));
}
