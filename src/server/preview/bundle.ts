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
import { bundleOf } from '../site/bundle.js';
import type { DocumentRow } from '../content/repository.js';
import { previewRows } from './repository.js';
import type { SiteStructure } from '../structure/service.js';
import { translationsOf } from '../translations/repository.js';
import { settingsTranslationKey } from '../translations/service.js';
import { applyTranslation } from '../../shared/translatable.js';
import { localizedPath } from '../../shared/languages.js';
import { sectionsShownToVisitors } from '../../shared/page-sections.js';

/** The row with its pending changes in place of what visitors see now. */
function asPreviewed(row: DocumentRow): DocumentRow {
  return row.pending_data ? { ...row, data: row.pending_data } : row;
}

/**
 * In another language (`lang`), the page's saved translations (their unpublished words, else the published
 * ones) lie over the previewed originals, the page record's too, at its address in that language.
 */
export async function previewBundle(
  db: Db,
  page: SitePage,
  draftId: string | null,
  settings: SiteSettings,
  navigation: PublicNavigation,
  structure: StructureSnapshot,
  lang: string | null = null,
  structureService?: SiteStructure,
): Promise<PageBundle> {
  const rows = (await previewRows(db.kysely, sectionsShownToVisitors(page.sections).map((s) => s.collection), draftId)).map(asPreviewed);
  const context = { db, rows, settings, navigation, snapshot: structure, ...(structureService ? { structure: structureService } : {}) };
  if (!lang) return bundleOf({ ...context, page, language: null });
  const words = new Map<string, Record<string, string>>();
  for (const t of await translationsOf(db.kysely, [page.id, ...rows.map((r) => r.id), settingsTranslationKey.id], lang)) {
    words.set(t.document_id, JSON.parse(t.pending_data ?? t.data ?? '{}') as Record<string, string>);
  }
  const translatedPage = applyTranslation({ kind: 'page' }, page as unknown as Record<string, unknown>, words.get(page.id) ?? null);
  const path = words.get(page.id)?.path;
  const inLanguage: SitePage & { fallback: string[] } = {
    ...(translatedPage.data as unknown as SitePage),
    path: path ? localizedPath(path, lang, structure.languages.defaultLanguage) : page.path,
    fallback: translatedPage.fallback,
  };
  return bundleOf({ ...context, page: inLanguage, language: { lang, words, settingsWords: words.get(settingsTranslationKey.id) ?? null } });
}
