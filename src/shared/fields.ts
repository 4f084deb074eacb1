/**
 * Field declarations: one small description per field from which both the zod
 * schema (server and forms) and the form widget follow.
 */
import { z } from 'zod';
import { schema } from './lazy-schema.js';
import { extraQuestionsSchema, formFieldsSchema } from './forms.js';

export type FieldType =
  | 'text'
  | 'longText'
  | 'richText'
  | 'email'
  | 'url'
  | 'date'
  | 'dateTime'
  | 'image'
  | 'file'
  | 'category'
  | 'switch'
  | 'select'
  | 'number'
  | 'emailList'
  | 'formFields';

export interface FieldDef {
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  /** Maximum length for text fields; the largest value of a number field. */
  max?: number;
  /** The smallest value of a number field. */
  min?: number;
  /** Never in a public answer (a visitor's page or the public API): staff's own data, such as a form's notification addresses. */
  staffOnly?: boolean;
  /** Choices for `select`. */
  options?: readonly { value: string; label: string }[];
  /** A line of help under the field. */
  help?: string;
  /** A `formFields` field asked besides the person's name and e-mail (an event's registration): no e-mail question, none needed. */
  besidesPerson?: true;
}

export { schema } from './lazy-schema.js';

/** Ids of stored blocks (documents, categories): opaque and URL-safe; anything else names no block. */
export const recordIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** Media ids are opaque, URL-safe strings issued by POST /api/media. */
export const mediaIdSchema = schema(() => z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid media id'));

/**
 * An image reference. Empty alt text on an image that is not decorative means
 * "the picture's default alt text" (set once in the media library); an image
 * with neither is an authoring error (site-check.ts), caught before publishing.
 */
export const imageValueSchema = schema(() => z.strictObject({
  mediaId: mediaIdSchema,
  alt: z.string().trim().max(300, 'Alt text can be at most 300 characters'),
  decorative: z.boolean().default(false),
}));
export type ImageValue = z.infer<typeof imageValueSchema>;

export const fileValueSchema = schema(() => z.strictObject({
  mediaId: mediaIdSchema,
  name: z.string().trim().min(1).max(200),
}));
export type FileValue = z.infer<typeof fileValueSchema>;

/** Links may be absolute http(s) or mailto URLs, or paths on this site. */
export const linkSchema = schema(() => z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => {
      // "//host" and "/\\host" leave the site; browsers read both as another origin.
      if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:';
      } catch {
        return false;
      }
    },
    { message: 'Enter a web address starting with https://, a mailto: link or a path starting with /' },
  ));

const emailSchema = schema(() => z.string().trim().max(254).email('Enter a valid e-mail address'));

/** Addresses separated by commas (a form's staff to notify): each one valid, at most ten. */
export function emailsOf(list: string): string[] {
  return list
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}
const emailListSchema = schema(() =>
  z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters')
    .superRefine((v, ctx) => {
      const list = emailsOf(v);
      const bad = list.find((a) => !emailSchema.safeParse(a).success);
      if (bad) ctx.addIssue({ code: 'custom', message: `“${bad}” is not a valid e-mail address. Separate addresses with commas.` });
      else if (list.length > 10) ctx.addIssue({ code: 'custom', message: 'At most 10 addresses.' });
    }),
);

function baseSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'text':
      return z.string().trim().max(field.max ?? 200, `At most ${field.max ?? 200} characters`);
    case 'longText':
      return z.string().trim().max(field.max ?? 2000, `At most ${field.max ?? 2000} characters`);
    case 'richText':
      return z.string().max(field.max ?? 100_000, 'This text is too long');
    case 'email':
      return emailSchema;
    case 'url':
      return linkSchema;
    case 'date':
      return z.iso.date({ message: 'Enter a date as YYYY-MM-DD' });
    case 'dateTime':
      return z.iso.datetime({ offset: true, message: 'Enter a date and time' });
    case 'image':
      return imageValueSchema;
    case 'file':
      return fileValueSchema;
    case 'category':
      return z.string().regex(recordIdPattern, 'Choose a category from the list');
    case 'switch':
      return z.boolean();
    case 'number':
      return z
        .number('Enter a number')
        .int('Enter a whole number')
        .min(field.min ?? 0, `At least ${field.min ?? 0}`)
        .max(field.max ?? Number.MAX_SAFE_INTEGER, `At most ${field.max ?? Number.MAX_SAFE_INTEGER}`);
    case 'emailList':
      return emailListSchema;
    case 'formFields':
      return field.besidesPerson ? extraQuestionsSchema : formFieldsSchema;
    case 'select': {
      const values = (field.options ?? []).map((o) => o.value);
      if (values.length === 0) throw new Error(`select field ${field.name} has no options`);
      return z.enum(values as [string, ...string[]]);
    }
  }
}

/** The zod schema for one field's value, honouring `required`. */
export function fieldSchema(field: FieldDef): z.ZodType {
  const base = baseSchema(field);
  if (field.required) {
    if (field.type === 'text' || field.type === 'longText' || field.type === 'richText') {
      return (base as z.ZodString).min(1, `${field.label} is required`);
    }
    return base;
  }
  // Optional fields accept null (cleared) or absence; empty strings mean "cleared" for text inputs.
  if (field.type === 'text' || field.type === 'longText' || field.type === 'richText') {
    return base.optional();
  }
  if (field.type === 'url' || field.type === 'email' || field.type === 'emailList' || field.type === 'date' || field.type === 'dateTime' || field.type === 'category') {
    return z.union([z.literal(''), base]).nullable().optional();
  }
  return base.nullable().optional();
}

/** The strict object schema of a whole document's data: unknown fields are refused. */
export function dataSchema(fields: readonly FieldDef[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) shape[f.name] = fieldSchema(f);
  return z.strictObject(shape);
}

/** The fields whose HTML is sanitised on write. */
export function richTextFields(fields: readonly FieldDef[]): string[] {
  return fields.filter((f) => f.type === 'richText').map((f) => f.name);
}

/** The fields that reference uploaded media. */
export function mediaFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((f) => f.type === 'image' || f.type === 'file');
}

/** Drops the fields no visitor may see (`staffOnly`) from a block's data, for every public answer. */
export function publicDataOf(fields: readonly FieldDef[] | undefined, data: Record<string, unknown>): Record<string, unknown> {
  const hidden = fields?.filter((f) => f.staffOnly).map((f) => f.name) ?? [];
  if (hidden.length === 0) return data;
  const out = { ...data };
  for (const name of hidden) delete out[name];
  return out;
}
