/**
 * The list screen of every collection, generated from the registry: blocks in
 * page order with thumbnail, title, status, last change and author; create,
 * edit, publish, delete; reorder by drag and drop, by keyboard and with Move
 * buttons; search and pages where the collection can grow. The screen's parts
 * live in ./list/.
 */
import type { RouteMark } from '../../../shared/access.js';
import { collectionRoute, sectionCollectionRoute } from '../content/screen.js';
import { ListScreen } from './list-screen.js';

export function listRoute(collection: string, marks: readonly RouteMark[]) {
  return collectionRoute(collection, marks, ListScreen);
}

/** The list screen of a section's collection (`/s-…`), found on its page at run time. */
export function sectionListRoute(collection: string, marks: readonly RouteMark[]) {
  return sectionCollectionRoute(collection, marks, ListScreen);
}
