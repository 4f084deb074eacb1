/**
 * Who must sign in with a second factor (the site setting `requireTwoFactor`)
 * and what the sign-in answer says of it. Free of zod, so the public pages,
 * which read the site settings, do not grow.
 */
import type { UserRole } from './users.js';

/** The site setting: which staff must sign in with a second factor. */
export const twoFactorRequirements = ['none', 'super', 'all'] as const;
export type TwoFactorRequirement = (typeof twoFactorRequirements)[number];

export const twoFactorRequirementLabels: Record<TwoFactorRequirement, string> = {
  none: 'Optional for everyone',
  super: 'Required for super-admins',
  all: 'Required for all staff',
};

/** Whether an account of this role must have two-factor sign-in on. */
export function twoFactorRequiredFor(requirement: TwoFactorRequirement | null | undefined, role: UserRole): boolean {
  if (requirement === 'all') return true;
  return requirement === 'super' && role === 'super';
}

/** What the sign-in answer says of the user's second factor. */
export interface TwoFactorState {
  enabled: boolean;
  /** The site requires it for this account. */
  required: boolean;
}

/** A signed-in user who must turn two-factor sign-in on before doing anything else. */
export function mustEnrolTwoFactor(state: TwoFactorState | undefined): boolean {
  return state !== undefined && state.required && !state.enabled;
}

/**
 * Wrong second-factor codes in a row (at sign-in, or offered to turn it off)
 * after which two-factor sign-in of the account stops until a super-admin
 * resets it; a right code starts the run again.
 */
export const secondFactorFailureLimit = 10;

/** `details.reason` of the refusal (403 permission-denied) while an account's two-factor sign-in is locked. */
export const twoFactorLockedReason = 'two-factor-locked';

/** Whether an error's details say two-factor sign-in is locked (the staff app then shows the server's words). */
export function isTwoFactorLocked(details: unknown): boolean {
  return typeof details === 'object' && details !== null && (details as { reason?: unknown }).reason === twoFactorLockedReason;
}
