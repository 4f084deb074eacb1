/**
 * Forms that editors build: a form is a block of the `form` kind, shown by a
 * section on any page. Its fields are declared here once, for the staff
 * app's form editor, the public form the server renders, and the server's
 * check of a visitor's answer.
 */
import { z } from 'zod';
import { schema } from './lazy-schema.js';
import { emailPattern } from './contact.js';

/** What a field of a form can be. */
export const formFieldTypes = ['shortText', 'longText', 'email', 'phone', 'number', 'date', 'choice', 'choices', 'consent'] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/** A field's id: the key of its answer (stable when its label changes), and part of the input's name. */
export const formFieldIdPattern = /^[a-z][a-z0-9-]{0,39}$/;

export const formLimits = {
  fields: 30,
  label: 200,
  help: 300,
  options: 30,
  optionLabel: 120,
  /** The longest answer to a short text, e-mail or phone field, and to a long text. */
  shortAnswer: 300,
  longAnswer: 5000,
  /** Months an answer is kept unless the editor chooses: after that retention deletes it. */
  defaultRetentionMonths: 12,
  maxRetentionMonths: 120,
} as const;

export const formFieldSchema = schema(() => z.strictObject({
  id: z.string().regex(formFieldIdPattern, 'A field id is lower-case letters, digits and hyphens, starting with a letter.'),
  type: z.enum(formFieldTypes),
  label: z.string().trim().min(1, 'Every field needs a label.').max(formLimits.label),
  help: z.string().trim().max(formLimits.help).optional(),
  required: z.boolean(),
  /** The choices of `choice` and `choices` fields. */
  options: z
    .array(z.strictObject({ value: z.string().regex(formFieldIdPattern), label: z.string().trim().min(1).max(formLimits.optionLabel) }))
    .max(formLimits.options)
    .optional(),
}));
export type FormField = z.infer<typeof formFieldSchema>;

