/**
 * ALTCHA's proof of work in the browser, with Web Crypto and nothing loaded
 * from elsewhere: find the number whose SHA-256 of `salt + number` is the
 * challenge (hexadecimal), counting from 0 to `maxnumber`, a few hundred
 * hashes at a time so the page stays responsive. The answer is the payload
 * the server verifies (altcha-lib's): base64 of JSON with the algorithm, the
 * challenge, the number, the salt and the server's signature.
 */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The payload for the `altcha` input, or null when no number up to the maximum solves it (or the algorithm is not SHA-256). */
export async function solveChallenge(c: AltchaChallenge): Promise<string | null> {
  if (c.algorithm !== 'SHA-256') return null;
  const max = c.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    if (hex(await crypto.subtle.digest('SHA-256', encoder.encode(c.salt + n))) === c.challenge) {
      return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature }));
    }
    // Let the page breathe now and then.
    if (n % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
