/**
 * The sign-in contract: the claims an idToken carries, how they follow from
 * an account's role, and the answer of `POST /api/auth/sign-in` and `/refresh`.
 */
import type { Claims } from './access.js';
import type { UserRole } from './users.js';
import type { TwoFactorState } from './two-factor.js';

export type { Claims } from './access.js';

/** The idToken's claims follow from the stored role. */
export function claimsOf(role: UserRole): Claims {
  return { admin: role === 'admin', super: role === 'super' };
}

/** The signed-in user as the sign-in answer names it. */
export interface SignedInUser {
  uid: string;
  email: string;
  displayName: string;
  claims: Claims;
  /** Whether the user has two-factor sign-in on, and whether the site requires it of them. */
  twoFactor?: TwoFactorState;
}

/** The answer of sign-in and refresh. */
export interface SignInAnswer {
  idToken: string;
  /** Seconds until the idToken expires. */
  expiresIn: number;
  user: SignedInUser;
}
