/**
 * The protocol side of two-factor sign-in: TOTP (RFC 6238, through otpauth:
 * SHA-1, 6 digits, 30-second steps, one step of drift either way), the
 * encryption of the secret at rest (AES-256-GCM under a key derived from
 * AUTH_SECRET with HKDF, bound to the account), recovery codes (stored as an
 * HMAC under another key derived from AUTH_SECRET) and sign-in challenges
 * (random, stored as SHA-256 only). Nothing here logs.
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { normaliseCode, recoveryCodeCount, totpCodePattern } from '../../../shared/account.js';

const period = 30;
const window = 1;

/** A fresh secret of 160 bits (RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = 'staff', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secretBase32) });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  return totpOf(secretBase32, account, issuer).toString();
}

/** The otpauth URL as an SVG QR code. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step a 6-digit code matches at `timestampMs` (±1 step), or null. */
export function matchTotp(secretBase32: string, code: string, timestampMs: number): number | null {
  const token = normaliseCode(code);
  if (!totpCodePattern.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: timestampMs, window });
  if (delta === null) return null;
  return TOTP.counter({ period, timestamp: timestampMs }) + delta;
}

/** The code of a secret at a time (for tests and the staff app's own checks). */
export function totpAt(secretBase32: string, timestampMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: timestampMs });
}

function keyOf(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'ngo-two-factor', 'totp-secret-v1', 32));
}

/** Encrypts a secret for the database, bound to its account (the user id is the associated data). */
export function sealSecret(authSecret: string, userId: string, secretBase32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(authSecret), iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret sealSecret stored; throws when the key or the account does not match. */
export function openSecret(authSecret: string, userId: string, stored: string): string {
  const [version, body] = stored.split('.');
  if (version !== 'v1' || !body) throw new Error('unknown two-factor secret format');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(authSecret), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

// Letters and digits without the look-alikes 0/o, 1/l/i.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of ten characters (about 49 bits each), shown as "abcde-fghjk". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What the database keeps of a recovery code or a challenge. */
export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

function recoveryKeyOf(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'ngo-two-factor', 'recovery-code-v1', 32));
}

/**
 * What the database keeps of a recovery code: `h1:` and its HMAC-SHA256 under
 * a key derived from AUTH_SECRET (HKDF, its own purpose label), so a copy of
 * the database alone gives no way to test guesses offline.
 */
export function hashRecoveryCode(authSecret: string, code: string): string {
  return `h1:${crypto.createHmac('sha256', recoveryKeyOf(authSecret)).update(normaliseCode(code), 'utf8').digest('hex')}`;
}

/** How codes made before they were keyed are stored (SHA-256 only); still accepted until used or replaced. */
export function legacyRecoveryCodeHash(code: string): string {
  return sha256(`recovery:${normaliseCode(code)}`);
}

export function newChallenge(): string {
  return crypto.randomBytes(32).toString('base64url');
}
