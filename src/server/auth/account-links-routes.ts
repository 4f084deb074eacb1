/**
 * The API of password reset and invitations over HTTP: request parsing and
 * status codes; the rules are in account-links-service.ts. Tokens come in
 * request bodies only (never a URL), so no access log ever holds one.
 */
import { apiPaths } from '../../shared/api-paths.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  passwordResetConfirmSchema,
  passwordResetRequestedMessage,
  passwordResetRequestSchema,
  tokenCheckSchema,
  type PasswordResetRequested,
} from '../../shared/account-links.js';
import type { SignInAnswer } from '../../shared/auth.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { ResetThrottledError } from './account-links-service.js';
import { deviceCookie } from './sign-in-device.js';
import type { UserRow } from './users-repository.js';

export interface AccountLinkRoutesOptions {
  /** Signs a user in (refresh cookie and answer), as sign-in does. */
  signIn: (request: FastifyRequest, reply: FastifyReply, user: UserRow) => Promise<SignInAnswer>;
}

const idParams = z.object({ id: z.string().min(1).max(100) });


export async function accountLinkRoutes(app: FastifyInstance, options: AccountLinkRoutesOptions): Promise<void> {
  const links = app.accountLinks;
  const deviceCookieName = deviceCookie.nameFor(app.services.config.publicUrl.startsWith('https:'));

  app.post(apiPaths.auth.passwordReset, async (request, reply): Promise<PasswordResetRequested> => {
    const { email } = parse(passwordResetRequestSchema, request.body);
    try {
      await links.requestReset(email, request.ip, request.cookies[deviceCookieName]);
    } catch (err) {
      if (err instanceof ResetThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
    reply.status(202).header('cache-control', 'no-store');
    return { message: passwordResetRequestedMessage };
  });

  app.post(apiPaths.auth.passwordResetCheck, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return links.checkReset(parse(tokenCheckSchema, request.body).token);
  });

  app.post(apiPaths.auth.passwordResetConfirm, async (request, reply) => {
    const { token, password } = parse(passwordResetConfirmSchema, request.body);
    await links.confirmReset(token, password, request.ip);
    return reply.status(204).send();
  });

  app.post(apiPaths.auth.invitationCheck, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return links.checkInvitation(parse(tokenCheckSchema, request.body).token);
  });

  app.post(apiPaths.auth.invitationAccept, async (request, reply) => {
    const input = parse(invitationAcceptSchema, request.body);
    const user = await links.accept(input, request.ip);
    return options.signIn(request, reply, user);
  });

  app.get(apiPaths.users.invitations, async (request) => ({ invitations: await links.list(request.principal) }));

  app.post(apiPaths.users.invitations, async (request, reply) => {
    const view = await links.invite(request.principal, () => parse(invitationCreateSchema, request.body), request.ip);
    return reply.status(201).send(view);
  });

  app.post(apiPaths.users.invitationResend, async (request) => links.resend(request.principal, () => parse(idParams, request.params), request.ip));

  app.delete(apiPaths.users.invitation, async (request, reply) => {
    await links.revoke(request.principal, () => parse(idParams, request.params), request.ip);
    return reply.status(204).send();
  });
}
