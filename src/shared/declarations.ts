/**
 * Every collection, declared once: name, staff label and menu group, kind,
 * page (its place on the page is its place among that page's declarations
 * here), public heading, detail pages, extra paths and access. Everything
 * else follows from this list (registry-index.ts derives the rest).
 */
import { declare, type StaffGroup } from './declare.js';
import type { PageName } from './pages.js';

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
  // The specified paths spell the first socio list `/fistsocio` and shows no form; both spellings work.
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

/**
 * The site's structure as blocks of their own (site-structure.ts): not in the
 * staff drawer and without generic list and form screens; the structure API
 * and screens edit them, with the editorial steps every block has.
 */
/** The collection that holds page records (site-structure.ts). */
export const sitePageCollection = 'sitepage';
/** The collection whose one block is the navigation (site-navigation.ts). */
export const siteNavigationCollection = 'sitenavigation';

export const systemDeclarations = [
  declare({ name: sitePageCollection, label: 'Pages', group: 'Site', kind: 'page', page: null, read: 'staff', write: 'admin', remove: 'super' }),
  declare({ name: siteNavigationCollection, label: 'Navigation', group: 'Site', kind: 'navigation', page: null, read: 'staff', write: 'admin', remove: 'super' }),
] as const;

/** The structure's collections: written at a site's first start, not demo content, kept by a content reset. */
export const structureCollections: readonly string[] = systemDeclarations.map((d) => d.name);
