/**
 * Resolves the caller from `Authorization: Bearer <idToken>`: the header is
 * read here, the account rules are principalOf's in auth-service.ts.
 *
 * The hook sits only on the routes that can answer differently for a caller:
 * the API and the media bytes (`callerRoutes`); public pages, the staff
 * shell and built assets never look at the header. It is added to each such
 * route as it is declared, so routes registered later by any plugin get it
 * too, and it runs before their other onRequest hooks (rate limits count only
 * callers that got past it, as before).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../shared/errors.js';
import { principalOf } from './auth-service.js';

/**
 * Which routes resolve the caller: everything under /api and /media, except
 * sign-in, refresh, sign-out and the password policy (/api/auth), which need no
 * caller: a stale Bearer token the app still sends must not block them.
 */
export function needsCaller(url: string): boolean {
  if (url.startsWith('/api/auth/')) return false;
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/media/');
}

const bearer = /^Bearer\s+(\S+)$/i;

function withHook(existing: RouteOptions['onRequest'], hook: onRequestHookHandler): onRequestHookHandler[] {
  if (!existing) return [hook];
  return [hook, ...(Array.isArray(existing) ? existing : [existing])];
}

export const principalPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null);

    // Callback style, not async: a request without the header costs one property read.
    function resolveCaller(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
      const header = request.headers.authorization;
      if (!header) return done();
      const match = bearer.exec(header);
      if (!match?.[1]) return done(new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>".'));
      principalOf(app.services, match[1]).then(
        (principal) => {
          request.principal = principal;
          done();
        },
        (err: Error) => done(err),
      );
    }

    app.addHook('onRoute', (route) => {
      if (needsCaller(route.url)) route.onRequest = withHook(route.onRequest, resolveCaller);
    });
  },
  { name: 'principal' },
);
