/**
 * Identity endpoints: sign-in, refresh, sign-out and the password policy.
 * The idToken goes in the JSON answer (the staff app keeps it in memory); the
 * refresh token only ever travels in an HttpOnly, SameSite=Strict cookie
 * scoped to /api/auth; a successful sign-in also sets the device cookie
 * (sign-in-device.ts) that lets this browser past others' failures. Cookies, status codes and request parsing only; the
 * rules are in auth-service.ts.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SignInAnswer } from '../../../shared/auth.js';
import { AppError } from '../../../shared/errors.js';
import { passwordPolicy } from '../../../shared/password-policy.js';
import { zodToAppError } from '../../plugins/errors.js';
import { secondFactorSignInBody } from '../../../shared/account.js';
import { accountRoutes } from '../accounts/account-routes.js';
import { AuthService, SecondFactorRequired, ThrottledError, type AuthOptions, type Session } from './service.js';
import type { SignInThrottleOptions } from './sign-in-throttle.js';
import { refreshCookieName, refreshCookiePath } from './refresh-tokens.js';
import { deviceCookie, deviceCookieOptions } from './sign-in-device.js';
import { twoFactorRoutes } from '../two-factor/routes.js';
import { accountLinkRoutes } from '../invitations/routes.js';
import { apiPaths } from '../../../shared/api-paths.js';
import { staffCookieName } from '../../../shared/cookies.js';

export interface AuthRoutesOptions extends AuthOptions {
  /** Password reset request limits (tests lower them). */
  resetThrottle?: Partial<SignInThrottleOptions>;
}

export type { SignInAnswer } from '../../../shared/auth.js';

const signInBody = z.object({
  email: z.string({ error: 'The e-mail address is required.' }),
  password: z
    .string({ error: 'The password is required.' })
    .min(1, 'The password is required.')
    .max(passwordPolicy.maxLength * 4, 'The password is too long.'),
});

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions = {}): Promise<void> {
  const { config } = app.services;
  const secure = config.publicUrl.startsWith('https:');
  const refreshCookie = refreshCookieName(secure);
  const staffCookie = staffCookieName(secure);
  const deviceCookieName = deviceCookie.nameFor(secure);
  // Cookies are parsed here only: the refresh cookie's path is /api/auth, no other route reads one.
  await app.register(cookie);

  const auth = await AuthService.create(app.services, options, app.log);
  app.addHook('onClose', async () => auth.close());
  app.addHook('onReady', async () => auth.warmUp());

  // The cookie goes when the session would end without use (or at its absolute end), so a closed browser keeps nothing that works.
  function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: string): void {
    reply.setCookie(refreshCookie, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: refreshCookiePath,
      maxAge: Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)),
    });
    // Public pages read it to leave staff views out of the visit counts (shared/cookies.ts).
    reply.setCookie(staffCookie, '1', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) });
  }

  function clearRefreshCookie(reply: FastifyReply): void {
    reply.clearCookie(refreshCookie, { httpOnly: true, sameSite: 'strict', secure, path: refreshCookiePath });
    reply.clearCookie(staffCookie, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  }

  /** A new sign-in in a browser that still holds a session: that one ends (its refresh token revoked, a sign-out audit line), so no session outlives the one that replaced it (ASVS 7.2.4). */
  async function endReplacedSession(request: FastifyRequest): Promise<void> {
    await auth.signOut(request.cookies[refreshCookie], request.ip);
  }

  function answer(reply: FastifyReply, session: Session): SignInAnswer {
    setRefreshCookie(reply, session.refreshToken, session.refreshExpiresAt);
    if (session.device) reply.setCookie(deviceCookieName, session.device, deviceCookieOptions(secure));
    reply.header('cache-control', 'no-store');
    return session.answer;
  }

  app.post(apiPaths.auth.signIn, async (request, reply) => {
    const parsed = signInBody.safeParse(request.body ?? {});
    if (!parsed.success) throw zodToAppError(parsed.error);
    try {
      const session = await auth.signIn({ ...parsed.data, ip: request.ip, userAgent: request.headers['user-agent'], device: request.cookies[deviceCookieName] }, request.log);
      await endReplacedSession(request);
      return answer(reply, session);
    } catch (err) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      // Two-factor sign-in: no tokens yet, only the challenge for the second step.
      if (err instanceof SecondFactorRequired) {
        reply.header('cache-control', 'no-store');
        return reply.status(err.status).send({ ...err.toBody(), mfa: { challenge: err.challenge } });
      }
      throw err;
    }
  });

  app.post(apiPaths.auth.signInSecondFactor, async (request, reply) => {
    const parsed = secondFactorSignInBody.safeParse(request.body ?? {});
    if (!parsed.success) throw zodToAppError(parsed.error);
    try {
      const session = await auth.signInWithSecondFactor({ ...parsed.data, ip: request.ip, userAgent: request.headers['user-agent'] }, request.log);
      await endReplacedSession(request);
      return answer(reply, session);
    } catch (err) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  });

  app.post(apiPaths.auth.refresh, async (request, reply) => {
    const presented = request.cookies[refreshCookie];
    if (!presented) {
      clearRefreshCookie(reply);
      throw new AppError('auth/user-token-expired');
    }
    const result = await auth.refresh(presented, request.log, { ip: request.ip, userAgent: request.headers['user-agent'] });
    if (result.kind === 'rotated') return answer(reply, result.session);
    clearRefreshCookie(reply);
    throw result.error;
  });

  app.post(apiPaths.auth.signOut, async (request, reply) => {
    await auth.signOut(request.cookies[refreshCookie], request.ip);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  // Password reset and invitations (account-links-routes.ts); an accepted invitation signs the invitee in.
  await accountLinkRoutes(app, {
    signIn: async (request, reply, user) => {
      const session = await auth.openSession(user, { ip: request.ip, userAgent: request.headers['user-agent'] }, request.log);
      await endReplacedSession(request);
      return answer(reply, session);
    },
  });

  app.get(apiPaths.auth.passwordPolicy, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return passwordPolicy;
  });

  // Two-factor set-up and the own account: they share this scope's sign-in service.
  await app.register(twoFactorRoutes, { auth });
  await app.register(accountRoutes, { auth });
}
