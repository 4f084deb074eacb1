/**
 * The staff drawers' entries, made of the site: first the screens that shape
 * it (Dashboard, Pages, Navigation, Media, Translations, Redirects), then its
 * tools (site check, trash, audit log, users, settings, backups) as the role
 * may open them, both from the staff screens' declarations
 * (shared/staff-screens.ts); then every collection's list, grouped under the
 * page that shows its blocks, named as editors name it now, in the site's
 * order of pages (the structure's page list, shared/page-sections.ts
 * `pagesShowing`), and the site's data that no page shows. Those groups
 * fold: the drawer opens the current route's group only.
 */
import { collections, type CollectionDef } from '../../../shared/collections.js';
import { pagesShowing, type PageWithSections } from '../../../shared/page-sections.js';
import { can, type Principal } from '../../../shared/access.js';
import type { LayoutName } from '../../../shared/access.js';
import { staffScreens, type DrawerPlace } from '../../../shared/staff-screens.js';

export interface MenuEntry {
  /** Title shown in the drawer. */
  label: string;
  /** Optional second line. */
  caption?: string;
  /** Two letters shown in the mini drawer. */
  short: string;
  to: string;
  /** Paths of the entry's forms (`/home-form/`): the entry shows as the current section there. */
  formPrefixes?: string[];
  /** A page of the public site: loaded whole, as the server renders it (with the staff bar), not inside the staff app. */
  publicPage?: boolean;
}

export interface MenuGroup {
  /** null for the entries at the top, without a heading. */
  title: string | null;
  entries: MenuEntry[];
  /** A group of collections that folds (open when it holds the current route). */
  folds?: boolean;
}

const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];

function shortOf(label: string): string {
  const words = label.replace(/[^A-Za-z0-9 ]/g, ' ').split(/\s+/).filter(Boolean);
  const first = words[0] ?? '?';
  const ordinal = ordinals.indexOf(first);
  const rest = words[1] ?? '';
  if (ordinal >= 0) return `${ordinal + 1}${rest.charAt(0).toUpperCase()}`;
  return (first.charAt(0) + (rest.charAt(0) || first.charAt(1))).toUpperCase();
}

function entryOf(c: CollectionDef): MenuEntry {
  return { label: c.label, short: shortOf(c.label), to: c.listPath, formPrefixes: c.formPaths.map((p) => p.replace(':id', '')) };
}

/** The drawer entries of the staff screens at this place that the principal may open, in their declared order. */
function screenEntries(principal: Principal, place: DrawerPlace): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const s of staffScreens) {
    if (!s.drawer || s.drawer.place !== place || !can(principal, s.action, s.subject)) continue;
    const forms = staffScreens.filter((f) => 'under' in f && f.under === s.id).map((f) => f.path.replace(':id', ''));
    const { label, short } = s.drawer;
    const caption = 'caption' in s.drawer ? s.drawer.caption : undefined;
    out.push({ label, ...(caption ? { caption } : {}), short, to: s.path, ...(forms.length > 0 ? { formPrefixes: forms } : {}) });
  }
  return out;
}

/** A page as the drawer needs it: its id, its title and what its sections show. */
export interface DrawerPage extends PageWithSections {
  id: string;
  title: string;
}

/** The collections the principal may change, by the page that shows them (else among the site's data, on no page of its own). */
function collectionGroups(principal: Principal, pages: readonly DrawerPage[]): MenuGroup[] {
  const mine = collections.filter((c) => can(principal, 'update', { type: 'collection', name: c.name }));
  const showing = pagesShowing(pages);
  const groups: MenuGroup[] = [];
  for (const p of pages) {
    const entries = mine.filter((c) => showing.get(c.name) === p).map(entryOf);
    if (entries.length > 0) groups.push({ title: p.title, entries, folds: true });
  }
  const data = mine.filter((c) => !showing.has(c.name)).map(entryOf);
  if (data.length > 0) groups.push({ title: 'Site data', entries: data, folds: true });
  return groups;
}

/**
 * The drawer of a staff layout, showing only what the user may open. `pages`:
 * the site's pages in order (the staff structure API's list); null while
 * they load, when the drawer has the site's screens and tools only.
 */
export function menuFor(layout: LayoutName, principal: Principal, pages: readonly DrawerPage[] | null = null): MenuGroup[] {
  const top = screenEntries(principal, 'site');
  // The admin layout: Home, the site's root (the super layout's User sits among the tools).
  if (layout !== 'SuperLayout') top.push({ label: 'Home', caption: 'The public site', short: 'H', to: '/', publicPage: true });
  const groups: MenuGroup[] = [{ title: null, entries: top }];
  const tools = screenEntries(principal, 'tools');
  if (tools.length > 0) groups.push({ title: 'Site tools', entries: tools });
  return pages ? [...groups, ...collectionGroups(principal, pages)] : groups;
}

/** Whether an entry is the current route's: its own path, or one of its forms. */
export function isCurrentEntry(entry: MenuEntry, pathname: string): boolean {
  return entry.to === pathname || (entry.formPrefixes?.some((prefix) => pathname.startsWith(prefix)) ?? false);
}

/** The title of the folding group holding the current route, or null. */
export function currentGroupOf(menu: readonly MenuGroup[], pathname: string): string | null {
  return menu.find((g) => g.folds && g.entries.some((e) => isCurrentEntry(e, pathname)))?.title ?? null;
}
