import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { PageName } from '../../shared/pages.js';

// Not built yet: a page from its published blocks.
export function pageLoader(page: PageName) {
  return async (_args: LoaderFunctionArgs) => ({ page });
}
export function PageRoute() {
  const data = useLoaderData() as { page: string };
  return <main><h1>{data.page}</h1></main>;
}
