/**
 * What a collection declaration says, and `declare`, which checks one. The
 * declarations themselves are in declarations.ts.
 */
import type { CollectionKind, DetailKind } from './kinds.js';
import type { PageName } from './pages.js';

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

/** A page of its own for each block (stories and events): `/news/:id`. */
export interface DetailPage {
  /** The path before `/:id`, e.g. `/news`. */
  path: string;
  /** The breadcrumb step between Home and the block. */
  trail: { name: string; path: string };
}

export interface Declaration {
  name: string;
  label: string;
  /** The staff drawer group the collection is listed in. */
  group: StaffGroup;
  kind: CollectionKind;
  /**
   * The public page its blocks appear on, if any. Its place on the page is its
   * place among that page's declarations below.
   */
  page: PageName | null;
  /** The public heading over its blocks; the kind's default heading otherwise. */
  heading?: string;
  /** Slides shown as the page's carousel rather than its hero. */
  carousel?: boolean;
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

/** A declaration, checked: stories and events have pages of their own, other kinds none. */
export function declare<const D extends Declaration>(d: D & (D['kind'] extends DetailKind ? { detail: DetailPage } : { detail?: never })): D {
  return d;
}

