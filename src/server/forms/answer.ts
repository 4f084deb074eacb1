/**
 * One answer to a form, from the post to the supporters' records: the checks
 * (form open; each question by its type and the consent box, what a person
 * can correct; then honeypot empty, signed start time, the proof of work
 * when there is one), then the
 * answer stored with its person (the supporters service) and the mails
 * (each staff address the form names; the person's confirmation when the
 * form sends one). Nothing of the answer is logged.
 */
import { newsletterChoiceInput, newsletterChoiceValue } from '../../shared/newsletter-paths.js';
import { publicWordsFor } from '../../shared/public-words.js';
import type { FastifyInstance } from 'fastify';
import type { PublicDocument } from '../../shared/collections.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import type { PublicWords } from '../../shared/public-words.js';
import { emailsOf } from '../../shared/fields.js';
import { answerText, checkFormAnswer, formConsentInput, formConsentValue, formFieldsSchema, formHiddenInputs, formInputName, formLimits, personOf, type FormAnswerValue, type FormField } from '../../shared/forms.js';
import { oneLine } from '../../shared/text.js';
import { composeMail } from '../mail/compose.js';
import type { FormTyped } from '../../web/entry-server.js';
import type { StartedCheck } from './started.js';
import { errorWithoutData } from '../personal-errors.js';

/** A published form as a visitor's answer finds it. */
export interface FoundForm {
  id: string;
  /** The block's live data in the default language (its staff-only fields too: who to notify). */
  original: Record<string, unknown>;
  /** The block as the page shows it in the answer's language. */
  doc: PublicDocument;
  /** The bundle of the page that shows it, in that language. */
  bundle: PageBundle;
  lang: string;
  defaultLanguage: string;
  /** The page's address in that language. */
  pagePath: string;
  /** The site's words around forms, in that language. */
  words: PublicWords['form'];
}

/** An answer that passed every check. */
export interface CheckedAnswer {
  fields: FormField[];
  values: Record<string, FormAnswerValue>;
  email: string;
  name: string | null;
  /** The consent box's words as the person saw them; null when the form has none. */
  consentText: string | null;
  /** The "keep me informed" box was offered and ticked: the person is asked to confirm a subscription. */
  newsletter: boolean;
}

export type AnswerCheck = { ok: true; answer: CheckedAnswer } | { ok: false; message: string; errors: Record<string, string> };

const one = (v: string | string[] | undefined): string => (typeof v === 'string' ? v : (v?.[0] ?? ''));
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The questions of the form as the page shows them (labels in its language); the stored ones when the page's are unreadable. */
function fieldsOf(form: FoundForm): FormField[] | null {
  const shown = formFieldsSchema.safeParse(form.doc.data.fields);
  if (shown.success) return shown.data;
  const stored = formFieldsSchema.safeParse(form.original.fields);
  return stored.success ? stored.data : null;
}

export async function checkAnswer(
  form: FoundForm,
  typed: FormTyped,
  verify: { started: (token: string) => StartedCheck; altcha: (payload: string) => Promise<boolean> },
): Promise<AnswerCheck> {
  const w = form.words;
  const refuse = (message: string, errors: Record<string, string> = {}): AnswerCheck => ({ ok: false, message, errors });
  if (form.original.closed === true) return refuse(text(form.doc.data.closedMessage) || w.closed);
  const fields = fieldsOf(form);
  if (!fields) return refuse(w.failed);
  // What a person can correct first: each question, then the consent box.
  const { values, problems } = checkFormAnswer(fields, typed);
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const p = problems[f.id];
    if (p) errors[formInputName(f.id)] = w.problems[p];
  }
  const consentText = text(form.doc.data.consentText) || null;
  if (consentText && one(typed[formConsentInput]) !== formConsentValue) errors[formConsentInput] = w.problems.consent;
  if (Object.keys(errors).length > 0) return refuse(w.correctFields, errors);
  // Then what tells a bot: it fills what people do not see, or answers faster than a person types.
  if (one(typed[formHiddenInputs.honeypot]).trim() !== '') return refuse(w.check);
  const started = verify.started(one(typed[formHiddenInputs.started]));
  if (started === 'too-fast') return refuse(w.tooFast);
  if (started === 'expired') return refuse(w.expired);
  if (started !== 'ok') return refuse(w.check);
  // With JavaScript off there is no proof of work: the checks above suffice.
  const altcha = one(typed[formHiddenInputs.altcha]);
  if (altcha && !(await verify.altcha(altcha))) return refuse(w.check);
  const { email, name } = personOf(fields, values);
  const newsletter = form.doc.data.newsletterChoice === true && one(typed[newsletterChoiceInput]) === newsletterChoiceValue;
  return { ok: true, answer: { fields, values, email, name, consentText, newsletter } };
}

