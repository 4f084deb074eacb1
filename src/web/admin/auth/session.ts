/**
 * The staff session (docs/spec-conformance.md, "Business constants and limits"): the idToken lives in memory
 * only; the session is restored and renewed through the HttpOnly refresh
 * cookie; renewal runs in the background before expiry, one call at a time,
 * and retries with backoff when the server cannot be reached; a disabled
 * account or an ended session signs the user out and says why.
 *
 * The server ends a session that is not renewed for its idle time
 * (SESSION_IDLE_TIMEOUT), so renewal follows use: a staff call renews in the
 * background once the last renewal is `activityRenewalMs` old, and the timer
 * before expiry renews only a session used since its last renewal. A browser
 * left open unused lets the session lapse; the next staff call then finds it
 * ended and signs out, saying why.
 */
import { z } from 'zod';
import { ApiError, api } from '../../api-client.js';
import type { SignedInUser, SignInAnswer } from '../../../shared/auth.js';
import type { ErrorCode } from '../../../shared/errors.js';
import { can } from '../../../shared/access.js';
import { staffMarkerKey } from '../../../shared/staff-marker.js';
import { editorialPaths } from '../../../shared/editorial.js';
import { apiPaths } from '../../../shared/api-paths.js';

/** The signed-in staff user as the staff app sees it. */
export type AuthUser = SignedInUser;
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Renew 5 min before expiry; treat the token as expired 30 s early; retry after 30 s, doubling to 16 min. */
export const refreshLeadMs = 5 * 60_000;
export const expiryMarginMs = 30_000;
export const retryInitialMs = 30_000;
export const retryMaxMs = 16 * 60_000;
/** A staff call renews a session last renewed this long ago, so the server's idle time counts from the last use. */
export const activityRenewalMs = 5 * 60_000;
/** At most one claims check a minute after refusals, so a screen that keeps being refused cannot flood renewals. */
export const claimsCheckIntervalMs = 60_000;

/** Codes that end a session, from a refresh or from any staff call. */
export const sessionEndingCodes: readonly ErrorCode[] = ['auth/user-disabled', 'auth/user-token-expired'];

/** Why the user is signed out: by their own choice, or a code saying why. */
export type SignOutReason = 'user' | ErrorCode | null;

export interface SessionSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  reason: SignOutReason;
}

const claimsSchema = z
  .object({ admin: z.boolean().nullish(), super: z.boolean().nullish() })
  .nullish()
  .transform((c) => ({ admin: c?.admin === true, super: c?.super === true }));

export const sessionAnswerSchema = z.object({
  idToken: z.string().min(1),
  expiresIn: z.coerce.number().positive(),
  user: z.object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullish().transform((v) => v ?? ''),
    claims: claimsSchema,
    twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }).optional(),
  }),
}) satisfies z.ZodType<SignInAnswer>;

/** The challenge of a sign-in that needs a second step (`auth/multi-factor-auth-required`), or null. */
export function secondFactorChallenge(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'auth/multi-factor-auth-required') return null;
  const parsed = z.object({ mfa: z.object({ challenge: z.string().min(1) }) }).safeParse(err.body);
  return parsed.success ? parsed.data.mfa.challenge : null;
}
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** How close to expiry a token is renewed before a staff call: 30 s, or a quarter of its life when that is shorter. */
export function expiryMarginFor(lifetimeMs: number): number {
  return Math.min(expiryMarginMs, lifetimeMs / 4);
}

/** When to renew a token of this lifetime: 5 minutes before expiry, but never later than half its life. */
export function refreshDelayMs(lifetimeMs: number): number {
  return Math.max(lifetimeMs - refreshLeadMs, lifetimeMs / 2);
}

/** The next wait after a failed renewal: 30 s, doubling, at most 16 min. */
export function nextRetryMs(previousMs: number | null): number {
  return previousMs === null ? retryInitialMs : Math.min(previousMs * 2, retryMaxMs);
}

/**
 * Tells the public pages of this browser whether a staff member is signed in
 * here (they then offer "Edit this page"): a localStorage entry holding the
 * Pages screen's path, no secret, never sent to the server. Left as it is while the session is still loading.
 */
