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
import type { Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import { principalOf } from './sessions/service.js';
import { TwoFactorService } from './two-factor/service.js';
import { apiPaths, authApiPrefix, isApiPath } from '../../shared/api-paths.js';

/**
 * Which routes resolve the caller: everything under /api and /media, except
 * sign-in, refresh, sign-out and the password policy (/api/auth), which need no
 * caller: a stale Bearer token the app still sends must not block them. The
 * two-factor set-up under /api/auth asks for its caller itself (`requireCaller`).
 */
export function needsCaller(url: string): boolean {
  if (url.startsWith(`${authApiPrefix}/`)) return false;
  return isApiPath(url) || url.startsWith('/media/');
}

const bearer = /^Bearer\s+(\S+)$/i;

/**
 * Routes a signed-in user may call while the site requires them to turn
 * two-factor sign-in on and they have not yet: their own account (and, under
 * /api/auth, which resolves no caller here, the set-up itself).
 */
export function reachableBeforeEnrolment(url: string): boolean {
  return url === apiPaths.account.account || url.startsWith(`${apiPaths.account.account}/`);
}

/** The idToken of a request's Authorization header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = bearer.exec(header);
  if (!match?.[1]) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>".');
  return match[1];
}

/** The caller of a route outside the hook (under /api/auth): 401 without a token. */
export async function requireCaller(request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthenticated');
  return principalOf(request.server.services, token);
}

function withHook(existing: RouteOptions['onRequest'], hook: onRequestHookHandler): onRequestHookHandler[] {
  if (!existing) return [hook];
  return [hook, ...(Array.isArray(existing) ? existing : [existing])];
}

export const principalPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null);

    // Callback style, not async: a request without the header costs one property read.
    // Who must turn two-factor sign-in on (the site setting, cached until the settings change).
    const twoFactor = new TwoFactorService(app.services);
    app.addHook('onClose', async () => twoFactor.close());

    function caller(enrolmentChecked: boolean) {
      return function resolveCaller(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
        let token: string | null;
        try {
          token = bearerToken(request);
        } catch (err) {
          return done(err as Error);
        }
        if (!token) return done();
        principalOf(app.services, token)
          .then(async (principal) => {
            if (enrolmentChecked) await twoFactor.assertEnrolled(principal);
            return principal;
          })
          .then(
            (principal) => {
              request.principal = principal;
              done();
            },
            (err: Error) => done(err),
          );
      };
    }
    const resolveCaller = caller(true);
    const resolveAccountCaller = caller(false);

    app.addHook('onRoute', (route) => {
      if (needsCaller(route.url)) route.onRequest = withHook(route.onRequest, reachableBeforeEnrolment(route.url) ? resolveAccountCaller : resolveCaller);
    });
  },
  { name: 'principal' },
);
