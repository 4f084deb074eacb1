import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';

// Not built yet: a story or event page.
export function detailLoader(detail: 'story' | 'event') {
  return async ({ params }: LoaderFunctionArgs) => ({ detail, id: params.id ?? '' });
}
export function DetailRoute() {
  const data = useLoaderData() as { detail: string; id: string };
  return <main><h1>{data.detail} {data.id}</h1></main>;
}
