/**
 * The public site's data: the page bundle every public route reads, and where
 * it comes from. On the server the loaders read in-process through the data
 * source set in the static handler's request context (data-context.ts); in the
 * browser they call the API anonymously through the one fetch client.
 */
import { newsletterFormId } from '../../shared/newsletter-paths.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { MediaInfo } from '../../shared/media.js';
import type { BundleLanguage, DetailBundle, PageBundle } from '../../shared/page-bundle.js';
import { localizedPath, splitLanguage } from '../../shared/languages.js';
import type { PublicNavigation } from '../../shared/site-navigation.js';
import type { PageName } from '../../shared/pages.js';
import { api } from '../api-client.js';
import { pageByPathApi } from '../../shared/page-bundle.js';
import { apiPaths, pathTo } from '../../shared/api-paths.js';

export type { PageBundle } from '../../shared/page-bundle.js';

/** Where public loaders read from. The server passes an in-process one; the browser uses the API. */
export interface PublicDataSource {
  /** A published page's bundle, in a language of the site (the default one when none is named); 404 for a language the site does not speak. */
  page(name: PageName, lang?: string): Promise<PageBundle>;
  /** The published page at an address, or null when none is there. */
  pageAt(path: string): Promise<PageBundle | null>;
  /** A story's or event's own page: the published block (null when there is none, or it is a draft, or not translated into `lang`) and the way back to the page that shows it. */
  detail(collection: string, id: string, lang?: string): Promise<DetailBundle>;
  /** The canonical origin (PUBLIC_URL), without a trailing slash. */
  publicUrl(): string;
  /** The visitor asked for light pages (src/shared/light-pages.ts): set by the server per render. */
  light?: boolean;
  /** Signs the time a form was served (the footer's newsletter sign-up): the server's, per render. */
  formStart?: (formId: string) => string;
}

/** What the layout needs from every public route's data. */
export interface SiteData {
  settings: SiteSettings;
  /** The header's and footer's links (published, resolved to current addresses). */
  navigation: PublicNavigation;
  logo: MediaInfo | null;
  publicUrl: string;
  /** The home page in the page's language. */
  home?: string;
  /** The page in every language of the site (the switcher), the one shown marked `current`. */
  languages?: (BundleLanguage & { current: boolean })[];
  /** The page's language (its code and direction) and the site's default language: the site's own words are in the page's. Absent: English. */
  language?: PageBundle['language'];
  /** Light pages (src/shared/light-pages.ts): no pictures behind text, smaller copies of the others, no autoplay. */
  light?: boolean;
  /** The footer's newsletter sign-up's signed start (absent: the sign-up is not shown). */
  newsletterStarted?: string;
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 404;
}

export const browserDataSource: PublicDataSource = {
  page: (name, lang) => api<PageBundle>(`${pathTo(apiPaths.pageBundle, { page: name })}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, { anonymous: true }),
  async pageAt(path) {
    try {
      return await api<PageBundle>(`${pageByPathApi}?path=${encodeURIComponent(path)}`, { anonymous: true });
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  },
  detail: (collection, id, lang) => api<DetailBundle>(`${pathTo(apiPaths.detailBundle, { name: collection, id })}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, { anonymous: true }),
  publicUrl: () => window.location.origin,
};

export function siteDataOf(bundle: Pick<PageBundle, 'settings' | 'navigation' | 'media' | 'language' | 'languages'>, source: Pick<PublicDataSource, 'publicUrl' | 'light' | 'formStart'>): SiteData {
  const publicUrl = source.publicUrl();
  const logoId = bundle.settings.logo?.mediaId;
  const current = bundle.language.code;
  return {
    settings: bundle.settings,
    navigation: bundle.navigation,
    logo: (logoId && bundle.media[logoId]) || null,
    publicUrl,
    home: localizedPath('/', current, bundle.language.defaultCode),
    languages: bundle.languages.map((l) => ({ ...l, current: l.code === current })),
    language: bundle.language,
    light: source.light === true,
    ...(source.formStart ? { newsletterStarted: source.formStart(newsletterFormId) } : {}),
  };
}

/**
 * The home page's bundle in a language of the site (the default one when
 * `lang` is none of the others, or when the home page is not offered in it):
 * the header, footer and words of a page that has no bundle of its own (the
 * not-found page, the contact form's answer). `home`: the default language's, when already read.
 */
export async function homeBundleIn(source: PublicDataSource, lang: string | undefined, home?: PageBundle): Promise<PageBundle> {
  home ??= await source.page('home');
  const { defaultCode } = home.language;
  if (!lang || lang === defaultCode || !home.languages.some((l) => l.code === lang)) return home;
  return (await source.pageAt(localizedPath('/', lang, defaultCode))) ?? home;
}

/** The language an address is under (`/sw/…` → sw), by the languages a bundle names; the default language otherwise. */
export function languageOfPath(pathname: string, bundle: Pick<PageBundle, 'languages' | 'language'>): string {
  return splitLanguage(pathname, { languages: bundle.languages, defaultLanguage: bundle.language.defaultCode }).lang;
}
