/**
 * A page's bundle as it will be once its changes are published: the same
 * shape the public page renders from (src/shared/page-bundle.ts), built
 * afresh for each preview and never kept or cached. Published blocks show
 * their pending changes (`pending_data`, when there are any, else `data`);
 * the draft the link names shows as if published; the trash never shows.
 */
import { collectionsOfPage, getCollection, type PublicDocument } from '../../shared/collections.js';
import type { MediaInfo } from '../../shared/media.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import type { PageDef } from '../../shared/pages.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { Db } from '../db/index.js';
import { toMediaInfo } from '../media/presenter.js';
import { toPublicDocument } from '../content/presenters.js';
import { categoryIdsOf, mediaIdsOf } from '../content/references.js';
import { categoryRows, mediaRows, type DocumentRow } from '../content/repository.js';
import { previewRows } from './repository.js';

/** The row with its pending changes in place of what visitors see now. */
function asPreviewed(row: DocumentRow): DocumentRow {
  return row.pending_data ? { ...row, data: row.pending_data } : row;
}

export async function previewBundle(db: Db, page: PageDef, draftId: string | null, settings: SiteSettings): Promise<PageBundle> {
  const cols = collectionsOfPage(page.name);
  const rows = await previewRows(db.kysely, cols.map((c) => c.name), draftId);
  const sections: Record<string, PublicDocument[]> = {};
  for (const c of cols) sections[c.name] = [];
  const mediaIds = new Set<string>();
  const categoryIds = new Set<string>();
  for (const row of rows) {
    const doc = toPublicDocument(asPreviewed(row));
    sections[row.collection]?.push(doc);
    const c = getCollection(row.collection);
    if (!c) continue;
    for (const ref of mediaIdsOf(c.fields, doc.data)) mediaIds.add(ref.mediaId);
    for (const id of categoryIdsOf(c.fields, doc.data)) categoryIds.add(id);
  }
  if (settings.logo?.mediaId) mediaIds.add(settings.logo.mediaId);
  const [media, categories] = await Promise.all([mediaRows(db.kysely, [...mediaIds]), categoryRows(db.kysely, [...categoryIds])]);
  const mediaMap: Record<string, MediaInfo> = {};
  for (const m of media) mediaMap[m.id] = toMediaInfo(m);
  const categoryMap: Record<string, { id: string; name: string }> = {};
  for (const row of categories) {
    if (row.deleted_at) continue;
    const data = JSON.parse(row.data) as { name?: unknown };
    categoryMap[row.id] = { id: row.id, name: typeof data.name === 'string' ? data.name : '' };
  }
  return {
    page: { name: page.name, path: page.path, title: page.title, description: page.description },
    settings,
    sections,
    media: mediaMap,
    categories: categoryMap,
  };
}
