/** The not-found page's data, answered with HTTP 404 (the loader's status): the page route (page-route.tsx) uses it for an address no page has. */
import { data, type LoaderFunctionArgs } from 'react-router';
import { dataSourceOf, siteDataOf } from './data.js';
import type { PublicRouteData } from './public-shell.js';
import { documentTitle } from './meta.js';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const source = dataSourceOf(context);
  // The header and footer need the site settings; the home bundle carries them.
  const bundle = await source.page('home');
  const site = siteDataOf(bundle, source.publicUrl());
  const path = new URL(request.url).pathname;
  const body: PublicRouteData = {
    site,
    now: new Date().toISOString(),
    head: {
      title: documentTitle('Page not found', bundle.settings, false),
      description: 'The page you are looking for does not exist.',
      canonical: `${site.publicUrl}${path}`,
      image: null,
      imageAlt: '',
      ogType: 'website',
      siteName: bundle.settings.organisationName,
      jsonLd: [],
      preloadImage: null,
      noindex: true,
    },
  };
  return data(body, { status: 404 });
}
