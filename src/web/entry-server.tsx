/**
 * Server rendering of the public site: React Router's static handler runs the
 * SAME route objects as the browser (buildRoutes()), with an in-process data
 * source as the loaders' context, and renders them to HTML. The route data
 * travels in the page as a JSON data block (not executable, so no CSP nonce
 * is needed and the HTML can be cached and revalidated with an ETag), from
 * which public/hydrate.tsx hydrates the same views without the router.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { buildRoutes } from './routes.js';
import { routeDataId } from './public/route-data.js';
import type { PublicDataSource } from './public/data.js';
import { headHtml, scriptJson, type HeadModel } from './public/meta.js';

// What the server needs from the browser code goes through this entry only.
export type { PublicDataSource } from './public/data.js';


export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** HTML for <!--app-head-->: title, metadata, JSON-LD. */
      head: string;
      /** HTML for <!--app-html-->. */
      html: string;
      /** The data block to add before the client script. */
      data: string;
      /** Is this one of the public pages or detail pages (not the not-found page)? */
      found: boolean;
      /** What loaders or rendering threw, for the server's log (never sent to the visitor). */
      errors: unknown[];
    };

const handler = createStaticHandler(buildRoutes());

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [key, val] of Object.entries(errors)) {
    if (isRouteErrorResponse(val)) out[key] = { ...val, __type: 'RouteErrorResponse' };
    // What went wrong inside stays in the server's log: visitors see only that something did.
    else out[key] = { message: 'Internal error', __type: 'Error' };
  }
  return out;
}

function isHead(v: unknown): v is HeadModel {
  return typeof v === 'object' && v !== null && typeof (v as HeadModel).title === 'string' && typeof (v as HeadModel).canonical === 'string';
}

export async function render(request: Request, publicData: PublicDataSource): Promise<RenderResult> {
  const context = await handler.query(request, { requestContext: { publicData } });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const ids = context.matches.map((m) => m.route.id);
  const leafId = ids[ids.length - 1];
  const leafData = leafId ? (context.loaderData[leafId] as { head?: unknown } | undefined) : undefined;
  const head = isHead(leafData?.head) ? headHtml(leafData.head) : '<title>Page</title>';
  const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  return {
    kind: 'page',
    status: context.statusCode,
    head,
    html,
    data: `<script type="application/json" id="${routeDataId}">${scriptJson(hydration)}</script>`,
    found: context.statusCode === 200 && leafId !== 'not-found',
    errors: Object.values(context.errors ?? {}).filter((e) => !isRouteErrorResponse(e)),
  };
}
