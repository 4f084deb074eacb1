/**
 * Signing in and out: the throttle against guessing, the password check that
 * takes as long for an unknown e-mail as for a wrong password, refresh-token
 * rotation, and who the caller of a request is. Routes are thin wrappers over
 * this: they own the cookie, the status codes and the request parsing.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../../shared/access.js';
import { claimsOf, type SignInAnswer } from '../../../shared/auth.js';
import { isTwoFactorLocked } from '../../../shared/two-factor.js';
import { AppError } from '../../../shared/errors.js';
import type { Services } from '../../services.js';
import { appendAudit } from '../../audit/repository.js';
import { transaction } from '../../db/index.js';
import { normaliseEmail } from '../accounts/accounts.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { defaultRefreshGraceSeconds, revokeFamilyOf, rotateRefreshToken, startRefreshFamily, type IssuedRefreshToken, type SessionLimits } from './refresh-tokens.js';
import { issueDeviceCookie, knownDevice } from './sign-in-device.js';
import { connectRedisStore, MemoryThrottleStore, SignInThrottle, type SignInThrottleOptions, type ThrottleStore } from './sign-in-throttle.js';
import { findCaller, findUserByEmail, findUserById, recordSignIn, type UserRow } from '../accounts/repository.js';
import type { ClientInfo } from './repository.js';
import { sessionEnded } from '../tokens.js';
import { TwoFactorService, type NowMs } from '../two-factor/service.js';

export interface AuthOptions {
  /** Brute-force limits (tests shorten the window). */
  throttle?: Partial<SignInThrottleOptions>;
  /** How long a just-used refresh token may still be answered with its successor. */
  refreshGraceSeconds?: number;
  /** Limits on wrong second-factor codes (counted apart from passwords). */
  secondFactorThrottle?: Partial<SignInThrottleOptions>;
  /** The clock of two-factor sign-in: challenges and TOTP steps (tests move it). */
  now?: NowMs;
}

/** A right password for an account with two-factor sign-in on: the answer carries a challenge for the second step. */
export class SecondFactorRequired extends AppError {
  constructor(readonly challenge: string) {
    super('auth/multi-factor-auth-required', 'Enter the code from your authenticator app to finish signing in.');
  }
}

/** A sign-in request's client, recorded for the sessions list. */
export interface SignInClient {
  ip: string;
  userAgent: string | undefined;
}

/** A sign-in attempt's client, with its device cookie if it sent one (sign-in-device.ts). */
export interface SignInAttempt extends SignInClient {
  device?: string | undefined;
}

/** The session limits of the configuration. */
export function sessionLimits(config: Pick<Services['config'], 'sessionIdleTimeout' | 'sessionMaxAge'>): SessionLimits {
  return { idleSeconds: config.sessionIdleTimeout, maxAgeSeconds: config.sessionMaxAge };
}

function clientInfo(client: SignInClient): ClientInfo {
  return { ip: client.ip, userAgent: client.userAgent ?? null };
}

/** What a sign-in or refresh hands to the caller: the JSON answer, and the refresh token for the cookie. */
export interface Session {
  answer: SignInAnswer;
  refreshToken: string;
  /** When the refresh token expires (the session's idle or absolute end): the cookie goes then too. */
  refreshExpiresAt: string;
  /** A new device cookie for the client, after a sign-in with its password (and code). */
  device?: string;
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

  readonly twoFactor: TwoFactorService;

  private constructor(
    private readonly services: Pick<Services, 'config' | 'db' | 'tokens' | 'changes' | 'mail' | 'settings'>,
    private readonly throttle: SignInThrottle,
    private readonly codeThrottle: SignInThrottle,
    options: AuthOptions,
  ) {
    this.graceSeconds = options.refreshGraceSeconds ?? defaultRefreshGraceSeconds;
    this.twoFactor = new TwoFactorService(services, options.now);
  }

  /** Counters in Redis when REDIS_URL is set, so every instance sees the same counts; in memory otherwise. */
  static async create(services: Pick<Services, 'config' | 'db' | 'tokens' | 'changes' | 'mail' | 'settings'>, options: AuthOptions, log: FastifyBaseLogger): Promise<AuthService> {
    const { redisUrl } = services.config;
    const store = async (): Promise<ThrottleStore> => (redisUrl ? await connectRedisStore(redisUrl, log) : new MemoryThrottleStore());
    return new AuthService(
      services,
      new SignInThrottle(await store(), options.throttle ?? {}, log),
      // Wrong second-factor codes count apart from wrong passwords, under keys of their own.
      new SignInThrottle(await store(), { pairLimit: 5, accountLimit: 5, ipLimit: 50, ...options.secondFactorThrottle, keyPrefix: 'ngo-2fa:' }, log),
      options,
    );
  }

  /** Computes the dummy hash now, so that even the first unknown e-mail does not take longer than a wrong password. */
  async warmUp(): Promise<void> {
    await this.dummy();
  }

