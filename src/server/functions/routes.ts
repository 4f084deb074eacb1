/**
 * Callable functions (the `{ data }` form of docs/spec-conformance.md, "What the product does"): `POST /api/functions/:name`
 * with `{ data }` answers `{ result }`; errors use section 8's codes. Rate
 * limited per caller address. The contact form posted without JavaScript
 * (contact-page.ts) shares that limit: one allowance per address, whichever
 * way the messages come.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { submitContact } from './contact.js';
import { contactPageRoutes, type FunctionsLimit } from './contact-page.js';
import { parseOrThrow } from './parse.js';
import { apiPaths } from '../../shared/api-paths.js';

type CallableFunction = (app: FastifyInstance, data: unknown) => Promise<unknown>;

const functions: Record<string, CallableFunction> = {
  submitContact,
};

const paramsSchema = z.object({ name: z.string().min(1).max(100) });
const bodySchema = z.object({ data: z.unknown() }, 'Send a JSON body with a "data" field.');

/** Visitors may call at most this many functions per window (the contact form is the only one, with or without JavaScript). */
export const functionsRateLimit = { max: 5, timeWindow: '10 minutes' } as const;

export const functionsRoutes = fp(
  async (app: FastifyInstance) => {
    // One limiter (one count per address) for every route that takes a visitor's message.
    const limiter = app.rateLimit(functionsRateLimit);
    const limit: FunctionsLimit = (request, reply) => limiter.call(app, request, reply);

    app.post(apiPaths.function, { onRequest: limit }, async (request, reply) => {
      const { name } = paramsSchema.parse(request.params);
      const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
      if (!fn) throw new AppError('not-found', `There is no function named "${name}".`);
      const { data } = parseOrThrow(bodySchema, request.body ?? {});
      const result = await fn(app, data);
      reply.header('cache-control', 'no-store');
      return { result };
    });

    await app.register(contactPageRoutes, { limit });
  },
  { name: 'functions', dependencies: ['content', 'settings'] },
);
