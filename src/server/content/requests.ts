/**
 * What the content API accepts: the list query and the bodies of create,
 * update and reorder (If-Match: http/if-match.ts). Each refusal is a
 * 400 naming the field.
 */
import { z } from 'zod';
import { documentStatusSchema } from '../../shared/collections.js';
import { stateFilterSchema } from '../../shared/editorial.js';
import { zodToAppError } from '../plugins/errors.js';

const plainObject = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
  message: 'Expected an object of field values',
});

export const listQuerySchema = z.strictObject({
  status: documentStatusSchema.optional(),
  state: stateFilterSchema.optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListQueryInput = z.input<typeof listQuerySchema>;

export const createBodySchema = z.strictObject({
  data: plainObject,
  status: documentStatusSchema.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
});

export const updateBodySchema = z.strictObject({
  data: plainObject.optional(),
  status: documentStatusSchema.optional(),
});

export const reorderBodySchema = z.strictObject({
  ids: z.array(z.string().min(1).max(100)).max(10_000),
});

export function parse<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const r = schema.safeParse(value);
  if (!r.success) throw zodToAppError(r.error, prefix);
  return r.data;
}
