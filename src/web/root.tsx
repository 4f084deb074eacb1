/** The root route: resets scroll on every navigation and catches failed route loads. */
import { useEffect } from 'react';
import { Outlet, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';

export function Root() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Scroll resets to top-left on every navigation.
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

/** While the first route's code loads in the staff app (public pages come server-rendered). */
export function RootHydrateFallback() {
  return (
    <p role="status" style={{ margin: '4rem auto', textAlign: 'center', fontFamily: 'system-ui, sans-serif', color: '#444' }}>
      Loading…
    </p>
  );
}

/** Shown when a route's code or data cannot be loaded: a message and a retry, never a blank page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to load', error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main className="route-error" role="alert" style={{ maxWidth: 640, margin: '4rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>{status === 404 ? 'Page not found' : 'This page could not be loaded'}</h1>
      <p>{status === 404 ? 'The page you are looking for does not exist.' : 'Check your connection, then try again.'}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>{' '}
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
