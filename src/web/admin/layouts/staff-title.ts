/**
 * The browser tab's title on staff screens: "<what the screen shows> · Staff".
 * The staff layout sets the route's title on every navigation (from the route
 * table: a staff screen's declared title or drawer label, a collection's
 * label), so no tab keeps the previous screen's; a screen that knows more
 * (a block's or a page's name) names it with useStaffTitle.
 */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { getCollection } from '../../../shared/collections.js';
import { sectionCollectionOfPath } from '../../../shared/registry-index.js';
import { isStaffScreenRoute, routeTable } from '../../../shared/routes.js';
import { staffScreens } from '../../../shared/staff-screens.js';

export function staffTitle(title: string): string {
  return `${title} · Staff`;
}

/** What a staff path shows, in words, from the route table alone. */
export function defaultStaffTitle(pathname: string): string {
  for (const r of routeTable) {
    if (r.kind === 'detail' || r.kind === 'not-found' || !matchPath({ path: r.path, end: true }, pathname)) continue;
    if (r.kind === 'list') return getCollection(r.collection)?.label ?? 'Blocks';
    if (r.kind === 'form') return `${pathname.endsWith('/new') ? 'New' : 'Edit'} ${getCollection(r.collection)?.label ?? 'block'}`;
    if (r.kind === 'login') return 'Sign in';
    if (r.kind === 'account') return 'Your account';
    if (isStaffScreenRoute(r)) {
      const screen = staffScreens.find((s) => s.id === r.kind);
      if (screen) return 'title' in screen ? screen.title : (screen.drawer?.label ?? 'Staff');
    }
  }
  if (sectionCollectionOfPath(pathname)) return pathname.includes('-form/') ? 'Edit block' : 'Blocks';
  return 'Staff';
}

/** Names the open screen in the browser tab; set again on every navigation (a form for another block keeps its component). */
export function useStaffTitle(title: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (title) document.title = staffTitle(title);
  }, [title, pathname]);
}
