/**
 * The public layout: skip link, header with the menus, the page, footer.
 * Its header and footer read the site data every public route's loader returns.
 */
import { useEffect, useRef } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { SiteData } from './data.js';
import { applyHead, type HeadModel } from './meta.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import './public.css';

/** What every public route's loader returns besides its own data. */
export interface PublicRouteData {
  site: SiteData;
  head: HeadModel;
  /** Server time of the render, ISO: keeps time-dependent output identical when hydrating. */
  now: string;
}

// Only before any route data exists (never on a rendered page); kept here so the registry's schemas stay out of this chunk.
const fallbackSite: SiteData = { settings: { organisationName: '', contactEmail: '' }, logo: null, publicUrl: '' };

function isRouteData(v: unknown): v is PublicRouteData {
  return typeof v === 'object' && v !== null && 'site' in v && 'head' in v;
}

export function Component() {
  const matches = useMatches();
  const leaf = [...matches].reverse().find((m) => isRouteData(m.data));
  const data = leaf && isRouteData(leaf.data) ? leaf.data : null;
  const site = data?.site ?? fallbackSite;
  const year = Number((data?.now ?? '').slice(0, 4)) || 2026;

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
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter site={site} year={year} />
    </>
  );
}
