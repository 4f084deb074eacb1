/**
 * Translations on the server: reading and writing a block's words in another
 * language (`?lang=<code>` on blocks, pages and the navigation), publishing
 * one language without waiting for any other, telling current translations
 * from outdated ones, the Translations report, and the published words the
 * public pages lay over their originals.
 *
 * A translation is current when the original's words it was made from (its
 * `source`, recorded when it is published or confirmed) equal the original's
 * words now; the original's live words count, so saving a draft of the
 * original outdates nothing, publishing it does.
 */
import type { Kysely } from 'kysely';
import type { CollectionDef } from '../../shared/collections.js';
import { auditTitle, blockTitle } from '../../shared/collections.js';
import { AppError } from '../../shared/errors.js';
import type { Principal } from '../../shared/access.js';
import { can } from '../../shared/access.js';
import { langQuerySchema, type Language, type SiteLanguages, type TranslationState } from '../../shared/languages.js';
import { changedSince, slotsOf, sourceOf, type Slot, type TranslatableShape } from '../../shared/translatable.js';
import {
  translationBodySchema,
  translationRevisionSchema,
  type PageTranslation,
  type PageTranslationPart,
  type TranslationHistory,
  type TranslationReading,
  type TranslationReport,
  type TranslationReportItem,
  type TranslationStates,
} from '../../shared/translations.js';
import { sectionHeading } from '../../shared/page-sections.js';
import { kinds } from '../../shared/kinds.js';
import { pagePathSchema, sitePageCollection } from '../../shared/site-structure.js';
import { siteNavigationCollection } from '../../shared/site-navigation.js';
import { siteSettingsFields } from '../../shared/settings.js';
import type { AuditAction } from '../../shared/editorial.js';
import type { Database } from '../db/schema.js';
import { authorize } from '../authorize.js';
import { appendAudit } from '../audit/repository.js';
import type { SettingsService } from '../settings/service.js';
import * as contentRepo from '../content/repository.js';
import type { DocumentRow } from '../content/repository.js';
import * as structureRepo from '../structure/repository.js';
import { sanitizeRichText } from '../content/sanitize.js';
import { foldTitle } from '../db/title-search.js';
import { parse } from '../content/requests.js';
import type { ExpectedVersion } from '../http/if-match.js';
import type { Db } from '../db/index.js';
import type { ChangeBus } from '../changes.js';
import { takeBackAddress, type SiteStructure } from '../structure/service.js';
import * as repo from './repository.js';
import type { TranslationRow } from './repository.js';
import { findUserById } from '../auth/accounts/repository.js';

export interface TranslationCaller {
  principal: Principal | null;
  ip: string | null;
}

type Words = Record<string, string>;

