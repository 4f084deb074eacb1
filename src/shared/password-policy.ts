/**
 * The password policy (SPEC.md section 5, raised to a minimum of 8): served by
 * `GET /api/auth/password-policy` and checked here in the browser and on the
 * server alike. The refusal of common passwords happens on the server only
 * (src/server/auth/common-passwords.ts): its list would bloat the browser bundle.
 */

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
