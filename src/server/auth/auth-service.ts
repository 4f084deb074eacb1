/**
 * Signing in and out: the throttle against guessing, the password check that
 * takes as long for an unknown e-mail as for a wrong password, refresh-token
 * rotation, and who the caller of a request is. Routes are thin wrappers over
 * this: they own the cookie, the status codes and the request parsing.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../shared/access.js';
import { claimsOf, type SignInAnswer } from '../../shared/auth.js';
import { AppError } from '../../shared/errors.js';
import type { Services } from '../services.js';
import { normaliseEmail } from './accounts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { defaultRefreshGraceSeconds, revokeFamilyOf, rotateRefreshToken, startRefreshFamily } from './refresh-tokens.js';
import { connectRedisStore, MemoryThrottleStore, SignInThrottle, type SignInThrottleOptions, type ThrottleStore } from './sign-in-throttle.js';
import { findCaller, findUserByEmail, recordSignIn, type UserRow } from './users-repository.js';

export interface AuthOptions {
  /** Brute-force limits (tests shorten the window). */
  throttle?: Partial<SignInThrottleOptions>;
  /** How long a just-used refresh token may still be answered with its successor. */
  refreshGraceSeconds?: number;
}

/** What a sign-in or refresh hands to the caller: the JSON answer, and the refresh token for the cookie. */
export interface Session {
  answer: SignInAnswer;
  refreshToken: string;
}

/** 429 with how long to wait, for the Retry-After header. */
export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('auth/too-many-requests', `Too many failed sign-in attempts. Try again in ${describeWait(retryAfterSeconds)}.`);
  }
}

/** A refused refresh: the error to answer with; the presented cookie is of no further use. */
export type RefreshResult = { kind: 'rotated'; session: Session } | { kind: 'refused'; error: AppError };

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export class AuthService {
  // Checked when the e-mail is unknown, so that the answer takes as long as a wrong password.
  private dummyHash: Promise<string> | null = null;
  private readonly graceSeconds: number;

  private constructor(
    private readonly services: Pick<Services, 'config' | 'db' | 'tokens'>,
    private readonly throttle: SignInThrottle,
    options: AuthOptions,
  ) {
    this.graceSeconds = options.refreshGraceSeconds ?? defaultRefreshGraceSeconds;
  }

  /** Counters in Redis when REDIS_URL is set, so every instance sees the same counts; in memory otherwise. */
  static async create(services: Pick<Services, 'config' | 'db' | 'tokens'>, options: AuthOptions, log: FastifyBaseLogger): Promise<AuthService> {
    const { redisUrl } = services.config;
    const store: ThrottleStore = redisUrl ? await connectRedisStore(redisUrl, log) : new MemoryThrottleStore();
    return new AuthService(services, new SignInThrottle(store, options.throttle ?? {}, log), options);
  }

  /** Computes the dummy hash now, so that even the first unknown e-mail does not take longer than a wrong password. */
  async warmUp(): Promise<void> {
    await this.dummy();
  }

  async close(): Promise<void> {
    await this.throttle.close();
  }

  async signIn(input: { email: string; password: string; ip: string }, log: FastifyBaseLogger): Promise<Session> {
    const email = normaliseEmail(input.email);
    const { password } = input;

    const decision = await this.throttle.begin(email, input.ip);
    if (!decision.allowed) {
      log.warn({ retryAfter: decision.retryAfterSeconds }, 'sign-in throttled');
      throw new ThrottledError(decision.retryAfterSeconds);
    }

    const { db, config } = this.services;
    const user = await findUserByEmail(db.kysely, email);
    const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await this.dummy(), password)) && false;
    if (!user || !ok) {
      log.info('sign-in refused: invalid credential');
      throw new AppError('auth/invalid-credential');
    }
    if (user.disabled) {
      log.info({ uid: user.id }, 'sign-in refused: account disabled');
      throw new AppError('auth/user-disabled');
    }
    await this.throttle.succeeded(decision.ticket);
    const now = new Date().toISOString();
    await recordSignIn(db.kysely, user.id, now);
    const issued = await startRefreshFamily(db.kysely, user.id, config.refreshTokenTtl);
    log.info({ uid: user.id }, 'signed in');
    return this.session(user, issued.token);
  }

  async refresh(presented: string, log: FastifyBaseLogger): Promise<RefreshResult> {
    const { db, config } = this.services;
    const result = await rotateRefreshToken(db, presented, { ttlSeconds: config.refreshTokenTtl, secret: config.authSecret, graceSeconds: this.graceSeconds });
    switch (result.kind) {
      case 'rotated':
        return { kind: 'rotated', session: await this.session(result.user, result.issued.token) };
      case 'disabled':
        log.info('refresh refused: account disabled, sessions revoked');
        return { kind: 'refused', error: new AppError('auth/user-disabled') };
      case 'replayed':
        log.warn('refresh token replayed: its family is revoked');
        return { kind: 'refused', error: new AppError('auth/user-token-expired') };
      case 'expired':
        return { kind: 'refused', error: new AppError('auth/user-token-expired') };
    }
  }

  /** Ends the session of the presented refresh token, if it is known. */
  async signOut(presented: string | undefined): Promise<void> {
    if (presented) await revokeFamilyOf(this.services.db.kysely, presented);
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url')));
  }

  private async session(user: UserRow, refreshToken: string): Promise<Session> {
    const { tokens } = this.services;
    const claims = claimsOf(user.role);
    const idToken = await tokens.sign({ uid: user.id, email: user.email, claims });
    return {
      answer: { idToken, expiresIn: tokens.ttl, user: { uid: user.id, email: user.email, displayName: user.display_name, claims } },
      refreshToken,
    };
  }
}

/**
 * The caller an idToken names. The role comes from the account as stored now,
 * so a demotion or a disable takes effect at once, not when the token expires.
 */
export async function principalOf(services: Pick<Services, 'db' | 'tokens'>, idToken: string): Promise<Principal> {
  const payload = await services.tokens.verify(idToken);
  const user = await findCaller(services.db.kysely, payload.uid);
  if (!user) throw new AppError('auth/user-token-expired', 'This account no longer exists. Please sign in again.');
  if (user.disabled) throw new AppError('auth/user-disabled');
  // A password change ends the sessions that were open before it.
  if (user.tokens_valid_after && payload.issuedAt * 1000 < Date.parse(user.tokens_valid_after)) {
    throw new AppError('auth/user-token-expired', 'Your password was changed. Please sign in again.');
  }
  return { uid: user.id, email: user.email, claims: claimsOf(user.role) };
}