/** A form's fields: at least one, ids unique, choices for the fields that choose, one e-mail field (the person's key). */
export const formFieldsSchema = schema(() => z
  .array(formFieldSchema)
  .min(1, 'A form needs at least one field.')
  .max(formLimits.fields)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    for (const [i, f] of fields.entries()) {
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Two fields share the id "${f.id}".` });
      seen.add(f.id);
      if ((f.type === 'choice' || f.type === 'choices') && (f.options?.length ?? 0) < 1) ctx.addIssue({ code: 'custom', path: [i, 'options'], message: 'A field that offers a choice needs at least one option.' });
    }
    if (fields.filter((f) => f.type === 'email').length !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'A form needs exactly one e-mail field: answers are kept with the person by their address.' });
  }));

/** The ids of the questions every registration for an event asks itself (name and e-mail): no extra question takes them. */
export const personQuestionIds = ['name', 'email'] as const;

/**
 * The questions an event's registration asks besides the person's name and
 * e-mail (which it always asks): none or more, ids unique and never `name`
 * or `email`, choices for the fields that choose, no e-mail question.
 */
export const extraQuestionsSchema = schema(() => z
  .array(formFieldSchema)
  .max(formLimits.fields - personQuestionIds.length)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>(personQuestionIds);
    for (const [i, f] of fields.entries()) {
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `The id "${f.id}" is taken: name and e-mail are always asked, and ids are unique.` });
      seen.add(f.id);
      if (f.type === 'email') ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'The e-mail address is always asked: no other e-mail question.' });
      if ((f.type === 'choice' || f.type === 'choices') && (f.options?.length ?? 0) < 1) ctx.addIssue({ code: 'custom', path: [i, 'options'], message: 'A field that offers a choice needs at least one option.' });
    }
  }));

/** What one field's answer is, once checked: text, a number, a list of chosen values, or a consent box's yes. */
export const formAnswerValueSchema = schema(() => z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));
export type FormAnswerValue = string | number | boolean | string[];

/** The path a public form posts to (a plain HTML form: it works without JavaScript). Not under /api: its answer is a page. */
export const formPostPattern = '/forms/:id' as const;
export function formPostPath(id: string): string {
  return formPostPattern.replace(':id', encodeURIComponent(id));
}

/** The name of a field's input in the public form (`f-<id>`), and the hidden inputs the server reads. */
export const formInputName = (fieldId: string) => `f-${fieldId}`;
export const formHiddenInputs = {
  /** The honeypot: a field people do not see; a bot that fills it is refused. */
  honeypot: 'website',
  /** When the form was served, signed by the server: an answer sooner than the minimum fill time is refused. */
  started: 'started',
  /** The page's language. */
  lang: 'lang',
  /** The proof-of-work solution (ALTCHA), when JavaScript solved one. */
  altcha: 'altcha',
} as const;

/** The least time a person takes to fill a form; a faster answer is a bot's. */
export const formMinimumFillMs = 3000;

/** An answer older than this (from a page kept open for days) is refused: the visitor reloads the form. */
export const formMaximumAgeMs = 24 * 60 * 60 * 1000;

/**
 * How many answers the server takes: per client address (every form together)
 * and per form (every address together); more answer 429.
 */
export const formRateLimits = {
  perAddress: { max: 5, timeWindow: '10 minutes' },
  perForm: { max: 100, timeWindow: '1 hour' },
} as const;

/** The input name of the form's consent box, whose words are the form's `consentText` (not a question: its answer is the consent kept with the answer). */
export const formConsentInput = 'consent';

/** What a ticked consent box sends when the form is posted. */
export const formConsentValue = 'yes';

/** The id of a form's element on its page (`#form-<id>`: the answer page and links open on it). */
export const formAnchor = (formId: string) => `form-${formId}`;

/** Why a field's answer is refused; the public words say each in the page's language (src/shared/public-words.ts). */
export type FormFieldProblem = 'required' | 'tooLong' | 'email' | 'phone' | 'number' | 'date' | 'choice' | 'consent';

/** What a posted form holds: each input's text, several for a field that takes several choices. */
export type PostedForm = Readonly<Record<string, string | readonly string[] | undefined>>;

const phonePattern = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;
const numberPattern = /^-?\d{1,15}(?:[.,]\d{1,6})?$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(v: string): boolean {
  const m = datePattern.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const firstOf = (v: string | readonly string[] | undefined): string => (typeof v === 'string' ? v : (v?.[0] ?? ''));
const allOf = (v: string | readonly string[] | undefined): string[] => (typeof v === 'string' ? [v] : v ? [...v] : []);

/**
 * A visitor's answer checked against the form's fields, each by its type:
 * the values to keep (by field id; an empty optional field is left out) and,
 * by field id, why a field is refused. Plain code, no zod: the server checks
 * every answer with it, and the words of each problem are the page's.
 */
export function checkFormAnswer(fields: readonly FormField[], posted: PostedForm): { values: Record<string, FormAnswerValue>; problems: Record<string, FormFieldProblem> } {
  const values: Record<string, FormAnswerValue> = {};
  const problems: Record<string, FormFieldProblem> = {};
  for (const f of fields) {
    const raw = posted[formInputName(f.id)];
    const text = firstOf(raw).trim();
    const refuse = (p: FormFieldProblem) => (problems[f.id] = p);
    switch (f.type) {
      case 'consent': {
        const ticked = text === formConsentValue;
        if (f.required && !ticked) refuse('consent');
        else values[f.id] = ticked;
        break;
      }
      case 'choices': {
        const chosen = [...new Set(allOf(raw).map((v) => v.trim()).filter(Boolean))];
        const allowed = new Set((f.options ?? []).map((o) => o.value));
        if (chosen.some((v) => !allowed.has(v))) refuse('choice');
        else if (chosen.length === 0 && f.required) refuse('required');
        else if (chosen.length > 0) values[f.id] = chosen;
        break;
      }
      default: {
        if (!text) {
          if (f.required) refuse('required');
          break;
        }
        const max = f.type === 'longText' ? formLimits.longAnswer : formLimits.shortAnswer;
        if (text.length > max) refuse('tooLong');
        else if (f.type === 'email' && !emailPattern.test(text)) refuse('email');
        else if (f.type === 'phone' && (!phonePattern.test(text) || text.replace(/\D/g, '').length < 6)) refuse('phone');
        else if (f.type === 'number' && !numberPattern.test(text)) refuse('number');
        else if (f.type === 'date' && !isDate(text)) refuse('date');
        else if (f.type === 'choice' && !(f.options ?? []).some((o) => o.value === text)) refuse('choice');
        else values[f.id] = f.type === 'number' ? Number(text.replace(',', '.')) : text;
      }
    }
  }
  return { values, problems };
}

/**
 * The person an answer belongs to: the e-mail field's value (every form has
 * exactly one), and a name from the field whose id is `name`, else from the
 * first short text field whose label says "name" (in English or Kiswahili:
 * "jina"); none otherwise.
 */
export function personOf(fields: readonly FormField[], values: Readonly<Record<string, FormAnswerValue>>): { email: string; name: string | null } {
  const emailField = fields.find((f) => f.type === 'email');
  const email = emailField ? values[emailField.id] : undefined;
  const nameField = fields.find((f) => f.id === 'name' && f.type === 'shortText') ?? fields.find((f) => f.type === 'shortText' && /\b(name|jina)\b/i.test(f.label));
  const name = nameField ? values[nameField.id] : undefined;
  return { email: typeof email === 'string' ? email : '', name: typeof name === 'string' && name ? name : null };
}

/** The value a field's answer reads as in a mail to staff or to the person: chosen options by their labels. */
export function answerText(field: FormField, value: FormAnswerValue | undefined, yesNo: { yes: string; no: string }): string {
  if (value === undefined) return '';
  const label = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (Array.isArray(value)) return value.map(label).join(', ');
  return field.type === 'choice' && typeof value === 'string' ? label(value) : String(value);
}
