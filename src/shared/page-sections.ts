/**
 * A page's sections as data: each shows the published blocks of one
 * collection, of one block kind, under a heading, with the options its kind
 * allows. Plain data and one zod schema (built lazily, so the public pages'
 * first load, which reads only the types, carries no zod).
 */
import { z } from 'zod';
import { kinds, type BlockKind } from './kinds.js';
import { schema } from './fields.js';
import { can } from './access.js';
import { declarationOf } from './registry-index.js';

export { sectionCollectionPattern } from './registry-index.js';

/** What each block kind allows a section of it beyond a heading; typed over every block kind, so a new kind does not compile until it says. */
export const sectionOptionsByKind = {
  slide: ['carousel'],
  section: [],
  card: [],
  picture: [],
  person: [],
  partner: [],
  story: ['limit'],
  event: ['limit', 'upcomingOnly'],
  form: [],
} as const satisfies Record<BlockKind, readonly (keyof SectionOptions)[]>;

/** The block kinds a section can show, in the order the page editor offers them. */
export const sectionKinds = Object.keys(sectionOptionsByKind) as [BlockKind, ...BlockKind[]];

/** Whether a kind is one a section can show (a block kind: not categories, publications, contacts or the structure's own). */
export function isSectionKind(kind: string): kind is BlockKind {
  return (sectionKinds as readonly string[]).includes(kind);
}

export interface SectionOptions {
  /** Slides: always a carousel, even with one slide (the home page's). */
  carousel?: boolean;
  /** Stories and events: show at most this many (newest or soonest first). */
  limit?: number;
  /** Events: upcoming ones only. */
  upcomingOnly?: boolean;
}

export interface PageSection {
  /** Stable within the page: the page editor's key and the anchor of links to it. */
  id: string;
  kind: BlockKind;
  /** The public heading over its blocks; null takes the kind's default (or none). */
  heading: string | null;
  /** The collection whose published blocks it shows (one collection, one section). */
  collection: string;
  options: SectionOptions;
}


/** What the question "which page shows this collection?" needs of a page: its sections' collections. */
export interface PageWithSections {
  sections: readonly Pick<PageSection, 'collection'>[];
}

/**
 * The page that shows a collection's blocks: the first, in the site's order,
 * with a section of it (one collection, one section), or undefined when no
 * page shows it. The one answer to that question, over the site's structure
 * as each side holds it: the server's snapshot (structure/service.ts), the
 * staff app's page list. Detail pages' breadcrumbs, the site check, previews
 * and the staff drawer all ask it; no declaration says it.
 */
export function pageShowing<P extends PageWithSections>(pages: Iterable<P>, collection: string): P | undefined {
  for (const p of pages) if (p.sections.some((s) => s.collection === collection)) return p;
  return undefined;
}

/** Every collection a page shows, with the first page (in the site's order) that shows it: `pageShowing` for all at once. */
export function pagesShowing<P extends PageWithSections>(pages: Iterable<P>): Map<string, P> {
  const out = new Map<string, P>();
  for (const p of pages) for (const s of p.sections) if (!out.has(s.collection)) out.set(s.collection, p);
  return out;
}

/**
 * Why a section may not show a collection, or null when it may. Whatever a
 * section shows reaches every visitor, so only a collection a visitor may read
 * (a section's own `s-…` collection or a declared page collection), holding
 * blocks of the section's kind: never supporters' records or staff-only data.
 */
export function sectionCollectionProblem(collection: string, kind: BlockKind): string | null {
  if (!can(null, 'read', { type: 'collection', name: collection })) return `A page section can only show blocks visitors may read; “${collection}” is for staff only.`;
  const declared = declarationOf(collection);
  if (declared && declared.kind !== kind) return `“${collection}” does not hold ${kinds[kind].nouns.many}, so a ${kinds[kind].nouns.one} section cannot show it.`;
  return null;
}

/** The sections visitors are shown: a stored section that breaks the rule above (an old row, a restored archive) is left out, never published. */
export function sectionsShownToVisitors<S extends Pick<PageSection, 'collection' | 'kind'>>(sections: readonly S[]): S[] {
  return sections.filter((s) => sectionCollectionProblem(s.collection, s.kind) === null);
}

/** At most this many stories or events in one section. */
export const sectionLimitMax = 24;
export const sectionHeadingMax = 120;
export const sectionsMax = 20;

export const pageSectionSchema = schema(() =>
  z
    .strictObject({
      id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'A section id is lower-case letters, digits and dashes'),
      kind: z.enum(sectionKinds),
      heading: z.string().trim().max(sectionHeadingMax, `A heading can be at most ${sectionHeadingMax} characters`).nullable(),
      collection: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Not a collection name'),
      options: z
        .strictObject({
          carousel: z.boolean().optional(),
          limit: z.number().int().min(1).max(sectionLimitMax).optional(),
          upcomingOnly: z.boolean().optional(),
        })
        .default({}),
    })
    .superRefine((s, ctx) => {
      const problem = sectionCollectionProblem(s.collection, s.kind);
      if (problem) ctx.addIssue({ code: 'custom', path: ['collection'], message: problem });
      const allowed: readonly string[] = sectionOptionsByKind[s.kind];
      for (const key of Object.keys(s.options)) {
        if (!allowed.includes(key)) ctx.addIssue({ code: 'custom', path: ['options', key], message: `A ${kinds[s.kind].nouns.one} section has no option “${key}”` });
      }
    }),
);

export const pageSectionsSchema = schema(() =>
  z
    .array(pageSectionSchema)
    .max(sectionsMax, `A page can have at most ${sectionsMax} sections`)
    .superRefine((list, ctx) => {
      const ids = new Set<string>();
      const collections = new Set<string>();
      list.forEach((s, i) => {
        if (ids.has(s.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Two sections have the same id' });
        if (collections.has(s.collection)) ctx.addIssue({ code: 'custom', path: [i, 'collection'], message: 'Two sections show the same collection' });
        ids.add(s.id);
        collections.add(s.collection);
      });
    }),
);

/** The heading a section shows: its own, else its kind's default (or none). */
export function sectionHeading(s: Pick<PageSection, 'heading' | 'kind'>): string | null {
  return s.heading ?? kinds[s.kind].heading;
}
