/** A public page's route: the page at the request's address (pages are data), or the not-found page with 404. */
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { siteDataOf } from './data.js';
import { dataSourceOf } from './data-context.js';
import { pageHead, PageView, type PageData } from './page-view.js';
import { loader as notFoundLoader } from './not-found-route.js';
import { NotFoundContent } from './not-found.js';

export type { PageData } from './page-view.js';

export async function loader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  const source = dataSourceOf(context);
  const bundle = await source.pageAt(new URL(request.url).pathname);
  if (!bundle) return notFoundLoader(args);
  const site = siteDataOf(bundle, source);
  return { site, bundle, head: pageHead(bundle, site), now: new Date().toISOString() } satisfies PageData;
}

export function Component() {
  const data = useLoaderData() as PageData | { bundle?: undefined; site: PageData['site'] };
  return data.bundle ? <PageView data={data as PageData} /> : <NotFoundContent navigation={data.site.navigation} home={data.site.home} />;
}
