/** What the signed-in user may do, read from the shared policy table so hidden buttons match the server's answers. */
import { can, type Action, type Principal, type Subject } from '../../../shared/access.js';
import { useAuth } from '../auth/use-auth.js';

export function usePrincipal(): Principal | null {
  const { user } = useAuth();
  return user ? { uid: user.uid, email: user.email, claims: user.claims } : null;
}

export function useCan(subject: Subject): (action: Action) => boolean {
  const principal = usePrincipal();
  return (action) => can(principal, action, subject);
}
