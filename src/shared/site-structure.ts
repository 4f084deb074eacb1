/**
 * The site's shape as data, the contract both sides share: a page record
 * (address, title, navigation label, search-engine description, social
 * image, ordered sections), the rules of an address, the layouts a new page
 * can start from, the navigation document and redirects, and the API paths.
 *
 * A page is a block of the system collection `sitepage` (declarations.ts):
 * it is drafted, previewed, published, scheduled, trashed and restored like
 * any block, with history and audit lines. Its id never changes; links,
 * menu items and redirects point to the id, so a new address breaks nothing.
 */
import { z } from 'zod';
import { schema, imageValueSchema } from './fields.js';
import { pageSectionsSchema, type PageSection } from './page-sections.js';
import { staffPaths } from './routes.js';
import { detailCollections, sectionCollectionPattern } from './registry-index.js';
import { previewPathPrefix } from './editorial.js';
import { apiPaths, apiPrefix, pathTo } from './api-paths.js';
import { lightPagesPath } from './light-pages.js';
import { contactFormPath } from './contact.js';
import { formPostPattern } from './forms.js';

/** The collection that holds page records (declared with the other system collections). */
export { sitePageCollection } from './declarations.js';

export const pagePathMax = 200;
/** `/`, or lower-case words (letters and digits) joined by `-`, in segments joined by `/`. */
export const pagePathPattern = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/**
 * Paths the server keeps for itself, whatever the pages are: exactly these and
 * everything under them. Each answers (the contact form's redirects to the
 * home page's form), so no page can take it and a link to it leads somewhere.
 */
const serverPrefixes = [apiPrefix, '/media', '/assets', '/sitemap.xml', '/robots.txt', '/logo.svg', lightPagesPath, contactFormPath, formPostPattern.slice(0, formPostPattern.indexOf('/:'))];

