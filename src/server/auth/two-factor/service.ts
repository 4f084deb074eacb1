/**
 * Two-factor sign-in: setting it up (a pending secret a code must confirm),
 * turning it off, the super-admin's reset, the sign-in challenge between the
 * password and the code, checking a code (TOTP once per time step, or a
 * recovery code once), and who must have it (the site setting
 * `requireTwoFactor`, cached and dropped when the settings change). Routes
 * are in two-factor-routes.ts; SQL in two-factor-repository.ts.
 */
import { z } from 'zod';
import { roleOf, type Principal } from '../../../shared/access.js';
import {
  challengeTtlSeconds,
  mustEnrolTwoFactor,
  totpCodePattern,
  normaliseCode,
  twoFactorRequiredFor,
  twoFactorRequirements,
  type TwoFactorRequirement,
  type TwoFactorSetup,
  type TwoFactorState,
} from '../../../shared/account.js';
import { AppError } from '../../../shared/errors.js';
import { defaultSiteSettings } from '../../../shared/settings.js';
import type { UserRole } from '../../../shared/users.js';
import { transaction } from '../../db/index.js';
import { appendAudit, type AuditRecord } from '../../audit/repository.js';
import type { Services } from '../../services.js';
import {
  claimChallenge,
  releaseChallenge,
  claimRecoveryCode,
  claimStep,
  clearWrongCodes,
  countUnusedRecoveryCodes,
  enableSecret,
  findChallenge,
  findTwoFactor,
  insertChallenge,
  isTwoFactorEnabled,
  recordWrongCode,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
} from './repository.js';
import { composeMail } from '../../mail/index.js';
import { secondFactorFailureLimit, twoFactorLockedReason } from '../../../shared/two-factor.js';
import { hashRecoveryCode, legacyRecoveryCodeHash, matchTotp, newChallenge, newRecoveryCodes, newTotpSecret, openSecret, otpauthUrl, qrSvg, sealSecret, sha256 } from './codes.js';
import type { UserRow } from '../accounts/repository.js';

/** Milliseconds since the epoch; tests move it by hand. */
export type NowMs = () => number;

const requirementSchema = z.enum(twoFactorRequirements);

/** The refusal of every API call but the account's own while a required second factor is not set up. */
export function enrolmentRequired(): AppError {
  return new AppError('permission-denied', 'This site requires two-factor sign-in for your account. Turn it on from your account page (/account) first.', {
    details: { reason: 'two-factor-required' },
  });
}

/** The refusal of every code, right or wrong, once the account's run of wrong codes reached the limit. */
export function secondFactorLocked(): AppError {
  return new AppError(
    'permission-denied',
    `Two-factor sign-in of this account is stopped after ${secondFactorFailureLimit} wrong codes in a row. A super-admin must reset it on your user page; a mail to the account says so.`,
    { details: { reason: twoFactorLockedReason } },
  );
}

/**
 * A stored secret in clear, or null when it cannot be opened: the row was
 * sealed under another AUTH_SECRET (an archive restored on another server).
 * The owner then signs in with a recovery code, or a super-admin resets it.
 */
function opened(authSecret: string, userId: string, sealed: string): string | null {
  try {
    return openSecret(authSecret, userId, sealed);
  } catch {
    return null;
  }
}

