/**
 * Resolves the caller from `Authorization: Bearer <idToken>`. The role comes
 * from the account as stored now, so a demotion or a disable takes effect at
 * once, not when the token expires.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../../shared/access.js';
import { claimsOf } from '../../shared/auth.js';
import { AppError } from '../../shared/errors.js';
import { findCaller } from './users-repository.js';

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
      const payload = await app.services.tokens.verify(match[1]);
      const user = await findCaller(app.services.db.kysely, payload.uid);
      if (!user) throw new AppError('auth/user-token-expired', 'This account no longer exists. Please sign in again.');
      if (user.disabled) throw new AppError('auth/user-disabled');
      // A password change ends the sessions that were open before it.
      if (user.tokens_valid_after && payload.issuedAt * 1000 < Date.parse(user.tokens_valid_after)) {
        throw new AppError('auth/user-token-expired', 'Your password was changed. Please sign in again.');
      }
      const principal: Principal = {
        uid: user.id,
        email: user.email,
        claims: claimsOf(user.role),
      };
      request.principal = principal;
    });
  },
  { name: 'principal' },
);
