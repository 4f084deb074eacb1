/**
 * The own-account contract: two-factor sign-in (who must use it, the code
 * formats, the set-up answers), the account view, the password change and the
 * sessions list. The server validates with these schemas; the staff app reads
 * the same types and rules.
 */
import { z } from 'zod';
import { passwordPolicy } from './password-policy.js';
import { displayNameSchema, type UserRole } from './users.js';

export * from './two-factor.js';

/** How long a sign-in challenge (between the password and the code) stays usable. */
export const challengeTtlSeconds = 5 * 60;
export const recoveryCodeCount = 10;

/** A 6-digit code from an authenticator app (spaces allowed, as apps show "123 456"). */
export const totpCodePattern = /^\d{6}$/;

/** Normalises what a user typed as a code: no spaces or dashes, lower case. */
export function normaliseCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toLowerCase();
}

const codeSchema = z
  .string({ error: 'Enter the code.' })
  .trim()
  .min(1, 'Enter the code.')
  .max(64, 'That code is too long.');

export const secondFactorSignInBody = z.strictObject({
  challenge: z.string({ error: 'The sign-in challenge is missing.' }).min(16).max(200),
  code: codeSchema,
});

/** One's current password, asked again before a change to how one signs in (ASVS 7.5.1). */
const currentPasswordSchema = z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(passwordPolicy.maxLength * 4);

/** Turning two-factor sign-in on: the current password (re-authentication) and a code from the new app. */
export const enableTwoFactorBody = z.strictObject({
  password: currentPasswordSchema,
  code: z
    .string({ error: 'Enter the 6-digit code.' })
    .transform(normaliseCode)
    .pipe(z.string().regex(totpCodePattern, 'Enter the 6-digit code from your authenticator app.')),
});

export const disableTwoFactorBody = z.union(
  [z.strictObject({ code: codeSchema }), z.strictObject({ password: currentPasswordSchema })],
  { error: 'Confirm with a code from your authenticator app or your password.' },
);

/** The answer of `POST /api/auth/second-factor/setup`: a pending secret, not yet on. */
export interface TwoFactorSetup {
  /** The key in base32, for typing into an app by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG document. */
  qrSvg: string;
}

export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}

/** `GET /api/account`. */
export interface AccountView {
  uid: string;
  email: string;
  displayName: string;
  role: UserRole;
  twoFactor: { enabled: boolean; required: boolean; recoveryCodesLeft: number };
}

export const accountPatchBody = z.strictObject({ displayName: displayNameSchema });

export const passwordChangeBody = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: z.string({ error: 'Enter a new password.' }).max(passwordPolicy.maxLength * 4, 'The password is too long.'),
});

/** One signed-in browser or device: a refresh-token family. */
export interface SessionView {
  id: string;
  /** "Firefox on Windows", from the User-Agent when signing in or renewing. */
  browser: string;
  /** The client address last seen. */
  address: string;
  lastUsedAt: string;
  createdAt: string;
  /** The session of this request. */
  current: boolean;
}

export interface SessionsAnswer {
  sessions: SessionView[];
}

const browsers: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS|Chromium/, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const systems: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A User-Agent in plain words: "Firefox on Windows", "Unknown browser". */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const browser = browsers.find(([re]) => re.test(userAgent))?.[1];
  const system = systems.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
