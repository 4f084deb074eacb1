/** The public pages of the site, their paths and their search-engine text. */

export const pageNames = [
  'home',
  'about',
  'vision',
  'history',
  'leadership',
  'partner',
  'gender',
  'socio',
  'democratic',
  'accountability',
  'strategy',
  'events',
  'youthleadership',
] as const;
/** The pages the site starts with (their records are seeded from this table; editors add more). */
export type SeedPageName = (typeof pageNames)[number];
/** A page's id: a seeded page's name, or the id of a page editors added. */
export type PageName = string;

export interface PageDef {
  name: SeedPageName;
  path: string;
  /** Heading and document title. */
  title: string;
  /** Meta description. */
  description: string;
}

export const pages: readonly PageDef[] = [
  { name: 'home', path: '/', title: 'Home', description: 'An alliance of citizens, women and young leaders working for good governance, accountability and socio-economic rights.' },
  { name: 'about', path: '/about', title: 'About us', description: 'Who we are, what we do and the people and partners behind our work.' },
  { name: 'vision', path: '/vision', title: 'Our Vision & Values', description: 'Our vision, our mission and the core values that guide our work.' },
  { name: 'history', path: '/history', title: 'Our History', description: 'How a small circle of community activists grew into a national alliance.' },
  { name: 'leadership', path: '/leadership', title: 'Our Leadership', description: 'The board and management team who lead our work.' },
  { name: 'partner', path: '/partner', title: 'Our Partners', description: 'The funders, networks and community organisations we work with.' },
  { name: 'gender', path: '/gender', title: 'Gender and Women Leadership', description: 'Supporting women to lead in their communities, councils and parliament.' },
  { name: 'socio', path: '/socio', title: 'Socio-Economic Rights', description: 'Defending the rights to water, health, education and decent work.' },
  { name: 'democratic', path: '/democratic', title: 'Democratic Good Governance', description: 'Open, participatory and accountable institutions at every level.' },
  { name: 'accountability', path: '/accountability', title: 'Social Accountability', description: 'Helping citizens follow the money and hold service providers to account.' },
  { name: 'strategy', path: '/strategy', title: 'Our Strategy', description: 'Our five-year strategy: priorities, approaches and the change we seek.' },
  { name: 'events', path: '/events', title: 'Events', description: 'Upcoming and past trainings, dialogues and campaigns.' },
  { name: 'youthleadership', path: '/youthleadership', title: 'Youth Leadership Project', description: 'Training and mentoring the next generation of community leaders.' },
];

const byName = new Map<string, PageDef>(pages.map((p) => [p.name, p]));

export function getPage(name: string): PageDef | undefined {
  return byName.get(name);
}
