/** What `GET /api/pages/:page` returns: everything one public page shows, in one answer. */
import type { PublicDocument } from './collections.js';
import type { MediaInfo } from './media.js';
import type { PageDef } from './pages.js';
import type { SiteSettings } from './settings.js';

export interface PageBundle {
  page: Pick<PageDef, 'name' | 'path' | 'title' | 'description'>;
  settings: SiteSettings;
  /** Every collection of the page in registry order: published blocks in position order. */
  sections: Record<string, PublicDocument[]>;
  media: Record<string, MediaInfo>;
  categories: Record<string, { id: string; name: string }>;
}
