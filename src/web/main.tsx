/** The browser entry: hydrates a server-rendered public page, or renders the staff app. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { buildRoutes } from './routes.js';

async function start(): Promise<void> {
  const routes = buildRoutes();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const serverRendered = container.hasChildNodes();
  // The server writes the route data as a JSON block (no inline script, so the CSP needs no nonce).
  const routeData = document.getElementById('route-data')?.textContent;
  if (serverRendered && routeData) (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(routeData);

  if (serverRendered) {
    // Resolve the lazy modules of the server-rendered matches first, so that
    // hydration renders exactly what the server did (no fallback, no mismatch).
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async (m) => {
        const route = m.route as RouteObject;
        if (typeof route.lazy === 'function') {
          const mod = await route.lazy();
          Object.assign(route, { ...mod, lazy: undefined });
        }
      }),
    );
  }

  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
