/** The server's password policy (GET /api/auth/password-policy), read once per session. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.js';
import { passwordPolicy as builtInPolicy, passwordPolicySchema, type PasswordPolicy } from '../../../shared/password-policy.js';
import { apiPaths } from '../../../shared/api-paths.js';

// The schema and the rules' wording live in src/shared/password-policy.ts; kept importable from here for the screens.
export { describePolicy, passwordPolicySchema } from '../../../shared/password-policy.js';

/** The policy the server answers with; the built-in one until it has. */
export function usePasswordPolicy(): PasswordPolicy {
  const q = useQuery({
    queryKey: ['auth', 'password-policy'],
    queryFn: async () => passwordPolicySchema.parse(await api<unknown>(apiPaths.auth.passwordPolicy, { anonymous: true })),
    staleTime: Infinity,
  });
  return q.data ?? builtInPolicy;
}
