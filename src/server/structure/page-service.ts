/**
 * Pages as records: listing them with their sections, creating one from a
 * starting layout or as a copy, changing it, its editorial steps, and
 * deleting it without breaking a link (refused while anything points to it,
 * unless the caller says where its address should lead). Every write is a
 * block write of `sitepage` through the content domain, so history, the
 * trash, scheduling and the audit log are the blocks' own.
 */
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Principal } from '../../shared/access.js';
import { documentStateOf } from '../../shared/editorial.js';
import { localizedPath, splitLanguage } from '../../shared/languages.js';
import { AppError } from '../../shared/errors.js';
import type { PageSection } from '../../shared/page-sections.js';
import {
  createPageBodySchema,
  createRedirectBodySchema,
  deletePageBodySchema,
  notFoundListMax,
  pageDataSchema,
  pagePresets,
  sitePageCollection,
  type PageBlockChanges,
  type PageChanges,
  type PageData,
  type PageLink,
  type Redirect,
} from '../../shared/site-structure.js';
import { authorize } from '../authorize.js';
import { appendAudit } from '../audit/repository.js';
import type { ContentService, Caller } from '../content/service.js';
import { workingCopyOf } from '../content/editorial.js';
import { blocksMentioning, blocksOf, listPublished } from '../content/repository.js';
import type { ExpectedVersion } from '../http/if-match.js';
import type { Services } from '../services.js';
import * as repo from './repository.js';
import { notFoundKept, type StructureSnapshot } from './service.js';
import { navigationLinks } from '../../shared/site-navigation.js';

const pageSubject = { type: 'collection', name: sitePageCollection } as const;

/** A page as the structure API answers it (its working copy, with where it stands). */
export interface PageAnswer extends PageData {
  id: string;
  state: ReturnType<typeof documentStateOf>;
  /** The address visitors reach it at now (null while it is not published). */
  livePath: string | null;
  version: number;
}

/** Validation errors of a page's own fields, named as the contract says (`path`, `title`, `sections.0.kind`). */
function parsePage(value: unknown): PageData {
  const parsed = pageDataSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    fields[field] ??= issue.message;
  }
  const first = Object.keys(fields)[0] ?? 'body';
  throw new AppError('invalid-argument', `${first}: ${fields[first]}`, { field: first, fields });
}

function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  throw new AppError('invalid-argument', `${field}: ${issue?.message ?? 'not valid'}`, { field, fields: { [field]: issue?.message ?? 'not valid' } });
}