/** Whether a path is one the server answers itself (serverPrefixes), not a page's. */
export function isServerPath(path: string): boolean {
  return serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Why a path cannot be a page's address, or null when it can: the staff
 * screens, the server's own paths, preview links and the detail pages of
 * stories and events (`/news/…`, `/events/…`; `/events` itself is a page).
 */
export function reservedPathReason(path: string): string | null {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (isServerPath(path)) return `${path} is used by the server itself.`;
  if (path.startsWith(previewPathPrefix) || under(previewPathPrefix.replace(/\/$/, ''))) return `${path} is used by preview links.`;
  for (const c of detailCollections) if (path.startsWith(`${c.detail.path}/`)) return `${path} is where ${c.label} pages of their own are.`;
  for (const p of staffPaths) {
    const colon = p.indexOf(':');
    const fixed = (colon >= 0 ? p.slice(0, colon) : p).replace(/\/$/, '');
    if (fixed && under(fixed)) return `${path} is a staff screen.`;
  }
  const first = path.split('/')[1] ?? '';
  if (sectionCollectionPattern.test(first)) return `${path} is a staff screen of a page section.`;
  return null;
}

/** The address rule as one schema: format and reserved paths. */
export const pagePathSchema = schema(() =>
  z
    .string()
    .trim()
    .max(pagePathMax, `An address can be at most ${pagePathMax} characters`)
    .regex(pagePathPattern, 'An address starts with / and is lower-case words joined by - and /, such as /water-rights or /campaigns/water')
    .superRefine((p, ctx) => {
      const reason = reservedPathReason(p);
      if (reason) ctx.addIssue({ code: 'custom', message: `${reason} Choose another address.` });
    }),
);

export const pageTitleMax = 120;
export const navLabelMax = 40;
export const pageDescriptionMax = 300;

/** The stored record of a page (the `data` of a `sitepage` block). */
export const pageDataSchema = schema(() =>
  z.strictObject({
    path: pagePathSchema,
    title: z.string().trim().min(1, 'A page needs a title').max(pageTitleMax, `At most ${pageTitleMax} characters`),
    navLabel: z.string().trim().max(navLabelMax, `At most ${navLabelMax} characters`).default(''),
    description: z.string().trim().max(pageDescriptionMax, `At most ${pageDescriptionMax} characters`).default(''),
    socialImage: imageValueSchema.nullable().default(null),
    sections: pageSectionsSchema.default([]),
  }),
);
export type PageData = z.infer<typeof pageDataSchema>;

/** How a page appears to the public site and the staff app: its record and where it stands. */
export interface SitePage {
  id: string;
  path: string;
  title: string;
  /** The label in menus; the title when empty. */
  navLabel: string;
  description: string;
  socialImage: z.infer<typeof imageValueSchema> | null;
  sections: PageSection[];
}

/** A page's label in menus and lists: its navigation label, else its title. */
export function navLabelOf(p: Pick<SitePage, 'navLabel' | 'title'>): string {
  return p.navLabel.trim() || p.title;
}

/** Starting layouts for a new page: the sections it gets (each with a new collection of its own). */
export const pagePresets = {
  blank: { label: 'Blank page', sections: [] },
  campaign: {
    label: 'Campaign: hero picture, text, stories, call to action',
    sections: [
      { kind: 'slide', heading: null, options: {} },
      { kind: 'section', heading: null, options: {} },
      { kind: 'story', heading: 'Stories from the campaign', options: { limit: 6 } },
      { kind: 'section', heading: 'Take action', options: {} },
    ],
  },
  programme: {
    label: 'Programme: hero picture, text, highlights, people, partners',
    sections: [
      { kind: 'slide', heading: null, options: {} },
      { kind: 'section', heading: null, options: {} },
      { kind: 'card', heading: 'What we do', options: {} },
      { kind: 'person', heading: 'The team', options: {} },
      { kind: 'partner', heading: 'Partners', options: {} },
    ],
  },
} as const satisfies Record<string, { label: string; sections: readonly Omit<PageSection, 'id' | 'collection'>[] }>;
export type PagePreset = keyof typeof pagePresets;
export const pagePresetNames = Object.keys(pagePresets) as PagePreset[];

/** `POST /api/site/pages`. */
export const createPageBodySchema = schema(() =>
  z.strictObject({
    path: z.string(),
    title: z.string(),
    navLabel: z.string().optional(),
    description: z.string().optional(),
    preset: z.enum(pagePresetNames as [PagePreset, ...PagePreset[]]).default('blank'),
    /** Duplicate this page (its sections and blocks, as drafts) instead of a preset. */
    duplicateOf: z.string().max(100).optional(),
  }),
);
export type CreatePageBody = z.input<typeof createPageBodySchema>;

/** `DELETE /api/site/pages/:id`: what becomes of its address when things still link to it. */
export const deletePageBodySchema = schema(() =>
  z.union([z.strictObject({ redirectTo: z.string().min(1).max(100) }), z.strictObject({ gone: z.literal(true) }), z.strictObject({})]).default({}),
);

/** What points to a page: shown before it is deleted (`GET /api/site/pages/:id/links`, and `details.links` of the 409). */
export interface PageLink {
  /** `navigation`, or the collection of the block whose link or rich text points here. */
  source: string;
  /** The block's id (absent for the navigation). */
  id?: string;
  /** The block's title or the menu item's label. */
  title: string;
  /** The field (`data.linkUrl`, `data.body`) or the menu (`header`, `footer`). */
  field: string;
}

/**
 * A redirect keeps the query string: `/old?utm_source=radio` answers 301 to
 * `/new?utm_source=radio`. An outside address with a query of its own keeps
 * its own parameters first and as they are; the visitor's follow, except
 * those it already names (its value wins, so a campaign's tag set up by hand
 * is never replaced). A `#fragment` of the target stays last.
 */
export function redirectLocation(target: string, search: string): string {
  const query = search.replace(/^\?/, '');
  if (!query) return target;
  const hashAt = target.indexOf('#');
  const base = hashAt < 0 ? target : target.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : target.slice(hashAt);
  const q = base.indexOf('?');
  if (q < 0) return `${base}?${query}${hash}`;
  const own = new URLSearchParams(base.slice(q + 1));
  const nameOf = (pair: string) => {
    const raw = (pair.split('=')[0] ?? '').replace(/\+/g, ' ');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };
  const added = query.split('&').filter((pair) => pair !== '' && !own.has(nameOf(pair)));
  if (added.length === 0) return target;
  const joint = base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joint}${added.join('&')}${hash}`;
}

/** A redirect from an old address: to a page (by id, so renames never chain), an outside address, or gone (410). */
export interface Redirect {
  id: string;
  lang: string;
  fromPath: string;
  pageId: string | null;
  url: string | null;
  gone: boolean;
  /** Made by the server when a published page's address changed or a page was deleted. */
  automatic: boolean;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
}

export const createRedirectBodySchema = schema(() =>
  z
    .strictObject({
      fromPath: z.string().trim().max(pagePathMax).regex(/^\/[^\s?#]*$/, 'An old address starts with / and has no spaces, ? or #'),
      pageId: z.string().max(100).optional(),
      url: z.url({ protocol: /^https$/, error: 'An outside address starts with https://' }).max(2000).optional(),
      gone: z.literal(true).optional(),
    })
    .refine((b) => [b.pageId, b.url, b.gone].filter((v) => v !== undefined).length === 1, { message: 'Choose one target: a page, an https:// address, or gone', path: ['pageId'] }),
);

/** The site's structure API: the route patterns (api-paths.ts) and the paths the browser builds from them. */
const siteApiRoutes = apiPaths.site;
export const pageSteps = ['publish', 'unpublish', 'discard'] as const;
export type PageStep = (typeof pageSteps)[number];

export const siteApi = {
  pages: siteApiRoutes.pages,
  page: (id: string) => pathTo(siteApiRoutes.page, { id }),
  pageStep: (id: string, step: PageStep) => pathTo(siteApiRoutes.pageStep, { id, step }),
  pageChanges: (id: string) => pathTo(siteApiRoutes.pageChanges, { id }),
  pageLinks: (id: string) => pathTo(siteApiRoutes.pageLinks, { id }),
  navigation: siteApiRoutes.navigation,
  navigationPublish: siteApiRoutes.navigationPublish,
  redirects: siteApiRoutes.redirects,
  redirect: (id: string) => pathTo(siteApiRoutes.redirect, { id }),
  notFound: siteApiRoutes.notFound,
} as const;

/** A block of one of a page's sections that a page publish takes live: a draft, or published with pending changes. */
export const pageBlockChangeSchema = schema(() =>
  z.object({
    collection: z.string(),
    id: z.string(),
    /** Its title as lists show it. */
    title: z.string(),
    /** `draft` (comes onto the site) or `changes` (its pending changes replace what visitors see). */
    change: z.enum(['draft', 'changes']),
  }),
);
export type PageBlockChange = z.infer<typeof pageBlockChangeSchema>;

/**
 * `GET /api/site/pages/:id/changes`: what "Publish" would take live now,
 * the page record (a draft or its pending changes) and its sections' blocks,
 * and whether the page would show nothing (every section without a block
 * visitors would see): the staff app asks before publishing such a page.
 */
export const pageChangesSchema = schema(() =>
  z.object({
    page: z.boolean(),
    blocks: z.array(pageBlockChangeSchema),
    empty: z.boolean(),
  }),
);
export type PageChanges = z.infer<typeof pageChangesSchema>;

/**
 * What a page publish took live (or scheduled, with `at`): whether the page
 * record itself, and which blocks. The answer of `POST /api/site/pages/:id/publish`
 * carries it as `published`, beside the page.
 */
export const pageBlockChangesSchema = schema(() =>
  z.object({
    page: z.boolean(),
    blocks: z.array(pageBlockChangeSchema),
    at: z.string().optional(),
  }),
);
export type PageBlockChanges = z.infer<typeof pageBlockChangesSchema>;

/** In words: "the page and 3 blocks", "2 blocks", "the page". */
export function pageChangesInWords(c: Pick<PageChanges, 'page' | 'blocks'>): string {
  const blocks = c.blocks.length === 0 ? '' : `${c.blocks.length} ${c.blocks.length === 1 ? 'block' : 'blocks'}`;
  if (c.page && blocks) return `the page and ${blocks}`;
  return c.page ? 'the page' : blocks || 'nothing';
}

/** How many missing paths the "Not found" list keeps (the most requested). */
export const notFoundListMax = 100;
