/**
 * The route table (SPEC.md section 2): the detail pages of stories and events,
 * every admin list and form path with its marks, /login and the catch-all
 * where the site's pages are (their addresses are data: site-structure.ts).
 * The browser router and the server's page renderer are both built from it.
 */
import { routeMarksOf, type RouteMark } from './access.js';
import { declarations, detailCollections, formPathsOf, listPathsOf, systemDeclarations, type Declaration } from './registry-index.js';
import { backupsScreenPath } from './backups.js';
import { auditScreenPath } from './audit.js';
import { accountLinkPaths } from './account-links.js';
import { editorialPaths } from './editorial.js';
import { siteCheckPath } from './site-check.js';
import { mediaLibraryPath } from './media-library.js';

/** The site settings' screen. */
export const settingsPath = '/settings';

export type AccountLinkScreen = keyof typeof accountLinkPaths;

export type RouteEntry =
  | { kind: 'detail'; path: string; collection: string }
  | { kind: 'login'; path: '/login'; name: 'login' }
  /** Screens reached signed out, from /login or a mail's link (shown without the staff layout). */
  | { kind: 'account-link'; path: string; screen: AccountLinkScreen }
  | { kind: 'list'; path: string; collection: string; marks: readonly RouteMark[] }
  | { kind: 'form'; path: string; collection: string; marks: readonly RouteMark[] }
  | { kind: 'users'; path: string; marks: readonly RouteMark[] }
  | { kind: 'user-form'; path: string; marks: readonly RouteMark[] }
  | { kind: 'settings'; path: string; marks: readonly RouteMark[] }
  | { kind: 'backups'; path: string; marks: readonly RouteMark[] }
  /** The audit log: read-only, so its marks are the roles that may read it. */
  | { kind: 'audit'; path: string; marks: readonly RouteMark[] }
  /** The site check: read-only, so its marks are the roles that may read it. */
  | { kind: 'site-check'; path: string; marks: readonly RouteMark[] }
  /** Every public page with its blocks, previews and pending changes. */
  | { kind: 'pages'; path: string; marks: readonly RouteMark[] }
  /** One page's editor: its address, titles, description, picture, sections and editorial steps. */
  | { kind: 'page-editor'; path: string; marks: readonly RouteMark[] }
  /** Blocks moved to the trash: every staff member (emptying it is super-only, on the server). */
  | { kind: 'trash'; path: string; marks: readonly RouteMark[] }
  /** The media library: every upload, its default alt text, focal point and uses (staff). */
  | { kind: 'media'; path: string; marks: readonly RouteMark[] }
  /** The signed-in user's own account: every staff member, whatever the role. */
  | { kind: 'account'; path: '/account' }
  /** Every other address: a page of the site (by its address, from the data), else the not-found page. */
  | { kind: 'not-found'; path: '*' };

/** The collection of page records (`sitepage`; site-structure.ts names it, with zod this module does not load). */
const pageRecords = (() => {
  const d = systemDeclarations.find((x) => x.kind === 'page');
  if (!d) throw new Error('No system collection holds the page records');
  return d.name;
})();

function marksOf(d: Declaration): readonly RouteMark[] {
  return routeMarksOf({ type: 'collection', name: d.name });
}

export const routeTable: readonly RouteEntry[] = [
  ...detailCollections.map((d): RouteEntry => ({ kind: 'detail', path: `${d.detail.path}/:id`, collection: d.name })),
  { kind: 'login', path: '/login', name: 'login' },
  ...(Object.keys(accountLinkPaths) as AccountLinkScreen[]).map((screen): RouteEntry => ({ kind: 'account-link', path: accountLinkPaths[screen], screen })),
  { kind: 'users', path: '/user', marks: routeMarksOf({ type: 'users' }) },
  { kind: 'user-form', path: '/user-form/:id', marks: routeMarksOf({ type: 'users' }) },
  { kind: 'settings', path: settingsPath, marks: routeMarksOf({ type: 'settings' }) },
  { kind: 'backups', path: backupsScreenPath, marks: routeMarksOf({ type: 'backups' }) },
  { kind: 'audit', path: auditScreenPath, marks: routeMarksOf({ type: 'audit' }, 'read') },
  { kind: 'pages', path: editorialPaths.pages, marks: routeMarksOf({ type: 'preview' }) },
  { kind: 'page-editor', path: `${editorialPaths.pages}/:id`, marks: routeMarksOf({ type: 'collection', name: pageRecords }) },
  { kind: 'site-check', path: siteCheckPath, marks: routeMarksOf({ type: 'site-check' }, 'read') },
  { kind: 'trash', path: editorialPaths.trash, marks: routeMarksOf({ type: 'trash' }, 'read') },
  { kind: 'media', path: mediaLibraryPath, marks: routeMarksOf({ type: 'media' }) },
  { kind: 'account', path: '/account' },
  ...declarations.flatMap((d: Declaration): RouteEntry[] => [
    ...listPathsOf(d).map((path): RouteEntry => ({ kind: 'list', path, collection: d.name, marks: marksOf(d) })),
    ...formPathsOf(d).map((path): RouteEntry => ({ kind: 'form', path, collection: d.name, marks: marksOf(d) })),
  ]),
  { kind: 'not-found', path: '*' },
];

/** Paths that belong to the staff app (kept out of robots and the sitemap). */
export const staffPaths: readonly string[] = routeTable
  .filter((r) => r.kind !== 'detail' && r.kind !== 'not-found')
  .map((r) => r.path);

/** Staff screens shown without the staff layout: sign-in and the screens of mailed links. */
export const signedOutStaffPaths: ReadonlySet<string> = new Set(routeTable.filter((r) => r.kind === 'login' || r.kind === 'account-link').map((r) => r.path));

/** A page's editor (`/pages/:id`). */
export function pageEditorPathOf(id: string): string {
  return `${editorialPaths.pages}/${encodeURIComponent(id)}`;
}

/** The list path a form returns to. */
export function listPathOf(collection: string): string {
  return `/${collection}`;
}

/** The canonical form path for a document (`new` creates one). */
export function formPathOf(collection: string, id: string): string {
  return `/${collection}-form/${encodeURIComponent(id)}`;
}

/** Where staff change what a finding or a use names: a block's form, or the settings (collection `settings`). */
export function editPathOf(collection: string, id: string): string {
  return collection === 'settings' ? settingsPath : formPathOf(collection, id);
}