  async close(): Promise<void> {
    this.twoFactor.close();
    await Promise.all([this.throttle.close(), this.codeThrottle.close()]);
  }

  async signIn(input: { email: string; password: string } & SignInAttempt, log: FastifyBaseLogger): Promise<Session> {
    const email = normaliseEmail(input.email);
    const { password } = input;

    // A browser that signed in to this account before is counted apart: others' failures do not lock it out.
    const decision = await this.throttle.begin(email, input.ip, knownDevice(this.services.config.authSecret, email, input.device));
    if (!decision.allowed) {
      log.warn({ retryAfter: decision.retryAfterSeconds }, 'sign-in throttled');
      throw new ThrottledError(decision.retryAfterSeconds);
    }

    const { db } = this.services;
    const user = await findUserByEmail(db.kysely, email);
    const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await this.dummy(), password)) && false;
    if (!user || !ok) {
      log.info('sign-in refused: invalid credential');
      // The address as typed (a valid one: normaliseEmail refused anything else), never the password.
      await this.failed(user ?? null, email, input.ip);
      throw new AppError('auth/invalid-credential');
    }
    if (user.disabled) {
      log.info({ uid: user.id }, 'sign-in refused: account disabled');
      await this.failed(user, `${email}: account disabled`, input.ip);
      throw new AppError('auth/user-disabled');
    }
    await this.throttle.succeeded(decision.ticket);
    if (await this.twoFactor.isEnabled(user.id)) {
      // Locked after a run of wrong codes: said only to someone who knows the password.
      await this.twoFactor.assertNotLocked(user.id);
      const challenge = await this.twoFactor.startChallenge(user.id);
      log.info({ uid: user.id }, 'sign-in: password accepted, second factor required');
      throw new SecondFactorRequired(challenge);
    }
    return this.withDevice(await this.begin(user, input, log, 'signed in'), user);
  }

  /** The session with a fresh device cookie for the account it signed in to. */
  private withDevice(session: Session, user: UserRow): Session {
    return { ...session, device: issueDeviceCookie(this.services.config.authSecret, user.email) };
  }

  /** The second step of a sign-in with two-factor on: the challenge of the first step and a code. */
  async signInWithSecondFactor(input: { challenge: string; code: string } & SignInClient, log: FastifyBaseLogger): Promise<Session> {
    const { id, userId } = await this.twoFactor.challengeAccount(input.challenge);
    const decision = await this.codeThrottle.begin(userId, input.ip);
    if (!decision.allowed) {
      log.warn({ uid: userId, retryAfter: decision.retryAfterSeconds }, 'second factor throttled');
      throw new ThrottledError(decision.retryAfterSeconds);
    }
    const user = await findUserById(this.services.db.kysely, userId);
    if (!user) throw new AppError('auth/user-token-expired', 'This account no longer exists.');
    if (user.disabled) {
      log.info({ uid: user.id }, 'second factor refused: account disabled');
      await this.failed(user, `${user.email}: account disabled`, input.ip);
      throw new AppError('auth/user-disabled');
    }
    await this.twoFactor.assertNotLocked(user.id);
    // The challenge is claimed before the code is used: of two requests with one challenge, only one can spend a recovery code.
    if (!(await this.twoFactor.consumeChallenge(id))) throw new AppError('auth/user-token-expired', 'This sign-in was already completed. Sign in again with your password.');
    const kind = await this.twoFactor.useCodeCounted(user, input.code, input.ip).catch(async (err: unknown) => {
      await this.twoFactor.releaseChallenge(id);
      if (err instanceof AppError && isTwoFactorLocked(err.details)) log.warn({ uid: user.id }, 'second factor locked: too many wrong codes in a row');
      throw err;
    });
    if (!kind) {
      await this.twoFactor.releaseChallenge(id);
      log.info({ uid: user.id }, 'second factor refused: wrong or used code');
      await this.failed(user, `${user.email}: wrong second-factor code`, input.ip);
      throw new AppError('auth/invalid-credential', 'That code is not correct, or it was already used. Enter the current code from your app.', { field: 'code' });
    }
    await this.codeThrottle.succeeded(decision.ticket);
    const session =
      kind === 'recovery'
        ? await this.begin(user, input, log, 'signed in with a recovery code', `${user.email}: with a recovery code`)
        : await this.begin(user, input, log, 'signed in with a second factor', `${user.email}: with a second factor`);
    return this.withDevice(session, user);
  }

  /** Starts a session for an account whose credentials were just proven another way (an accepted invitation). */
  async openSession(user: UserRow, client: SignInClient, log: FastifyBaseLogger): Promise<Session> {
    return this.begin(user, client, log, 'signed in after accepting an invitation', `${user.email}: after accepting an invitation`);
  }

  /** A refused sign-in in the audit log: the account when the address is one (else nobody), the address, never the password or code. */
  private async failed(user: UserRow | null, subject: string, ip: string): Promise<void> {
    await appendAudit(this.services.db.kysely, {
      action: 'auth.sign-in-failed',
      actor: user ? { uid: user.id, email: user.email, name: user.display_name || user.email } : null,
      subjectId: user?.id ?? null,
      subject,
      ip,
    });
  }

  private async begin(user: UserRow, client: SignInClient, log: FastifyBaseLogger, message: string, subject = user.email): Promise<Session> {
    const { db, config } = this.services;
    // The session and its line in the audit log land together.
    const issued = await transaction(db, async (trx) => {
      await recordSignIn(trx, user.id, new Date().toISOString());
      const started = await startRefreshFamily(trx, user.id, sessionLimits(config), clientInfo(client));
      await appendAudit(trx, { action: 'auth.sign-in', actor: { uid: user.id, email: user.email, name: user.display_name || user.email }, subjectId: user.id, subject, ip: client.ip });
      return started;
    });
    log.info({ uid: user.id }, message);
    return this.session(user, issued);
  }

  /**
   * Checks a code of the signed-in caller (to turn two-factor sign-in off),
   * counted against the same limit as codes at sign-in: a stolen idToken is
   * no way around it.
   */
  async confirmSecondFactor(user: UserRow, code: string, ip: string, log: FastifyBaseLogger): Promise<void> {
    const decision = await this.codeThrottle.begin(user.id, ip);
    if (!decision.allowed) throw new ThrottledError(decision.retryAfterSeconds);
    if (!(await this.twoFactor.useCodeCounted(user, code, ip))) {
      log.info({ uid: user.id }, 'second factor confirmation refused');
      throw new AppError('auth/requires-recent-login', 'That code is not correct. Enter the current code from your app, or a recovery code.', { field: 'code' });
    }
    await this.codeThrottle.succeeded(decision.ticket);
  }

  /** Checks the signed-in caller's own password (throttled as sign-in is); a wrong one is 401 auth/requires-recent-login on the form's `field`. */
  async confirmPassword(user: UserRow, password: string, ip: string, log: FastifyBaseLogger, field = 'currentPassword'): Promise<void> {
    const decision = await this.throttle.begin(user.email, ip);
    if (!decision.allowed) throw new ThrottledError(decision.retryAfterSeconds);
    if (!(await verifyPassword(user.password_hash, password))) {
      log.info({ uid: user.id }, 'password confirmation refused');
      throw new AppError('auth/requires-recent-login', 'Your current password is not correct.', { field });
    }
    await this.throttle.succeeded(decision.ticket);
  }

  async refresh(presented: string, log: FastifyBaseLogger, client?: SignInClient): Promise<RefreshResult> {
    const { db, config } = this.services;
    const result = await rotateRefreshToken(
      db,
      presented,
      { limits: sessionLimits(config), secret: config.authSecret, graceSeconds: this.graceSeconds },
      client ? clientInfo(client) : undefined,
    );
    switch (result.kind) {
      case 'rotated':
        return { kind: 'rotated', session: await this.session(result.user, result.issued) };
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

  /** Ends the session of the presented refresh token, if it is known; a live one ending is a line in the audit log. */
  async signOut(presented: string | undefined, ip: string): Promise<void> {
    if (!presented) return;
    await transaction(this.services.db, async (trx) => {
      const uid = await revokeFamilyOf(trx, presented);
      if (!uid) return;
      const user = await findUserById(trx, uid);
      await appendAudit(trx, { action: 'auth.sign-out', actor: { uid }, subjectId: uid, subject: user?.email ?? null, ip });
    });
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url')));
  }

  private async session(user: UserRow, issued: IssuedRefreshToken): Promise<Session> {
    const { tokens } = this.services;
    const claims = claimsOf(user.role);
    const [idToken, twoFactor] = await Promise.all([
      tokens.sign({ uid: user.id, email: user.email, claims, sid: issued.familyId, epoch: user.token_epoch }),
      this.twoFactor.state(user.id, user.role),
    ]);
    return {
      answer: { idToken, expiresIn: tokens.ttl, user: { uid: user.id, email: user.email, displayName: user.display_name, claims, twoFactor } },
      refreshToken: issued.token,
      refreshExpiresAt: issued.expiresAt,
    };
  }
}

/**
 * The caller an idToken names. The role comes from the account as stored now,
 * so a demotion or a disable takes effect at once, not when the token expires;
 * so does the end of the token's session (sign-out, a session ended on the
 * account screen) and of every session of the account (revocation.ts).
 */
export async function principalOf(services: Pick<Services, 'db' | 'tokens'>, idToken: string): Promise<Principal> {
  const payload = await services.tokens.verify(idToken);
  const user = await findCaller(services.db.kysely, payload.uid, payload.sid, new Date().toISOString());
  if (!user) throw new AppError('auth/user-token-expired', 'This account no longer exists. Please sign in again.');
  if (user.disabled) throw new AppError('auth/user-disabled');
  if (user.token_epoch !== payload.epoch || !user.session_live) throw new AppError('auth/user-token-expired', sessionEnded);
  return { uid: user.id, email: user.email, claims: claimsOf(user.role) };
}
