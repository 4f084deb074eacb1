/**
 * The site's structure on the server: which pages exist and where, which
 * sections they show, which collection each section's blocks live in, and
 * what old addresses lead to. One snapshot per instance, read from the
 * database and dropped when the change bus says a page record or a redirect
 * changed (on every instance, through PostgreSQL), so the API, the access
 * checks, the staff screens and the public renderer all read one structure.
 *
 * Writes to page records go through the editorial steps like any block;
 * inside each step's transaction `afterPageWrite` keeps the addresses a page
 * holds unique, and when a published page's address changes it leaves a
 * redirect from the old one (to the page's id: renames never chain, and a
 * page taking back an old address removes that redirect, so none loops).
 */
import { advisoryLockKeys } from '../db/session-lock.js';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { getCollection, sectionCollectionDef, type CollectionDef } from '../../shared/collections.js';
import { AppError } from '../../shared/errors.js';
import { can, type Principal } from '../../shared/access.js';
import { appendAudit } from '../audit/repository.js';
import { siteLanguagesOf, splitLanguage, localizedPath, type SiteLanguages } from '../../shared/languages.js';
import { applyTranslation } from '../../shared/translatable.js';
import { readSiteSettings } from '../settings/repository.js';
import { publishedInLanguages as publishedTranslations } from '../translations/repository.js';
import { pageDataSchema, sitePageCollection, type PageData, type SitePage } from '../../shared/site-structure.js';
import { isSectionKind, pageSectionSchema, pagesShowing } from '../../shared/page-sections.js';
import { navigationLinks, navigationSchema, siteNavigationCollection, siteNavigationId, type Navigation, type NavigationProblem, type PublicNavigation, type ResolvedHeaderItem, type ResolvedNavLink } from '../../shared/site-navigation.js';
import type { ChangeBus, ChangeEvent } from '../changes.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { titleSearchFor, type DocumentRow } from '../content/repository.js';
import * as repo from './repository.js';
import { defaultNavigation, defaultPages } from './default-pages.js';
import { structureCollections } from '../../shared/declarations.js';

export interface PageRecord {
  row: DocumentRow;
  /** What visitors see, when the page is published. */
  live: PageData | null;
  /** The working copy: pending changes, else the draft or the live record. */
  working: PageData;
}

export interface StructureSnapshot {
  /** Every page not in the trash, by id, in the site's order. */
  pages: Map<string, PageRecord>;
  /** Published pages by their live address. */
  byPath: Map<string, string>;
  /** The collections of sections editors added (the declared ones are in the registry). */
  sectionCollections: Map<string, CollectionDef & { extraListPaths: string[] }>;
  /** The page that shows each collection's blocks (shared/page-sections.ts `pageShowing`: over the live records first, else the working copies). */
  collectionPage: Map<string, string>;
  /** Redirects by old address. */
  redirects: Map<string, repo.RedirectRow>;
  /** The navigation document: what visitors see (null until published) and the working copy. */
  navigation: { row: DocumentRow; live: Navigation | null; working: Navigation } | null;
  /** The languages the site speaks (the settings'). */
  languages: SiteLanguages;
  /** Pages in the Trash: id → title (the navigation names them). */
  trashedPages: Map<string, string>;
  /** Published pages by their address in another language: `<lang> <path>` → page id. */
  translatedPaths: Map<string, string>;
  /** The published words of page records and of the navigation in other languages: `<id> <lang>` → words. */
  words: Map<string, Record<string, string>>;
}

export type Resolution =
  | { kind: 'page'; id: string; lang: string }
  | { kind: 'redirect'; location: string; redirectId: string | null }
  | { kind: 'gone'; redirectId: string }
  | { kind: 'none' };

