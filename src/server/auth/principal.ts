/**
 * Resolves the caller from `Authorization: Bearer <idToken>`: the header is
 * read here, the account rules are principalOf's in auth-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../shared/errors.js';
import { principalOf } from './auth-service.js';

export const principalPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      // Sign-in, refresh and sign-out need no caller: a stale Bearer token the app still sends must not block them.
      if (request.url.startsWith('/api/auth/')) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>".');
      request.principal = await principalOf(app.services, match[1]);
    });
  },
  { name: 'principal' },
);
