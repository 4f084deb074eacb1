/** Saves a change to an account, refreshes what shows it, and re-reads one's own claims. */
import { useQueryClient } from '@tanstack/react-query';
import { staffSession } from '../auth/session.js';
import { useAuth } from '../auth/use-auth.js';
import { updateUser, userQuery, type UserPatch, type UserView } from '../users/api.js';

export function useUpdateUser(user: UserView) {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  return async (patch: UserPatch) => {
    const updated = await updateUser(user.uid, patch);
    queryClient.setQueryData(userQuery(user.uid).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    // A change to one's own role takes effect in this app at once, not at the next renewal.
    if (me?.uid === user.uid) await staffSession.refresh();
    return updated;
  };
}
