/**
 * The collection declarations as plain data: names, pages, places, menu
 * groups, headings, detail pages, paths and access. Everything about a
 * collection is said here once; the API, the staff menu and screens, the
 * public pages, the sitemap, structured data and the demo seed follow. The
 * browser's entries read this module alone (no zod).
 */
import type { CollectionKind, DetailKind } from './kinds.js';
import type { PageName } from './pages.js';

export type { BlockKind, CollectionKind, DetailKind } from './kinds.js';

/** Who may read a collection: everyone (published documents only) or staff only. */
export type ReadAccess = 'public' | 'staff';
/** The least role that may create, change, publish, reorder and delete. */
export type WriteAccess = 'admin' | 'super';

/**
 * The staff drawer's groups in drawer order: SPEC.md's drawer first (its home
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
  /** Extra form paths, e.g. SPEC.md's misspelled ones. */
  formPaths?: string[];
  /** Extra list paths (SPEC.md's `/fistsocio` has the corrected twin `/firstsocio`). */
  extraListPaths?: string[];
  read?: ReadAccess;
  write?: WriteAccess;
  growing?: boolean;
}

/** A declaration, checked: stories and events have pages of their own, other kinds none. */
export function declare<const D extends Declaration>(d: D & (D['kind'] extends DetailKind ? { detail: DetailPage } : { detail?: never })): D {
  return d;
}

/** Three-block pages share one shape: First is the hero, Second the text, Third the highlights. */
function threeBlocks<const F extends string, const S extends string, const T extends string>(
  names: { first: F; second: S; third: T },
  group: StaffGroup,
  page: PageName,
  heading = 'What we do',
) {
  return [
    declare({ name: names.first, label: `First ${group}`, group, kind: 'slide', page }),
    declare({ name: names.second, label: `Second ${group}`, group, kind: 'section', page }),
    declare({ name: names.third, label: `Third ${group}`, group, kind: 'card', page, heading }),
  ] as const;
}

