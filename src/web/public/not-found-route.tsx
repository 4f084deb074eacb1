/** Any other path: the not-found page, answered with HTTP 404 (the loader's status). */
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { dataSourceOf, siteDataOf } from './data.js';
import type { PublicRouteData } from './public-shell.js';
import { documentTitle } from './meta.js';
import { NotFoundContent } from './not-found.js';

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

export function Component() {
  const { site } = useLoaderData<typeof loader>();
  return <NotFoundContent navigation={site.navigation} />;
}