function words(text: string | null): Words | null {
  if (text === null) return null;
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object') return null;
  const out: Words = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

const hasWords = (w: Words | null): w is Words => !!w && Object.values(w).some((v) => v.trim() !== '');

/** Which words a collection's blocks have. */
export function shapeOf(c: Pick<CollectionDef, 'name' | 'fields'>): TranslatableShape {
  if (c.name === sitePageCollection) return { kind: 'page' };
  if (c.name === siteNavigationCollection) return { kind: 'navigation' };
  return { kind: 'fields', fields: c.fields };
}

export const settingsShape: TranslatableShape = { kind: 'settings', fields: siteSettingsFields };
/** Where the settings' translations are kept (the translations table's collection and id). */
export const settingsTranslationKey = { collection: '@settings', id: 'site' } as const;

/** A translation's state against its original as it is live now. */
export function stateOf(shape: TranslatableShape, original: Pick<DocumentRow, 'data'>, tr: Pick<TranslationRow, 'data' | 'source'> | undefined): { state: TranslationState; changed: string[] } {
  const live = words(tr?.data ?? null);
  if (!hasWords(live)) return { state: 'missing', changed: [] };
  const changed = changedSince(words(tr?.source ?? null) ?? {}, sourceOf(shape, JSON.parse(original.data) as Record<string, unknown>));
  return { state: changed.length > 0 ? 'outdated' : 'current', changed };
}

export class Translations {
  constructor(private readonly services: { db: Db; structure: SiteStructure; changes: ChangeBus; settings: SettingsService }) {}

  private get db(): Kysely<Database> {
    return this.services.db.kysely;
  }

  /** The site's languages, as the structure's snapshot holds them (read again when the settings change). */
  async languages(): Promise<SiteLanguages> {
    return this.services.structure.languages();
  }

  /** The language a staff request's `?lang=` names, or null for the default one (or none given); 400 for a language the site does not speak. */
  async requested(query: unknown): Promise<Language | null> {
    const { lang } = parse(langQuerySchema, { lang: (query as { lang?: unknown } | null | undefined)?.lang });
    if (lang === undefined) return null;
    const site = await this.languages();
    if (lang === site.defaultLanguage) return null;
    const found = site.languages.find((l) => l.code === lang);
    if (!found) throw new AppError('invalid-argument', `lang: the site has no language ${lang}. Add it in the site settings first.`, { field: 'lang', fields: { lang: 'Not one of the site’s languages' } });
    return found;
  }

  /** Each other language's state for these blocks (a staff reading in the default language). */
  async statesOf(c: Pick<CollectionDef, 'name' | 'fields'>, rows: readonly DocumentRow[]): Promise<Map<string, TranslationStates>> {
    const site = await this.languages();
    const others = site.languages.filter((l) => l.code !== site.defaultLanguage);
    const out = new Map<string, TranslationStates>();
    if (others.length === 0) return out;
    const shape = shapeOf(c);
    const byKey = new Map((await repo.translationsOf(this.db, rows.map((r) => r.id))).map((t) => [`${t.document_id} ${t.lang}`, t]));
    for (const row of rows) {
      const states: TranslationStates = {};
      for (const l of others) states[l.code] = stateOf(shape, row, byKey.get(`${row.id} ${l.code}`)).state;
      out.set(row.id, states);
    }
    return out;
  }

  private async original(principal: Principal | null, name: string, id: string, action: 'read' | 'update'): Promise<{ c: CollectionDef; row: DocumentRow }> {
    const c = await this.services.structure.collectionOrNotFound(name);
    // Translations are staff work: a visitor reads the published words on the pages themselves.
    if (!principal) throw new AppError('unauthenticated', 'Sign in to read or change translations.');
    authorize(principal, action, { type: 'collection', name });
    if (action === 'read' && !can(principal, 'readDrafts', { type: 'collection', name })) throw new AppError('permission-denied', 'Translations are for staff.');
    const row = await contentRepo.findDocument(this.db, name, id);
    if (!row) throw new AppError('not-found');
    return { c, row };
  }

  private reading(c: CollectionDef, row: DocumentRow, lang: string, tr: TranslationRow | undefined): TranslationReading {
    const shape = shapeOf(c);
    const live = words(tr?.data ?? null);
    const pending = words(tr?.pending_data ?? null);
    const { state, changed } = stateOf(shape, row, tr);
    return {
      id: row.id,
      collection: c.name,
      lang,
      slots: slotsOf(shape, JSON.parse(row.pending_data ?? row.data) as Record<string, unknown>),
      values: pending ?? live ?? {},
      live: hasWords(live) ? live : null,
      hasPendingChanges: pending !== null,
      source: words(tr?.source ?? null),
      changed,
      state,
      version: tr ? Number(tr.version) : 0,
    };
  }

  async read(principal: Principal | null, name: string, id: string, lang: Language): Promise<TranslationReading> {
    const { c, row } = await this.original(principal, name, id, 'read');
    return this.reading(c, row, lang.code, await repo.findTranslation(this.db, row.id, lang.code));
  }

  /**
   * The words of a save, checked against the original's words now: a key the
   * original has no text for is refused, each text keeps its slot's limit,
   * rich text is cleaned as on every save, an address follows the address rule.
   */
  private clean(slots: readonly Slot[], raw: Words): Words {
    const byKey = new Map(slots.map((s) => [s.key, s]));
    const out: Words = {};
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(raw)) {
      const slot = byKey.get(key);
      const field = `translation.${key}`;
      if (!slot) {
        fields[field] = 'The original has no text here to translate.';
        continue;
      }
      const text = slot.type === 'richText' ? sanitizeRichText(value) : value.trim();
      if (text.length > slot.max) fields[field] = `At most ${slot.max} characters`;
      else if (slot.type === 'path' && text) {
        const parsed = pagePathSchema.safeParse(text);
        if (!parsed.success) fields[field] = parsed.error.issues[0]?.message ?? 'Not an address';
      }
      if (text) out[key] = text;
    }
    const first = Object.keys(fields)[0];
    if (first) throw new AppError('invalid-argument', `${first}: ${fields[first]}`, { field: first, fields });
    return out;
  }

  /** Saves the words (a working copy visitors do not see yet), or saves and publishes them with `status: 'published'`. */
  async save(caller: TranslationCaller, name: string, id: string, lang: Language, expectedVersion: ExpectedVersion, body: unknown): Promise<TranslationReading> {
    const { c, row } = await this.original(caller.principal, name, id, 'update');
    const version = expectedVersion();
    const input = parse(translationBodySchema, body);
    const shape = shapeOf(c);
    const values = this.clean(slotsOf(shape, JSON.parse(row.pending_data ?? row.data) as Record<string, unknown>), input.translation);
    const text = JSON.stringify(values);
    if (input.status === 'published') return this.publishWords(caller, c, row, lang, version, text, ['translation.save', 'translation.publish']);
    return this.write(caller, c, row, lang, version, { pending_data: text }, ['translation.save']);
  }

  /** Publishes the saved words of one language (no other language waits or moves). */
  async publish(caller: TranslationCaller, name: string, id: string, lang: Language, expectedVersion: ExpectedVersion): Promise<TranslationReading> {
    const { c, row } = await this.original(caller.principal, name, id, 'update');
    const version = expectedVersion();
    const tr = await repo.findTranslation(this.db, row.id, lang.code);
    if (!tr || Number(tr.version) !== version) throw new AppError('aborted');
    const text = tr.pending_data ?? tr.data;
    if (!hasWords(words(text))) throw new AppError('failed-precondition', `There is no ${lang.name} text to publish yet. Write the translation first.`);
    return this.publishWords(caller, c, row, lang, version, text!, ['translation.publish']);
  }

  /** "Still correct": the published translation now follows the original as it is, without a change to its words. */
  async confirm(caller: TranslationCaller, name: string, id: string, lang: Language, expectedVersion: ExpectedVersion): Promise<TranslationReading> {
    const { c, row } = await this.original(caller.principal, name, id, 'update');
    const version = expectedVersion();
    const tr = await repo.findTranslation(this.db, row.id, lang.code);
    if (!tr || !hasWords(words(tr.data))) throw new AppError('failed-precondition', `There is no published ${lang.name} translation to confirm.`);
    const source = JSON.stringify(sourceOf(shapeOf(c), JSON.parse(row.data) as Record<string, unknown>));
    return this.write(caller, c, row, lang, version, { source }, ['translation.confirm']);
  }

  /** The site settings' words in a language, beside the original (super-admins, as the settings themselves). */
  async readSettings(principal: Principal | null, lang: Language): Promise<TranslationReading> {
    if (!principal) throw new AppError('unauthenticated', 'Sign in to read or change translations.');
    authorize(principal, 'update', { type: 'settings' });
    const { data } = await this.services.settings.current();
    return this.settingsReading(data as unknown as Record<string, unknown>, lang.code, await repo.findTranslation(this.db, settingsTranslationKey.id, lang.code));
  }

  private settingsReading(original: Record<string, unknown>, lang: string, tr: TranslationRow | undefined): TranslationReading {
    const live = words(tr?.data ?? null);
    const changed = hasWords(live) ? changedSince(words(tr?.source ?? null) ?? {}, sourceOf(settingsShape, original)) : [];
    return {
      id: settingsTranslationKey.id,
      collection: settingsTranslationKey.collection,
      lang,
      slots: slotsOf(settingsShape, original),
      values: live ?? {},
      live: hasWords(live) ? live : null,
      hasPendingChanges: false,
      source: words(tr?.source ?? null),
      changed,
      state: !hasWords(live) ? 'missing' : changed.length > 0 ? 'outdated' : 'current',
      version: tr ? Number(tr.version) : 0,
    };
  }

  /**
   * Saves the settings' words in a language; like the settings themselves
   * they are on the site at once (there is no draft of the settings).
   */
  async saveSettings(caller: TranslationCaller, lang: Language, expectedVersion: ExpectedVersion, body: unknown): Promise<TranslationReading> {
    if (!caller.principal) throw new AppError('unauthenticated', 'Sign in to read or change translations.');
    authorize(caller.principal, 'update', { type: 'settings' });
    const version = expectedVersion();
    const input = parse(translationBodySchema, body);
    const original = (await this.services.settings.current()).data as unknown as Record<string, unknown>;
    const values = this.clean(slotsOf(settingsShape, original), input.translation);
    const at = new Date().toISOString();
    const saved = await this.db.transaction().execute(async (trx) => {
      const written = await repo.writeTranslationIfVersion(trx, {
        documentId: settingsTranslationKey.id,
        lang: lang.code,
        collection: settingsTranslationKey.collection,
        expectedVersion: version,
        changes: { data: JSON.stringify(values), pending_data: null, source: JSON.stringify(sourceOf(settingsShape, original)), published_at: at },
        at,
        by: caller.principal?.uid ?? null,
      });
      if (!written) throw new AppError('aborted');
      await appendAudit(trx, { action: 'translation.publish', actor: caller.principal ? { uid: caller.principal.uid } : null, subject: `Site settings (${lang.name})`, ip: caller.ip, at });
      return written;
    });
    this.services.changes.publish({ type: 'settings' });
    return this.settingsReading(original, lang.code, saved);
  }

  /** A translation's history, newest first: each step with who, when and the words it left. */
  async history(principal: Principal | null, name: string, id: string, lang: Language): Promise<TranslationHistory> {
    const { row } = await this.original(principal, name, id, 'read');
    const rows = await repo.translationRevisions(this.db, row.id, lang.code);
    return {
      lang: lang.code,
      revisions: rows.map((r) => ({
        number: Number(r.number),
        action: translationRevisionSchema.shape.action.parse(r.action),
        at: r.at,
        by: r.by_id ? { uid: r.by_id, name: r.by_name ?? '' } : null,
        values: words(r.data) ?? {},
      })),
    };
  }

  /** Takes a language's words off the site (the page then shows the original's, marked as such); the saved words stay. */
  async unpublish(caller: TranslationCaller, name: string, id: string, lang: Language, expectedVersion: ExpectedVersion): Promise<TranslationReading> {
    const { c, row } = await this.original(caller.principal, name, id, 'update');
    const version = expectedVersion();
    const tr = await repo.findTranslation(this.db, row.id, lang.code);
    if (!tr || Number(tr.version) !== version) throw new AppError('aborted');
    return this.write(caller, c, row, lang, version, { data: null, source: null, published_at: null, pending_data: tr.pending_data ?? tr.data }, ['translation.unpublish']);
  }

  /** Drops the saved, unpublished words: the published ones stay. */
  async discard(caller: TranslationCaller, name: string, id: string, lang: Language, expectedVersion: ExpectedVersion): Promise<TranslationReading> {
    const { c, row } = await this.original(caller.principal, name, id, 'update');
    return this.write(caller, c, row, lang, expectedVersion(), { pending_data: null }, ['translation.discard']);
  }

  private async publishWords(caller: TranslationCaller, c: CollectionDef, row: DocumentRow, lang: Language, version: number, text: string, audits: AuditAction[]): Promise<TranslationReading> {
    const source = JSON.stringify(sourceOf(shapeOf(c), JSON.parse(row.data) as Record<string, unknown>));
    if (c.name === sitePageCollection && !words(text)?.path) {
      const message = `Give the page its address in ${lang.name} before publishing it in ${lang.name}.`;
      throw new AppError('invalid-argument', `translation.path: ${message}`, { field: 'translation.path', fields: { 'translation.path': message } });
    }
    return this.write(caller, c, row, lang, version, { data: text, pending_data: null, source, published_at: new Date().toISOString() }, audits);
  }

  /** One write of a translation in a transaction with its audit lines (and, for a page, its address in that language). */
  private async write(caller: TranslationCaller, c: CollectionDef, row: DocumentRow, lang: Language, version: number, changes: repo.TranslationWrite['changes'], audits: AuditAction[]): Promise<TranslationReading> {
    const at = new Date().toISOString();
    const by = caller.principal?.uid ?? null;
    const before = await repo.findTranslation(this.db, row.id, lang.code);
    const saved = await this.db.transaction().execute(async (trx) => {
      const written = await repo.writeTranslationIfVersion(trx, { documentId: row.id, lang: lang.code, collection: c.name, expectedVersion: version, changes, at, by });
      if (!written) throw new AppError('aborted');
      if (c.name === sitePageCollection) await this.holdPageAddress(trx, row, lang.code, before, written, caller, at);
      const subject = `${auditTitle(c, JSON.parse(row.data) as Record<string, unknown>)} (${lang.name})`;
      for (const action of audits) await appendAudit(trx, { action, actor: caller.principal ? { uid: caller.principal.uid } : null, collection: c.name, subjectId: row.id, subject, ip: caller.ip, at });
      // The history keeps the words each step left (the working copy: saved words, else the published ones).
      const left = written.pending_data ?? written.data ?? '{}';
      const actor = caller.principal ? await findUserById(trx, caller.principal.uid) : undefined;
      for (const action of audits) {
        await repo.appendTranslationRevision(trx, { documentId: row.id, lang: lang.code, action: action.replace('translation.', ''), data: left, at, byId: actor?.id ?? null, byName: actor ? actor.display_name || actor.email : null });
      }
      return written;
    });
    if (changes.data !== undefined) {
      this.services.changes.publish({ type: 'documents', collection: c.name, id: row.id });
      if (c.name === sitePageCollection) this.services.changes.publish({ type: 'structure' });
    }
    return this.reading(c, row, lang.code, saved);
  }

  /**
   * A page's address in a language is unique there like any address (409
   * naming the field otherwise); when its published address changes, the
   * old one redirects to the page in that language.
   */
  private async holdPageAddress(trx: Kysely<Database>, row: DocumentRow, lang: string, before: TranslationRow | undefined, after: TranslationRow, caller: TranslationCaller, at: string): Promise<void> {
    const by = caller.principal?.uid ?? null;
    const live = words(after.data)?.path;
    const working = words(after.pending_data)?.path ?? live;
    const held = [working, live].filter((p): p is string => typeof p === 'string' && p !== '');
    const result = await structureRepo.holdPaths(trx, lang, row.id, held);
    if (!result.ok) {
      const message = `Another page already has the address ${result.path} in this language. Choose another address.`;
      throw new AppError('already-exists', message, { field: 'translation.path', fields: { 'translation.path': message } });
    }
    const wasLive = words(before?.data ?? null)?.path;
    // A redirect set up by hand at the address is a super-admin's to replace (structure/service.ts).
    if (live) await takeBackAddress(trx, lang, live, caller, 'translation.path');
    if (wasLive && live && wasLive !== live) await structureRepo.putRedirect(trx, { lang, fromPath: wasLive, pageId: row.id, automatic: true, at, by });
  }

  /**
   * What is missing or outdated in a language (`?lang=`, else the first
   * language after the default): every published block on a page, every
   * page record, the navigation; with each other language's counts.
   */
  async report(principal: Principal | null, query: unknown): Promise<TranslationReport> {
    if (!principal) throw new AppError('unauthenticated', 'Sign in to see the translations.');
    authorize(principal, 'read', { type: 'collection', name: sitePageCollection });
    const site = await this.languages();
    const others = site.languages.filter((l) => l.code !== site.defaultLanguage);
    const asked = await this.requested(query);
    const lang = asked ?? others[0] ?? null;
    const snapshot = await this.services.structure.current();
    const collections = new Set<string>([sitePageCollection, siteNavigationCollection, ...snapshot.collectionPage.keys()]);
    const rows = (await contentRepo.listPublished(this.db, [...collections])).filter((r) => r.deleted_at === null);
    const translations = others.length > 0 ? await repo.translationsOf(this.db, rows.map((r) => r.id)) : [];
    const byKey = new Map(translations.map((t) => [`${t.document_id} ${t.lang}`, t]));
    const missing: TranslationReportItem[] = [];
    const outdated: TranslationReportItem[] = [];
    const counts: TranslationReport['counts'] = Object.fromEntries(others.map((l) => [l.code, { missing: 0, outdated: 0 }]));
    for (const row of rows) {
      const c = await this.services.structure.collection(row.collection);
      if (!c) continue;
      const shape = shapeOf(c);
      const original = JSON.parse(row.data) as Record<string, unknown>;
      if (slotsOf(shape, original).length === 0) continue;
      for (const l of others) {
        const { state, changed } = stateOf(shape, row, byKey.get(`${row.id} ${l.code}`));
        if (state === 'current') continue;
        counts[l.code]![state] += 1;
        if (l.code !== lang?.code) continue;
        const pageId = row.collection === sitePageCollection ? row.id : snapshot.collectionPage.get(row.collection);
        const page = pageId ? snapshot.pages.get(pageId) : undefined;
        const item: TranslationReportItem = { collection: row.collection, id: row.id, title: blockTitle(c, original), page: page ? { id: page.row.id, title: (page.live ?? page.working).title } : null, changed };
        (state === 'missing' ? missing : outdated).push(item);
      }
    }
    // The settings' words (the organisation's name, tagline and address) are on every page.
    const settings = (await this.services.settings.current()).data as unknown as Record<string, unknown>;
    if (can(principal, 'update', { type: 'settings' }) && slotsOf(settingsShape, settings).length > 0) {
      for (const l of others) {
        const tr = await repo.findTranslation(this.db, settingsTranslationKey.id, l.code);
        const reading = this.settingsReading(settings, l.code, tr);
        if (reading.state === 'current') continue;
        counts[l.code]![reading.state] += 1;
        if (l.code !== lang?.code) continue;
        (reading.state === 'missing' ? missing : outdated).push({ collection: settingsTranslationKey.collection, id: settingsTranslationKey.id, title: 'Site settings', page: null, changed: reading.changed });
      }
    }
    return { lang: lang?.code ?? null, missing, outdated, languages: site.languages, defaultLanguage: site.defaultLanguage, counts };
  }

  /**
   * A page's translatable parts in a language (`?lang=`, else the first
   * language after the default), in the page's order: its own words, the
   * published blocks of each of its sections (the sections whose blocks the
   * Translations report counts on this page), then each menu label of the
   * navigation that leads to it. Each is named so no two read the same.
   */
  async pageParts(principal: Principal | null, pageId: string, query: unknown): Promise<PageTranslation> {
    if (!principal) throw new AppError('unauthenticated', 'Sign in to see the translations.');
    authorize(principal, 'read', { type: 'collection', name: sitePageCollection });
    const site = await this.languages();
    const lang = (await this.requested(query)) ?? site.languages.find((l) => l.code !== site.defaultLanguage) ?? null;
    if (!lang) throw new AppError('failed-precondition', 'The site speaks one language. Add a language in the site settings to translate its pages.');
    const snapshot = await this.services.structure.current();
    const page = snapshot.pages.get(pageId);
    if (!page) throw new AppError('not-found', 'There is no such page.');
    const shown = page.live ?? page.working;
    const sections = page.working.sections.filter((sec) => snapshot.collectionPage.get(sec.collection) === pageId);
    const rows = await contentRepo.listPublished(
      this.db,
      sections.map((sec) => sec.collection),
    );
    const navRow = snapshot.navigation?.row;
    const all = [page.row, ...rows, ...(navRow ? [navRow] : [])];
    const byId = new Map((await repo.translationsOf(this.db, all.map((r) => r.id), lang.code)).map((t) => [t.document_id, t]));
    const parts: PageTranslationPart[] = [];
    const taken = new Map<string, number>();
    const add = (part: Omit<PageTranslationPart, 'label'>, label: string) => {
      // Two blocks with the same title under the same heading are told apart by their place.
      const n = (taken.get(label) ?? 0) + 1;
      taken.set(label, n);
      parts.push({ ...part, label: n === 1 ? label : `${label} (${n})` });
    };
    const pageCollection = await this.services.structure.collectionOrNotFound(sitePageCollection);
    const pageShape = shapeOf(pageCollection);
    if (slotsOf(pageShape, JSON.parse(page.row.pending_data ?? page.row.data) as Record<string, unknown>).length > 0) {
      add({ kind: 'page', collection: sitePageCollection, id: pageId, keys: null, state: stateOf(pageShape, page.row, byId.get(pageId)).state }, `The page “${shown.title}”: title, menu label, description, address`);
    }
    for (const sec of sections) {
      const c = await this.services.structure.collection(sec.collection);
      if (!c) continue;
      // A section without a heading is named by its place on the page (and its kind, unless it is plain text).
      const place = `Section ${page.working.sections.indexOf(sec) + 1}`;
      const heading = sectionHeading(sec) ?? (sec.kind === 'section' ? place : `${place} (${kinds[sec.kind].nouns.many})`);
      const shape = shapeOf(c);
      for (const row of rows.filter((r) => r.collection === sec.collection)) {
        const data = JSON.parse(row.pending_data ?? row.data) as Record<string, unknown>;
        if (slotsOf(shape, data).length === 0) continue;
        add({ kind: 'block', collection: c.name, id: row.id, keys: null, state: stateOf(shape, row, byId.get(row.id)).state }, `${heading} › ${blockTitle(c, data)}`);
      }
    }
    if (navRow && snapshot.navigation) {
      const navTranslation = byId.get(navRow.id);
      const live = words(navTranslation?.data ?? null) ?? {};
      const { changed } = stateOf({ kind: 'navigation' }, navRow, navTranslation);
      const nav = snapshot.navigation.working;
      const leadsHere: string[] = [];
      nav.header.forEach((item, i) => {
        if (item.page === pageId) leadsHere.push(`header.${i}.label`);
        item.children?.forEach((child, j) => {
          if (child.page === pageId) leadsHere.push(`header.${i}.children.${j}.label`);
        });
      });
      nav.footer.forEach((list, i) =>
        list.links.forEach((link, j) => {
          if (link.page === pageId) leadsHere.push(`footer.${i}.links.${j}.label`);
        }),
      );
      const slots = new Map(slotsOf({ kind: 'navigation' }, JSON.parse(navRow.pending_data ?? navRow.data) as Record<string, unknown>).map((sl) => [sl.key, sl]));
      for (const key of leadsHere) {
        const slot = slots.get(key);
        if (!slot) continue;
        const state = !live[key]?.trim() ? 'missing' : changed.includes(key) ? 'outdated' : 'current';
        add({ kind: 'menu', collection: siteNavigationCollection, id: navRow.id, keys: [key], state }, `Menu label · ${slot.label.replace(': ', ' › ')}`);
      }
    }
    return { page: { id: pageId, title: shown.title }, lang: lang.code, parts };
  }

  /**
   * Blocks of a collection whose title in a language (saved or published)
   * contains the search, folded as titles are: in `lang`, or in every other
   * language of the site when none is named.
   */
  async titleMatches(c: Pick<CollectionDef, 'name' | 'titleField'>, q: string, lang?: string): Promise<string[]> {
    const needle = foldTitle(q);
    const site = await this.languages();
    const langs = lang ? [lang] : site.languages.map((l) => l.code).filter((code) => code !== site.defaultLanguage);
    if (langs.length === 0) return [];
    const rows = await repo.translationsOfCollection(this.db, c.name, langs);
    return rows.filter((r) => foldTitle((words(r.pending_data) ?? words(r.data) ?? {})[c.titleField] ?? '').includes(needle)).map((r) => r.document_id);
  }
}
