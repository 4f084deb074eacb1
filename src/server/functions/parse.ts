import type { z } from 'zod';
import { zodToAppError } from '../plugins/errors.js';

/** Parses a function's input; a failure is a 400 invalid-argument naming each field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodToAppError(result.error);
  return result.data;
}
