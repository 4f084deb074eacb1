/** What `GET /api/pages/:page` returns: everything one public page shows, in one answer. */
import type { PublicDocument } from './collections.js';
import type { MediaInfo } from './media.js';
import type { PageSection } from './page-sections.js';
import type { ImageValue } from './fields.js';
import type { PublicNavigation } from './site-navigation.js';
import type { SiteSettings } from './settings.js';

/** `GET ?path=/about`: the bundle of the published page at an address (404 when none). */
export const pageByPathApi = '/api/pages';

/** One section as the page shows it: its heading resolved (its own, else its kind's default). */
export type BundleSection = PageSection;

export interface PageBundle {
  /** The page's record: `name` is its id (a seeded page's name, or the id of a page editors added). */
  page: { name: string; path: string; title: string; description: string; socialImage: ImageValue | null };
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