/** How many months the form keeps answers: its own choice, else the default. */
function retentionOf(original: Record<string, unknown>): number {
  const months = original.retentionMonths;
  return typeof months === 'number' && Number.isInteger(months) && months >= 1 && months <= formLimits.maxRetentionMonths ? months : formLimits.defaultRetentionMonths;
}

/** Stores a checked answer with its person, then queues the mails; the answer is kept whatever happens to them. */
export async function storeAnswer(app: FastifyInstance, form: FoundForm, answer: CheckedAnswer): Promise<void> {
  const title = text(form.doc.data.title);
  await app.services.supporters.recordAnswer({
    formId: form.id,
    formTitle: title,
    lang: form.lang,
    email: answer.email,
    name: answer.name,
    values: answer.values,
    consentText: answer.consentText,
    retentionMonths: retentionOf(form.original),
  });
  if (answer.newsletter) {
    // Double opt-in as from the footer: a pending subscription and a confirmation mail; the box's words are the consent kept.
    await app.services.newsletter
      .subscribe({ email: answer.email, lang: form.lang, source: `form: ${form.id}`, consentText: publicWordsFor(form.lang).words.newsletter.keepInformed })
      .catch((err: unknown) => app.log.error({ err: errorWithoutData(err), form: form.id }, 'form answer stored, but its newsletter subscription could not be taken'));
  }
  try {
    await queueMails(app, form, answer, title);
  } catch (err) {
    app.log.error({ err: errorWithoutData(err), form: form.id }, 'form answer stored, but its mails could not be queued');
  }
}

async function queueMails(app: FastifyInstance, form: FoundForm, answer: CheckedAnswer, title: string): Promise<void> {
  const { data: settings } = await app.services.settings.current();
  const w = form.words;
  const lines = (yesNo: { yes: string; no: string }) =>
    answer.fields.filter((f) => answer.values[f.id] !== undefined).map((f) => `${f.label}: ${answerText(f, answer.values[f.id], yesNo)}`);
  const who = oneLine(answer.name ?? answer.email);
  // Staff read English (the staff app's language), the answer's questions as the person saw them.
  const notify = emailsOf(text(form.original.notify));
  if (notify.length > 0) {
    const mail = composeMail({
      subject: `New answer to “${oneLine(title)}” from ${who}`,
      organisation: settings.organisationName,
      heading: `${who} answered “${oneLine(title)}”`,
      paragraphs: [
        lines({ yes: 'Yes', no: 'No' }).join('\n'),
        `Answered in ${form.lang}. Reply to this mail to write to ${who}. The answer is kept with the supporters in the staff app.`,
      ],
    });
    for (const to of notify) await app.services.mail.enqueue({ ...mail, purpose: 'form-answer', to, replyTo: { name: answer.name ?? '', address: answer.email } });
  }
  if (form.original.confirmationMail === true) {
    const mail = composeMail({
      subject: w.mailSubject(oneLine(title)),
      organisation: settings.organisationName,
      heading: oneLine(title),
      paragraphs: [text(form.doc.data.thankYou) || w.thanks, w.mailIntro, `${w.mailAnswers}:\n${lines({ yes: w.yes, no: w.no }).join('\n')}`],
      lang: form.lang,
    });
    await app.services.mail.enqueue({ ...mail, purpose: 'form-confirmation', to: answer.email });
  }
}
