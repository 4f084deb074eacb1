/**
 * The password policy (a minimum of 8: docs/spec-conformance.md, "Validation rules"): served by
 * `GET /api/auth/password-policy` and checked here in the browser and on the
 * server alike. The refusal of common passwords happens on the server only
 * (src/server/auth/common-passwords.ts): its list would bloat the browser bundle.
 */
import { z } from 'zod';

export interface PasswordPolicy {
  /** Minimum length in characters (Unicode code points). */
  minLength: number;
  /** Maximum length in characters (Unicode code points). */
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
  /** The server refuses passwords found in a list of the most common ones. */
  refuseCommon: boolean;
}

export const passwordPolicy: PasswordPolicy = {
  minLength: 8,
  maxLength: 4096,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
  refuseCommon: true,
};

/** The policy as `GET /api/auth/password-policy` sends it, for the browser to check the answer. */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int().positive(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
  refuseCommon: z.boolean(),
}) satisfies z.ZodType<PasswordPolicy>;

/** The server's refusal of a password found in the list of common ones. */
export const commonPasswordMessage = 'This password is one of the most commonly used passwords and is easy to guess. Choose another.';

/** Characters as people count them: a code point, not a UTF-16 unit. */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n++;
  return n;
}

/**
 * Why this password breaks the policy's character rules, in a sentence staff
 * read, or null when it satisfies them (common passwords are checked on the server).
 */
export function passwordProblem(password: string, policy: PasswordPolicy = passwordPolicy): string | null {
  const length = passwordLength(password);
  if (length < policy.minLength) return `The password must be at least ${policy.minLength} characters long.`;
  if (length > policy.maxLength) return `The password must be at most ${policy.maxLength} characters long.`;
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) return 'The password must contain a lower-case letter.';
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return 'The password must contain an upper-case letter.';
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) return 'The password must contain a digit.';
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{Nd}]/u.test(password)) {
    return 'The password must contain a character that is neither a letter nor a digit.';
  }
  return null;
}

/** The policy's rules in plain words, shown beside a new password. */
export function describePolicy(p: PasswordPolicy): string[] {
  const rules = [`At least ${p.minLength} characters${p.maxLength < 1000 ? `, at most ${p.maxLength}` : ''}.`];
  if (p.requireLowercase) rules.push('At least one lower-case letter.');
  if (p.requireUppercase) rules.push('At least one upper-case letter.');
  if (p.requireNumeric) rules.push('At least one digit.');
  if (p.requireNonAlphanumeric) rules.push('At least one character that is neither a letter nor a digit.');
  if (p.refuseCommon) rules.push('Not a common, easily guessed password.');
  return rules;
}
