/** /sitemap.xml and /robots.txt, from the published pages (data), their bundles, the detail pages the collections declare and the route table. */
import { lightPagesPath } from '../../shared/light-pages.js';
import type { PageName } from '../../shared/pages.js';
import type { SitePage } from '../../shared/site-structure.js';
import { detailCollections, detailPath } from '../../shared/registry-index.js';
import { staffPaths } from '../../shared/routes.js';
import { previewPathPrefix } from '../../shared/editorial.js';
import { escapeHtml } from '../../shared/html.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import type { PublicDataSource } from '../../web/entry-server.js';
import { apiPrefix } from '../../shared/api-paths.js';

export interface SitemapEntry {
  path: string;
  lastmod: string;
  /** The same page in each language it is offered in, and `x-default` (as `xhtml:link` alternates); absent for a page in one language. */
  alternates?: { hreflang: string; path: string }[];
}

function latest(dates: readonly string[]): string | null {
  let max: string | null = null;
  for (const d of dates) if (d && (max === null || d > max)) max = d;
  return max;
}

export async function sitemapEntries(source: PublicDataSource, pages: readonly SitePage[]): Promise<SitemapEntry[]> {
  const bundles = new Map<PageName, PageBundle>();
  await Promise.all(pages.map(async (p) => bundles.set(p.id, await source.page(p.id))));
  const pageDates = new Map<PageName, string | null>();
  for (const [name, b] of bundles) pageDates.set(name, latest(Object.values(b.sections).flatMap((docs) => docs.map((d) => d.updatedAt))));
  // A page without blocks yet takes the newest change of the site.
  const siteDate = latest([...pageDates.values()].filter((d): d is string => d !== null)) ?? new Date().toISOString();
  // A page offered in several languages: one entry per language, each naming all of them (and x-default, the default language's).
  const entries: SitemapEntry[] = pages.flatMap((p) => {
    const lastmod = pageDates.get(p.id) ?? siteDate;
    const bundle = bundles.get(p.id);
    const offered = bundle ? bundle.languages.filter((l) => l.offered) : [];
    if (!bundle || offered.length < 2) return [{ path: p.path, lastmod }];
    const byDefault = offered.find((l) => l.code === bundle.language.defaultCode);
    const alternates = [...offered.map((l) => ({ hreflang: l.code, path: l.href })), ...(byDefault ? [{ hreflang: 'x-default', path: byDefault.href }] : [])];
    return offered.map((l) => ({ path: l.href, lastmod, alternates }));
  });
  // Every published block of a collection with detail pages has one (stories, events), wherever a section shows it;
  // a translated one has one in its language too (the bundles of the pages in that language name it).
  const translatedPages: PageBundle[] = [];
  for (const b of bundles.values()) {
    for (const l of b.languages) if (l.code !== b.language.defaultCode) translatedPages.push(await source.page(b.page.name, l.code));
  }
  for (const c of detailCollections) {
    const docs = new Map<string, string>();
    for (const b of bundles.values()) for (const d of b.sections[c.name] ?? []) docs.set(d.id, d.updatedAt);
    const elsewhere = new Map<string, Map<string, string>>();
    for (const b of translatedPages) {
      for (const d of b.sections[c.name] ?? []) if (d.href) elsewhere.set(d.id, (elsewhere.get(d.id) ?? new Map()).set(b.language.code, d.href));
    }
    for (const [id, updatedAt] of docs) {
      const own = detailPath(c.detail, id);
      const others = elsewhere.get(id);
      if (!others) {
        entries.push({ path: own, lastmod: updatedAt });
        continue;
      }
      const defaultCode = bundles.values().next().value?.language.defaultCode ?? 'en';
      const alternates = [{ hreflang: defaultCode, path: own }, ...[...others].map(([hreflang, path]) => ({ hreflang, path })), { hreflang: 'x-default', path: own }];
      entries.push({ path: own, lastmod: updatedAt, alternates }, ...[...others.values()].map((path) => ({ path, lastmod: updatedAt, alternates })));
    }
  }
  return entries;
}

export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const links = (e.alternates ?? []).map((a) => `\n    <xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(publicUrl + a.path)}"/>`).join('');
    return `  <url>\n    <loc>${escapeHtml(publicUrl + e.path)}</loc>\n    <lastmod>${escapeHtml(e.lastmod)}</lastmod>${links}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Public paths a robots rule must never match (rules match as prefixes). */
function publicPrefixes(pages: readonly Pick<SitePage, 'path'>[]): string[] {
  return [...pages.map((p) => p.path), ...detailCollections.map((c) => `${c.detail.path}/`)];
}

/**
 * Staff paths as robots rules: a list path as is, a form path up to its
 * `:id`. A rule that is also the start of a public path (`/account` and
 * `/accountability`) ends with `$`, which crawlers read as "this path only".
 */
export function robotsDisallowed(pages: readonly Pick<SitePage, 'path'>[]): string[] {
  // Preview links are private pages of unpublished changes (they also answer X-Robots-Tag: noindex).
  const rules = new Set<string>([`${apiPrefix}/`, previewPathPrefix]);
  const open = publicPrefixes(pages);
  // The light-pages switch only sets a cookie and comes back: nothing there to index.
  for (const p of [...staffPaths, lightPagesPath]) {
    const colon = p.indexOf(':');
    const rule = colon >= 0 ? p.slice(0, colon) : p;
    rules.add(open.some((pub) => pub !== rule && pub.startsWith(rule)) ? `${rule}$` : rule);
  }
  return [...rules];
}

export function robotsTxt(publicUrl: string, pages: readonly Pick<SitePage, 'path'>[]): string {
  return ['User-agent: *', 'Allow: /', ...robotsDisallowed(pages).map((r) => `Disallow: ${r}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
