/**
 * Form values for a block: `{ data, status }`, so the form's field names
 * (`data.title`, `data.image.alt`) are the very paths the server's 400 answers name.
 */
import { get, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { FieldDef } from '../../../shared/fields.js';
import { documentStatusSchema, type DocumentStatus } from '../../../shared/collections.js';

export interface BlockFormValues {
  data: Record<string, unknown>;
  status?: DocumentStatus;
}

const textLike = new Set(['text', 'longText', 'richText', 'email', 'emailList', 'url', 'date', 'dateTime', 'category']);

/** A new form starts with the one question every form needs: the person's e-mail address (src/shared/forms.ts). */
const firstQuestions = [{ id: 'email', type: 'email', label: 'E-mail address', required: true }];

/** The value a widget starts from: stored data when present, else the field type's empty value. */
export function formDataOf(fields: readonly FieldDef[], stored: Record<string, unknown> | undefined): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    const v = stored?.[f.name];
    if (textLike.has(f.type)) data[f.name] = typeof v === 'string' ? v : '';
    else if (f.type === 'switch') data[f.name] = v === true;
    // Questions asked besides name and e-mail (an event's registration) start with none.
    else if (f.type === 'formFields') data[f.name] = Array.isArray(v) ? v : f.besidesPerson ? [] : firstQuestions;
    else data[f.name] = v ?? null;
  }
  return data;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * The collection's own zod schema (the one the server validates with), wrapped
 * so a missing required value reads "Title is required" rather than zod's type message.
 */
export function blockResolver(fields: readonly FieldDef[], dataSchema: z.ZodType, withStatus: boolean): Resolver<BlockFormValues> {
  const schema = z.object({ data: dataSchema, status: withStatus ? documentStatusSchema : documentStatusSchema.optional() });
  const base = zodResolver(schema) as unknown as Resolver<BlockFormValues>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as FieldErrors<BlockFormValues>;
    for (const f of fields) {
      if (!f.required || !isEmpty(values.data[f.name])) continue;
      const error = get(errors, `data.${f.name}`) as { message?: string } | undefined;
      if (error) error.message = `${f.label} is required`;
    }
    return result;
  };
}

/** A server 400's field path as a form field name: `title`, `data.title` and `data.image.alt` all land on the data. */
export function formPathOfServerField(path: string): string {
  if (path === 'status' || path.startsWith('data.')) return path;
  return `data.${path}`;
}
