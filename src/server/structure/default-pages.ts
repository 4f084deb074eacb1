/**
 * The pages and the navigation a site starts with, as seed data: the
 * thirteen pages at their paths, each with its sections in order (which
 * collection each shows, its heading, its options), and the menus that lead
 * to them. A new or upgraded database gets these records once; from then on
 * the records are the truth and editors change them: which page shows a
 * collection is always asked of the structure (shared/page-sections.ts
 * `pageShowing`), never of this file.
 */
import { declarationOf } from '../../shared/registry-index.js';
import type { PageSection, SectionOptions } from '../../shared/page-sections.js';
import { isSectionKind } from '../../shared/page-sections.js';
import { navLabelOf, type PageData } from '../../shared/site-structure.js';
import type { Navigation, NavLinkItem } from '../../shared/site-navigation.js';

/** A seeded section: the declared collection it shows, with its options when it has some (its heading is the collection's). */
type SeedSection = string | { collection: string; options: SectionOptions };

interface SeedPage {
  /** The page's id, for good: links, menus and translations point to it. */
  id: string;
  path: string;
  /** Heading and document title; the label in menus too, unless `navLabel` says otherwise. */
  title: string;
  navLabel?: string;
  /** Meta description. */
  description: string;
  sections: readonly SeedSection[];
}

/** Three-block pages share one shape: the hero, the text, the highlights. */
const threeBlocks = (first: string, second: string, third: string): SeedSection[] => [first, second, third];

export const seedPages = [
  { id: 'home', path: '/', title: 'Home', navLabel: 'HOME', description: 'An alliance of citizens, women and young leaders working for good governance, accountability and socio-economic rights.', sections: [{ collection: 'home', options: { carousel: true } }, 'descriptionhome', 'newstory'] },
  { id: 'about', path: '/about', title: 'About us', navLabel: 'About', description: 'Who we are, what we do and the people and partners behind our work.', sections: ['aboutslide', 'aboutvision', 'aboutdiscover', 'abouthistory', 'aboutleader', 'aboutpartner'] },
  { id: 'vision', path: '/vision', title: 'Our Vision & Values', description: 'Our vision, our mission and the core values that guide our work.', sections: ['visionslide', 'visiondescription', 'visionvalue'] },
  { id: 'history', path: '/history', title: 'Our History', description: 'How a small circle of community activists grew into a national alliance.', sections: ['historyslide', 'historydescription', 'historypicture'] },
  { id: 'leadership', path: '/leadership', title: 'Our Leadership', description: 'The board and management team who lead our work.', sections: ['leaderslide', 'leaderdescription', 'leaderpicture'] },
  { id: 'partner', path: '/partner', title: 'Our Partners', description: 'The funders, networks and community organisations we work with.', sections: ['firstpartner', 'secondpartner', 'thirdpartner'] },
  { id: 'gender', path: '/gender', title: 'Gender and Women Leadership', description: 'Supporting women to lead in their communities, councils and parliament.', sections: threeBlocks('firstgender', 'secondgender', 'thirdgender') },
  { id: 'socio', path: '/socio', title: 'Socio-Economic Rights', description: 'Defending the rights to water, health, education and decent work.', sections: threeBlocks('fistsocio', 'secondsocio', 'thirdsocio') },
  { id: 'democratic', path: '/democratic', title: 'Democratic Good Governance', description: 'Open, participatory and accountable institutions at every level.', sections: threeBlocks('firstdemocratic', 'seconddemocratic', 'thirddemocratic') },
  { id: 'accountability', path: '/accountability', title: 'Social Accountability', description: 'Helping citizens follow the money and hold service providers to account.', sections: threeBlocks('firstaccountability', 'secondaccountability', 'thirdaccountability') },
  { id: 'strategy', path: '/strategy', title: 'Our Strategy', description: 'Our five-year strategy: priorities, approaches and the change we seek.', sections: threeBlocks('firststrategy', 'secondstrategy', 'thirdstrategy') },
  { id: 'events', path: '/events', title: 'Events', description: 'Upcoming and past trainings, dialogues and campaigns.', sections: ['firstevents', 'secondevents', 'thirdevents'] },
  {
    id: 'youthleadership',
    path: '/youthleadership',
    title: 'Youth Leadership Project',
    description: 'Training and mentoring the next generation of community leaders.',
    sections: ['youthfirstpage', 'secondyouth', 'thirdyouth', 'fourthyouth', 'fifthyouth', 'sixthyouth', 'youthvolunteer', 'seventhyouth', 'eighthyouth'],
  },
] as const satisfies readonly SeedPage[];

/** The id of a page the site starts with. */
export type SeedPageId = (typeof seedPages)[number]['id'];

function sectionOf(seed: SeedSection): PageSection {
  const { collection, options } = typeof seed === 'string' ? { collection: seed, options: {} } : seed;
  const d = declarationOf(collection);
  const kind = d && isSectionKind(d.kind) ? d.kind : null;
  if (!kind) throw new Error(`seed page section: ${collection} is no declared collection of a block kind`);
  return { id: collection, kind, heading: d?.heading ?? null, collection, options };
}

export interface DefaultPage {
  id: string;
  data: PageData;
}

export function defaultPages(): DefaultPage[] {
  return seedPages.map((p: SeedPage) => ({
    id: p.id,
    data: { path: p.path, title: p.title, navLabel: p.navLabel ?? '', description: p.description, socialImage: null, sections: p.sections.map(sectionOf) },
  }));
}

/** A menu link to a seeded page, labelled as menus label a page (shared/site-structure.ts `navLabelOf`: its menu label, else its title). */
function linkTo(id: SeedPageId): NavLinkItem & { page: SeedPageId } {
  const p: SeedPage | undefined = seedPages.find((s) => s.id === id);
  if (!p) throw new Error(`seed navigation: no seed page ${id}`);
  return { label: navLabelOf({ navLabel: p.navLabel ?? '', title: p.title }), page: id };
}

/** The navigation a site starts with: the top bar (HOME, About Us, Our Work, Our Strategy, Events) and the footer's two lists. */
export function defaultNavigation(): Navigation {
  const about = (['vision', 'history', 'leadership', 'partner', 'about'] as const).map(linkTo);
  const work = (['gender', 'democratic', 'accountability', 'youthleadership', 'socio'] as const).map(linkTo);
  const strategy = linkTo('strategy');
  const events = linkTo('events');
  return {
    name: 'Site navigation',
    header: [linkTo('home'), { label: 'About Us', children: about }, { label: 'Our Work', children: work }, strategy, events],
    footer: [
      { heading: 'About Us', links: [...about, strategy] },
      { heading: 'Our Work', links: [...work, events] },
    ],
  };
}
