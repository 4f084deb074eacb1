/**
 * A page's bundle as it will be once its changes are published: the same
 * shape the public page renders from (src/shared/page-bundle.ts), built
 * afresh for each preview and never kept or cached. Published blocks show
 * their pending changes (`pending_data`, when there are any, else `data`);
 * the draft the link names shows as if published; the trash never shows.
 */
import type { PageBundle } from '../../shared/page-bundle.js';
import type { SitePage } from '../../shared/site-structure.js';
import type { PublicNavigation } from '../../shared/site-navigation.js';
import type { StructureSnapshot } from '../structure/service.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { Db } from '../db/index.js';
import { bundleOf } from '../content/page-bundle.js';
import type { DocumentRow } from '../content/repository.js';
import { previewRows } from './repository.js';

/** The row with its pending changes in place of what visitors see now. */
function asPreviewed(row: DocumentRow): DocumentRow {
  return row.pending_data ? { ...row, data: row.pending_data } : row;
}

export async function previewBundle(db: Db, page: SitePage, draftId: string | null, settings: SiteSettings, navigation: PublicNavigation, structure: StructureSnapshot): Promise<PageBundle> {
  const rows = await previewRows(db.kysely, page.sections.map((s) => s.collection), draftId);
  return bundleOf(db, page, rows.map(asPreviewed), settings, navigation, structure);
}
