/**
 * Callable functions (SPEC.md section 7's form): `POST /api/functions/:name`
 * with `{ data }` answers `{ result }`; errors use section 8's codes. Rate
 * limited per caller address.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { submitContact } from './contact.js';
import { parseOrThrow } from './parse.js';

type CallableFunction = (app: FastifyInstance, data: unknown) => Promise<unknown>;

const functions: Record<string, CallableFunction> = {
  submitContact,
};

const paramsSchema = z.object({ name: z.string().min(1).max(100) });
const bodySchema = z.object({ data: z.unknown() }, 'Send a JSON body with a "data" field.');

/** Visitors may call at most this many functions per window (the contact form is the only one). */
export const functionsRateLimit = { max: 5, timeWindow: '10 minutes' } as const;

export const functionsRoutes = fp(
  async (app: FastifyInstance) => {
    app.post('/api/functions/:name', { config: { rateLimit: functionsRateLimit } }, async (request, reply) => {
      const { name } = paramsSchema.parse(request.params);
      const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
      if (!fn) throw new AppError('not-found', `There is no function named "${name}".`);
      const { data } = parseOrThrow(bodySchema, request.body ?? {});
      const result = await fn(app, data);
      reply.header('cache-control', 'no-store');
      return { result };
    });
  },
  { name: 'functions', dependencies: ['content'] },
);
