/**
 * "By whom" on list rows: the signed-in user reads "you"; a super-admin sees
 * other staff by name (GET /api/users/:uid is super-only); an admin reads
 * "another editor", which is honest without exposing the accounts list.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { can } from '../../../shared/access.js';
import { api } from '../../api-client.js';
import { usePrincipal } from './abilities.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';

const userNameSchema = z.object({ displayName: z.string().nullish(), email: z.string().nullish() }).passthrough();

export function useAuthorName(uid: string | null): string | null {
  const principal = usePrincipal();
  // Reading another account's name is GET /api/users/:uid: asked of the policy, as the server does.
  const mayReadUsers = can(principal, 'read', { type: 'users' });
  const isSelf = uid !== null && principal?.uid === uid;
  const query = useQuery({
    queryKey: ['users', uid, 'name'],
    queryFn: async ({ signal }) => {
      const u = userNameSchema.parse(await api<unknown>(pathTo(apiPaths.users.one, { uid: uid as string }), { signal }));
      return u.displayName || u.email || null;
    },
    enabled: uid !== null && mayReadUsers && !isSelf,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (uid === null) return null;
  if (isSelf) return 'you';
  if (mayReadUsers && query.data) return query.data;
  return 'another editor';
}
