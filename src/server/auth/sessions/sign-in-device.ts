/**
 * The device cookie (OWASP, "Slow Down Online Guessing Attacks with Device
 * Cookies"): a successful sign-in leaves a cookie that names, by an HMAC, the
 * account it signed in to. At the next sign-in or reset request for that
 * account, the client counts as a known device: its attempts are counted per
 * device, apart from the address's and the account's, so an attacker who
 * slows an address or an account down does not lock its owner out.
 *
 * The value is `nonce.issuedAt.mac`, MAC = HMAC-SHA256 under a key derived
 * from AUTH_SECRET (HKDF, purpose label) over the nonce, the time and the
 * account's e-mail address; it holds no address and nothing to sign in with.
 */
import crypto from 'node:crypto';
import { authApiPrefix } from '../../../shared/api-paths.js';
import { cookieName } from '../../../shared/cookies.js';

/** The cookie: its name, where the browser sends it, and how long it is honoured. The one place these are declared. */
export const deviceCookie = {
  /** `__Secure-signin_device` on an https site (its path is not `/`, so not `__Host-`), `signin_device` over http. */
  nameFor: (secure: boolean): string => cookieName('signin_device', secure, 'path'),
  /** Sign-in, the second factor and reset requests all live under it. */
  path: authApiPrefix,
  /** 180 days; a value older than this is ignored even if a browser kept it. */
  maxAgeSeconds: 180 * 86_400,
} as const;

/** The cookie's attributes for `reply.setCookie`: HttpOnly, SameSite=Strict, Secure when PUBLIC_URL is https. */
export function deviceCookieOptions(secure: boolean): { httpOnly: true; sameSite: 'strict'; secure: boolean; path: string; maxAge: number } {
  return { httpOnly: true, sameSite: 'strict', secure, path: deviceCookie.path, maxAge: deviceCookie.maxAgeSeconds };
}

function keyOf(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'ngo-sign-in-device', 'device-cookie-v1', 32));
}

function macOf(authSecret: string, nonce: string, issuedAt: number, email: string): Buffer {
  return crypto.createHmac('sha256', keyOf(authSecret)).update(`${nonce}.${issuedAt}.${email}`, 'utf8').digest();
}

/** A new cookie value for a client that just signed in to the account of `email` (normalised). */
export function issueDeviceCookie(authSecret: string, email: string, nowMs = Date.now()): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  const issuedAt = Math.floor(nowMs / 1000);
  return `${nonce}.${issuedAt}.${macOf(authSecret, nonce, issuedAt, email).toString('base64url')}`;
}

/**
 * The device id of a cookie value, when it was issued by this server for the
 * account of `email` and is not older than its lifetime; null otherwise
 * (no cookie, another account's, forged, or too old).
 */
export function knownDevice(authSecret: string, email: string, value: string | undefined, nowMs = Date.now()): string | null {
  if (!value || value.length > 200) return null;
  const [nonce, issued, mac, extra] = value.split('.');
  if (!nonce || !issued || !mac || extra !== undefined || !/^\d{1,12}$/.test(issued)) return null;
  const issuedAt = Number(issued);
  const age = nowMs / 1000 - issuedAt;
  if (age < -60 || age > deviceCookie.maxAgeSeconds) return null;
  const expected = macOf(authSecret, nonce, issuedAt, email);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return nonce;
}
