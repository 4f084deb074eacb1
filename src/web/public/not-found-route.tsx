/**
 * The not-found page's data, answered with HTTP 404 (the loader's status):
 * the page route (page-route.tsx) uses it for an address no page has. An
 * address under a language of the site (`/sw/…`) gets the page in that
 * language: its header, footer and words.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { homeBundleIn, languageOfPath, siteDataOf } from './data.js';
import { dataSourceOf } from './data-context.js';
import type { PublicRouteData } from './public-shell.js';
import { documentTitle } from './meta.js';
import { publicWordsFor } from '../../shared/public-words.js';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const source = dataSourceOf(context);
  const path = new URL(request.url).pathname;
  // The header and footer need the site settings; the home bundle carries them.
  const home = await source.page('home');
  const bundle = await homeBundleIn(source, languageOfPath(path, home), home);
  const site = siteDataOf(bundle, source);
  const { words } = publicWordsFor(bundle.language.code);
  const body: PublicRouteData = {
    site,
    now: new Date().toISOString(),
    head: {
      title: documentTitle(words.notFound.title, bundle.settings, false),
      description: words.notFound.description,
      canonical: `${site.publicUrl}${path}`,
      image: null,
      imageAlt: '',
      ogType: 'website',
      siteName: bundle.settings.organisationName,
      jsonLd: [],
      preloadImage: null,
      noindex: true,
      lang: bundle.language.code,
      dir: bundle.language.dir,
    },
  };
  return data(body, { status: 404 });
}
