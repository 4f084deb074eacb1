/** A public page's route: its loader (server or API) and the view of its blocks. */
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { PageName } from '../../shared/pages.js';
import { dataSourceOf, siteDataOf } from './data.js';
import { pageHead, PageView, type PageData } from './page-view.js';

export type { PageData } from './page-view.js';

export function pageLoader(page: PageName) {
  return async ({ context }: LoaderFunctionArgs): Promise<PageData> => {
    const source = dataSourceOf(context);
    const bundle = await source.page(page);
    const site = siteDataOf(bundle, source.publicUrl());
    return { site, bundle, head: pageHead(bundle, site), now: new Date().toISOString() };
  };
}

export function PageRoute() {
  return <PageView data={useLoaderData() as PageData} />;
}
