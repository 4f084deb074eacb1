/**
 * The staff screens that are not a collection's list or form, each declared
 * once: its id, its path, the policy's subject and action that decide who may
 * open it (the route's marks) and see it in the drawer, its drawer entry and
 * the browser tab's title.
 * The route table (routes.ts), the browser router (web/staff-screens.ts maps
 * each id to its lazy module) and the drawer (web/admin/layouts/menu.ts) are
 * built from this list. Adding a screen: one entry here, one module there.
 */
import type { Action, Subject } from './access.js';
import { backupsScreenPath } from './backups.js';
import { auditScreenPath } from './audit.js';
import { siteCheckPath } from './site-check.js';
import { editorialPaths } from './editorial.js';
import { mediaLibraryPath } from './media-library.js';
import { siteNavigationCollection } from './site-navigation.js';
import { sitePageCollection } from './declarations.js';
import { pageTranslationPath, translationEditorPath, translationsScreenPath } from './translations.js';
import { dashboardPath, staffEntryPath } from './staff-entry.js';

/** The site settings' screen. */
export const settingsPath = '/settings';

/** The people who wrote to the organisation (shared/supporters.ts). */
export const supportersScreenPath = '/supporters';
/** The newsletter: issues and subscribers. */
export const newsletterScreenPath = '/newsletter-issues';

/** One event's registrations (shared/events.ts), reached from the events list and the event's form. */
export const registrationsScreenPath = '/event-registrations/:id';

/** Which public pages people read (shared/visits.ts). */
export const visitsScreenPath = '/visits';

/** The dashboard's path and the staff app's way in (`/admin`): declared in staff-entry.ts, which the public site's staff bar reads without this module. */
export { dashboardPath, staffEntryPath };

/**
 * Where a screen's drawer entry sits: at the top of the drawer, made of the
 * site (Dashboard, Pages, Navigation…), or among the site's tools below it.
 * The collections' lists follow, grouped by the page that shows them (menu.ts).
 */
export type DrawerPlace = 'site' | 'tools';

export interface StaffScreenDrawer {
  label: string;
  caption?: string;
  /** Two letters shown in the mini drawer. */
  short: string;
  place: DrawerPlace;
}

export interface StaffScreen {
  id: string;
  path: string;
  /** The policy's subject and action: the route's marks, and who sees the drawer entry. */
  subject: Subject;
  action: Action;
  /** The drawer entry (entries of one place keep this list's order), or null for a screen reached from another. */
  drawer: StaffScreenDrawer | null;
  /** The screen whose drawer entry stays current here (a form under its list). */
  under?: string;
  /** The browser tab's title on this screen (before " · Staff"), until the screen names what it shows; the drawer label when absent. */
  title?: string;
}

