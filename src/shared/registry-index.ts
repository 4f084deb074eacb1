/**
 * The collection declarations as plain data: names, pages, paths and access.
 * The browser's entry builds its routes from this module alone, so it never
 * loads the field schemas (zod) that collections.ts adds.
 */
import type { PageName } from './pages.js';

export type BlockKind = 'slide' | 'section' | 'card' | 'picture' | 'person' | 'partner' | 'story' | 'event';
export type CollectionKind = BlockKind | 'category' | 'item' | 'customer';

/** Who may read a collection: everyone (published documents only) or staff only. */
export type ReadAccess = 'public' | 'staff';
/** The least role that may create, change, publish, reorder and delete. */
export type WriteAccess = 'admin' | 'super';

export interface Declaration {
  name: string;
  label: string;
  group: string;
  kind: CollectionKind;
  page: PageName | null;
  /** Extra form paths, e.g. SPEC.md's misspelled ones. */
  formPaths?: string[];
  /** Extra list paths (SPEC.md's `/fistsocio` has the corrected twin `/firstsocio`). */
  extraListPaths?: string[];
  read?: ReadAccess;
  write?: WriteAccess;
  growing?: boolean;
}

function declare<const D extends Declaration>(d: D): D {
  return d;
}

/** Three-block pages share one shape: First is the hero, Second the text, Third the highlights. */
function threeBlocks<const F extends string, const S extends string, const T extends string>(names: { first: F; second: S; third: T }, group: string, page: PageName) {
  return [
    declare({ name: names.first, label: `First ${group}`, group, kind: 'slide', page }),
    declare({ name: names.second, label: `Second ${group}`, group, kind: 'section', page }),
    declare({ name: names.third, label: `Third ${group}`, group, kind: 'card', page }),
  ] as const;
}

export const declarations = [
  declare({ name: 'home', label: 'Home', group: 'Home page', kind: 'slide', page: 'home' }),
  declare({ name: 'descriptionhome', label: 'Description Something at Home page', group: 'Home page', kind: 'section', page: 'home' }),
  declare({ name: 'newstory', label: 'News & Story', group: 'Home page', kind: 'story', page: 'home', growing: true }),

  declare({ name: 'aboutslide', label: 'About slides', group: 'About', kind: 'slide', page: 'about' }),
  declare({ name: 'aboutvision', label: 'About: vision', group: 'About', kind: 'section', page: 'about' }),
  declare({ name: 'aboutdiscover', label: 'About: discover', group: 'About', kind: 'card', page: 'about' }),
  declare({ name: 'abouthistory', label: 'About: history', group: 'About', kind: 'section', page: 'about' }),
  declare({ name: 'aboutleader', label: 'About: leaders', group: 'About', kind: 'person', page: 'about' }),
  declare({ name: 'aboutpartner', label: 'About: partners', group: 'About', kind: 'partner', page: 'about' }),

  declare({ name: 'visionslide', label: 'First Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'slide', page: 'vision' }),
  declare({ name: 'visiondescription', label: 'Second Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'section', page: 'vision' }),
  declare({ name: 'visionvalue', label: 'Third Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'card', page: 'vision' }),

  declare({ name: 'historyslide', label: 'First History', group: 'History', kind: 'slide', page: 'history' }),
  declare({ name: 'historydescription', label: 'Second History', group: 'History', kind: 'section', page: 'history', formPaths: ['/historydescripton-form/:id'] }),
  declare({ name: 'historypicture', label: 'Third History', group: 'History', kind: 'picture', page: 'history' }),

  declare({ name: 'leaderslide', label: 'First Leadership', group: 'Leadership', kind: 'slide', page: 'leadership' }),
  declare({ name: 'leaderdescription', label: 'Second Leadership', group: 'Leadership', kind: 'section', page: 'leadership' }),
  declare({ name: 'leaderpicture', label: 'Third Leadership', group: 'Leadership', kind: 'person', page: 'leadership' }),

  declare({ name: 'firstpartner', label: 'First Partners', group: 'Partners', kind: 'partner', page: 'partner', formPaths: ['/fistpartner-form/:id'] }),
  declare({ name: 'secondpartner', label: 'Second Partners', group: 'Partners', kind: 'partner', page: 'partner' }),
  declare({ name: 'thirdpartner', label: 'Third Partners', group: 'Partners', kind: 'partner', page: 'partner' }),

  ...threeBlocks({ first: 'firstgender', second: 'secondgender', third: 'thirdgender' }, 'gender', 'gender'),
  // SPEC.md spells the first socio list `/fistsocio` and shows no form; both spellings work.
  declare({ name: 'fistsocio', label: 'First Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'slide', page: 'socio', formPaths: ['/firstsocio-form/:id'], extraListPaths: ['/firstsocio'] }),
  declare({ name: 'secondsocio', label: 'Second Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'section', page: 'socio' }),
  declare({ name: 'thirdsocio', label: 'Third Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'card', page: 'socio' }),
  ...threeBlocks({ first: 'firstdemocratic', second: 'seconddemocratic', third: 'thirddemocratic' }, 'Democratic Good Governance', 'democratic'),
  ...threeBlocks({ first: 'firstaccountability', second: 'secondaccountability', third: 'thirdaccountability' }, 'Social Accountability', 'accountability'),
  ...threeBlocks({ first: 'firststrategy', second: 'secondstrategy', third: 'thirdstrategy' }, 'Our Strategy', 'strategy'),
  declare({ name: 'firstevents', label: 'First Events', group: 'Events', kind: 'slide', page: 'events' }),
  declare({ name: 'secondevents', label: 'Second Events', group: 'Events', kind: 'section', page: 'events' }),
  declare({ name: 'thirdevents', label: 'Third Events', group: 'Events', kind: 'event', page: 'events', growing: true }),

  declare({ name: 'youthfirstpage', label: 'First Youth', group: 'Youth', kind: 'slide', page: 'youthleadership', formPaths: ['/firstyouth-form/:id'] }),
  declare({ name: 'secondyouth', label: 'Second Youth', group: 'Youth', kind: 'section', page: 'youthleadership' }),
  declare({ name: 'thirdyouth', label: 'Third Youth', group: 'Youth', kind: 'card', page: 'youthleadership' }),
  declare({ name: 'fourthyouth', label: 'Fourth Youth', group: 'Youth', kind: 'picture', page: 'youthleadership' }),
  declare({ name: 'fifthyouth', label: 'Fifth Youth', group: 'Youth', kind: 'person', page: 'youthleadership' }),
  declare({ name: 'sixthyouth', label: 'Sixth Youth', group: 'Youth', kind: 'section', page: 'youthleadership' }),
  declare({ name: 'seventhyouth', label: 'Seventh Youth', group: 'Youth', kind: 'card', page: 'youthleadership' }),
  declare({ name: 'eighthyouth', label: 'Eighth Youth', group: 'Youth', kind: 'partner', page: 'youthleadership' }),

  declare({ name: 'category', label: 'Categories', group: 'Site', kind: 'category', page: null }),
  declare({ name: 'item', label: 'Publications', group: 'Site', kind: 'item', page: null, write: 'super', growing: true }),
  declare({ name: 'customer', label: 'Supporters & contacts', group: 'Site', kind: 'customer', page: null, read: 'staff', growing: true }),
] as const;

export type CollectionName = (typeof declarations)[number]['name'];

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
