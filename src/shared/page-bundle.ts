/** What `GET /api/pages/:page` returns: everything one public page shows, in one answer. */
import { apiPaths } from './api-paths.js';
import type { PublicDocument } from './collections.js';
import type { MediaInfo } from './media.js';
import type { PageSection } from './page-sections.js';
import type { ImageValue } from './fields.js';
import type { PublicNavigation } from './site-navigation.js';
import type { SiteSettings } from './settings.js';
import type { EventRegistrationView } from './events.js';

/** `GET ?path=/about`: the bundle of the published page at an address (404 when none). */
export const pageByPathApi = apiPaths.pageByPath;

/** One section as the page shows it: its heading resolved (its own, else its kind's default). */
export type BundleSection = PageSection;

/** A language of the site as a page offers it: the page's address in it, or that language's home page when the page is not translated. */
export interface BundleLanguage {
  code: string;
  /** Its name in itself. */
  name: string;
  dir: 'ltr' | 'rtl';
  href: string;
  /** Is the page itself offered in it (an `hreflang` alternate), or does `href` lead to that language's home page? */
  offered: boolean;
}

export interface PageBundle {
  /** The page's record in the bundle's language: `name` is its id (a seeded page's name, or the id of a page editors added); `fallback` names the keys left in the default language. */
  page: { name: string; path: string; title: string; description: string; socialImage: ImageValue | null; fallback?: string[] };
  /** The language the page is in, its direction, and the site's default language (what untranslated words are in). */
  language: { code: string; dir: 'ltr' | 'rtl'; defaultCode: string };
  /** Every language of the site, the default first (the language switcher and the `hreflang` alternates). */
  languages: BundleLanguage[];
  /** The settings' keys left in the default language. */
  settingsFallback?: string[];
  settings: SiteSettings;
  /** The published navigation, resolved to current addresses (the header and footer of every page). */
  navigation: PublicNavigation;
  /** The page's sections in order, each naming the collection whose blocks it shows. */
  layout: BundleSection[];
  /** Every section's collection: published blocks in position order. */
  sections: Record<string, PublicDocument[]>;
  media: Record<string, MediaInfo>;
  categories: Record<string, { id: string; name: string }>;
  /** By form block id: when the bundle was built, signed (src/server/forms/started.ts); absent on a page without forms. */
  formTokens?: Record<string, string>;
}

/**
 * Where a story's or event's own page leads back to: the page that shows its
 * collection, as the site's structure says now, at that page's address in
 * the visitor's language and with its title there. On a language's home page
 * the step is the list itself (the section's heading; empty: the site's own
 * word for the list, shared/public-words.ts). `lang`: the words are the
 * default language's, left untranslated.
 */
export interface DetailTrail {
  name: string;
  path: string;
  lang?: string;
}

/**
 * What `GET /api/detail/:name/:id` returns: one story's or event's own page
 * and no more — the block (null: none is published there, 404), the way back,
 * and the frame every public page has (settings, menus, languages, the
 * pictures and categories the block uses).
 */
export interface DetailBundle extends Pick<PageBundle, 'language' | 'languages' | 'settingsFallback' | 'settings' | 'navigation' | 'media' | 'categories'> {
  doc: PublicDocument | null;
  /** Null when no published page shows the collection. */
  trail: DetailTrail | null;
  /** An event people register for on this site: its places and the form's signed start (absent otherwise). */
  registration?: EventRegistrationView;
}
