/**
 * The public layout route: finds the site data the leaf route's loader
 * returned and renders the public shell around the page. Used by server
 * rendering and by the staff app's router when it shows a public page; there
 * the menus and event times get the same plain script as server-rendered
 * pages (menus.ts, local-times.ts).
 */
import { useEffect, useRef } from 'react';
import { Outlet, useMatches } from 'react-router';
import { applyHead } from './meta.js';
import { showLocalTimes } from './local-times.js';
import { enhanceHeader } from './menus.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';

export type { PublicRouteData } from './public-shell.js';

function isRouteData(v: unknown): v is PublicRouteData {
  return typeof v === 'object' && v !== null && 'site' in v && 'head' in v;
}

export function Component() {
  const matches = useMatches();
  const leaf = [...matches].reverse().find((m) => isRouteData(m.loaderData));
  const data = leaf && isRouteData(leaf.loaderData) ? leaf.loaderData : null;

  // The server wrote the first page's head; later navigations update it here.
  const first = useRef(true);
  const head = data?.head;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (head) applyHead(head);
  }, [head]);

  // In the staff app only (effects never run on the server).
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    if (header) enhanceHeader(header);
    showLocalTimes(document);
  }, [data]);

  return (
    <PublicShell data={data}>
      <Outlet />
    </PublicShell>
  );
}
