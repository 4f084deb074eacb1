/**
 * Forms that editors build: a form is a block of the `form` kind, shown by a
 * section on any page. Its fields are declared here once, for the staff
 * app's form editor, the public form the server renders, and the server's
 * check of a visitor's answer.
 */
import { z } from 'zod';

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

export const formFieldSchema = z.strictObject({
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
});
export type FormField = z.infer<typeof formFieldSchema>;

/** A form's fields: at least one, ids unique, choices for the fields that choose, one e-mail field (the person's key). */
export const formFieldsSchema = z
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
  });

/** What one field's answer is, once checked: text, a number, a list of chosen values, or a consent box's yes. */
export const formAnswerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type FormAnswerValue = z.infer<typeof formAnswerValueSchema>;

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
