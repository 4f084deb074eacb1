/** The server's password policy (GET /api/auth/password-policy), read once per session. */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import { passwordPolicy as builtInPolicy, type PasswordPolicy } from '../../../shared/password-policy.js';

export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int().positive(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
  refuseCommon: z.boolean(),
}) satisfies z.ZodType<PasswordPolicy>;

/** The policy the server answers with; the built-in one until it has. */
export function usePasswordPolicy(): PasswordPolicy {
  const q = useQuery({
    queryKey: ['auth', 'password-policy'],
    queryFn: async () => passwordPolicySchema.parse(await api<unknown>('/api/auth/password-policy', { anonymous: true })),
    staleTime: Infinity,
  });
  return q.data ?? builtInPolicy;
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
