/**
 * A public page's <head>: title, description, canonical link, Open Graph and
 * Twitter tags and JSON-LD. One model; the server writes it as HTML into the
 * template, the browser applies it to document.head on client navigation.
 */
import { escapeHtml } from '../../shared/html.js';
import { mediaUrl, type MediaInfo } from '../../shared/media.js';
import type { SiteSettings } from '../../shared/settings.js';

export type JsonLd = Record<string, unknown>;

/** A `<link rel="preload" as="image">` of the page's first, largest picture. */
export interface PreloadImage {
  href: string;
  srcset: string;
  sizes: string;
  /** The format, when it is one a browser may not read (AVIF): such a browser skips the preload. */
  type: string | null;
}

export interface HeadModel {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** Absolute image URL for social cards, if any. */
  image: string | null;
  imageAlt: string;
  ogType: 'website' | 'article';
  siteName: string;
  jsonLd: JsonLd[];
  /** Preload of the first (LCP) image: src set and sizes. */
  preloadImage: PreloadImage | null;
  /** The not-found page is not indexed. */
  noindex: boolean;
  /** The page's language and direction (`<html lang dir>`, Content-Language); absent: the site's default, left to right. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** The page in each language it is offered in, and `x-default` (absolute URLs). */
  alternates?: { hreflang: string; href: string }[];
}

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The widest variant up to 1600 px as an absolute URL: what social networks show. */
export function socialImageUrl(publicUrl: string, media: MediaInfo | null | undefined): string | null {
  if (!media || media.kind !== 'image') return null;
  const v = media.variants.find((x) => x.name === '1600') ?? media.variants[media.variants.length - 1];
  return absoluteUrl(publicUrl, v ? v.url : media.url);
}

/**
 * The head of a page that answers a visitor (a form's answer, a link's page,
 * the newsletter's pages): no picture, no structured data, its own address
 * as canonical, in the page's language; not indexed unless `indexed`.
 */
export function plainPageHead(
  site: { publicUrl: string; settings: SiteSettings; language?: { code: string; dir: 'ltr' | 'rtl' } | undefined },
  path: string,
  title: string,
  description: string,
  indexed = false,
): HeadModel {
  return {
    title: documentTitle(title, site.settings, false),
    description,
    canonical: `${site.publicUrl}${path}`,
    image: null,
    imageAlt: '',
    ogType: 'website',
    siteName: site.settings.organisationName,
    jsonLd: [],
    preloadImage: null,
    noindex: !indexed,
    ...(site.language ? { lang: site.language.code, dir: site.language.dir } : {}),
  };
}

export function documentTitle(pageTitle: string, settings: SiteSettings, home: boolean): string {
  return home ? `${settings.organisationName}${settings.tagline ? ` – ${settings.tagline}` : ''}` : `${pageTitle} – ${settings.organisationName}`;
}

export function sameAs(settings: SiteSettings): string[] {
  return [settings.socialUrl, settings.videoUrl].filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u));
}

export function organisationLd(settings: SiteSettings, publicUrl: string, logo: MediaInfo | null): JsonLd {
  const ld: JsonLd = {
    '@type': 'NGO',
    name: settings.organisationName,
    url: `${publicUrl}/`,
    email: settings.contactEmail,
    sameAs: sameAs(settings),
  };
  if (settings.tagline) ld.slogan = settings.tagline;
  ld.logo = logo ? absoluteUrl(publicUrl, logo.url) : absoluteUrl(publicUrl, '/logo.svg');
  if (settings.phone) ld.telephone = settings.phone;
  if (settings.address) ld.address = settings.address;
  return ld;
}

export function breadcrumbLd(publicUrl: string, trail: readonly { name: string; path: string }[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: absoluteUrl(publicUrl, t.path) })),
  };
}

export { escapeHtml };

/** JSON safe inside a <script> element: no `</script>`, no `<!--`. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function withContext(ld: JsonLd): JsonLd {
  return { '@context': 'https://schema.org', ...ld };
}

/** The head as HTML for the server's template. */
export function headHtml(h: HeadModel): string {
  const e = escapeHtml;
  const lines = [
    `<title>${e(h.title)}</title>`,
    `<meta name="description" content="${e(h.description)}">`,
    `<link rel="canonical" href="${e(h.canonical)}">`,
    ...(h.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${e(a.hreflang)}" href="${e(a.href)}">`),
    h.noindex ? `<meta name="robots" content="noindex">` : '',
    `<meta property="og:type" content="${h.ogType}">`,
    `<meta property="og:site_name" content="${e(h.siteName)}">`,
    `<meta property="og:title" content="${e(h.title)}">`,
    `<meta property="og:description" content="${e(h.description)}">`,
    `<meta property="og:url" content="${e(h.canonical)}">`,
    h.image ? `<meta property="og:image" content="${e(h.image)}">` : '',
    h.image && h.imageAlt ? `<meta property="og:image:alt" content="${e(h.imageAlt)}">` : '',
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(h.title)}">`,
    `<meta name="twitter:description" content="${e(h.description)}">`,
    h.image ? `<meta name="twitter:image" content="${e(h.image)}">` : '',
    h.preloadImage
      ? `<link rel="preload" as="image" href="${e(h.preloadImage.href)}" imagesrcset="${e(h.preloadImage.srcset)}" imagesizes="${e(h.preloadImage.sizes)}"${h.preloadImage.type ? ` type="${e(h.preloadImage.type)}"` : ''} fetchpriority="high">`
      : '',
    ...h.jsonLd.map((ld) => `<script type="application/ld+json">${scriptJson(withContext(ld))}</script>`),
  ];
  return lines.filter(Boolean).join('\n    ');
}

function setMeta(attr: 'name' | 'property', key: string, value: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (value === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

/** Brings document.head up to date after a client-side navigation. */
export function applyHead(h: HeadModel): void {
  document.title = h.title;
  setMeta('name', 'description', h.description);
  setMeta('name', 'robots', h.noindex ? 'noindex' : null);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = h.canonical;
  document.documentElement.lang = h.lang ?? document.documentElement.lang;
  document.documentElement.dir = h.dir ?? 'ltr';
  for (const el of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) el.remove();
  for (const a of h.alternates ?? []) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = a.hreflang;
    link.href = a.href;
    document.head.appendChild(link);
  }
  setMeta('property', 'og:type', h.ogType);
  setMeta('property', 'og:title', h.title);
  setMeta('property', 'og:description', h.description);
  setMeta('property', 'og:url', h.canonical);
  setMeta('property', 'og:image', h.image);
  setMeta('property', 'og:image:alt', h.image && h.imageAlt ? h.imageAlt : null);
  setMeta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary');
  setMeta('name', 'twitter:title', h.title);
  setMeta('name', 'twitter:description', h.description);
  setMeta('name', 'twitter:image', h.image);
  for (const s of document.head.querySelectorAll('script[type="application/ld+json"]')) s.remove();
  for (const ld of h.jsonLd) {
    const s = document.createElement('script');
    s.type = 'application/ld+json';
    s.textContent = JSON.stringify(withContext(ld));
    document.head.appendChild(s);
  }
}

export { mediaUrl };
