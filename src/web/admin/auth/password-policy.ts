/** The server's password policy (GET /api/auth/password-policy), read once per session. */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';

export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1).default(6),
  maxLength: z.number().int().positive().nullish(),
  requireLowercase: z.boolean().default(false),
  requireUppercase: z.boolean().default(false),
  requireNumeric: z.boolean().default(false),
  requireNonAlphanumeric: z.boolean().default(false),
  refuseCommon: z.boolean().default(false),
});
export type PasswordPolicyAnswer = z.infer<typeof passwordPolicySchema>;

/** SPEC.md section 5's defaults, used until the server answers. */
export const defaultPasswordPolicy: PasswordPolicyAnswer = passwordPolicySchema.parse({});

export function usePasswordPolicy(): PasswordPolicyAnswer {
  const q = useQuery({
    queryKey: ['auth', 'password-policy'],
    queryFn: async () => passwordPolicySchema.parse(await api<unknown>('/api/auth/password-policy', { anonymous: true })),
    staleTime: Infinity,
  });
  return q.data ?? defaultPasswordPolicy;
}

/** The policy's rules in plain words, for the password field's description. */
export function describePolicy(p: PasswordPolicyAnswer): string[] {
  const rules = [p.maxLength ? `Between ${p.minLength} and ${p.maxLength} characters.` : `At least ${p.minLength} characters.`];
  if (p.requireLowercase) rules.push('At least one lowercase letter.');
  if (p.requireUppercase) rules.push('At least one capital letter.');
  if (p.requireNumeric) rules.push('At least one number.');
  if (p.requireNonAlphanumeric) rules.push('At least one symbol (not a letter or number).');
  if (p.refuseCommon) rules.push('Not a common or easily guessed password.');
  return rules;
}

/** The rules this password breaks, in plain words (the server checks again, including common passwords). */
export function passwordProblems(p: PasswordPolicyAnswer, password: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < p.minLength) problems.push(`Use at least ${p.minLength} characters.`);
  if (p.maxLength && length > p.maxLength) problems.push(`Use at most ${p.maxLength} characters.`);
  if (p.requireLowercase && !/\p{Ll}/u.test(password)) problems.push('Add a lowercase letter.');
  if (p.requireUppercase && !/\p{Lu}/u.test(password)) problems.push('Add a capital letter.');
  if (p.requireNumeric && !/\p{N}/u.test(password)) problems.push('Add a number.');
  if (p.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) problems.push('Add a symbol (not a letter or number).');
  return problems;
}
