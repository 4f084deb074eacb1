/**
 * The public layout route: finds the site data the leaf route's loader
 * returned and renders the public shell around the page. Used by server
 * rendering and by the staff app's router when it shows a public page.
 */
import { useEffect, useRef } from 'react';
import { Outlet, useMatches } from 'react-router';
import { applyHead } from './meta.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';

export type { PublicRouteData } from './public-shell.js';

function isRouteData(v: unknown): v is PublicRouteData {
  return typeof v === 'object' && v !== null && 'site' in v && 'head' in v;
}

export function Component() {
  const matches = useMatches();
  const leaf = [...matches].reverse().find((m) => isRouteData(m.data));
  const data = leaf && isRouteData(leaf.data) ? leaf.data : null;

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

  return (
    <PublicShell data={data}>
      <Outlet />
    </PublicShell>
  );
}
