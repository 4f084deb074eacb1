/**
 * The `started` token of a public form: when the form was served, signed
 * with an HMAC under the server's secret (a key of its own derived from it,
 * as the sign-in device cookie's is) over the form's id and the time. An
 * answer whose token is missing, forged, for another form, younger than
 * `formMinimumFillMs` or older than `formMaximumAgeMs` is a bot's or a stale
 * page's. The page with the form is kept in the page cache for at most a few
 * minutes, so a token may be older than the visit: the minimum then holds
 * anyway, and the hydrated form asks for a fresh token with its challenge.
 */
import crypto from 'node:crypto';
import { formMaximumAgeMs, formMinimumFillMs } from '../../shared/forms.js';

function keyOf(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'ngo-public-forms', 'form-started-v1', 32));
}

function macOf(secret: string, formId: string, at: number): string {
  return crypto.createHmac('sha256', keyOf(secret)).update(`${formId}.${at}`, 'utf8').digest('base64url');
}

/** A token for the form `formId` served at `nowMs`. */
export function signFormStart(secret: string, formId: string, nowMs = Date.now()): string {
  const at = Math.floor(nowMs);
  return `${at}.${macOf(secret, formId, at)}`;
}

export type StartedCheck = 'ok' | 'invalid' | 'too-fast' | 'expired';

/** Whether a token was signed here for this form, long enough ago and not too long. */
export function checkFormStart(secret: string, formId: string, token: string | undefined, nowMs = Date.now()): StartedCheck {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return 'invalid';
  const at = Number(m[1]);
  const expected = Buffer.from(macOf(secret, formId, at));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
  const age = nowMs - at;
  if (age < formMinimumFillMs) return 'too-fast';
  if (age > formMaximumAgeMs) return 'expired';
  return 'ok';
}
