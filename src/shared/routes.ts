/**
 * The route table (docs/spec-conformance.md, "Screens and routes"): the detail pages of stories and events,
 * every admin list and form path with its marks, /login and the catch-all
 * where the site's pages are (their addresses are data: site-structure.ts).
 * The browser router and the server's page renderer are both built from it.
 */
import { routeMarksOf, type RouteMark } from './access.js';
import { declarations, detailCollections, formPathsOf, listPathsOf, type Declaration } from './registry-index.js';
import { accountLinkPaths } from './account-links.js';
import { pageEditorPathOf, settingsPath, staffEntryPath, staffScreens, type StaffScreenId } from './staff-screens.js';
import { sitePageCollection } from './declarations.js';

export { settingsPath, staffEntryPath };

export type AccountLinkScreen = keyof typeof accountLinkPaths;

export type RouteEntry =
  | { kind: 'detail'; path: string; collection: string }
  | { kind: 'login'; path: '/login'; name: 'login' }
  /** Screens reached signed out, from /login or a mail's link (shown without the staff layout). */
  | { kind: 'account-link'; path: string; screen: AccountLinkScreen }
  | { kind: 'list'; path: string; collection: string; marks: readonly RouteMark[] }
  | { kind: 'form'; path: string; collection: string; marks: readonly RouteMark[] }
  /** A staff screen of staff-screens.ts (users, settings, backups, audit log, pages, site check, trash, media...), behind its marks. */
  | { kind: StaffScreenId; path: string; marks: readonly RouteMark[] }
  /** The signed-in user's own account: every staff member, whatever the role. */
  | { kind: 'account'; path: '/account' }
  /** Every other address: a page of the site (by its address, from the data), else the not-found page. */
  | { kind: 'not-found'; path: '*' };

function marksOf(d: Declaration): readonly RouteMark[] {
  return routeMarksOf({ type: 'collection', name: d.name });
}

export const routeTable: readonly RouteEntry[] = [
  ...detailCollections.map((d): RouteEntry => ({ kind: 'detail', path: `${d.detail.path}/:id`, collection: d.name })),
  { kind: 'login', path: '/login', name: 'login' },
  ...(Object.keys(accountLinkPaths) as AccountLinkScreen[]).map((screen): RouteEntry => ({ kind: 'account-link', path: accountLinkPaths[screen], screen })),
  ...staffScreens.map((r): RouteEntry => ({ kind: r.id, path: r.path, marks: routeMarksOf(r.subject, r.action) })),
  { kind: 'account', path: '/account' },
  ...declarations.flatMap((d: Declaration): RouteEntry[] => [
    ...listPathsOf(d).map((path): RouteEntry => ({ kind: 'list', path, collection: d.name, marks: marksOf(d) })),
    ...formPathsOf(d).map((path): RouteEntry => ({ kind: 'form', path, collection: d.name, marks: marksOf(d) })),
  ]),
  { kind: 'not-found', path: '*' },
];

export type StaffScreenRoute = Extract<RouteEntry, { kind: StaffScreenId }>;
const staffScreenIds: ReadonlySet<string> = new Set(staffScreens.map((s) => s.id));

/** Is this route one of staff-screens.ts's screens? */
export function isStaffScreenRoute(r: RouteEntry): r is StaffScreenRoute {
  return staffScreenIds.has(r.kind);
}

/** Paths that belong to the staff app (kept out of robots and the sitemap, never a page's address), its entry `/admin` included. */
export const staffPaths: readonly string[] = [
  ...routeTable.filter((r) => r.kind !== 'detail' && r.kind !== 'not-found').map((r) => r.path),
  staffEntryPath,
];

/** Staff screens shown without the staff layout: sign-in and the screens of mailed links. */
export const signedOutStaffPaths: ReadonlySet<string> = new Set(routeTable.filter((r) => r.kind === 'login' || r.kind === 'account-link').map((r) => r.path));

/** The list path a form returns to. */
export function listPathOf(collection: string): string {
  return `/${collection}`;
}

/** The canonical form path for a document (`new` creates one). */
export function formPathOf(collection: string, id: string): string {
  return `/${collection}-form/${encodeURIComponent(id)}`;
}

/** Where staff change what a finding, a use or an audit line names: a block's form, a page's editor, or the settings (collection `settings`). */
export function editPathOf(collection: string, id: string): string {
  if (collection === sitePageCollection) return pageEditorPathOf(id);
  return collection === 'settings' ? settingsPath : formPathOf(collection, id);
}
