/**
 * The page bundle: every published block of one public page, the site
 * settings, the media and the categories those blocks use. Built once per
 * page and language, kept as the object (what the server render reads) and,
 * on the first API request for it, as JSON with its ETag and compressed bytes
 * (GET /api/pages/...); dropped when the change bus reports a write that can
 * affect it.
 */
import { getCollection, type PublicDocument } from '../../shared/collections.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { PageName } from '../../shared/pages.js';
import { kinds } from '../../shared/kinds.js';
import { sectionHeading, sectionsShownToVisitors } from '../../shared/page-sections.js';
import { detailPathOf } from '../../shared/registry-index.js';
import type { SitePage } from '../../shared/site-structure.js';
import type { PublicNavigation } from '../../shared/site-navigation.js';
import type { MediaInfo } from '../../shared/media.js';
import { pagesTouchedBy, type ChangeEvent } from '../changes.js';
import type { SiteStructure, StructureSnapshot } from '../structure/service.js';
import { withCurrentLinks } from '../structure/links.js';
import type { Db } from '../db/index.js';
import { cachedRepresentation, isFresh, type CachedRepresentation } from '../http/cached-representation.js';
import { toMediaInfo } from '../media/presenter.js';
import { toPublicDocument } from '../content/presenters.js';
import { applyTranslation } from '../../shared/translatable.js';
import { localizedPath } from '../../shared/languages.js';
import { mediaAltsIn, publishedWordsIn } from '../translations/repository.js';
import { settingsShape, settingsTranslationKey } from '../translations/service.js';
import { categoryRows, listPublished, type DocumentRow } from '../content/repository.js';
import { mediaRows } from '../media/repository.js';
import { categoryIdsOf, mediaIdsOf } from '../content/references.js';

export type { PageBundle } from '../../shared/page-bundle.js';
// Content negotiation and revalidation are the HTTP cache's; kept importable from here.
export { etagMatches, negotiateEncoding, type Encoding as BundleEncoding } from '../http/cached-representation.js';

/** A built bundle: the object (what the server render reads) and, made on first demand, its JSON for the API. */
export interface BundleEntry {
  bundle: PageBundle;
  /** The JSON answer (ETag, compressed bytes), serialised the first time the API is asked for it. */
  representation(): CachedRepresentation;
}

function makeEntry(bundle: PageBundle): BundleEntry {
  let json: CachedRepresentation | undefined;
  return { bundle, representation: () => (json ??= cachedRepresentation('application/json; charset=utf-8', JSON.stringify(bundle), { compressionLevel: 7 })) };
}

/** A page in a language: the cache's key. */
const keyOf = (name: PageName, lang: string) => `${name} ${lang}`;

/** Where a bundle cache reads from. */
export interface BundleSources {
  db: Db;
  structure: SiteStructure;
  settings: () => Promise<SiteSettings>;
  subscribe: (fn: (event: ChangeEvent) => void) => () => void;
  /** Signs the time a form was served (src/server/forms/started.ts). */
  formStart?: (formId: string) => string;
}

export class PageBundleCache {
  /** By page and language (`keyOf`). */
  private readonly entries = new Map<string, Promise<BundleEntry>>();
  private readonly builtAt = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(private readonly sources: BundleSources) {
    this.unsubscribe = sources.subscribe((event) => this.onChange(event));
  }