export const staffScreens = [
  /** What waits for staff, and "New page": where /admin and the public site's staff bar lead; heads the drawer. */
  { id: 'dashboard', path: dashboardPath, subject: { type: 'preview' }, action: 'update', drawer: { label: 'Dashboard', caption: 'What waits, and a new page', short: 'DB', place: 'site' } },
  /** Every public page with its blocks, previews and pending changes. */
  { id: 'pages', path: editorialPaths.pages, subject: { type: 'preview' }, action: 'update', drawer: { label: 'Pages', caption: 'Every page and its blocks', short: 'PG', place: 'site' } },
  /** One page's editor: its address, titles, description, picture, sections and editorial steps (reached from Pages). */
  { id: 'page-editor', path: `${editorialPaths.pages}/:id`, subject: { type: 'collection', name: sitePageCollection }, action: 'update', drawer: null, under: 'pages', title: 'Edit page' },
  /** The top bar's menus and the footer's lists, drafted then published: whoever may change the navigation. */
  { id: 'navigation', path: '/navigation', subject: { type: 'collection', name: siteNavigationCollection }, action: 'update', drawer: { label: 'Navigation', caption: 'Top bar and footer links', short: 'NV', place: 'site' } },
  /** The media library: every upload, its default alt text, focal point and uses. */
  { id: 'media', path: mediaLibraryPath, subject: { type: 'media' }, action: 'update', drawer: { label: 'Media library', caption: 'Pictures and documents', short: 'ML', place: 'site' } },
  /** What is not translated yet or outdated, per language: whoever may read the pages (staff). */
  { id: 'translations', path: translationsScreenPath, subject: { type: 'collection', name: sitePageCollection }, action: 'read', drawer: { label: 'Translations', caption: 'Other languages of the site', short: 'TL', place: 'site' } },
  /** One block, page or the navigation translated beside its original (reached from Translations and from a block's form). */
  { id: 'translation-editor', path: translationEditorPath, subject: { type: 'collection', name: sitePageCollection }, action: 'update', drawer: null, under: 'translations', title: 'Translate' },
  /** A whole page translated on one screen: its words, its sections' blocks and its menu labels (reached from Translations and from the page editor). */
  { id: 'page-translation', path: pageTranslationPath, subject: { type: 'collection', name: sitePageCollection }, action: 'update', drawer: null, under: 'translations', title: 'Translate a page' },
  /** Old addresses and where they go, and the missing paths visitors ask for: whoever may delete pages (super-admins). */
  { id: 'redirects', path: '/redirects', subject: { type: 'collection', name: sitePageCollection }, action: 'delete', drawer: { label: 'Redirects', caption: 'Old and missing addresses', short: 'RD', place: 'site' } },
  /** The people who wrote to the organisation, their answers and messages: staff read and download, super-admins erase (on the screen and the server). */
  { id: 'supporters', path: supportersScreenPath, subject: { type: 'supporters' }, action: 'read', drawer: { label: 'Supporters', caption: 'People who wrote to you', short: 'SP', place: 'tools' } },
  /** The newsletter: write, look at, test, send and pause issues; the subscribers (staff). */
  { id: 'newsletter', path: newsletterScreenPath, subject: { type: 'newsletters' }, action: 'read', drawer: { label: 'Newsletter', caption: 'Issues and subscribers', short: 'NL', place: 'tools' } },
  /** One event's registrations: who comes, attendance at the door, the waitlist, the CSV and the check-in sheet (staff). */
  { id: 'event-registrations', path: registrationsScreenPath, subject: { type: 'registrations' }, action: 'read', drawer: null, title: 'Registrations' },
  /** Which public pages people read, over a chosen period, with charts, tables and a CSV: staff read it. */
  { id: 'visits', path: visitsScreenPath, subject: { type: 'visits' }, action: 'read', drawer: { label: 'Visits', caption: 'Which pages people read', short: 'VS', place: 'tools' } },
  /** The site check: read-only, so its marks are the roles that may read it. */
  { id: 'site-check', path: siteCheckPath, subject: { type: 'site-check' }, action: 'read', drawer: { label: 'Site check', caption: 'Accessibility of the site', short: 'SC', place: 'tools' } },
  /** Blocks moved to the trash: every staff member restores what they moved there (emptying it is super-only, on the server). */
  { id: 'trash', path: editorialPaths.trash, subject: { type: 'trash' }, action: 'read', drawer: { label: 'Trash', short: 'TR', place: 'tools' } },
  /** The audit log: read-only, so its marks are the roles that may read it. */
  { id: 'audit', path: auditScreenPath, subject: { type: 'audit' }, action: 'read', drawer: { label: 'Audit log', short: 'AL', place: 'tools' } },
  /** Staff accounts (the super layout's User entry). */
  { id: 'users', path: '/user', subject: { type: 'users' }, action: 'update', drawer: { label: 'User', caption: 'Staff accounts', short: 'U', place: 'tools' }, title: 'Users' },
  { id: 'user-form', path: '/user-form/:id', subject: { type: 'users' }, action: 'update', drawer: null, under: 'users', title: 'User' },
  { id: 'settings', path: settingsPath, subject: { type: 'settings' }, action: 'update', drawer: { label: 'Site settings', short: 'SS', place: 'tools' } },
  { id: 'backups', path: backupsScreenPath, subject: { type: 'backups' }, action: 'read', drawer: { label: 'Backups', short: 'BK', place: 'tools' } },
] as const satisfies readonly StaffScreen[];

export type StaffScreenId = (typeof staffScreens)[number]['id'];

/** An event's registrations screen. */
export function registrationsScreenPathOf(eventId: string): string {
  return registrationsScreenPath.replace(':id', encodeURIComponent(eventId));
}

/** A page's editor (`/pages/:id`). */
export function pageEditorPathOf(id: string): string {
  return `${editorialPaths.pages}/${encodeURIComponent(id)}`;
}
