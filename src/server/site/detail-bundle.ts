/**
 * A story's or event's own page as data (shared/page-bundle.ts
 * `DetailBundle`): the one block, in the visitor's language, with the way
 * back to the page that shows its collection, as the structure says now
 * (shared/page-sections.ts `pageShowing`), and the frame of every public page.
 * Built from what it needs, not from the bundle of any page.
 */
import { getCollection } from '../../shared/collections.js';
import { localizedPath } from '../../shared/languages.js';
import type { DetailBundle, DetailTrail } from '../../shared/page-bundle.js';
import { isSectionKind, sectionHeading, type PageSection } from '../../shared/page-sections.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { SitePage } from '../../shared/site-structure.js';
import type { Db } from '../db/index.js';
import type { SiteStructure } from '../structure/service.js';
import { publishedWordsIn } from '../translations/repository.js';
import { settingsTranslationKey } from '../translations/service.js';
import { findDocument } from '../content/repository.js';
import { bundleOf, languagesOf } from './bundle.js';

/** The page that shows the collection, in the page's language: its title at its address; on that language's home page, the list's heading. */
function trailOf(page: SitePage & { fallback: string[] }, section: PageSection, lang: string, defaultLanguage: string): DetailTrail {
  const untranslated = (key: string) => lang !== defaultLanguage && page.fallback.includes(key);
  if (page.path !== localizedPath('/', lang, defaultLanguage)) return { name: page.title, path: page.path, ...(untranslated('title') ? { lang: defaultLanguage } : {}) };
  // On the home page the list is one of its sections: named by its heading, else by the site's own word for the list.
  const headingKey = `sections.${section.id}.heading`;
  const name = untranslated(headingKey) ? '' : (sectionHeading(section) ?? '');
  return { name, path: page.path };
}

/**
 * The bundle of a published block's own page; `asked`: the language its
 * address names (`/sw/news/:id`), if any. Under a language's prefix only a
 * block translated into it has a page there; a prefix that is no other
 * language of the site has none.
 */
export async function detailBundle(db: Db, structure: SiteStructure, settings: SiteSettings, collection: string, id: string, asked: string | undefined): Promise<DetailBundle> {
  const s = await structure.current();
  const site = s.languages;
  const other = asked !== undefined && asked !== site.defaultLanguage && site.languages.some((l) => l.code === asked) ? asked : null;
  const lang = other ?? site.defaultLanguage;
  const c = getCollection(collection);
  const pageId = s.collectionPage.get(collection) ?? null;
  const shownOn = pageId ? await structure.livePage(pageId, lang) : undefined;
  const section = shownOn?.sections.find((x) => x.collection === collection);
  const kind = section?.kind ?? (c && isSectionKind(c.kind) ? c.kind : null);
  const readable = c !== undefined && c.read === 'public' && kind !== null && (asked === undefined || other !== null);
  const row = readable ? await findDocument(db.kysely, collection, id) : undefined;
  const published = row?.status === 'published' ? row : undefined;
  const [words, settingsWords, navigation] = await Promise.all([
    other && published ? publishedWordsIn(db.kysely, lang, [collection]) : new Map<string, Record<string, string>>(),
    other ? publishedWordsIn(db.kysely, lang, [settingsTranslationKey.collection]) : new Map<string, Record<string, string>>(),
    structure.publicNavigation(lang),
  ]);
  // The block alone, as a section of its own on a page of its own: the bundle's rules (translation, links, pictures, categories) apply as on any page.
  const own: PageSection[] = kind ? [{ id: section?.id ?? collection, kind, heading: null, collection, options: {} }] : [];
  const frame: SitePage = { id: pageId ?? '', path: '/', title: '', navLabel: '', description: '', socialImage: null, sections: own };
  const bundle = await bundleOf({
    db,
    page: frame,
    rows: published ? [published] : [],
    settings,
    navigation,
    snapshot: s,
    language: { lang, words, settingsWords: settingsWords.get(settingsTranslationKey.id) ?? null },
    structure,
  });
  const found = bundle.sections[collection]?.[0] ?? null;
  // In another language only a translated block has a page (a wholly untranslated one is marked with the default language).
  const doc = found && (other === null || !found.lang) ? found : null;
  // The language switcher leads to each language's home page, where the site is offered in it.
  const home = s.byPath.get('/');
  const { language, languages } = home ? languagesOf(structure, s, home, lang) : bundle;
  return {
    doc,
    trail: shownOn && section ? trailOf(shownOn, section, lang, site.defaultLanguage) : null,
    language,
    languages,
    ...(bundle.settingsFallback ? { settingsFallback: bundle.settingsFallback } : {}),
    settings: bundle.settings,
    navigation: bundle.navigation,
    media: bundle.media,
    categories: bundle.categories,
  };
}
