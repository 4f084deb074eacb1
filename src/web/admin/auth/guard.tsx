/**
 * Guards a staff screen with its route's marks (src/shared/access.ts): a signed-out visitor goes to
 * /login (returning here after signing in), a signed-in user without the
 * route's marks goes to /. A user with no claims simply has no rights.
 */
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardAllows, type RouteMark } from '../../../shared/access.js';
import { mustEnrolTwoFactor } from '../../../shared/two-factor.js';
import { PageLoader } from '../layouts/page-loader.js';
import { loginPathFor } from './next-path.js';
import { useAuth, useSignOutReason } from './use-auth.js';

export function RequireMarks({ marks, children }: { marks: readonly RouteMark[]; children: ReactNode }) {
  const { status, user } = useAuth();
  const reason = useSignOutReason();
  const location = useLocation();
  if (status === 'loading') return <PageLoader label="Checking your sign-in" />;
  if (status === 'signed-out' || !user) {
    // After Logout the user goes to plain /login; otherwise they come back here after signing in.
    const to = reason === 'user' ? '/login' : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  // The site requires two-factor sign-in of this user and it is not on yet: the account page first.
  if (mustEnrolTwoFactor(user.twoFactor)) return <Navigate to="/account" replace />;
  if (!guardAllows(marks, user.claims)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** A screen for every signed-in user, whatever the role (their own account). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const reason = useSignOutReason();
  const location = useLocation();
  if (status === 'loading') return <PageLoader label="Checking your sign-in" />;
  if (status === 'signed-out' || !user) return <Navigate to={reason === 'user' ? '/login' : loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}

/** The route component of a staff screen behind the marks the route table gives it. */
export function guardedRoute(marks: readonly RouteMark[], Screen: ComponentType) {
  return function GuardedRoute() {
    return (
      <RequireMarks marks={marks}>
        <Screen />
      </RequireMarks>
    );
  };
}