export const declarations = [
  declare({ name: 'home', label: 'Home', group: 'Home page', kind: 'slide', page: 'home', carousel: true }),
  declare({ name: 'descriptionhome', label: 'Description Something at Home page', group: 'Home page', kind: 'section', page: 'home' }),
  declare({ name: 'newstory', label: 'News & Story', group: 'Home page', kind: 'story', page: 'home', growing: true, detail: { path: '/news', trail: { name: 'News & stories', path: '/#news' } } }),

  declare({ name: 'aboutslide', label: 'About slides', group: 'About', kind: 'slide', page: 'about' }),
  declare({ name: 'aboutvision', label: 'About: vision', group: 'About', kind: 'section', page: 'about' }),
  declare({ name: 'aboutdiscover', label: 'About: discover', group: 'About', kind: 'card', page: 'about', heading: 'Discover our work' }),
  declare({ name: 'abouthistory', label: 'About: history', group: 'About', kind: 'section', page: 'about' }),
  declare({ name: 'aboutleader', label: 'About: leaders', group: 'About', kind: 'person', page: 'about', heading: 'Our leaders' }),
  declare({ name: 'aboutpartner', label: 'About: partners', group: 'About', kind: 'partner', page: 'about' }),

  declare({ name: 'visionslide', label: 'First Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'slide', page: 'vision' }),
  declare({ name: 'visiondescription', label: 'Second Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'section', page: 'vision' }),
  declare({ name: 'visionvalue', label: 'Third Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'card', page: 'vision', heading: 'Our core values' }),

  declare({ name: 'historyslide', label: 'First History', group: 'History', kind: 'slide', page: 'history' }),
  declare({ name: 'historydescription', label: 'Second History', group: 'History', kind: 'section', page: 'history', formPaths: ['/historydescripton-form/:id'] }),
  declare({ name: 'historypicture', label: 'Third History', group: 'History', kind: 'picture', page: 'history', heading: 'Our history in pictures' }),

  declare({ name: 'leaderslide', label: 'First Leadership', group: 'Leadership', kind: 'slide', page: 'leadership' }),
  declare({ name: 'leaderdescription', label: 'Second Leadership', group: 'Leadership', kind: 'section', page: 'leadership' }),
  declare({ name: 'leaderpicture', label: 'Third Leadership', group: 'Leadership', kind: 'person', page: 'leadership', heading: 'Meet our leadership team' }),

  declare({ name: 'firstpartner', label: 'First Partners', group: 'Partners', kind: 'partner', page: 'partner', formPaths: ['/fistpartner-form/:id'], heading: 'Strategic partners' }),
  declare({ name: 'secondpartner', label: 'Second Partners', group: 'Partners', kind: 'partner', page: 'partner', heading: 'Network partners' }),
  declare({ name: 'thirdpartner', label: 'Third Partners', group: 'Partners', kind: 'partner', page: 'partner', heading: 'Community partners' }),

  ...threeBlocks({ first: 'firstgender', second: 'secondgender', third: 'thirdgender' }, 'gender', 'gender'),
  // SPEC.md spells the first socio list `/fistsocio` and shows no form; both spellings work.
  declare({ name: 'fistsocio', label: 'First Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'slide', page: 'socio', formPaths: ['/firstsocio-form/:id'], extraListPaths: ['/firstsocio'] }),
  declare({ name: 'secondsocio', label: 'Second Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'section', page: 'socio' }),
  declare({ name: 'thirdsocio', label: 'Third Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'card', page: 'socio', heading: 'What we do' }),
  ...threeBlocks({ first: 'firstdemocratic', second: 'seconddemocratic', third: 'thirddemocratic' }, 'Democratic Good Governance', 'democratic'),
  ...threeBlocks({ first: 'firstaccountability', second: 'secondaccountability', third: 'thirdaccountability' }, 'Social Accountability', 'accountability'),
  ...threeBlocks({ first: 'firststrategy', second: 'secondstrategy', third: 'thirdstrategy' }, 'Our Strategy', 'strategy', 'Our strategic priorities'),
  declare({ name: 'firstevents', label: 'First Events', group: 'Events', kind: 'slide', page: 'events' }),
  declare({ name: 'secondevents', label: 'Second Events', group: 'Events', kind: 'section', page: 'events' }),
  declare({ name: 'thirdevents', label: 'Third Events', group: 'Events', kind: 'event', page: 'events', growing: true, detail: { path: '/events', trail: { name: 'Events', path: '/events' } } }),

  declare({ name: 'youthfirstpage', label: 'First Youth', group: 'Youth', kind: 'slide', page: 'youthleadership', formPaths: ['/firstyouth-form/:id'] }),
  declare({ name: 'secondyouth', label: 'Second Youth', group: 'Youth', kind: 'section', page: 'youthleadership' }),
  declare({ name: 'thirdyouth', label: 'Third Youth', group: 'Youth', kind: 'card', page: 'youthleadership', heading: 'What the project offers' }),
  declare({ name: 'fourthyouth', label: 'Fourth Youth', group: 'Youth', kind: 'picture', page: 'youthleadership', heading: 'The project in pictures' }),
  declare({ name: 'fifthyouth', label: 'Fifth Youth', group: 'Youth', kind: 'person', page: 'youthleadership', heading: 'Youth leaders and mentors' }),
  declare({ name: 'sixthyouth', label: 'Sixth Youth', group: 'Youth', kind: 'section', page: 'youthleadership' }),
  declare({ name: 'seventhyouth', label: 'Seventh Youth', group: 'Youth', kind: 'card', page: 'youthleadership', heading: 'Results so far' }),
  declare({ name: 'eighthyouth', label: 'Eighth Youth', group: 'Youth', kind: 'partner', page: 'youthleadership', heading: 'Project partners' }),

  declare({ name: 'category', label: 'Categories', group: 'Site', kind: 'category', page: null }),
  declare({ name: 'item', label: 'Publications', group: 'Site', kind: 'item', page: null, write: 'super', growing: true }),
  declare({ name: 'customer', label: 'Supporters & contacts', group: 'Site', kind: 'customer', page: null, read: 'staff', growing: true }),
] as const;

export type CollectionName = (typeof declarations)[number]['name'];

const declarationsByName = new Map<string, Declaration>(declarations.map((d) => [d.name, d]));

export function declarationOf(name: string): Declaration | undefined {
  return declarationsByName.get(name);
}

/** The collections whose blocks have pages of their own, with those pages' paths. */
export const detailCollections = declarations.flatMap((d: Declaration) => (d.detail ? [{ ...d, detail: d.detail }] : []));

/** The path of one block's own page: `/news/<id>`. */
export function detailPath(detail: DetailPage, id: string): string {
  return `${detail.path}/${encodeURIComponent(id)}`;
}

/** The path of one block's own page, or null when its collection has none. */
export function detailPathOf(collection: string, id: string): string | null {
  const detail = declarationsByName.get(collection)?.detail;
  return detail ? detailPath(detail, id) : null;
}

/** Every list path of a collection (the canonical one first). */
export function listPathsOf(d: Declaration): string[] {
  return [`/${d.name}`, ...(d.extraListPaths ?? [])];
}

/** Every form path of a collection (the canonical one first); each takes `:id`. */
export function formPathsOf(d: Declaration): string[] {
  return [`/${d.name}-form/:id`, ...(d.formPaths ?? [])];
}

export function writeAccessOf(d: Declaration): WriteAccess {
  return d.write ?? 'admin';
}
