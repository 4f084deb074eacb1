/** What `GET /api/pages/:page` returns: everything one public page shows, in one answer. */
import { apiPaths } from './api-paths.js';
import type { PublicDocument } from './collections.js';
import type { MediaInfo } from './media.js';
import type { PageSection } from './page-sections.js';
import type { ImageValue } from './fields.js';
import type { PublicNavigation } from './site-navigation.js';
import type { SiteSettings } from './settings.js';

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
}
