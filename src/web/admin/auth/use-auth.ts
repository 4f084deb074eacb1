/** The signed-in staff user as the staff app sees it. Not built yet: always signed out. */
import type { Claims } from '../../../shared/access.js';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  claims: Claims;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
}

export function useAuth(): AuthState {
  return {
    status: 'signed-out',
    user: null,
    signIn: async () => {
      throw new Error('not built yet');
    },
    signOut: async () => undefined,
  };
}
