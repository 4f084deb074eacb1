/**
 * "By whom" on list rows: the signed-in user reads "you"; a super-admin sees
 * other staff by name (GET /api/users/:uid is super-only); an admin reads
 * "another editor", which is honest without exposing the accounts list.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import { usePrincipal } from './abilities.js';

const userNameSchema = z.object({ displayName: z.string().nullish(), email: z.string().nullish() }).passthrough();

export function useAuthorName(uid: string | null): string | null {
  const principal = usePrincipal();
  const isSuper = principal?.claims.super === true;
  const isSelf = uid !== null && principal?.uid === uid;
  const query = useQuery({
    queryKey: ['users', uid, 'name'],
    queryFn: async ({ signal }) => {
      const u = userNameSchema.parse(await api<unknown>(`/api/users/${encodeURIComponent(uid as string)}`, { signal }));
      return u.displayName || u.email || null;
    },
    enabled: uid !== null && isSuper && !isSelf,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (uid === null) return null;
  if (isSelf) return 'you';
  if (isSuper && query.data) return query.data;
  return 'another editor';
}
