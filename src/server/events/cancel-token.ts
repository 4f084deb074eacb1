/**
 * The cancel link's token: an HMAC of the registration's id under a key
 * derived from the server's secret (as the forms' start time's key is), so
 * every mail of a registration carries the same link and no token is stored,
 * only its SHA-256 to find the registration by. Used once: the registration
 * records when (`cancel_used_at`).
 */
import crypto from 'node:crypto';

function keyOf(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'ngo-events', 'registration-cancel-v1', 32));
}

/** The token of a registration's cancel link. */
export function cancelTokenOf(secret: string, registrationId: string): string {
  return crypto.createHmac('sha256', keyOf(secret)).update(registrationId, 'utf8').digest('base64url');
}

/** What the registration keeps of its token. */
export function cancelTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string can be a token at all (43 base64url characters); anything else finds nothing. */
export const cancelTokenPattern = /^[A-Za-z0-9_-]{43}$/;