export function markStaffBrowser(snapshot: SessionSnapshot): void {
  if (snapshot.status === 'loading') return;
  try {
    const user = snapshot.status === 'signed-in' ? snapshot.user : null;
    // The marker leads to the Pages screen: set for whoever the policy lets open it.
    if (user && can(user, 'read', { type: 'preview' })) globalThis.localStorage.setItem(staffMarkerKey, editorialPaths.pages);
    else globalThis.localStorage.removeItem(staffMarkerKey);
  } catch {
    // No storage (private mode, a test without a DOM): public pages simply offer no edit link.
  }
}

function isUnreachable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status >= 500 || err.status === 429 || err.code === 'auth/network-request-failed';
}

type Listener = () => void;
type EndListener = (reason: ErrorCode) => void;

export class StaffSession {
  private snapshot: SessionSnapshot = { status: 'loading', user: null, reason: null };
  private idToken: string | null = null;
  private expiresAt = 0;
  private marginMs = expiryMarginMs;
  private renewTimer: ReturnType<typeof setTimeout> | null = null;
  private retryMs: number | null = null;
  private inFlight: Promise<boolean> | null = null;
  private started: Promise<void> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly endListeners = new Set<EndListener>();
  private lastClaimsCheck = 0;
  /** When the idToken was last renewed, and whether a staff call asked for it since. */
  private renewedAt = 0;
  private renewAfterMs = refreshLeadMs;
  private usedSinceRenewal = false;
  /** Bumped at every sign-in and sign-out, so a late answer from an older session is ignored. */
  private generation = 0;

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Called when the session ends without the user asking (to notify them). */
  onSessionEnded(fn: EndListener): () => void {
    this.endListeners.add(fn);
    return () => this.endListeners.delete(fn);
  }

  /** Restores the session from the refresh cookie, once per page load. */
  start(): Promise<void> {
    this.started ??= this.refresh().then(() => undefined);
    return this.started;
  }

  /** A fresh idToken for api(): renews first when the token is within 30 s of expiry (expiryMarginFor). */
  getToken = async (): Promise<string | null> => {
    if (this.snapshot.status === 'loading') await this.start();
    if (this.snapshot.status !== 'signed-in') return null;
    this.usedSinceRenewal = true;
    if (this.idToken && Date.now() < this.expiresAt - this.marginMs) {
      // In use: keep the server's idle clock at the last few minutes, and renew a token past the point where an unused session's timer let it be.
      if (Date.now() - this.renewedAt >= Math.min(activityRenewalMs, this.renewAfterMs)) void this.refresh();
      return this.idToken;
    }
    await this.refresh();
    return this.snapshot.status === 'signed-in' ? this.idToken : null;
  };

  /** Signs in; an account with two-factor sign-in on throws an ApiError whose challenge `secondFactorChallenge` reads. */
  async signIn(email: string, password: string): Promise<AuthUser> {
    return this.adopt(await api<unknown>(apiPaths.auth.signIn, { method: 'POST', body: { email, password }, anonymous: true }));
  }

  /** The second step of a sign-in: the challenge of the first and a code from the app (or a recovery code). */
  async completeSecondFactor(challenge: string, code: string): Promise<AuthUser> {
    return this.adopt(await api<unknown>(apiPaths.auth.signInSecondFactor, { method: 'POST', body: { challenge, code }, anonymous: true }));
  }

  /** Starts the session a sign-in answer describes (sign-in, its second step, or an accepted invitation). */
  adopt(answer: unknown): AuthUser {
    const parsed = sessionAnswerSchema.parse(answer);
    this.generation++;
    this.inFlight = null;
    this.accept(parsed);
    return parsed.user;
  }

  async signOut(): Promise<void> {
    this.end('user');
    try {
      await api<void>(apiPaths.auth.signOut, { method: 'POST', anonymous: true });
    } catch {
      // The local session is gone either way; the cookie expires on its own.
    }
  }

  /** A staff call failed: a disabled account ends the session; an expired token is renewed first. */
  handleApiError = (err: ApiError): void => {
    if (this.snapshot.status !== 'signed-in') return;
    if (err.code === 'auth/user-disabled') {
      this.forceEnd('auth/user-disabled');
    } else if (err.code === 'auth/user-token-expired') {
      // The token may simply have run out (a sleeping laptop); the refresh decides.
      this.expiresAt = 0;
      void this.refresh();
    } else if (err.code === 'permission-denied' && Date.now() - this.lastClaimsCheck >= claimsCheckIntervalMs) {
      // The role may have changed since the token was issued: fresh claims re-apply the layout rule and the guards.
      this.lastClaimsCheck = Date.now();
      void this.refresh();
    }
  };

