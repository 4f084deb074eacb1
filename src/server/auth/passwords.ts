/** Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
