import type { RouteMark } from '../../shared/access.js';

// Not built yet: the generic list screen.
export function listRoute(collection: string, _marks: readonly RouteMark[]) {
  return function ListRoute() {
    return <main><h1>{collection}</h1></main>;
  };
}
