/**
 * The public forms' proof of work: ALTCHA's open protocol through
 * `altcha-lib`. The server hands out a challenge signed with a key derived
 * from its secret, valid for a short while; the form's island solves it in
 * the browser (src/web/public/altcha-solve.ts) and sends the payload in the
 * `altcha` input. Without JavaScript there is no payload, and the other
 * checks (honeypot, signed start time, rate limits) stand alone.
 */
import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';

/** How hard the work is: the browser tries at most this many hashes (a second or two on a phone). */
export const altchaMaxNumber = 50_000;
/** How long a challenge may be solved and sent. */
export const altchaValidMs = 20 * 60 * 1000;

function keyOf(secret: string): string {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'ngo-public-forms', 'altcha-v1', 32)).toString('base64url');
}

export async function newChallenge(secret: string, nowMs = Date.now()) {
  const { algorithm, challenge, maxnumber, salt, signature } = await createChallenge({
    hmacKey: keyOf(secret),
    algorithm: 'SHA-256',
    maxNumber: altchaMaxNumber,
    expires: new Date(nowMs + altchaValidMs),
  });
  return { algorithm, challenge, maxnumber: maxnumber ?? altchaMaxNumber, salt, signature };
}

/** Whether a payload solves a challenge this server signed and that has not expired. */
export async function verifyChallenge(secret: string, payload: string): Promise<boolean> {
  if (payload.length > 2000) return false;
  try {
    return await verifySolution(payload, keyOf(secret), true);
  } catch {
    return false;
  }
}
