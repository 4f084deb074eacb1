/**
 * Internal links and the site's structure. Editors type addresses (`/about`,
 * or a rich-text link to `/water-rights#take-action`); pages move. What
 * visitors get is always a page's current address: a link to an address a
 * page moved away from (an automatic or manual redirect to the page) is
 * written with the page's address when the page bundle is built, so no
 * visitor takes the redirect's extra hop and the stored text needs no
 * rewriting. The site check reports internal links that lead nowhere.
 */
import type { FieldDef } from '../../shared/fields.js';
import { detailCollections } from '../../shared/registry-index.js';
import type { StructureSnapshot } from './service.js';
import { localizedPath } from '../../shared/languages.js';
import { isServerPath } from '../../shared/site-structure.js';

const hrefPattern = /(<a\b[^>]*?\shref=")(\/[^"#?]*)([#?][^"]*)?"/g;

/** An address with what follows `#` or `?` split off. */
function splitPath(href: string): { path: string; rest: string } {
  const at = href.search(/[#?]/);
  return at < 0 ? { path: href, rest: '' } : { path: href.slice(0, at), rest: href.slice(at) };
}

/** The current address of a page a path used to lead to, or null (the path is current, or not a page's). */
export function movedTo(s: StructureSnapshot, path: string): string | null {
  if (s.byPath.has(path)) return null;
  const r = s.redirects.get(`${s.languages.defaultLanguage} ${path}`);
  const target = r?.page_id ? s.pages.get(r.page_id)?.live : null;
  return target ? target.path : null;
}

/** The page a default-language path leads to now (its own address, or one it moved away from), or null. */
function pageAt(s: StructureSnapshot, path: string): string | null {
  const id = s.byPath.get(path);
  if (id) return id;
  const r = s.redirects.get(`${s.languages.defaultLanguage} ${path}`);
  return r?.page_id && s.pages.get(r.page_id)?.live ? r.page_id : null;
}

/**
 * Where an internal link leads on a page in `lang`: the page's address in
 * that language when it is offered there, else its current address (moved
 * pages followed); null when the link is right as it is.
 */
function linkIn(s: StructureSnapshot, path: string, lang: string): string | null {
  if (lang !== s.languages.defaultLanguage) {
    const id = pageAt(s, path);
    const translated = id ? s.words.get(`${id} ${lang}`)?.path : undefined;
    if (id && translated && s.pages.get(id)?.live) return localizedPath(translated, lang, s.languages.defaultLanguage);
  }
  return movedTo(s, path);
}

/**
 * The data with its internal links written with the current addresses of the
 * pages they lead to, in the page's language when those pages are offered in
 * it (a Kiswahili page's link to /about leads to /sw/kuhusu).
 */
export function withCurrentLinks(s: StructureSnapshot, fields: readonly FieldDef[], data: Record<string, unknown>, lang = s.languages.defaultLanguage): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const f of fields) {
    const v = data[f.name];
    if (typeof v !== 'string') continue;
    let next = v;
    if (f.type === 'url' && v.startsWith('/') && !v.startsWith('//')) {
      const { path, rest } = splitPath(v);
      const moved = linkIn(s, path, lang);
      if (moved) next = moved + rest;
    } else if (f.type === 'richText' && v.includes('href="/')) {
      next = v.replace(hrefPattern, (whole, start: string, path: string, rest: string | undefined) => {
        const moved = linkIn(s, path, lang);
        return moved ? `${start}${moved}${rest ?? ''}"` : whole;
      });
    }
    if (next !== v) (out ??= { ...data })[f.name] = next;
  }
  return out ?? data;
}

export type BrokenLinkReason = 'missing' | 'draft' | 'deleted';

/** Why an internal address leads nowhere a visitor can see, or null when it leads somewhere. */
export function brokenInternalLink(s: StructureSnapshot, href: string): BrokenLinkReason | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const { path } = splitPath(href);
  // The server's own paths (the contact form's too) and the pages of stories and events are not pages of the structure.
  if (isServerPath(path)) return null;
  if (detailCollections.some((c) => path.startsWith(`${c.detail.path}/`))) return null;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (s.byPath.has(trimmed)) return null;
  const r = s.redirects.get(`${s.languages.defaultLanguage} ${trimmed}`);
  if (r) {
    if (r.gone) return 'deleted';
    if (r.url) return null;
    return r.page_id && s.pages.get(r.page_id)?.live ? null : 'deleted';
  }
  for (const p of s.pages.values()) if (!p.live && p.working.path === trimmed) return 'draft';
  return 'missing';
}

/** Every internal address a block's link fields and rich text hold, by field. */
export function internalLinksOf(fields: readonly FieldDef[], data: Record<string, unknown>): { field: string; href: string }[] {
  const out: { field: string; href: string }[] = [];
  for (const f of fields) {
    const v = data[f.name];
    if (typeof v !== 'string') continue;
    if (f.type === 'url' && v.startsWith('/')) out.push({ field: f.name, href: v });
    if (f.type === 'richText') for (const m of v.matchAll(hrefPattern)) out.push({ field: f.name, href: `${m[2]}${m[3] ?? ''}` });
  }
  return out;
}