  /**
   * The bundle of a published page in a language of the site (both known to
   * be: the caller resolved them), built at most once until the next relevant
   * change, and at most every 5 minutes even if a change announcement was missed.
   */
  get(name: PageName, lang: string): Promise<BundleEntry> {
    const key = keyOf(name, lang);
    const builtAt = this.builtAt.get(key);
    if (builtAt !== undefined && !isFresh({ at: builtAt })) this.entries.delete(key);
    let entry = this.entries.get(key);
    if (!entry) {
      const building = this.build(name, lang).then(makeEntry);
      entry = building;
      this.entries.set(key, building);
      this.builtAt.set(key, Date.now());
      // A failed build must not stick: the next request tries again.
      building.catch(() => {
        if (this.entries.get(key) === building) this.entries.delete(key);
      });
    }
    return entry;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private onChange(event: ChangeEvent): void {
    const touched = pagesTouchedBy(event, (c) => this.sources.structure.pageOfCollectionNow(c));
    if (touched === 'all') this.entries.clear();
    else if (touched !== 'none') for (const key of this.entries.keys()) if (key.startsWith(`${touched} `)) this.entries.delete(key);
  }

  /** One snapshot of the structure, one read of the blocks, of the settings and of the language's words. */
  private async build(name: PageName, lang: string): Promise<PageBundle> {
    const { db, structure } = this.sources;
    const snapshot = await structure.current();
    const page = structure.livePageIn(snapshot, name, lang);
    if (!page) throw new Error(`unknown page ${name}`);
    const collections = sectionsShownToVisitors(page.sections).map((s) => s.collection);
    const inDefault = lang === snapshot.languages.defaultLanguage;
    const [rows, settings, words] = await Promise.all([
      listPublished(db.kysely, collections),
      this.sources.settings(),
      inDefault ? null : publishedWordsIn(db.kysely, lang, [...collections, settingsTranslationKey.collection]),
    ]);
    return bundleOf({
      db,
      page,
      rows,
      settings,
      navigation: structure.resolveNavigation(snapshot, snapshot.navigation?.live ?? null, lang),
      snapshot,
      language: words ? { lang, words, settingsWords: words.get(settingsTranslationKey.id) ?? null } : null,
      structure,
      ...(this.sources.formStart ? { formStart: this.sources.formStart } : {}),
    });
  }
}

type Words = Record<string, string>;

/** A bundle's language other than the default, with the published (or previewed) words laid over the originals. */
export interface BundleWords {
  lang: string;
  /** By document id. */
  words: ReadonlyMap<string, Words>;
  settingsWords: Words | null;
}

/** Everything one page's bundle is built from (bundleOf's one argument). */
export interface BundleContext {
  db: Db;
  /** The page's record in the bundle's language, `fallback` naming the keys left in the default language. */
  page: SitePage & { fallback?: string[] };
  /** The page's blocks: published ones for visitors, a preview's own rows. */
  rows: readonly DocumentRow[];
  /** The settings in the default language (the language's words are laid over them here). */
  settings: SiteSettings;
  navigation: PublicNavigation;
  /** Signs the time each form on the page was served; without it a form's token is empty (a preview's: it cannot be answered). */
  formStart?: (formId: string) => string;
  snapshot: StructureSnapshot;
  /** Null: the default language. */
  language: BundleWords | null;
  /** Names each language's address of the page (the switcher); without it the bundle lists no languages. */
  structure?: SiteStructure;
}

/** The bundle's language, and every language of the site with this page's address in it (or that language's home page). */
export function languagesOf(structure: SiteStructure, s: StructureSnapshot, pageId: string, lang: string): Pick<PageBundle, 'language' | 'languages'> {
  const site = s.languages;
  const current = site.languages.find((l) => l.code === lang) ?? site.languages[0]!;
  const languages = site.languages.map((l) => {
    const href = structure.pathIn(s, pageId, l.code);
    return { code: l.code, name: l.name, dir: l.dir, href: href ?? localizedPath('/', l.code, site.defaultLanguage), offered: href !== null };
  });
  return { language: { code: current.code, dir: current.dir, defaultCode: site.defaultLanguage }, languages };
}

/**
 * A page's bundle from its rows (published ones for visitors; a preview's own
 * rows): the blocks by collection in the rows' order, the media and the
 * categories they use (a category in the trash is not shown), the settings.
 */
export async function bundleOf(context: BundleContext): Promise<PageBundle> {
  const { db, page, rows, navigation, snapshot: structure, language: inLanguage } = context;
  const original = context.settings;
  const structureService = context.structure;
  const lang = inLanguage?.lang ?? structure.languages.defaultLanguage;
  const inDefault = lang === structure.languages.defaultLanguage;
  const translatedSettings = inDefault ? null : applyTranslation(settingsShape, original as unknown as Record<string, unknown>, inLanguage?.settingsWords ?? null);
  const settings = translatedSettings ? (translatedSettings.data as unknown as SiteSettings) : original;
  const sections: Record<string, PublicDocument[]> = {};
  // A second wall behind the sections' schema: a staff-only collection never reaches a public answer or a preview.
  const shown = sectionsShownToVisitors(page.sections);
  const kindOf = new Map(shown.map((s) => [s.collection, s.kind]));
  for (const s of shown) sections[s.collection] = [];
  const mediaIds = new Set<string>();
  const categoryIds = new Set<string>();
  let formTokens: Record<string, string> | undefined;
  for (const row of rows) {
    const kind = kindOf.get(row.collection);
    if (!kind) continue;
    const fields = kind ? kinds[kind].fields : getCollection(row.collection)?.fields;
    const published = toPublicDocument(row, fields);
    // In another language: its words laid over the original, the keys left untranslated named.
    const translated = !inDefault && fields ? applyTranslation({ kind: 'fields', fields }, published.data, inLanguage?.words.get(row.id) ?? null) : null;
    const untranslated = translated && translated.fallback.length > 0 && !inLanguage?.words.has(row.id);
    // A translated story or event has its own page in the language too (`/sw/news/:id`).
    const ownPage = translated && !untranslated ? detailPathOf(row.collection, row.id) : null;
    const stored = translated
      ? { ...published, data: translated.data, ...(translated.fallback.length > 0 ? { fallback: { lang: structure.languages.defaultLanguage, keys: translated.fallback } } : {}), ...(untranslated ? { lang: structure.languages.defaultLanguage } : {}), ...(ownPage ? { href: localizedPath(ownPage, lang, structure.languages.defaultLanguage) } : {}) }
      : published;
    // Links to an address a page moved away from lead straight to the page (structure/links.ts).
    const doc = fields ? { ...stored, data: withCurrentLinks(structure, fields, stored.data, lang) } : stored;
    sections[row.collection]?.push(doc);
    if (kind === 'form' && context.formStart) (formTokens ??= {})[row.id] = context.formStart(row.id);
    if (!fields) continue;
    for (const ref of mediaIdsOf(fields, doc.data)) mediaIds.add(ref.mediaId);
    for (const id of categoryIdsOf(fields, doc.data)) categoryIds.add(id);
  }
  if (page.socialImage?.mediaId) mediaIds.add(page.socialImage.mediaId);
  if (settings.logo?.mediaId) mediaIds.add(settings.logo.mediaId);
  const [media, categories] = await Promise.all([mediaRows(db.kysely, [...mediaIds]), categoryRows(db.kysely, [...categoryIds])]);
  const mediaMap: Record<string, MediaInfo> = {};
  // In another language each picture's default alt text is that language's, else the default one's, marked with its language.
  const alts = inDefault ? new Map<string, Record<string, string>>() : await mediaAltsIn(db.kysely, media.map((m) => m.id));
  for (const m of media.sort((a, b) => a.id.localeCompare(b.id))) {
    const info = toMediaInfo(m);
    const translated = alts.get(m.id)?.[lang];
    mediaMap[m.id] = inDefault ? info : translated ? { ...info, alt: translated } : info.alt ? { ...info, altLang: structure.languages.defaultLanguage } : info;
  }
  const categoryMap: Record<string, { id: string; name: string }> = {};
  for (const row of categories.sort((a, b) => a.id.localeCompare(b.id))) {
    if (row.deleted_at) continue;
    const data = JSON.parse(row.data) as { name?: unknown };
    categoryMap[row.id] = { id: row.id, name: typeof data.name === 'string' ? data.name : '' };
  }
  const languages: Pick<PageBundle, 'language' | 'languages'> = structureService
    ? languagesOf(structureService, structure, page.id, lang)
    : { language: { code: lang, dir: 'ltr', defaultCode: structure.languages.defaultLanguage }, languages: [] };
  return {
    page: { name: page.id, path: page.path, title: page.title, description: page.description, socialImage: page.socialImage, ...(page.fallback?.length ? { fallback: page.fallback } : {}) },
    ...languages,
    ...(translatedSettings && translatedSettings.fallback.length > 0 ? { settingsFallback: translatedSettings.fallback } : {}),
    settings,
    navigation,
    layout: shown.map((s) => ({ ...s, heading: sectionHeading(s) })),
    sections,
    media: mediaMap,
    categories: categoryMap,
    ...(formTokens ? { formTokens } : {}),
  };
}
