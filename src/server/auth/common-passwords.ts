/**
 * Server-side password checks: the shared policy plus a refusal of the most
 * common passwords (the list maintained by zxcvbn-ts, about 50,000 entries).
 */
import { AppError } from '../../shared/errors.js';
import { commonPasswordMessage, passwordPolicy, passwordProblem, type PasswordPolicy } from '../../shared/password-policy.js';

let common: Promise<ReadonlySet<string>> | null = null;

// Loaded once, on first use: the list costs a few megabytes that a server which never checks a password need not hold.
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  // The list is lower-case; "Password1" is as guessable as "password1".
  return list.has(password.toLowerCase());
}

/** Why the server refuses this password, or null when it is acceptable. */
export async function serverPasswordProblem(password: string, policy: PasswordPolicy = passwordPolicy): Promise<string | null> {
  const problem = passwordProblem(password, policy);
  if (problem) return problem;
  if (policy.refuseCommon && (await isCommonPassword(password))) {
    return commonPasswordMessage;
  }
  return null;
}

/** Throws 400 auth/weak-password naming the field `password` when the policy refuses it. */
export async function assertAcceptablePassword(password: string, policy: PasswordPolicy = passwordPolicy): Promise<void> {
  const problem = await serverPasswordProblem(password, policy);
  if (problem) throw new AppError('auth/weak-password', problem, { field: 'password', fields: { password: problem } });
}
