/**
 * The staff drawers' entries, generated from the collection registry (its
 * declared groups in their order, each collection under the group it names)
 * and from the staff screens' declarations (shared/staff-screens.ts).
 */
import { collections, type CollectionDef } from '../../../shared/collections.js';
import { staffGroups, type StaffGroup } from '../../../shared/registry-index.js';
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

/** The drawer entries of the staff screens at this place that the principal may open, in their declared order. */
function screenEntries(principal: Principal, place: (p: DrawerPlace) => boolean): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const s of staffScreens) {
    if (!s.drawer || !place(s.drawer.place) || !can(principal, s.action, s.subject)) continue;
    const forms = staffScreens.filter((f) => 'under' in f && f.under === s.id).map((f) => f.path.replace(':id', ''));
    const { label, short } = s.drawer;
    const caption = 'caption' in s.drawer ? s.drawer.caption : undefined;
    out.push({ label, ...(caption ? { caption } : {}), short, to: s.path, ...(forms.length > 0 ? { formPrefixes: forms } : {}) });
  }
  return out;
}

const atGroup = (title: StaffGroup, at: 'start' | 'end') => (p: DrawerPlace) => p !== 'super-top' && p.group === title && p.at === at;

/** The drawer of a staff layout, showing only what the user may open. */
export function menuFor(layout: LayoutName, principal: Principal): MenuGroup[] {
  const [topGroup, ...headedGroups] = staffGroups;
  // The first group's entries sit at the top of the drawer, without a heading (SPEC.md's drawer).
  const homePage = collections.filter((c) => c.group === topGroup).map(entryOf);
  const top: MenuEntry[] = [];
  if (layout === 'SuperLayout') {
    top.push(...screenEntries(principal, (p) => p === 'super-top'));
    top.push(...homePage);
  } else {
    top.push({ label: 'Home', caption: 'The public site', short: 'H', to: '/' });
    // The home slides list keeps its label; its caption tells it apart from the site's home.
    top.push(...homePage.map((e) => (e.to === '/home' ? { ...e, caption: 'Home page carousel' } : e)));
  }
  const groups: MenuGroup[] = [{ title: null, entries: top }];
  for (const title of headedGroups) {
    // A group's collections sit between the screens declared at its start (the Site group: Pages first, SPEC.md's drawer above it unchanged) and at its end.
    const g = groupOf(title, principal);
    g.entries = [...screenEntries(principal, atGroup(title, 'start')), ...g.entries, ...screenEntries(principal, atGroup(title, 'end'))];
    if (g.entries.length > 0) groups.push(g);
  }
  return groups;
}
