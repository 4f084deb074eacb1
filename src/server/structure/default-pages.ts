/**
 * The pages a site starts with: the specified thirteen, at the same paths with the
 * same sections, built from the page table and the collection declarations
 * (which page each collection is on, its place there, its heading). A new or
 * upgraded database gets these records once; from then on the records are
 * the truth and editors change them.
 */
import { declarations, type Declaration } from '../../shared/registry-index.js';
import { pages } from '../../shared/pages.js';
import type { PageSection } from '../../shared/page-sections.js';
import { sectionKinds } from '../../shared/page-sections.js';
import type { PageData } from '../../shared/site-structure.js';
import type { Navigation } from '../../shared/site-navigation.js';

function sectionOf(d: Declaration): PageSection | null {
  const kind = (sectionKinds as readonly string[]).includes(d.kind) ? (d.kind as PageSection['kind']) : null;
  if (!kind) return null;
  return { id: d.name, kind, heading: d.heading ?? null, collection: d.name, options: d.carousel ? { carousel: true } : {} };
}

export interface DefaultPage {
  id: string;
  data: PageData;
}

export function defaultPages(): DefaultPage[] {
  return pages.map((p) => ({
    id: p.name,
    data: {
      path: p.path,
      title: p.title,
      navLabel: '',
      description: p.description,
      socialImage: null,
      sections: declarations.flatMap((d: Declaration) => {
        const s = d.page === p.name ? sectionOf(d) : null;
        return s ? [s] : [];
      }),
    },
  }));
}

/** The navigation a site starts with: the specified top bar (HOME, About Us, Our Work, Our Strategy, Events) and the footer's two lists. */
export function defaultNavigation(): Navigation {
  const about = [
    { label: 'Our Vision & Values', page: 'vision' },
    { label: 'Our History', page: 'history' },
    { label: 'Our Leadership', page: 'leadership' },
    { label: 'Our Partners', page: 'partner' },
    { label: 'About', page: 'about' },
  ];
  const work = [
    { label: 'Gender and Women Leadership', page: 'gender' },
    { label: 'Democratic Good Governance', page: 'democratic' },
    { label: 'Social Accountability', page: 'accountability' },
    { label: 'Youth Leadership Project', page: 'youthleadership' },
    { label: 'Socio-Economic Rights', page: 'socio' },
  ];
  const strategy = { label: 'Our Strategy', page: 'strategy' };
  const events = { label: 'Events', page: 'events' };
  return {
    name: 'Site navigation',
    header: [{ label: 'HOME', page: 'home' }, { label: 'About Us', children: about }, { label: 'Our Work', children: work }, strategy, events],
    footer: [
      { heading: 'About Us', links: [...about, strategy] },
      { heading: 'Our Work', links: [...work, events] },
    ],
  };
}
