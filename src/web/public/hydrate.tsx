/**
 * The browser entry of server-rendered public pages. It hydrates the page's
 * views with the route data the server wrote into the page, without React
 * Router: React DOM alone keeps the first load within the 100 KB budget, and
 * links between public pages load the next page server-rendered (and cached).
 * The markup is the same tree the server rendered through the route modules.
 */
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DetailView, type DetailData } from './detail-view.js';
import { NotFoundContent } from './not-found.js';
import { PageView, type PageData } from './page-view.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';
import { routeDataId } from './route-data.js';

interface HydrationData {
  loaderData: Record<string, unknown>;
}

function view(routeId: string, data: PublicRouteData): ReactNode {
  if (routeId.startsWith('page:')) return <PageView data={data as PageData} />;
  if (routeId.startsWith('detail:')) return <DetailView data={data as DetailData} />;
  return <NotFoundContent />;
}

function start(): void {
  const container = document.getElementById('root');
  const block = document.getElementById(routeDataId);
  if (!container || !block?.textContent) return;
  const { loaderData } = JSON.parse(block.textContent) as HydrationData;
  // The leaf route is the last one with data: a page, a story or event, or the not-found page.
  const leaf = Object.entries(loaderData)
    .filter(([, v]) => typeof v === 'object' && v !== null && 'site' in v)
    .pop();
  if (!leaf) return;
  const [routeId, data] = leaf as [string, PublicRouteData];
  hydrateRoot(
    container,
    <StrictMode>
      <PublicShell data={data}>{view(routeId, data)}</PublicShell>
    </StrictMode>,
  );
}

start();
