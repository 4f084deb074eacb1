/**
 * The page bundle: every published block of one public page, the site
 * settings, the media and the categories those blocks use, in one JSON answer.
 * Built once per page, kept serialised (and compressed on demand) in memory,
 * and dropped when the change bus reports a write that can affect it.
 */
import { getCollection, type PublicDocument } from '../../shared/collections.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { PageName } from '../../shared/pages.js';
import { kinds } from '../../shared/kinds.js';
import { sectionHeading } from '../../shared/page-sections.js';
import type { SitePage } from '../../shared/site-structure.js';
import type { PublicNavigation } from '../../shared/site-navigation.js';
import type { MediaInfo } from '../../shared/media.js';
import { pagesTouchedBy, type ChangeEvent } from '../changes.js';
import type { SiteStructure, StructureSnapshot } from '../structure/service.js';
import { withCurrentLinks } from '../structure/links.js';
import type { Db } from '../db/index.js';
import { cachedRepresentation, isFresh, type CachedRepresentation } from '../http/cached-representation.js';
import { toMediaInfo } from '../media/presenter.js';
import { toPublicDocument } from './presenters.js';
import { categoryRows, listPublished, mediaRows, type DocumentRow } from './repository.js';
import { categoryIdsOf, mediaIdsOf } from './references.js';

export type { PageBundle } from '../../shared/page-bundle.js';
// Content negotiation and revalidation are the HTTP cache's; kept importable from here.
export { etagMatches, negotiateEncoding, type Encoding as BundleEncoding } from '../http/cached-representation.js';

/** A built bundle: the object (for server rendering) and its HTTP representation. */
export interface BundleEntry extends CachedRepresentation {
  bundle: PageBundle;
}

function makeEntry(bundle: PageBundle): BundleEntry {
  return { ...cachedRepresentation('application/json; charset=utf-8', JSON.stringify(bundle), { compressionLevel: 7 }), bundle };
}

export class PageBundleCache {
  private readonly entries = new Map<PageName, Promise<BundleEntry>>();
  private readonly builtAt = new Map<PageName, number>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly structure: SiteStructure,
    private readonly settings: () => Promise<SiteSettings>,
    subscribe: (fn: (event: ChangeEvent) => void) => () => void,
  ) {
    this.unsubscribe = subscribe((event) => this.onChange(event));
  }

  /**
   * The bundle of a page, built at most once until the next relevant change,
   * and at most every 5 minutes even if a change announcement was missed.
   */
  get(name: PageName): Promise<BundleEntry> {
    const builtAt = this.builtAt.get(name);
    if (builtAt !== undefined && !isFresh({ at: builtAt })) this.entries.delete(name);
    let entry = this.entries.get(name);
    if (!entry) {
      const building = this.build(name).then(makeEntry);
      entry = building;
      this.entries.set(name, building);
      this.builtAt.set(name, Date.now());
      // A failed build must not stick: the next request tries again.
      building.catch(() => {
        if (this.entries.get(name) === building) this.entries.delete(name);
      });
    }
    return entry;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private onChange(event: ChangeEvent): void {
    const touched = pagesTouchedBy(event, (c) => this.structure.pageOfCollectionNow(c));
    if (touched === 'all') this.entries.clear();
    else if (touched !== 'none') this.entries.delete(touched);
  }

  private async build(name: PageName): Promise<PageBundle> {
    const page = await this.structure.livePage(name);
    if (!page) throw new Error(`unknown page ${name}`);
    const [rows, settings] = await Promise.all([listPublished(this.db.kysely, page.sections.map((s) => s.collection)), this.settings()]);
    const snapshot = await this.structure.current();
    return bundleOf(this.db, page, rows, settings, await this.structure.publicNavigation(), snapshot);
  }
}

/**
 * A page's bundle from its rows (published ones for visitors; a preview's own
 * rows): the blocks by collection in the rows' order, the media and the
 * categories they use (a category in the trash is not shown), the settings.
 */
export async function bundleOf(db: Db, page: SitePage, rows: readonly DocumentRow[], settings: SiteSettings, navigation: PublicNavigation, structure: StructureSnapshot): Promise<PageBundle> {
  const sections: Record<string, PublicDocument[]> = {};
  const kindOf = new Map(page.sections.map((s) => [s.collection, s.kind]));
  for (const s of page.sections) sections[s.collection] = [];
  const mediaIds = new Set<string>();
  const categoryIds = new Set<string>();
  for (const row of rows) {
    const kind = kindOf.get(row.collection);
    const fields = kind ? kinds[kind].fields : getCollection(row.collection)?.fields;
    const stored = toPublicDocument(row);
    // Links to an address a page moved away from lead straight to the page (structure/links.ts).
    const doc = fields ? { ...stored, data: withCurrentLinks(structure, fields, stored.data) } : stored;
    sections[row.collection]?.push(doc);
    if (!fields) continue;
    for (const ref of mediaIdsOf(fields, doc.data)) mediaIds.add(ref.mediaId);
    for (const id of categoryIdsOf(fields, doc.data)) categoryIds.add(id);
  }
  if (page.socialImage?.mediaId) mediaIds.add(page.socialImage.mediaId);
  if (settings.logo?.mediaId) mediaIds.add(settings.logo.mediaId);
  const [media, categories] = await Promise.all([mediaRows(db.kysely, [...mediaIds]), categoryRows(db.kysely, [...categoryIds])]);
  const mediaMap: Record<string, MediaInfo> = {};
  for (const m of media.sort((a, b) => a.id.localeCompare(b.id))) mediaMap[m.id] = toMediaInfo(m);
  const categoryMap: Record<string, { id: string; name: string }> = {};
  for (const row of categories.sort((a, b) => a.id.localeCompare(b.id))) {
    if (row.deleted_at) continue;
    const data = JSON.parse(row.data) as { name?: unknown };
    categoryMap[row.id] = { id: row.id, name: typeof data.name === 'string' ? data.name : '' };
  }
  return {
    page: { name: page.id, path: page.path, title: page.title, description: page.description, socialImage: page.socialImage },
    settings,
    navigation,
    layout: page.sections.map((s) => ({ ...s, heading: sectionHeading(s) })),
    sections,
    media: mediaMap,
    categories: categoryMap,
  };
}
