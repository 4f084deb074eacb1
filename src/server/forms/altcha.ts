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

/**
 * Whether a payload solves a challenge this server signed, that has not
 * expired and whose solution was not spent on an earlier answer: each
 * solution counts once (remembered by this process until its challenge
 * expires; behind several instances an answer could spend one once on each,
 * which the rate limits still bound).
 */
export class ChallengeVerifier {
  private readonly spent = new Map<string, number>();

  constructor(private readonly secret: string) {}

  async verify(payload: string, nowMs = Date.now()): Promise<boolean> {
    if (payload.length > 2000) return false;
    let ok: boolean;
    try {
      ok = await verifySolution(payload, keyOf(this.secret), true);
    } catch {
      ok = false;
    }
    if (!ok) return false;
    for (const [key, until] of this.spent) if (until <= nowMs) this.spent.delete(key);
    // A verified payload names its challenge's signature: the one thing that makes it this solution.
    const signature = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature?: unknown }).signature;
    const key = typeof signature === 'string' ? signature : payload;
    if (this.spent.has(key)) return false;
    this.spent.set(key, nowMs + altchaValidMs);
    return true;
  }
}