/** A new collection name for a section's blocks. */
function newSectionCollection(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(10);
  return `s-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

function newSection(s: Omit<PageSection, 'id' | 'collection'>): PageSection {
  const collection = newSectionCollection();
  return { ...s, options: { ...s.options }, id: collection, collection };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class PageService {
  constructor(
    private readonly services: Services,
    private readonly content: ContentService,
  ) {}

  private get db() {
    return this.services.db.kysely;
  }

  private async answer(id: string): Promise<PageAnswer> {
    const p = (await this.services.structure.current()).pages.get(id);
    if (!p) throw new AppError('not-found', 'There is no such page.');
    const doc = p.row;
    return {
      ...p.working,
      id,
      state: documentStateOf({ status: doc.status, hasPendingChanges: doc.pending_data !== null, publishAt: doc.publish_at, unpublishAt: doc.unpublish_at }),
      livePath: p.live?.path ?? null,
      version: Number(doc.version),
    };
  }

  async list(principal: Principal | null): Promise<{ pages: PageAnswer[] }> {
    authorize(principal, 'readDrafts', pageSubject);
    const s = await this.services.structure.current();
    return { pages: await Promise.all([...s.pages.keys()].map((id) => this.answer(id))) };
  }

  async read(principal: Principal | null, id: string): Promise<PageAnswer> {
    authorize(principal, 'readDrafts', pageSubject);
    return this.answer(id);
  }

  /** A new page, as a draft: from a starting layout, or a copy of another page (its blocks copied as drafts). */
  async create(caller: Caller, body: unknown): Promise<PageAnswer> {
    authorize(caller.principal, 'create', pageSubject);
    const input = parseBody(createPageBodySchema, body);
    let sections: PageSection[];
    let copies: { from: string; to: string }[] = [];
    if (input.duplicateOf !== undefined) {
      const source = (await this.services.structure.current()).pages.get(input.duplicateOf);
      if (!source) throw new AppError('invalid-argument', 'duplicateOf: There is no such page to copy.', { field: 'duplicateOf', fields: { duplicateOf: 'There is no such page to copy.' } });
      sections = source.working.sections.map((s) => newSection({ kind: s.kind, heading: s.heading, options: s.options }));
      copies = source.working.sections.map((s, i) => ({ from: s.collection, to: sections[i]!.collection }));
    } else {
      sections = pagePresets[input.preset].sections.map((s) => newSection(s));
    }
    const data = parsePage({ path: input.path, title: input.title, navLabel: input.navLabel ?? '', description: input.description ?? '', socialImage: null, sections });
    const created = await this.content.createAs(sitePageCollection, { data, status: 'draft' }, caller);
    for (const copy of copies) {
      const rows = await blocksOf(this.db, copy.from);
      for (const row of rows) await this.content.createAs(copy.to, { data: JSON.parse(workingCopyOf(row)), status: 'draft', position: Number(row.position) }, caller);
    }
    return this.answer(created.id);
  }

  /** Changes a page's working copy (a published page keeps what visitors see until "Publish changes"). */
  async update(caller: Caller, id: string, expectedVersion: ExpectedVersion, body: unknown): Promise<PageAnswer> {
    authorize(caller.principal, 'update', pageSubject);
    const current = (await this.services.structure.current()).pages.get(id);
    if (!current) throw new AppError('not-found', 'There is no such page.');
    const patch = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const sections = Array.isArray(patch.sections)
      ? // A section without a collection is new: it gets one of its own.
        (patch.sections as unknown[]).map((s) => (s && typeof s === 'object' && !('collection' in s) ? { ...newSection(s as Omit<PageSection, 'id' | 'collection'>), ...(s as object), collection: newSectionCollection() } : s))
      : current.working.sections;
    const data = parsePage({ ...current.working, ...patch, sections });
    await this.content.update(caller, sitePageCollection, id, expectedVersion, { data });
    return this.answer(id);
  }

  /** The collections of a page's sections as they will be once published (its working copy), once each. */
  private async sectionCollections(id: string): Promise<string[]> {
    const p = (await this.services.structure.current()).pages.get(id);
    if (!p) throw new AppError('not-found', 'There is no such page.');
    return [...new Set(p.working.sections.map((s) => s.collection))];
  }

  /** What "Publish" would take live now (shared/site-structure.ts `pageChangesSchema`). */
  async changes(principal: Principal | null, id: string): Promise<PageChanges> {
    authorize(principal, 'readDrafts', pageSubject);
    const page = (await this.services.structure.current()).pages.get(id);
    if (!page) throw new AppError('not-found', 'There is no such page.');
    const collections = await this.sectionCollections(id);
    const blocks = await this.content.editorial.pageBlockChanges(collections);
    const shown = new Set([...(await listPublished(this.db, collections)).map((r) => r.collection), ...blocks.map((b) => b.c.name)]);
    return {
      page: page.row.status === 'draft' || page.row.pending_data !== null,
      blocks: blocks.map((b) => b.change),
      empty: !collections.some((c) => shown.has(c)),
    };
  }

  /**
   * Publish (the page with its sections' blocks, one transaction: editorial.ts
   * `publishPage`), unpublish (the page; its blocks stay as they are and show
   * again with it) or discard the page's pending changes.
   */
  async step(caller: Caller, step: 'publish' | 'unpublish' | 'discard', id: string, expectedVersion: ExpectedVersion, body: unknown): Promise<PageAnswer & { published?: PageBlockChanges }> {
    const e = this.content.editorial;
    if (step === 'publish') {
      const published = await e.publishPage(caller, id, await this.sectionCollections(id), expectedVersion, body);
      return { ...(await this.answer(id)), published };
    }
    if (step === 'unpublish') await e.unpublish(caller, sitePageCollection, id, expectedVersion, body);
    else await e.discard(caller, sitePageCollection, id, expectedVersion);
    return this.answer(id);
  }

  /** The navigation's items that point to a page (its published and its working copy). */
  navigationLinksTo(s: StructureSnapshot, id: string): PageLink[] {
    const found = new Map<string, PageLink>();
    for (const n of [s.navigation?.live, s.navigation?.working]) {
      if (!n) continue;
      for (const l of navigationLinks(n)) if (l.page === id) found.set(l.path, { source: 'navigation', title: l.label, field: l.path });
    }
    return [...found.values()];
  }

  /** What points to a page's address: link fields and rich-text links of blocks (live or working copies). */
  async linksTo(path: string): Promise<PageLink[]> {
    const rows = await blocksMentioning(this.db, path, sitePageCollection);
    const href = new RegExp(`href="${escapeRegExp(path)}(?:[#?][^"]*)?"`);
    const links: PageLink[] = [];
    for (const row of rows) {
      const c = await this.services.structure.collection(row.collection);
      if (!c) continue;
      const seen = new Set<string>();
      for (const text of [row.data, row.pending_data]) {
        if (!text) continue;
        const data = JSON.parse(text) as Record<string, unknown>;
        for (const f of c.fields) {
          const v = data[f.name];
          if (typeof v !== 'string' || seen.has(f.name)) continue;
          const hit = f.type === 'url' ? v === path || v.startsWith(`${path}#`) || v.startsWith(`${path}?`) : f.type === 'richText' ? href.test(v) : false;
          if (hit) {
            seen.add(f.name);
            const title = data[c.titleField];
            links.push({ source: row.collection, id: row.id, title: typeof title === 'string' && title ? title : 'Untitled', field: `data.${f.name}` });
          }
        }
      }
    }
    return links;
  }

  /** Everything that points to a page now: menu items, and link fields and rich-text links to its address. */
  private async everyLinkTo(s: StructureSnapshot, id: string): Promise<PageLink[]> {
    const livePath = s.pages.get(id)?.live?.path ?? null;
    return [...this.navigationLinksTo(s, id), ...(livePath ? await this.linksTo(livePath) : [])];
  }

  /** `GET /api/site/pages/:id/links`: what points to a page, asked before deleting it (whoever may delete it). */
  async links(principal: Principal | null, id: string): Promise<{ links: PageLink[] }> {
    authorize(principal, 'delete', pageSubject);
    const s = await this.services.structure.current();
    if (!s.pages.has(id)) throw new AppError('not-found', 'There is no such page.');
    return { links: await this.everyLinkTo(s, id) };
  }

  /**
   * Moves a page to the trash. A published page's address then leads where
   * the caller says (`redirectTo` a page, or `gone`: 410); while anything
   * links to it and the caller said neither, 409 with the links.
   */
  async remove(caller: Caller, id: string, expectedVersion: ExpectedVersion, body: unknown): Promise<void> {
    authorize(caller.principal, 'delete', pageSubject);
    const s = await this.services.structure.current();
    const page = s.pages.get(id);
    if (!page) {
      // A delete resent after it was done (its answer never came): the page is in the trash under this write's key.
      if (caller.requestKey?.() && (await this.content.editorial.trashedBefore(caller, sitePageCollection, id, expectedVersion()))) return;
      throw new AppError('not-found', 'There is no such page.');
    }
    const choice = parseBody(deletePageBodySchema, body);
    const livePath = page.live?.path ?? null;
    if ('redirectTo' in choice) {
      const target = s.pages.get(choice.redirectTo);
      if (!target?.live || choice.redirectTo === id) throw new AppError('invalid-argument', 'redirectTo: Choose another published page.', { field: 'redirectTo', fields: { redirectTo: 'Choose another published page.' } });
    }
    if (livePath && !('redirectTo' in choice) && !('gone' in choice)) {
      const links = await this.everyLinkTo(s, id);
      if (links.length > 0) {
        throw new AppError('failed-precondition', `${links.length} ${links.length === 1 ? 'link points' : 'links point'} to ${livePath}. Choose a page its address should lead to, or say it is gone.`, { status: 409, details: { links } });
      }
    }
    const target = 'redirectTo' in choice ? { pageId: choice.redirectTo } : { gone: true as const };
    // Every address of the page, in every language, and the old ones that led to it: in the trash step's transaction.
    const addresses = this.services.structure.addressesOf(s, id);
    await this.content.editorial.trash(caller, sitePageCollection, id, expectedVersion, (trx) => this.services.structure.redirectDeleted(trx, id, addresses, target, caller.principal?.uid ?? null));
    this.services.changes.publish({ type: 'structure' });
  }

  async redirects(principal: Principal | null): Promise<{ redirects: Redirect[] }> {
    authorize(principal, 'delete', pageSubject);
    const site = await this.services.structure.languages();
    return { redirects: (await repo.listRedirects(this.db)).map((r) => toRedirect(r, site.defaultLanguage)) };
  }

  async addRedirect(caller: Caller, body: unknown): Promise<Redirect> {
    authorize(caller.principal, 'delete', pageSubject);
    const input = parseBody(createRedirectBodySchema, body);
    const s = await this.services.structure.current();
    // An old address under a language's prefix (`/sw/zamani`) redirects in that language.
    const from = splitLanguage(input.fromPath, s.languages);
    const inDefault = from.lang === s.languages.defaultLanguage;
    if (inDefault ? s.byPath.has(from.path) : s.translatedPaths.has(`${from.lang} ${from.path}`)) throw new AppError('already-exists', `fromPath: A published page is at ${input.fromPath}; change its address first.`, { field: 'fromPath', fields: { fromPath: 'A published page is at this address.' } });
    if (input.pageId !== undefined && !s.pages.get(input.pageId)?.live) throw new AppError('invalid-argument', 'pageId: Choose a published page.', { field: 'pageId', fields: { pageId: 'Choose a published page.' } });
    const at = new Date().toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      const r = await repo.putRedirect(trx, { lang: from.lang, fromPath: from.path, pageId: input.pageId ?? null, url: input.url ?? null, gone: input.gone === true, automatic: false, at, by: caller.principal?.uid ?? null });
      await appendAudit(trx, { action: 'redirect.create', actor: caller.principal ? { uid: caller.principal.uid } : null, subjectId: r.id, subject: input.fromPath, ip: caller.ip, at });
      return r;
    });
    this.services.changes.publish({ type: 'structure' });
    return toRedirect(row, s.languages.defaultLanguage);
  }

  async removeRedirect(caller: Caller, id: string): Promise<void> {
    authorize(caller.principal, 'delete', pageSubject);
    const at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.deleteRedirect(trx, id);
      if (!row) throw new AppError('not-found', 'There is no such redirect.');
      await appendAudit(trx, { action: 'redirect.delete', actor: caller.principal ? { uid: caller.principal.uid } : null, subjectId: id, subject: row.from_path, ip: caller.ip, at });
    });
    this.services.changes.publish({ type: 'structure' });
  }

  async notFound(principal: Principal | null): Promise<{ paths: { path: string; hits: number; lastAt: string }[] }> {
    authorize(principal, 'delete', pageSubject);
    const { structure } = this.services;
    const site = await structure.languages();
    // Each missing address as visitors typed it: under its language's prefix; those that lead somewhere now (a page published there, a redirect) are left out.
    const rows = await repo.listNotFound(this.db, notFoundKept);
    const paths: { path: string; hits: number; lastAt: string }[] = [];
    for (const r of rows) {
      if (paths.length >= notFoundListMax) break;
      const path = localizedPath(r.path, r.lang, site.defaultLanguage);
      if ((await structure.resolve(path)).kind === 'none') paths.push({ path, hits: Number(r.hits), lastAt: r.last_at });
    }
    return { paths };
  }
}

/** A redirect as staff read it: its old address as visitors type it (under its language's prefix). */
function toRedirect(r: repo.RedirectRow, defaultLanguage: string): Redirect {
  return {
    id: r.id,
    lang: r.lang,
    fromPath: localizedPath(r.from_path, r.lang, defaultLanguage),
    pageId: r.page_id,
    url: r.url,
    gone: Number(r.gone) === 1,
    automatic: Number(r.automatic) === 1,
    hits: Number(r.hits),
    lastHitAt: r.last_hit_at,
    createdAt: r.created_at,
  };
}
