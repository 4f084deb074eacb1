/**
 * Every collection, declared once: name, staff label and menu group, kind,
 * public heading, detail pages, extra paths and access. Everything else
 * follows from this list (registry-index.ts derives the rest). Which page
 * shows a collection, and where on it, is the site's structure: the page
 * records, seeded from src/server/structure/default-pages.ts.
 */
import { declare, type StaffGroup } from './declare.js';

/** Three-block pages share one shape: First is the hero, Second the text, Third the highlights. */
function threeBlocks<const F extends string, const S extends string, const T extends string>(
  names: { first: F; second: S; third: T },
  group: StaffGroup,
  heading = 'What we do',
) {
  return [
    declare({ name: names.first, label: `First ${group}`, group, kind: 'slide' }),
    declare({ name: names.second, label: `Second ${group}`, group, kind: 'section' }),
    declare({ name: names.third, label: `Third ${group}`, group, kind: 'card', heading }),
  ] as const;
}

export const declarations = [
  declare({ name: 'home', label: 'Home', group: 'Home page', kind: 'slide' }),
  declare({ name: 'descriptionhome', label: 'Description Something at Home page', group: 'Home page', kind: 'section' }),
  declare({ name: 'newstory', label: 'News & Story', group: 'Home page', kind: 'story', growing: true, detail: { path: '/news' } }),

  declare({ name: 'aboutslide', label: 'About slides', group: 'About', kind: 'slide' }),
  declare({ name: 'aboutvision', label: 'About: vision', group: 'About', kind: 'section' }),
  declare({ name: 'aboutdiscover', label: 'About: discover', group: 'About', kind: 'card', heading: 'Discover our work' }),
  declare({ name: 'abouthistory', label: 'About: history', group: 'About', kind: 'section' }),
  declare({ name: 'aboutleader', label: 'About: leaders', group: 'About', kind: 'person', heading: 'Our leaders' }),
  declare({ name: 'aboutpartner', label: 'About: partners', group: 'About', kind: 'partner' }),

  declare({ name: 'visionslide', label: 'First Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'slide' }),
  declare({ name: 'visiondescription', label: 'Second Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'section' }),
  declare({ name: 'visionvalue', label: 'Third Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'card', heading: 'Our core values' }),

  declare({ name: 'historyslide', label: 'First History', group: 'History', kind: 'slide' }),
  declare({ name: 'historydescription', label: 'Second History', group: 'History', kind: 'section', formPaths: ['/historydescripton-form/:id'] }),
  declare({ name: 'historypicture', label: 'Third History', group: 'History', kind: 'picture', heading: 'Our history in pictures' }),

  declare({ name: 'leaderslide', label: 'First Leadership', group: 'Leadership', kind: 'slide' }),
  declare({ name: 'leaderdescription', label: 'Second Leadership', group: 'Leadership', kind: 'section' }),
  declare({ name: 'leaderpicture', label: 'Third Leadership', group: 'Leadership', kind: 'person', heading: 'Meet our leadership team' }),

  declare({ name: 'firstpartner', label: 'First Partners', group: 'Partners', kind: 'partner', formPaths: ['/fistpartner-form/:id'], heading: 'Strategic partners' }),
  declare({ name: 'secondpartner', label: 'Second Partners', group: 'Partners', kind: 'partner', heading: 'Network partners' }),
  declare({ name: 'thirdpartner', label: 'Third Partners', group: 'Partners', kind: 'partner', heading: 'Community partners' }),

  ...threeBlocks({ first: 'firstgender', second: 'secondgender', third: 'thirdgender' }, 'gender'),
  // The specified paths spell the first socio list `/fistsocio` and shows no form; both spellings work.
  declare({ name: 'fistsocio', label: 'First Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'slide', formPaths: ['/firstsocio-form/:id'], extraListPaths: ['/firstsocio'] }),
  declare({ name: 'secondsocio', label: 'Second Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'section' }),
  declare({ name: 'thirdsocio', label: 'Third Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'card', heading: 'What we do' }),
  ...threeBlocks({ first: 'firstdemocratic', second: 'seconddemocratic', third: 'thirddemocratic' }, 'Democratic Good Governance'),
  ...threeBlocks({ first: 'firstaccountability', second: 'secondaccountability', third: 'thirdaccountability' }, 'Social Accountability'),
  ...threeBlocks({ first: 'firststrategy', second: 'secondstrategy', third: 'thirdstrategy' }, 'Our Strategy', 'Our strategic priorities'),
  declare({ name: 'firstevents', label: 'First Events', group: 'Events', kind: 'slide' }),
  declare({ name: 'secondevents', label: 'Second Events', group: 'Events', kind: 'section' }),
  declare({ name: 'thirdevents', label: 'Third Events', group: 'Events', kind: 'event', growing: true, detail: { path: '/events' } }),

  declare({ name: 'youthfirstpage', label: 'First Youth', group: 'Youth', kind: 'slide', formPaths: ['/firstyouth-form/:id'] }),
  declare({ name: 'secondyouth', label: 'Second Youth', group: 'Youth', kind: 'section' }),
  declare({ name: 'thirdyouth', label: 'Third Youth', group: 'Youth', kind: 'card', heading: 'What the project offers' }),
  declare({ name: 'fourthyouth', label: 'Fourth Youth', group: 'Youth', kind: 'picture', heading: 'The project in pictures' }),
  declare({ name: 'fifthyouth', label: 'Fifth Youth', group: 'Youth', kind: 'person', heading: 'Youth leaders and mentors' }),
  declare({ name: 'sixthyouth', label: 'Sixth Youth', group: 'Youth', kind: 'section' }),
  declare({ name: 'seventhyouth', label: 'Seventh Youth', group: 'Youth', kind: 'card', heading: 'Results so far' }),
  declare({ name: 'eighthyouth', label: 'Eighth Youth', group: 'Youth', kind: 'partner', heading: 'Project partners' }),
  declare({ name: 'youthvolunteer', label: 'Youth volunteer sign-up', group: 'Youth', kind: 'form' }),

  declare({ name: 'category', label: 'Categories', group: 'Site', kind: 'category' }),
  declare({ name: 'item', label: 'Publications', group: 'Site', kind: 'item', write: 'super', growing: true }),
  declare({ name: 'customer', label: 'Supporters & contacts', group: 'Site', kind: 'customer', read: 'staff', growing: true }),
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
  declare({ name: sitePageCollection, label: 'Pages', group: 'Site', kind: 'page', read: 'staff', write: 'admin', remove: 'super' }),
  declare({ name: siteNavigationCollection, label: 'Navigation', group: 'Site', kind: 'navigation', read: 'staff', write: 'admin', remove: 'super' }),
] as const;

/** The structure's collections: written at a site's first start, not demo content, kept by a content reset. */
export const structureCollections: readonly string[] = systemDeclarations.map((d) => d.name);
