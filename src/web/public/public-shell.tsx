/**
 * The public layout's markup: skip link, header with the menus, the page,
 * footer, in the page's language (the site's own words, words.tsx). No router
 * here: the server renders it through the layout route (and the contact
 * form's answer page directly); in the browser it stays static HTML, with the
 * islands inside hydrated on their own (islands.ts).
 */
import type { ReactNode } from 'react';
import type { SiteData } from './data.js';
import type { HeadModel } from './meta.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { CurrentPathProvider } from './site-link.js';
import { LightPagesContext } from './image.js';
import { PublicWordsProvider, usePublicWords } from './words.js';
import './public.css';

/** What every public route's loader returns besides its own data. */
export interface PublicRouteData {
  site: SiteData;
  head: HeadModel;
  /** Server time of the render, ISO: what is upcoming and what is past, and the footer's year. */
  now: string;
}

// Only before any route data exists (never on a rendered page); kept here so the registry's schemas stay out of this chunk.
const fallbackSite: SiteData = { settings: { organisationName: '', contactEmail: '' }, navigation: { header: [], footer: [] }, logo: null, publicUrl: '' };

function pathOf(canonical: string | undefined): string {
  if (!canonical) return '/';
  try {
    return new URL(canonical).pathname;
  } catch {
    return '/';
  }
}

function SkipLink() {
  const { words, lang } = usePublicWords();
  return (
    <a className="skip-link" href="#main" lang={lang}>
      {words.skipToContent}
    </a>
  );
}

export function PublicShell({ data, children }: { data: PublicRouteData | null; children: ReactNode }) {
  const site = data?.site ?? fallbackSite;
  const year = Number((data?.now ?? '').slice(0, 4)) || 2026;
  return (
    <PublicWordsProvider code={site.language?.code ?? 'en'}>
      <LightPagesContext.Provider value={site.light === true}>
      <CurrentPathProvider path={pathOf(data?.head.canonical)}>
        <SkipLink />
        <SiteHeader site={site} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} year={year} />
      </CurrentPathProvider>
      </LightPagesContext.Provider>
    </PublicWordsProvider>
  );
}