function parsePage(text: string): PageData | null {
  const raw: unknown = JSON.parse(text);
  // A stored section the rules refuse today (a row written before them) is left out, not the whole page with it.
  if (raw && typeof raw === 'object' && 'sections' in raw && Array.isArray(raw.sections)) raw.sections = raw.sections.filter((s: unknown) => pageSectionSchema.safeParse(s).success);
  const parsed = pageDataSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A page's record as a public page reads it. */
export function sitePageOf(id: string, d: PageData): SitePage {
  return { id, path: d.path, title: d.title, navLabel: d.navLabel, description: d.description, socialImage: d.socialImage, sections: d.sections };
}

/**
 * The site's default language as stored now, read on the connection given (a
 * page write's own transaction): the key its addresses and redirects carry.
 */
async function defaultLanguageIn(conn: Kysely<Database>): Promise<string> {
  return siteLanguagesOf((await readSiteSettings(conn)).data).defaultLanguage;
}

/** Counts of redirect visits and missing addresses wait this long in memory before one write. */
const countFlushMs = 1000;
/** At most this many distinct missing addresses wait in memory between writes. */
const pendingPathsMax = 1000;
/** The missing addresses kept in the database: the most requested. */
export const notFoundKept = 1000;

/** The advisory-lock key that makes the first start seed page records once on a shared PostgreSQL. */
const seedLockKey = advisoryLockKeys.seedPages;


/** Who writes a page record, for the rule on the addresses it takes: the scheduler is nobody (`principal` null). */
export interface PageWriter {
  principal: Principal | null;
  ip: string | null;
  /** A super-admin confirmed that publishing replaces a redirect set up by hand at the page's address. */
  replaceRedirect?: boolean | undefined;
}

/**
 * A page published at an address takes it back from the redirect there (no
 * loops). A redirect a super-admin set up by hand is not an admin's to remove:
 * an admin is refused (403 naming `path`), a super-admin confirms
 * (`replaceRedirect`, else 409), and the removal is an audit line. The
 * scheduler publishes what was confirmed when it was scheduled.
 */
export async function takeBackAddress(trx: Kysely<Database>, lang: string, path: string, writer: PageWriter, field = 'path'): Promise<void> {
  for (const r of await manualRedirectsTaken(trx, lang, path, writer, field)) {
    await appendAudit(trx, { action: 'redirect.delete', actor: writer.principal ? { uid: writer.principal.uid } : null, subject: `${r.from_path} (${lang}): replaced by the page published there`, ip: writer.ip });
  }
  await repo.dropRedirectsFrom(trx, lang, [path]);
  // The address works now: it is no longer among those visitors asked for in vain.
  await repo.forgetNotFound(trx, lang, path);
}

/** The redirects set up by hand at the address that this writer may replace; throws when they may not (see takeBackAddress). */
export async function manualRedirectsTaken(trx: Kysely<Database>, lang: string, path: string, writer: PageWriter, field = 'path'): Promise<repo.RedirectRow[]> {
  const manual = await repo.manualRedirectsAt(trx, lang, [path]);
  for (const r of manual) {
    const leadsTo = r.gone ? 'answers “gone”' : `leads to ${r.url ?? 'another page'}`;
    // Who may replace it is who manages redirects (the page service's `delete` on page records): one rule in the policy table.
    if (writer.principal && !can(writer.principal, 'delete', { type: 'collection', name: sitePageCollection })) {
      const message = `The address ${path} is a redirect a super-admin set up (it ${leadsTo}). Choose another address, or ask a super-admin to publish the page at it.`;
      throw new AppError('permission-denied', message, { field, fields: { [field]: message } });
    }
    if (writer.principal && writer.replaceRedirect !== true) {
      const message = `The address ${path} is a redirect set up by hand (it ${leadsTo}). Publishing the page there removes that redirect: confirm to replace it.`;
      throw new AppError('already-exists', message, { field, fields: { [field]: message }, details: { replaceRedirect: true } });
    }
  }
  return manual;
}

export class SiteStructure {
  private snapshot: Promise<StructureSnapshot> | null = null;
  /** The last snapshot read, for the synchronous questions of the change bus's subscribers. */
  private last: StructureSnapshot | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    changes: ChangeBus,
  ) {
    // Subscribed before any cache (services are built first), so a cache rendering after an event reads the new structure.
    this.unsubscribe = changes.subscribe((event) => {
      if (SiteStructure.touchesStructure(event)) this.snapshot = null;
    });
  }

  static touchesStructure(event: ChangeEvent): boolean {
    return event.type === 'reset' || event.type === 'structure' || event.type === 'settings' || (event.type === 'documents' && (event.collection === sitePageCollection || event.collection === siteNavigationCollection));
  }

  /** Stops following the change bus and writes the counts still in memory. */
  async close(): Promise<void> {
    this.unsubscribe();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flushing;
    await this.flushCounts().catch(() => undefined);
  }

  private get kysely(): Kysely<Database> {
    return this.db.kysely;
  }

  /** The current snapshot, read once per change. */
  current(): Promise<StructureSnapshot> {
    if (!this.snapshot) {
      const loading = this.load();
      this.snapshot = loading;
      loading.then(
        (s) => {
          if (this.snapshot === loading) this.last = s;
        },
        () => {
          if (this.snapshot === loading) this.snapshot = null;
        },
      );
    }
    return this.snapshot;
  }

  private async load(): Promise<StructureSnapshot> {
    const rows = await repo.pageRows(this.kysely);
    const pages = new Map<string, PageRecord>();
    const byPath = new Map<string, string>();
    const sectionCollections = new Map<string, CollectionDef & { extraListPaths: string[] }>();
    const collectionPage = new Map<string, string>();
    for (const row of rows) {
      const live = row.status === 'published' ? parsePage(row.data) : null;
      const working = parsePage(row.pending_data ?? row.data) ?? live;
      if (!working) continue;
      pages.set(row.id, { row, live, working });
      if (live) byPath.set(live.path, row.id);
    }
    // Live sections first: a block's page is where visitors see it (else where editors put it).
    for (const pass of ['live', 'working'] as const) {
      const shown = [...pages].flatMap(([id, p]) => {
        const data = pass === 'live' ? p.live : p.working;
        return data ? [{ id, title: data.title, sections: data.sections }] : [];
      });
      for (const [collection, page] of pagesShowing(shown)) {
        if (!collectionPage.has(collection)) collectionPage.set(collection, page.id);
      }
      for (const page of shown) {
        for (const s of page.sections) {
          if (!getCollection(s.collection) && !sectionCollections.has(s.collection)) sectionCollections.set(s.collection, sectionCollectionDef(s, page));
        }
      }
    }
    const trashedPages = new Map<string, string>();
    for (const row of await repo.trashedPageRows(this.kysely)) trashedPages.set(row.id, parsePage(row.pending_data ?? row.data)?.title ?? row.id);
    const redirects = new Map<string, repo.RedirectRow>();
    for (const r of await repo.listRedirects(this.kysely)) redirects.set(`${r.lang} ${r.from_path}`, r);
    const navRow = await repo.navigationRow(this.kysely);
    const parseNav = (text: string) => {
      const parsed = navigationSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    };
    const liveNav = navRow && navRow.status === 'published' ? parseNav(navRow.data) : null;
    const workingNav = navRow ? (parseNav(navRow.pending_data ?? navRow.data) ?? liveNav) : null;
    const navigation = navRow && workingNav ? { row: navRow, live: liveNav, working: workingNav } : null;
    const languages = siteLanguagesOf((await readSiteSettings(this.kysely)).data);
    const translatedPaths = new Map<string, string>();
    const words = new Map<string, Record<string, string>>();
    const others = languages.languages.filter((l) => l.code !== languages.defaultLanguage).map((l) => l.code);
    for (const t of await publishedTranslations(this.kysely, others, [sitePageCollection, siteNavigationCollection])) {
      const w = JSON.parse(t.data ?? '{}') as Record<string, string>;
      words.set(`${t.document_id} ${t.lang}`, w);
      const live = pages.get(t.document_id)?.live;
      if (t.collection === sitePageCollection && live && w.path) translatedPaths.set(`${t.lang} ${w.path}`, t.document_id);
    }
    return { pages, byPath, sectionCollections, collectionPage, redirects, navigation, languages, translatedPaths, words, trashedPages };
  }

  /** The languages the site speaks. */
  async languages(): Promise<SiteLanguages> {
    return (await this.current()).languages;
  }

  /** A published page's address in a language, or null when the page is not offered in it (no published translation with an address). */
  pathIn(s: StructureSnapshot, id: string, lang: string): string | null {
    const live = s.pages.get(id)?.live;
    if (!live) return null;
    if (lang === s.languages.defaultLanguage) return live.path;
    const path = s.words.get(`${id} ${lang}`)?.path;
    return path ? localizedPath(path, lang, s.languages.defaultLanguage) : null;
  }

  /** Every language a published page is offered in, with its address there (the default language first). */
  async alternatesOf(id: string): Promise<{ lang: string; href: string }[]> {
    const s = await this.current();
    return s.languages.languages.flatMap((l) => {
      const href = this.pathIn(s, id, l.code);
      return href ? [{ lang: l.code, href }] : [];
    });
  }

  /** A collection by name: declared in code, or made by a section editors added. */
  async collection(name: string): Promise<CollectionDef | undefined> {
    return getCollection(name) ?? (await this.current()).sectionCollections.get(name);
  }

  async collectionOrNotFound(name: string): Promise<CollectionDef> {
    const c = await this.collection(name);
    if (!c) throw new AppError('not-found', 'There is no such collection.');
    return c;
  }

  /** The id of the page that shows a collection's blocks (where visitors see them, else where editors put them), or null when no page does. */
  async pageShowing(collection: string): Promise<string | null> {
    return (await this.current()).collectionPage.get(collection) ?? null;
  }

  /**
   * The page a collection's blocks appear on, from the last snapshot read:
   * null for site data (categories, publications, contacts), undefined when
   * the collection is not known (the change bus then treats every page as touched).
   */
  pageOfCollectionNow(name: string): string | null | undefined {
    // Page records and the navigation shape every page: a change to them touches all.
    if (structureCollections.includes(name)) return undefined;
    const found = this.last?.collectionPage.get(name);
    if (found) return found;
    // Site data (categories, publications, contacts) shows on no page of its own.
    const declared = getCollection(name);
    if (declared && !isSectionKind(declared.kind)) return null;
    return undefined;
  }

  /**
   * What an address means: a published page (in the language its prefix
   * names: `/sw/kuhusu` is /kuhusu in Kiswahili), a redirect, gone, or nothing.
   */
  async resolve(pathname: string): Promise<Resolution> {
    const s = await this.current();
    const { lang, path } = splitLanguage(pathname, s.languages);
    // A language's home page has one address, with the slash: `/sw` → `/sw/`.
    if (lang !== s.languages.defaultLanguage && pathname === `/${lang}`) return { kind: 'redirect', location: `/${lang}/`, redirectId: null };
    // One address per page: with a trailing slash (`/about/`, `/sw/zamani/`) an address leads where it leads without one, in one hop.
    if (path !== '/' && path.endsWith('/')) {
      const trimmed = path.replace(/\/+$/, '') || '/';
      const found = this.resolveIn(s, lang, trimmed);
      if (found.kind !== 'page') return found;
      return { kind: 'redirect', location: this.pathIn(s, found.id, lang) ?? localizedPath(trimmed, lang, s.languages.defaultLanguage), redirectId: null };
    }
    return this.resolveIn(s, lang, path);
  }

  /** What a path within a language means (see resolve). */
  private resolveIn(s: StructureSnapshot, lang: string, path: string): Resolution {
    const id = lang === s.languages.defaultLanguage ? s.byPath.get(path) : s.translatedPaths.get(`${lang} ${path}`);
    if (id) return { kind: 'page', id, lang };
    const r = s.redirects.get(`${lang} ${path}`);
    if (!r) return { kind: 'none' };
    if (r.gone) return { kind: 'gone', redirectId: r.id };
    if (r.url) return { kind: 'redirect', location: r.url, redirectId: r.id };
    const target = r.page_id ? (this.pathIn(s, r.page_id, lang) ?? this.pathIn(s, r.page_id, s.languages.defaultLanguage)) : null;
    return target ? { kind: 'redirect', location: target, redirectId: r.id } : { kind: 'gone', redirectId: r.id };
  }

  /** A published page's record in a language (its words laid over the original, `fallback` naming the keys left in the default language), or undefined. */
  async livePage(id: string, lang?: string): Promise<(SitePage & { fallback: string[] }) | undefined> {
    return this.livePageIn(await this.current(), id, lang);
  }

  /** livePage in a snapshot already read. */
  livePageIn(s: StructureSnapshot, id: string, lang?: string): (SitePage & { fallback: string[] }) | undefined {
    const p = s.pages.get(id);
    if (!p?.live) return undefined;
    if (!lang || lang === s.languages.defaultLanguage) return { ...sitePageOf(id, p.live), fallback: [] };
    const { data, fallback } = applyTranslation({ kind: 'page' }, p.live as unknown as Record<string, unknown>, s.words.get(`${id} ${lang}`) ?? null);
    const page = data as unknown as PageData;
    return { ...sitePageOf(id, page), path: this.pathIn(s, id, lang) ?? p.live.path, fallback };
  }

  /** A page as it will be once published (its working copy), drafts included; undefined in the trash or unknown. */
  async workingPage(id: string): Promise<SitePage | undefined> {
    const p = (await this.current()).pages.get(id);
    return p ? sitePageOf(id, p.working) : undefined;
  }

  /** Every published page in the site's order. */
  async livePages(): Promise<SitePage[]> {
    return [...(await this.current()).pages.values()].flatMap((p) => (p.live ? [sitePageOf(p.row.id, p.live)] : []));
  }

  /**
   * A navigation as visitors get it: every link to a page resolved to its
   * current address; links to pages that are not published are left out, and
   * a menu left without links goes too.
   */
  resolveNavigation(s: StructureSnapshot, original: Navigation | null, lang = s.languages.defaultLanguage): PublicNavigation {
    const inDefault = lang === s.languages.defaultLanguage;
    const translated = original && !inDefault ? applyTranslation({ kind: 'navigation' }, original as unknown as Record<string, unknown>, s.words.get(`${siteNavigationId} ${lang}`) ?? null) : null;
    const n = translated ? (translated.data as unknown as Navigation) : original;
    const fellBack = new Set(translated?.fallback ?? []);
    /** The default language's code on a label left untranslated, so it is read in its own language. */
    const langOf = (key: string) => (fellBack.has(key) ? { lang: s.languages.defaultLanguage } : {});
    const link = (l: { label: string; page?: string | undefined; url?: string | undefined }, key: string): ResolvedNavLink | null => {
      if (l.url) return { label: l.label, href: l.url, external: true, ...langOf(key) };
      // A page not offered in this language: its default-language address.
      const href = l.page ? (this.pathIn(s, l.page, lang) ?? this.pathIn(s, l.page, s.languages.defaultLanguage)) : null;
      return href ? { label: l.label, href, external: false, ...langOf(key) } : null;
    };
    if (!n) return { header: [], footer: [] };
    const header = n.header.flatMap((item, i): ResolvedHeaderItem[] => {
      if (!item.children) {
        const own = link(item, `header.${i}.label`);
        return own ? [{ ...own, menuId: null, children: [] }] : [];
      }
      const children = item.children.flatMap((c, j) => link(c, `header.${i}.children.${j}.label`) ?? []);
      // The disclosure button controls `menu-<slug of its label>` (the index keeps two alike apart).
      const slug = item.label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'menu';
      const menuId = n.header.some((other, j) => j < i && other.children && other.label.toLowerCase() === item.label.toLowerCase()) ? `${slug}-${i}` : slug;
      return children.length > 0 ? [{ label: item.label, href: children[0]!.href, external: false, menuId, children, ...langOf(`header.${i}.label`) }] : [];
    });
    const footer = n.footer
      .map((list, i) => ({ heading: list.heading, ...langOf(`footer.${i}.heading`), links: list.links.flatMap((l, j) => link(l, `footer.${i}.links.${j}.label`) ?? []) }))
      .filter((list) => list.links.length > 0);
    return { header, footer };
  }

  /** The published navigation in a language, resolved. */
  async publicNavigation(lang?: string): Promise<PublicNavigation> {
    const s = await this.current();
    return this.resolveNavigation(s, s.navigation?.live ?? null, lang);
  }

  /** The navigation as it will be once published (for previews). */
  async previewNavigation(): Promise<PublicNavigation> {
    const s = await this.current();
    return this.resolveNavigation(s, s.navigation?.working ?? null);
  }

  /** The pages in the Trash a navigation's items point to. */
  trashedPagesIn(s: StructureSnapshot, n: Navigation): { id: string; title: string }[] {
    const ids = new Set(navigationLinks(n).flatMap((l) => (l.page && !s.pages.has(l.page) && s.trashedPages.has(l.page) ? [l.page] : [])));
    return [...ids].map((id) => ({ id, title: s.trashedPages.get(id) ?? id }));
  }

  /** Items that point to a page that is a draft, in the trash or gone: they would vanish from the site. */
  navigationProblems(s: StructureSnapshot, n: Navigation): NavigationProblem[] {
    return navigationLinks(n).flatMap((l) => {
      if (!l.page) return [];
      const p = s.pages.get(l.page);
      const trashed = s.trashedPages.get(l.page);
      if (!p && trashed !== undefined) return [{ path: l.path, label: l.label, message: `“${l.label}” points to the page “${trashed}”, which is in the Trash: restore and publish it, or point the item elsewhere.` }];
      if (!p) return [{ path: l.path, label: l.label, message: `“${l.label}” points to a page that no longer exists.` }];
      if (!p.live) return [{ path: l.path, label: l.label, message: `“${l.label}” points to the draft page “${p.working.title}”: it will not show until that page is published.` }];
      return [];
    });
  }

  /**
   * Visits through redirects and requests for missing addresses, counted in
   * memory and written once a second: a request never waits for a count, and
   * a flood of missing addresses costs one write a second, not one each (at
   * most `pendingPathsMax` distinct ones wait; more are not counted until then).
   */
  private readonly pendingRedirectHits = new Map<string, { hits: number; at: string }>();
  private readonly pendingNotFound = new Map<string, { lang: string; path: string; hits: number; at: string }>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  countRedirect(id: string): void {
    const at = new Date().toISOString();
    const seen = this.pendingRedirectHits.get(id);
    this.pendingRedirectHits.set(id, { hits: (seen?.hits ?? 0) + 1, at });
    this.scheduleFlush();
  }

  /** Counts a request for a missing address; the list keeps the most requested thousand. */
  countNotFound(path: string, lang: string): void {
    const key = `${lang} ${path.slice(0, 500)}`;
    const seen = this.pendingNotFound.get(key);
    if (!seen && this.pendingNotFound.size >= pendingPathsMax) return;
    this.pendingNotFound.set(key, { lang, path: path.slice(0, 500), hits: (seen?.hits ?? 0) + 1, at: new Date().toISOString() });
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flushing = this.flushing.then(() => this.flushCounts()).catch(() => undefined);
    }, countFlushMs);
    this.flushTimer.unref();
  }

  /** Writes the counts waiting in memory (also at close). */
  async flushCounts(): Promise<void> {
    const redirects = [...this.pendingRedirectHits];
    const missing = [...this.pendingNotFound.values()];
    this.pendingRedirectHits.clear();
    this.pendingNotFound.clear();
    for (const [id, c] of redirects) await repo.countRedirectHits(this.kysely, id, c.hits, c.at);
    for (const m of missing) await repo.countNotFound(this.kysely, m.lang, m.path, m.hits, m.at);
    if (missing.length > 0) await repo.pruneNotFound(this.kysely, notFoundKept);
  }

  /**
   * Inside the transaction of every write to a page record: the addresses it
   * holds stay unique (409 naming `path` otherwise), and a published page
   * whose live address changed leaves a redirect from the old one.
   */
  async afterPageWrite(trx: Kysely<Database>, before: DocumentRow | undefined, after: DocumentRow, writer: PageWriter): Promise<void> {
    const by = writer.principal?.uid ?? null;
    const lang = await defaultLanguageIn(trx);
    const live = after.deleted_at === null && after.status === 'published' ? parsePage(after.data) : null;
    const working = after.deleted_at === null ? parsePage(after.pending_data ?? after.data) : null;
    const held = [working?.path, live?.path].filter((p): p is string => typeof p === 'string');
    const result = await repo.holdPaths(trx, lang, after.id, held);
    if (!result.ok) {
      const message = `Another page already has the address ${result.path}. Choose another address.`;
      throw new AppError('already-exists', message, { field: 'path', fields: { path: message } });
    }
    // A page in the trash holds no address in any language (its translations' addresses come back with a restore and a publish).
    if (after.deleted_at !== null) await trx.deleteFrom('site_paths').where('page_id', '=', after.id).where('lang', '!=', lang).execute();
    const wasLive = before && before.deleted_at === null && before.status === 'published' ? parsePage(before.data) : null;
    if ((wasLive?.path ?? null) !== (live?.path ?? null)) this.shapeChanges.add(after.id);
    const at = new Date().toISOString();
    if (live) await takeBackAddress(trx, lang, live.path, writer);
    if (wasLive && live && wasLive.path !== live.path) {
      await repo.putRedirect(trx, { lang, fromPath: wasLive.path, pageId: after.id, automatic: true, at, by });
    }
  }

  /** Scheduling a page's publish: the writer may take its address then (the scheduler, acting as nobody, does not ask again). */
  async checkScheduledAddress(row: DocumentRow, writer: PageWriter): Promise<void> {
    const working = parsePage(row.pending_data ?? row.data);
    if (working) await manualRedirectsTaken(this.kysely, await defaultLanguageIn(this.kysely), working.path, writer);
  }

  /** Pages whose live address changed (or that came onto or off the site) in a write not yet announced. */
  private readonly shapeChanges = new Set<string>();

  /** Did the last write of this page change its live address (or whether it is live)? Asked once, when the write is announced. */
  takeShapeChange(id: string): boolean {
    return this.shapeChanges.delete(id);
  }

  /** A published page's addresses now, in every language it is offered in (none while it is not published). */
  addressesOf(s: StructureSnapshot, id: string): { lang: string; path: string }[] {
    const live = s.pages.get(id)?.live;
    if (!live) return [];
    return s.languages.languages.flatMap((l) => {
      const path = l.code === s.languages.defaultLanguage ? live.path : s.words.get(`${id} ${l.code}`)?.path;
      return path ? [{ lang: l.code, path }] : [];
    });
  }

  /**
   * Where a deleted page's addresses lead, in the transaction that moves it
   * to the trash: its addresses in every language, and the old addresses that
   * led to it (automatic or set up by hand), all lead to the chosen page (in
   * each language where that page is offered, else its default-language
   * address: redirects point to a page's id, resolved when visited), or answer
   * 410. With "gone" the old addresses keep pointing to the deleted page: they
   * answer 410 while it is off the site, and lead to it again should it be
   * restored and published (its own addresses it takes back then, so none loops).
   */
  async redirectDeleted(trx: Kysely<Database>, pageId: string, addresses: readonly { lang: string; path: string }[], target: { pageId: string } | { gone: true }, by: string | null): Promise<void> {
    const at = new Date().toISOString();
    for (const a of addresses) await repo.putRedirect(trx, { lang: a.lang, fromPath: a.path, ...target, automatic: true, at, by });
    if ('pageId' in target) await repo.repointRedirects(trx, pageId, target.pageId);
  }

  /**
   * Gives a new or upgraded database the pages the site starts with
   * (published, at their paths); does nothing once any page record exists.
   */
  async ensureDefaultPages(): Promise<void> {
    await this.ensureDefaultNavigation();
    if ((await repo.countPageRows(this.kysely)) > 0) return;
    const at = new Date().toISOString();
    await this.kysely.transaction().execute(async (trx) => {
      if (this.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
      if ((await repo.countPageRows(trx)) > 0) return;
      let position = 0;
      const lang = await defaultLanguageIn(trx);
      for (const p of defaultPages()) {
        const data = JSON.stringify(pageDataSchema.parse(p.data));
        await trx
          .insertInto('documents')
          .values({ id: p.id, collection: sitePageCollection, data, status: 'published', position: position++, version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null, title_search: titleSearchFor(sitePageCollection, data) })
          .execute();
        await trx.insertInto('revisions').values({ id: crypto.randomUUID(), document_id: p.id, collection: sitePageCollection, number: 1, action: 'create', status: 'published', data, at, by_id: null, by_name: null }).execute();
        await repo.holdPaths(trx, lang, p.id, [p.data.path]);
      }
    });
    this.snapshot = null;
  }

  /** Gives a site without a navigation document today's menus, published. */
  private async ensureDefaultNavigation(): Promise<void> {
    if (await repo.navigationRow(this.kysely)) return;
    const at = new Date().toISOString();
    await this.kysely.transaction().execute(async (trx) => {
      if (this.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
      if (await repo.navigationRow(trx)) return;
      const data = JSON.stringify(navigationSchema.parse(defaultNavigation()));
      await trx
        .insertInto('documents')
        .values({ id: siteNavigationId, collection: siteNavigationCollection, data, status: 'published', position: 0, version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null, title_search: titleSearchFor(siteNavigationCollection, data) })
        .execute();
      await trx.insertInto('revisions').values({ id: crypto.randomUUID(), document_id: siteNavigationId, collection: siteNavigationCollection, number: 1, action: 'create', status: 'published', data, at, by_id: null, by_name: null }).execute();
    });
    this.snapshot = null;
  }
}
