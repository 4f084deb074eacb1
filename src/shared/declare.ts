/**
 * What a collection declaration says, and `declare`, which checks one. The
 * declarations themselves are in declarations.ts.
 */
import type { CollectionKind, DetailKind } from './kinds.js';

/** Who may read a collection: everyone (published documents only) or staff only. */
export type ReadAccess = 'public' | 'staff';
/** The least role that may create, change, publish, reorder and delete. */
export type WriteAccess = 'admin' | 'super';

/**
 * The staff drawer's groups in drawer order: the specified drawer first (its home
 * page entries sit at the top without a heading), then the groups it forgot.
 */
export const staffGroups = [
  'Home page',
  'Vision & Mission & Core value',
  'History',
  'Leadership',
  'gender',
  'Socio-Economic Rights',
  'Democratic Good Governance',
  'Social Accountability',
  'Our Strategy',
  'Events',
  'Youth',
  'About',
  'Partners',
  'Site',
] as const;
export type StaffGroup = (typeof staffGroups)[number];

/**
 * A page of its own for each block (stories and events): `/news/:id`. Its
 * breadcrumb leads to the page that shows the collection, as the site's
 * structure says now (docs/architecture.md, "The structure is the one truth").
 */
export interface DetailPage {
  /** The path before `/:id`, e.g. `/news`. */
  path: string;
}

export interface Declaration {
  name: string;
  label: string;
  /** The staff drawer group the collection is listed in. */
  group: StaffGroup;
  kind: CollectionKind;
  /** The public heading over its blocks; the kind's default heading otherwise. */
  heading?: string;
  /** Stories and events: each published block has a page of its own. */
  detail?: DetailPage;
  /** Extra form paths, e.g. the misspelled ones of docs/spec-conformance.md ("Screens and routes"). */
  formPaths?: string[];
  /** Extra list paths (the specified `/fistsocio` has the corrected twin `/firstsocio`). */
  extraListPaths?: string[];
  read?: ReadAccess;
  write?: WriteAccess;
  /** The least role that may delete (moving to the trash included); `write` when absent. */
  remove?: WriteAccess;
  growing?: boolean;
}

/**
 * A declaration, checked: stories and events have pages of their own, other
 * kinds none. It says what a collection is, never where it shows: which page
 * shows its blocks is the site's structure (page records), so no `page`.
 */
export function declare<const D extends Declaration>(d: D & (D['kind'] extends DetailKind ? { detail: DetailPage } : { detail?: never }) & { page?: never; carousel?: never }): D {
  // Refused at run time too (a declaration built from untyped data): a page's place is the structure's.
  for (const key of ['page', 'carousel']) if (key in d) throw new Error(`${d.name}: a declaration has no \`${key}\`; the page records say which page shows a collection, and how (src/server/structure/default-pages.ts seeds them)`);
  return d;
}

