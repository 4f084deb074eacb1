/**
 * The staff app's shell (the pathless `staff` route): Mantine, TanStack Query,
 * notifications, the staff session, and the layout that the layout rule (`chooseLayout`)
 * picks from the user's claims. /login and the screens of mailed links
 * (password reset, invitation) render without the drawer.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The rich-text editor of the forms; kept in the staff chunk, never loaded by public pages.
import '@mantine/tiptap/styles.css';
import '../admin.css';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { chooseLayout, type LayoutName } from '../../../shared/access.js';
import { signedOutStaffPaths } from '../../../shared/routes.js';
import { ApiError } from '../../api-client.js';
import { AuthProvider, installStaffSession } from '../auth/auth-provider.js';
import { useAuth, type AuthUser } from '../auth/use-auth.js';
import { AdminLayout } from './admin-layout.js';
import { PageLoader } from './page-loader.js';
import { SuperLayout } from './super-layout.js';
import { staffCssVariables, staffTheme } from '../theme.js';

installStaffSession();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal or bad input will not change on retry; an unreachable server might.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});

export function Component() {
  return (
    <MantineProvider theme={staffTheme} cssVariablesResolver={staffCssVariables} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-center" autoClose={5000} />
        <AuthProvider>
          <StaffFrame />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function StaffFrame() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  // The layout is state; each change of user re-applies the rule to it.
  const [layout, setLayout] = useState<LayoutName>('PublicLayout');
  const [ruledFor, setRuledFor] = useState<AuthUser | null | undefined>(undefined);
  if (status !== 'loading' && ruledFor !== user) {
    setRuledFor(user);
    setLayout((current) => chooseLayout(current, user?.claims ?? null));
  }

  if (signedOutStaffPaths.has(pathname)) return <Outlet />;
  if (status === 'loading') return <PageLoader label="Restoring your session" />;
  if (user && layout === 'SuperLayout') {
    return (
      <SuperLayout user={user}>
        <Outlet />
      </SuperLayout>
    );
  }
  if (user && layout === 'AdminLayout') {
    return (
      <AdminLayout user={user}>
        <Outlet />
      </AdminLayout>
    );
  }
  // Signed out or without rights: the screen's guard sends the user on.
  return <Outlet />;
}
