import type { RouteMark } from '../../shared/access.js';

// Not built yet: the generic form screen.
export function formRoute(collection: string, _marks: readonly RouteMark[]) {
  return function FormRoute() {
    return <main><h1>{collection} form</h1></main>;
  };
}
