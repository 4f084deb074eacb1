/**
 * Connects the staff session to the rest of the staff app: every api() call
 * carries its token, a failure that ends the session signs the user out with a
 * notification saying why, and signing out forgets the cached data.
 */
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { setApiErrorListener, setTokenProvider } from '../../api-client.js';
import { messageByCode } from '../../../shared/errors.js';
import { staffSession } from './session.js';

let installed = false;

/** Registers the token provider before any screen can call the API, and restores the session. */
export function installStaffSession(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  setTokenProvider(staffSession.getToken);
  setApiErrorListener(staffSession.handleApiError);
  void staffSession.start();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  installStaffSession();

  useEffect(
    () =>
      staffSession.onSessionEnded((reason) => {
        notifications.show({ id: 'session-ended', color: 'red', title: 'You have been signed out', message: messageByCode[reason] });
      }),
    [],
  );

  useEffect(() => {
    let previous = staffSession.getSnapshot().status;
    return staffSession.subscribe(() => {
      const status = staffSession.getSnapshot().status;
      // Another user may sign in next: nothing of this session's data may show.
      if (previous === 'signed-in' && status === 'signed-out') queryClient.clear();
      previous = status;
    });
  }, [queryClient]);

  return <>{children}</>;
}
