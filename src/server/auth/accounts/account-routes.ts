/**
 * The signed-in user's own account over HTTP: `GET/PATCH /api/account`
 * (name), `POST /api/account/password`, and the sessions: list, sign one out,
 * sign out everywhere else. Request parsing, headers and status codes; the
 * rules are in account-service.ts. These endpoints need no cookie (the
 * refresh cookie is scoped to /api/auth): the caller's own session comes from
 * their idToken. Every signed-in user may use them, whatever the role, and so
 * may one the site still requires to turn two-factor sign-in on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountPatchBody, passwordChangeBody, type SessionsAnswer } from '../../../shared/account.js';
import { parseRequest as parse } from '../../plugins/errors.js';
import { AccountService, type AccountCaller } from './account-service.js';
import { ThrottledError, type AuthService } from '../sessions/service.js';
import { bearerToken } from '../principal.js';
import { apiPaths } from '../../../shared/api-paths.js';

const sessionParams = z.object({ id: z.string().min(1).max(100) });

function callerOf(request: FastifyRequest): AccountCaller {
  return { principal: request.principal, token: bearerToken(request), ip: request.ip, log: request.log };
}

export async function accountRoutes(app: FastifyInstance, { auth }: { auth: AuthService }): Promise<void> {
  const accounts = new AccountService(app.services, auth);

  app.get(apiPaths.account.account, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return accounts.get(callerOf(request));
  });

  app.patch(apiPaths.account.account, async (request) => accounts.rename(callerOf(request), () => parse(accountPatchBody, request.body)));

  app.post(apiPaths.account.password, async (request, reply) => {
    try {
      await accounts.changePassword(callerOf(request), () => parse(passwordChangeBody, request.body));
    } catch (err) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
    return reply.status(204).send();
  });

  app.get(apiPaths.account.sessions, async (request, reply): Promise<SessionsAnswer> => {
    const answer = await accounts.sessions(callerOf(request));
    reply.header('cache-control', 'no-store');
    return answer;
  });

  app.delete(apiPaths.account.session, async (request, reply) => {
    await accounts.endSession(callerOf(request), () => parse(sessionParams, request.params));
    return reply.status(204).send();
  });

  app.post(apiPaths.account.signOutOthers, async (request, reply) => {
    await accounts.signOutOthers(callerOf(request));
    return reply.status(204).send();
  });
}