  /** Renews the idToken; true when signed in afterwards. One call in flight at a time. */
  refresh(): Promise<boolean> {
    if (!this.inFlight) {
      const generation = this.generation;
      this.inFlight = this.renew(generation).finally(() => {
        if (this.generation === generation) this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  private async renew(generation: number): Promise<boolean> {
    this.clearTimer();
    let parsed: SessionAnswer;
    try {
      parsed = sessionAnswerSchema.parse(await api<unknown>(apiPaths.auth.refresh, { method: 'POST', anonymous: true }));
    } catch (err) {
      if (generation !== this.generation) return this.snapshot.status === 'signed-in';
      if (isUnreachable(err)) {
        this.retryMs = nextRetryMs(this.retryMs);
        this.renewTimer = setTimeout(() => void this.refresh(), this.retryMs);
        if (this.snapshot.status === 'loading') this.set({ status: 'signed-out', user: null, reason: 'auth/network-request-failed' });
        return this.snapshot.status === 'signed-in' && Date.now() < this.expiresAt;
      }
      const code = err instanceof ApiError ? err.code : 'unknown';
      if (this.snapshot.status === 'signed-in') {
        this.forceEnd(sessionEndingCodes.includes(code) ? code : 'auth/user-token-expired');
      } else {
        // No session to restore: the ordinary signed-out start (a disabled account still says why).
        this.set({ status: 'signed-out', user: null, reason: code === 'auth/user-disabled' ? code : this.snapshot.reason === 'auth/network-request-failed' ? null : this.snapshot.reason });
      }
      return false;
    }
    if (generation !== this.generation) return this.snapshot.status === 'signed-in';
    this.accept(parsed);
    return true;
  }

  private accept(answer: SessionAnswer): void {
    this.clearTimer();
    const lifetimeMs = answer.expiresIn * 1000;
    this.idToken = answer.idToken;
    this.expiresAt = Date.now() + lifetimeMs;
    this.marginMs = expiryMarginFor(lifetimeMs);
    this.retryMs = null;
    this.renewedAt = Date.now();
    this.renewAfterMs = refreshDelayMs(lifetimeMs);
    this.usedSinceRenewal = false;
    // Unused since this renewal: no renewal, so the session lapses on the server after its idle time.
    this.renewTimer = setTimeout(() => {
      if (this.usedSinceRenewal) void this.refresh();
    }, refreshDelayMs(lifetimeMs));
    const previous = this.snapshot.user;
    const user: AuthUser = answer.user;
    // Keep the same object when nothing changed, so a renewal does not re-render every screen.
    const same =
      previous !== null &&
      previous.uid === user.uid &&
      previous.email === user.email &&
      previous.displayName === user.displayName &&
      previous.claims.admin === user.claims.admin &&
      previous.claims.super === user.claims.super &&
      previous.twoFactor?.enabled === user.twoFactor?.enabled &&
      previous.twoFactor?.required === user.twoFactor?.required;
    if (this.snapshot.status !== 'signed-in' || !same) this.set({ status: 'signed-in', user: same ? previous : user, reason: null });
  }

  private forceEnd(reason: ErrorCode): void {
    this.end(reason);
    for (const fn of this.endListeners) fn(reason);
    // Clear the refresh cookie too, so a reload does not try again.
    void api<void>(apiPaths.auth.signOut, { method: 'POST', anonymous: true }).catch(() => undefined);
  }

  private end(reason: SignOutReason): void {
    this.generation++;
    this.inFlight = null;
    this.clearTimer();
    this.retryMs = null;
    this.idToken = null;
    this.expiresAt = 0;
    this.set({ status: 'signed-out', user: null, reason });
  }

  private clearTimer(): void {
    if (this.renewTimer !== null) clearTimeout(this.renewTimer);
    this.renewTimer = null;
  }

  private set(next: SessionSnapshot): void {
    this.snapshot = next;
    markStaffBrowser(next);
    for (const fn of this.listeners) fn();
  }
}

/** The one session of the page. */
export const staffSession = new StaffSession();
