/**
 * The site's navigation as data: the top bar (links, and menus of links one
 * level deep, as today: a menu is a disclosure button) and the footer's
 * link lists. One versioned document, drafted and previewed like a block,
 * then published (the system collection `sitenavigation`, block `main`).
 * An item points to a page by its id, so a new address never breaks it, or
 * to an outside https:// address.
 */
import { z } from 'zod';
import { schema } from './fields.js';

export { siteNavigationCollection } from './declarations.js';
/** The one navigation document's id. */
export const siteNavigationId = 'main';

export const navLabelMax = 40;
export const headerItemsMax = 10;
export const menuLinksMax = 12;
export const footerListsMax = 4;

const label = () => z.string().trim().min(1, 'Give the item a label').max(navLabelMax, `At most ${navLabelMax} characters`);
const pageId = () => z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a page id');
const outsideUrl = () =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => {
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    }, 'An outside address starts with https://');

/** A link: to a page (by id) or an outside https:// address, never both. */
export const navLinkSchema = schema(() =>
  z
    .strictObject({ label: label(), page: pageId().optional(), url: outsideUrl().optional() })
    .refine((l) => (l.page === undefined) !== (l.url === undefined), { message: 'Choose a page or give an https:// address', path: ['page'] }),
);
export type NavLinkItem = z.infer<typeof navLinkSchema>;

/** A top-bar item: a link, or a menu (a label and its links, one level deep). */
export const headerItemSchema = schema(() =>
  z
    .strictObject({
      label: label(),
      page: pageId().optional(),
      url: outsideUrl().optional(),
      children: z.array(navLinkSchema).min(1, 'A menu needs at least one link').max(menuLinksMax, `A menu holds at most ${menuLinksMax} links`).optional(),
    })
    .refine((i) => (i.children ? i.page === undefined && i.url === undefined : (i.page === undefined) !== (i.url === undefined)), {
      message: 'A menu has links and no address of its own; a link has a page or an https:// address',
      path: ['page'],
    }),
);
export type HeaderItem = z.infer<typeof headerItemSchema>;

export const footerListSchema = schema(() =>
  z.strictObject({
    heading: label(),
    links: z.array(navLinkSchema).max(menuLinksMax, `A list holds at most ${menuLinksMax} links`),
  }),
);
export type FooterList = z.infer<typeof footerListSchema>;

export const navigationSchema = schema(() =>
  z.strictObject({
    /** The document's name in history and the audit log. */
    name: z.string().trim().max(60).default('Site navigation'),
    header: z.array(headerItemSchema).max(headerItemsMax, `The top bar holds at most ${headerItemsMax} items`),
    footer: z.array(footerListSchema).max(footerListsMax, `The footer holds at most ${footerListsMax} lists`),
  }),
);
export type Navigation = z.infer<typeof navigationSchema>;

/** An item of the navigation that would break or mislead when published: it points to a draft, trashed or missing page. */
export interface NavigationProblem {
  /** Where it is: `header.1.children.2`, `footer.0.links.3`. */
  path: string;
  label: string;
  message: string;
}

/** `GET /api/site/navigation`: the working copy, what visitors see, and what to fix before publishing. */
export interface NavigationAnswer {
  navigation: Navigation;
  live: Navigation | null;
  hasPendingChanges: boolean;
  version: number;
  problems: NavigationProblem[];
  /** Pages in the Trash that the working copy's items point to (their titles, so the editor can name them). */
  trashedPages: { id: string; title: string }[];
}

/** `PUT /api/site/navigation` (with If-Match). */
export const navigationBodySchema = schema(() => z.strictObject({ navigation: z.unknown() }));

/**
 * `POST /api/site/navigation/publish` (with If-Match): items pointing to
 * draft or trashed pages refuse the publish (409 `failed-precondition` with
 * `details.problems`) unless the editor accepts them: they are left out of
 * the public menus until their page is published.
 */
export const navigationPublishBodySchema = schema(() => z.strictObject({ acceptProblems: z.boolean().optional() }));

/** A link as the public site renders it: resolved to the page's current address. */
export interface ResolvedNavLink {
  label: string;
  href: string;
  /** Outside the site (opens as a plain link, with rel="noopener"). */
  external: boolean;
  /** The language of a label left untranslated (the default one), so screen readers read it right; absent when in the page's language. */
  lang?: string;
}
export interface ResolvedHeaderItem extends ResolvedNavLink {
  /** A menu's id (its disclosure button controls `menu-<id>`), or null for a link. */
  menuId: string | null;
  children: ResolvedNavLink[];
}
/** The published navigation, resolved: what every public page's header and footer show. */
export interface PublicNavigation {
  header: ResolvedHeaderItem[];
  footer: { heading: string; lang?: string; links: ResolvedNavLink[] }[];
}

/** Every link of a navigation with where it sits (for problems, link checks and resolving). */
export function navigationLinks(n: Navigation): { path: string; label: string; page?: string | undefined; url?: string | undefined }[] {
  const out: { path: string; label: string; page?: string | undefined; url?: string | undefined }[] = [];
  n.header.forEach((item, i) => {
    if (!item.children) out.push({ path: `header.${i}`, label: item.label, page: item.page, url: item.url });
    item.children?.forEach((c, j) => out.push({ path: `header.${i}.children.${j}`, label: c.label, page: c.page, url: c.url }));
  });
  n.footer.forEach((list, i) => list.links.forEach((l, j) => out.push({ path: `footer.${i}.links.${j}`, label: l.label, page: l.page, url: l.url })));
  return out;
}
