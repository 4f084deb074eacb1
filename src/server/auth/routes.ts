/**
 * Identity endpoints: sign-in, refresh, sign-out and the password policy.
 * The idToken goes in the JSON answer (the staff app keeps it in memory); the
 * refresh token only ever travels in an HttpOnly, SameSite=Strict cookie
 * scoped to /api/auth.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { claimsOf, type SignInAnswer } from '../../shared/auth.js';
import { AppError } from '../../shared/errors.js';
import { passwordPolicy } from '../../shared/password-policy.js';
import { zodToAppError } from '../plugins/errors.js';
import { normaliseEmail } from './accounts.js';
import { findUserByEmail, recordSignIn, type UserRow } from './users-repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  defaultRefreshGraceSeconds,
  refreshCookieName,
  refreshCookiePath,
  revokeFamilyOf,
  rotateRefreshToken,
  startRefreshFamily,
} from './refresh-tokens.js';
import { connectRedisStore, MemoryThrottleStore, SignInThrottle, type SignInThrottleOptions, type ThrottleStore } from './sign-in-throttle.js';

export interface AuthRoutesOptions {
  /** Brute-force limits (tests shorten the window). */
  throttle?: Partial<SignInThrottleOptions>;
  /** How long a just-used refresh token may still be answered with its successor. */
  refreshGraceSeconds?: number;
}

export type { SignInAnswer } from '../../shared/auth.js';

const signInBody = z.object({
  email: z.string({ error: 'The e-mail address is required.' }),
  password: z
    .string({ error: 'The password is required.' })
    .min(1, 'The password is required.')
    .max(passwordPolicy.maxLength * 4, 'The password is too long.'),
});

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions = {}): Promise<void> {
  const { config, db, tokens } = app.services;
  const secure = config.publicUrl.startsWith('https:');
  const graceSeconds = options.refreshGraceSeconds ?? defaultRefreshGraceSeconds;

  const store: ThrottleStore = config.redisUrl ? await connectRedisStore(config.redisUrl, app.log) : new MemoryThrottleStore();
  const throttle = new SignInThrottle(store, options.throttle ?? {}, app.log);
  app.addHook('onClose', async () => throttle.close());

  // Checked when the e-mail is unknown, so that the answer takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url')));
  // Computed now, so that even the first unknown e-mail does not take longer than a wrong password.
  app.addHook('onReady', async () => {
    await dummy();
  });

  function setRefreshCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(refreshCookieName, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: refreshCookiePath,
      maxAge: config.refreshTokenTtl,
    });
  }

  function clearRefreshCookie(reply: FastifyReply): void {
    reply.clearCookie(refreshCookieName, { httpOnly: true, sameSite: 'strict', secure, path: refreshCookiePath });
  }

  async function answer(reply: FastifyReply, user: UserRow, refreshToken: string): Promise<SignInAnswer> {
    const claims = claimsOf(user.role);
    const idToken = await tokens.sign({ uid: user.id, email: user.email, claims });
    setRefreshCookie(reply, refreshToken);
    reply.header('cache-control', 'no-store');
    return {
      idToken,
      expiresIn: tokens.ttl,
      user: { uid: user.id, email: user.email, displayName: user.display_name, claims },
    };
  }

  app.post('/api/auth/sign-in', async (request, reply) => {
    const parsed = signInBody.safeParse(request.body ?? {});
    if (!parsed.success) throw zodToAppError(parsed.error);
    const email = normaliseEmail(parsed.data.email);
    const { password } = parsed.data;

    const decision = await throttle.begin(email, request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      request.log.warn({ retryAfter: decision.retryAfterSeconds }, 'sign-in throttled');
      throw new AppError('auth/too-many-requests', `Too many failed sign-in attempts. Try again in ${describeWait(decision.retryAfterSeconds)}.`);
    }

    const user = await findUserByEmail(db.kysely, email);
    const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await dummy(), password)) && false;
    if (!user || !ok) {
      request.log.info('sign-in refused: invalid credential');
      throw new AppError('auth/invalid-credential');
    }
    if (user.disabled) {
      request.log.info({ uid: user.id }, 'sign-in refused: account disabled');
      throw new AppError('auth/user-disabled');
    }
    await throttle.succeeded(decision.ticket);
    const now = new Date().toISOString();
    await recordSignIn(db.kysely, user.id, now);
    const issued = await startRefreshFamily(db.kysely, user.id, config.refreshTokenTtl);
    request.log.info({ uid: user.id }, 'signed in');
    return answer(reply, user, issued.token);
  });

  app.post('/api/auth/refresh', async (request, reply) => {
    const presented = request.cookies[refreshCookieName];
    if (!presented) {
      clearRefreshCookie(reply);
      throw new AppError('auth/user-token-expired');
    }
    const result = await rotateRefreshToken(db, presented, { ttlSeconds: config.refreshTokenTtl, secret: config.authSecret, graceSeconds });
    switch (result.kind) {
      case 'rotated':
        return answer(reply, result.user, result.issued.token);
      case 'disabled':
        clearRefreshCookie(reply);
        request.log.info('refresh refused: account disabled, sessions revoked');
        throw new AppError('auth/user-disabled');
      case 'replayed':
        clearRefreshCookie(reply);
        request.log.warn('refresh token replayed: its family is revoked');
        throw new AppError('auth/user-token-expired');
      case 'expired':
        clearRefreshCookie(reply);
        throw new AppError('auth/user-token-expired');
    }
  });

  app.post('/api/auth/sign-out', async (request, reply) => {
    const presented = request.cookies[refreshCookieName];
    if (presented) await revokeFamilyOf(db.kysely, presented);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/auth/password-policy', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return passwordPolicy;
  });
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
