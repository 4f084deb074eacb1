/** The signed-in staff user as the staff app sees it, from the one staff session. */
import { useSyncExternalStore } from 'react';
import { staffSession, type AuthStatus, type AuthUser, type SignOutReason } from './session.js';

export type { AuthStatus, AuthUser } from './session.js';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  signIn(email: string, password: string): Promise<AuthUser>;
  completeSecondFactor(challenge: string, code: string): Promise<AuthUser>;
  signOut(): Promise<void>;
}

const signIn = (email: string, password: string) => staffSession.signIn(email, password);
const completeSecondFactor = (challenge: string, code: string) => staffSession.completeSecondFactor(challenge, code);
const signOut = () => staffSession.signOut();

/** The session's state; components re-render when it changes. Works inside and outside the AuthProvider. */
export function useAuth(): AuthState {
  const snapshot = useSyncExternalStore(staffSession.subscribe, staffSession.getSnapshot, staffSession.getSnapshot);
  return { status: snapshot.status, user: snapshot.user, signIn, completeSecondFactor, signOut };
}

/** Why the last session ended (shown on /login), or null. */
export function useSignOutReason(): SignOutReason {
  return useSyncExternalStore(staffSession.subscribe, () => staffSession.getSnapshot().reason, () => null);
}
