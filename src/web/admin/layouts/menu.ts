/**
 * The staff drawers' entries, generated from the collection registry: its
 * declared groups in their order, each collection under the group it names.
 */
import { collections, type CollectionDef } from '../../../shared/collections.js';
import { staffGroups, type StaffGroup } from '../../../shared/registry-index.js';
import { can, type Principal } from '../../../shared/access.js';
import type { LayoutName } from '../../../shared/access.js';
import { backupsScreenPath } from '../../../shared/backups.js';
import { auditScreenPath } from '../../../shared/audit.js';
import { siteCheckPath } from '../../../shared/site-check.js';
import { editorialPaths } from '../../../shared/editorial.js';
import { mediaLibraryPath } from '../../../shared/media-library.js';

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
}

export interface MenuGroup {
  /** null for the entries at the top, without a heading. */
  title: string | null;
  entries: MenuEntry[];
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

function groupOf(title: StaffGroup, principal: Principal): MenuGroup {
  return {
    title,
    entries: collections.filter((c) => c.group === title && can(principal, 'update', { type: 'collection', name: c.name })).map(entryOf),
  };
}

/** The drawer of a staff layout, showing only what the user may open. */
export function menuFor(layout: LayoutName, principal: Principal): MenuGroup[] {
  const [topGroup, ...headedGroups] = staffGroups;
  // The first group's entries sit at the top of the drawer, without a heading (SPEC.md's drawer).
  const homePage = collections.filter((c) => c.group === topGroup).map(entryOf);
  const top: MenuEntry[] = [];
  if (layout === 'SuperLayout') {
    top.push({ label: 'User', caption: 'Staff accounts', short: 'U', to: '/user', formPrefixes: ['/user-form/'] });
    top.push(...homePage);
  } else {
    top.push({ label: 'Home', caption: 'The public site', short: 'H', to: '/' });
    // The home slides list keeps its label; its caption tells it apart from the site's home.
    top.push(...homePage.map((e) => (e.to === '/home' ? { ...e, caption: 'Home page carousel' } : e)));
  }
  const groups: MenuGroup[] = [{ title: null, entries: top }];
  for (const title of headedGroups) {
    const g = groupOf(title, principal);
    // SPEC.md's drawer stays as it is above; the Pages screen (every page with its blocks, previews and publishing) heads the Site group.
    if (title === 'Site' && can(principal, 'read', { type: 'preview' })) {
      g.entries.unshift({ label: 'Pages', caption: 'Every page and its blocks', short: 'PG', to: editorialPaths.pages, formPrefixes: [`${editorialPaths.pages}/`] });
    }
    if (title === 'Site' && can(principal, 'update', { type: 'media' })) {
      // Right after Pages: the pictures and documents those pages show.
      const at = g.entries.findIndex((e) => e.to === editorialPaths.pages) + 1;
      g.entries.splice(at, 0, { label: 'Media library', caption: 'Pictures and documents', short: 'ML', to: mediaLibraryPath });
    }
    if (title === 'Site' && can(principal, 'read', { type: 'site-check' })) {
      g.entries.push({ label: 'Site check', caption: 'Accessibility of the site', short: 'SC', to: siteCheckPath });
    }
    if (title === 'Site' && can(principal, 'update', { type: 'settings' })) {
      g.entries.push({ label: 'Site settings', short: 'SS', to: '/settings' });
    }
    if (title === 'Site' && can(principal, 'read', { type: 'backups' })) {
      g.entries.push({ label: 'Backups', short: 'BK', to: backupsScreenPath });
    }
    if (title === 'Site' && can(principal, 'read', { type: 'audit' })) {
      g.entries.push({ label: 'Audit log', short: 'AL', to: auditScreenPath });
    }
    if (title === 'Site' && can(principal, 'read', { type: 'trash' })) {
      // Every staff member restores what they moved to the trash; at the bottom, after the settings.
      g.entries.push({ label: 'Trash', short: 'TR', to: editorialPaths.trash });
    }
    if (g.entries.length > 0) groups.push(g);
  }
  return groups;
}