export class TwoFactorService {
  private requirement: Promise<TwoFactorRequirement> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly services: Pick<Services, 'config' | 'db' | 'changes' | 'mail' | 'settings'>,
    private readonly now: NowMs = Date.now,
  ) {
    // Saved settings (on this instance or, with PostgreSQL, another) drop the cached requirement.
    this.unsubscribe = services.changes.subscribe((event) => {
      if (event.type === 'settings' || event.type === 'reset') this.requirement = null;
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private get db() {
    return this.services.db.kysely;
  }

  /** The site's `requireTwoFactor`, 'none' when unset. */
  currentRequirement(): Promise<TwoFactorRequirement> {
    this.requirement ??= this.services.settings.current().then(
      // Settings saved before the field existed have none: 'none'.
      ({ data }) => requirementSchema.catch('none').parse(data.requireTwoFactor ?? 'none'),
      (err: unknown) => {
        this.requirement = null;
        throw err;
      },
    );
    return this.requirement;
  }

  async state(userId: string, role: UserRole): Promise<TwoFactorState> {
    const [enabled, requirement] = await Promise.all([isTwoFactorEnabled(this.db, userId), this.currentRequirement()]);
    return { enabled, required: twoFactorRequiredFor(requirement, role) };
  }

  /** Refuses a caller whom the site requires to have two-factor sign-in and who has not turned it on. */
  async assertEnrolled(principal: Principal): Promise<void> {
    const requirement = await this.currentRequirement();
    if (!twoFactorRequiredFor(requirement, roleOf(principal))) return;
    if (mustEnrolTwoFactor({ required: true, enabled: await isTwoFactorEnabled(this.db, principal.uid) })) throw enrolmentRequired();
  }

  isEnabled(userId: string): Promise<boolean> {
    return isTwoFactorEnabled(this.db, userId);
  }

  recoveryCodesLeft(userId: string): Promise<number> {
    return countUnusedRecoveryCodes(this.db, userId);
  }

  // ---- the sign-in challenge ----

  /** A fresh challenge for an account whose password was right; only its hash is stored. */
  async startChallenge(userId: string): Promise<string> {
    const challenge = newChallenge();
    const now = this.now();
    await insertChallenge(this.db, userId, sha256(challenge), new Date(now).toISOString(), new Date(now + challengeTtlSeconds * 1000).toISOString());
    return challenge;
  }

  /** The account of a usable challenge; an unknown, used or expired one ends the attempt. */
  async challengeAccount(challenge: string): Promise<{ id: string; userId: string }> {
    const row = await findChallenge(this.db, sha256(challenge));
    if (!row || row.used_at !== null || row.expires_at <= new Date(this.now()).toISOString()) {
      throw new AppError('auth/user-token-expired', 'This sign-in has expired or was already completed. Sign in again with your password.');
    }
    return { id: row.id, userId: row.user_id };
  }

  /** Uses the challenge up; false when a concurrent request did first. */
  consumeChallenge(id: string): Promise<boolean> {
    return claimChallenge(this.db, id, new Date(this.now()).toISOString());
  }

  /** Gives a claimed challenge back when the code that came with it was wrong, so the user can try again. */
  releaseChallenge(id: string): Promise<void> {
    return releaseChallenge(this.db, id);
  }

  // ---- codes ----

  /**
   * Checks a code of an account that has two-factor sign-in on, and uses it
   * up: a TOTP code is accepted once (its time step must be newer than the
   * last accepted), a recovery code once. Which kind matched, or null.
   */
  async useCode(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
    const row = await findTwoFactor(this.db, userId);
    if (!row?.secret || !row.enabled_at) return null;
    const normalised = normaliseCode(code);
    if (totpCodePattern.test(normalised)) {
      const secret = opened(this.services.config.authSecret, userId, row.secret);
      const step = secret === null ? null : matchTotp(secret, normalised, this.now());
      return step !== null && (await claimStep(this.db, userId, step)) ? 'totp' : null;
    }
    // Codes made before they were keyed are stored as SHA-256 alone: accepted too, until used or replaced.
    const forms = [hashRecoveryCode(this.services.config.authSecret, normalised), legacyRecoveryCodeHash(normalised)];
    return (await claimRecoveryCode(this.db, userId, forms, new Date(this.now()).toISOString())) ? 'recovery' : null;
  }

  /** Refuses every code of an account whose run of wrong codes reached the limit. */
  async assertNotLocked(userId: string): Promise<void> {
    if ((await findTwoFactor(this.db, userId))?.locked_at) throw secondFactorLocked();
  }

  /**
   * `useCode` with the run of wrong codes kept in the database: a right code
   * ends the run; the wrong code that makes it reach the limit locks
   * two-factor sign-in (audit line, mail to the account) and is answered with
   * the lock's refusal, as is every code after it until a super-admin resets it.
   */
  async useCodeCounted(user: UserRow, code: string, ip: string | null): Promise<'totp' | 'recovery' | null> {
    await this.assertNotLocked(user.id);
    const kind = await this.useCode(user.id, code);
    if (kind) {
      await clearWrongCodes(this.db, user.id);
      return kind;
    }
    const at = new Date(this.now()).toISOString();
    const { lockedNow } = await transaction(this.services.db, async (trx) => {
      const run = await recordWrongCode(trx, user.id, secondFactorFailureLimit, at);
      if (run.lockedNow) {
        await appendAudit(trx, {
          action: 'user.two-factor-lock',
          actor: null,
          subjectId: user.id,
          subject: `${user.email}: ${secondFactorFailureLimit} wrong codes in a row`,
          ip,
        });
      }
      return run;
    });
    if (!lockedNow) return null;
    await this.mailLocked(user);
    throw secondFactorLocked();
  }

  private async mailLocked(user: UserRow): Promise<void> {
    const { organisationName } = (await this.services.settings.current()).data;
    const composed = composeMail({
      subject: `Two-factor sign-in to ${organisationName} is locked for your account`,
      organisation: organisationName,
      heading: 'Two-factor sign-in is locked',
      paragraphs: [
        `Someone entered ${secondFactorFailureLimit} wrong codes in a row for the staff account ${user.email} on the website of ${organisationName}, after its password. Two-factor sign-in of this account is now stopped: no code and no recovery code is accepted.`,
        'Ask a super-admin to reset your two-factor sign-in on your user page. You then sign in with your password and set up your authenticator app again.',
      ],
      after: ['If this was not you, someone knows your password: choose a new one as soon as you are back in, or ask for a reset link on the sign-in page.'],
    });
    await this.services.mail.enqueue({ ...composed, purpose: 'two-factor-locked', to: user.email });
  }

  // ---- set-up, turning on and off ----

  /** A new pending secret for the caller's authenticator app; two-factor sign-in is not on until `enable`. */
  async setup(principal: Principal): Promise<TwoFactorSetup> {
    if (await isTwoFactorEnabled(this.db, principal.uid)) {
      throw new AppError('failed-precondition', 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.');
    }
    const secret = newTotpSecret();
    await savePendingSecret(this.db, principal.uid, sealSecret(this.services.config.authSecret, principal.uid, secret), new Date(this.now()).toISOString());
    // The authenticator app lists the entry under the organisation's name.
    const name = (await this.services.settings.current()).data.organisationName.trim();
    const url = otpauthUrl(secret, principal.email, name || defaultSiteSettings.organisationName);
    return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
  }

  /** Confirms the pending secret with a code from the app; answers the ten recovery codes, shown this once. */
  async enable(principal: Principal, code: string, audit?: AuditRecord): Promise<string[]> {
    const row = await findTwoFactor(this.db, principal.uid);
    if (row?.enabled_at) throw new AppError('failed-precondition', 'Two-factor sign-in is already on.');
    const pending = row?.pending_secret ? opened(this.services.config.authSecret, principal.uid, row.pending_secret) : null;
    if (!row?.pending_secret || pending === null) throw new AppError('failed-precondition', 'Start the set-up first: no authenticator key is waiting to be confirmed.');
    const step = matchTotp(pending, code, this.now());
    if (step === null) {
      const message = 'That code is not correct. Check the time on your phone and enter the current code.';
      throw new AppError('invalid-argument', message, { field: 'code', fields: { code: message } });
    }
    const codes = newRecoveryCodes();
    const now = new Date(this.now()).toISOString();
    await transaction(this.services.db, async (trx) => {
      if (!(await enableSecret(trx, principal.uid, row.pending_secret!, step, now))) throw new AppError('failed-precondition', 'Two-factor sign-in is already on.');
      await replaceRecoveryCodes(trx, principal.uid, codes.map((c) => hashRecoveryCode(this.services.config.authSecret, c)), now);
      if (audit) await appendAudit(trx, audit);
    });
    return codes;
  }

  /** Turns two-factor sign-in off (the caller has confirmed who they are); `audit` is written with it when it was on or pending. */
  async disable(userId: string, audit?: AuditRecord): Promise<boolean> {
    return transaction(this.services.db, async (trx) => {
      const removed = await removeTwoFactor(trx, userId);
      if (removed && audit) await appendAudit(trx, audit);
      return removed;
    });
  }
}
