/**
 * The content domain: access, validation, sanitising, optimistic concurrency
 * and change announcements for documents and site settings. Routes are thin
 * wrappers over this; server rendering and callable functions use it in-process.
 */
import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  collectionDataSchema,
  getCollection,
  type CollectionDef,
  type ContentDocument,
  type DocumentStatus,
  type PublicDocument,
} from '../../shared/collections.js';
import { siteSettingsFields, siteSettingsSchema, type SiteSettings } from '../../shared/settings.js';
import { can, type Principal, type Subject } from '../../shared/access.js';
import { authorize } from '../authorize.js';
import { AppError } from '../../shared/errors.js';
import { getPage, type PageName } from '../../shared/pages.js';
import type { FieldDef } from '../../shared/fields.js';
import type { Services } from '../services.js';
import { PageBundleCache, type BundleEntry } from './page-bundle.js';
import { toContentDocument, toPublicDocument } from './presenters.js';
import { mediaIdsOf } from './references.js';
import * as repo from './repository.js';
import { createBodySchema, listQuerySchema, parse, parseIfMatch, reorderBodySchema, settingsBodySchema, updateBodySchema } from './requests.js';
import { sanitizeRichTextFields } from './sanitize.js';

export { authorize } from '../authorize.js';
export { listQuerySchema, parseIfMatch, type ListQueryInput } from './requests.js';

function notFoundCollection(): AppError {
  return new AppError('not-found', 'There is no such collection.');
}
function notFoundDocument(): AppError {
  return new AppError('not-found');
}
function staleVersion(): AppError {
  return new AppError('aborted');
}

export interface ListResult<T> {
  documents: T[];
  total: number;
}

export class ContentService {
  readonly pages: PageBundleCache;

  constructor(private readonly services: Services) {
    this.pages = new PageBundleCache(services.db, () => this.currentSettings().then((s) => s.data), (fn) => services.changes.subscribe(fn));
  }

  close(): void {
    this.pages.close();
  }

  private get db() {
    return this.services.db.kysely;
  }

  collection(name: string): CollectionDef {
    const c = getCollection(name);
    if (!c) throw notFoundCollection();
    return c;
  }

  /**
   * Validates data against the schema, sanitises rich text, and checks that
   * media and newly chosen categories exist. `previous` is the stored data on
   * an update: a category kept as it was passes even if it has been deleted since.
   */
  async prepareData(
    fields: readonly FieldDef[],
    schema: z.ZodType<Record<string, unknown>>,
    raw: unknown,
    previous?: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const parsed = parse(schema, raw, 'data');
    // Validated again after sanitising: escaping may lengthen a text past its limit.
    const clean = parse(schema, sanitizeRichTextFields(fields, parsed), 'data');
    const refs = mediaIdsOf(fields, clean);
    if (refs.length > 0) {
      const kinds = await repo.mediaKinds(this.db, [...new Set(refs.map((r) => r.mediaId))]);
      const wrong = refs.filter((r) => kinds.get(r.mediaId) !== r.expects);
      if (wrong.length > 0) {
        const fieldsMap: Record<string, string> = {};
        for (const m of wrong) {
          fieldsMap[`data.${m.field}`] = !kinds.has(m.mediaId)
            ? 'This file is not in the media library. Upload or choose it again.'
            : m.expects === 'image'
              ? 'Choose an image here, not a document.'
              : 'Choose a PDF document here, not an image.';
        }
        const first = `data.${wrong[0]!.field}`;
        throw new AppError('invalid-argument', `${first}: ${fieldsMap[first]}`, { field: first, fields: fieldsMap });
      }
    }
    const chosen = fields.filter((f) => f.type === 'category' && typeof clean[f.name] === 'string' && clean[f.name] !== '' && clean[f.name] !== previous?.[f.name]);
    if (chosen.length > 0) {
      const ids = chosen.map((f) => clean[f.name] as string);
      const existing = new Set((await repo.categoryRows(this.db, ids)).map((r) => r.id));
      const missing = chosen.filter((f) => !existing.has(clean[f.name] as string));
      if (missing.length > 0) {
        const first = `data.${missing[0]!.name}`;
        const message = 'This category does not exist. Choose another one or none.';
        throw new AppError('invalid-argument', `${first}: ${message}`, { field: first, fields: Object.fromEntries(missing.map((f) => [`data.${f.name}`, message])) });
      }
    }
    return clean;
  }

  private announce(collection: string): void {
    this.services.changes.publish({ type: 'documents', collection });
  }

  async list(principal: Principal | null, name: string, rawQuery: unknown): Promise<ListResult<ContentDocument | PublicDocument>> {
    const c = this.collection(name);
    const subject: Subject = { type: 'collection', name };
    authorize(principal, 'read', subject);
    const query = parse(listQuerySchema, rawQuery);
    const staff = can(principal, 'readDrafts', subject);
    if (!staff && query.status === 'draft') return { documents: [], total: 0 };
    const { rows, total } = await repo.listDocuments(this.db, {
      collection: name,
      status: staff ? query.status : 'published',
      q: query.q?.trim() || undefined,
      titleField: c.titleField,
      limit: query.limit,
      offset: query.offset,
    });
    return { documents: rows.map(staff ? toContentDocument : toPublicDocument), total };
  }

  async read(principal: Principal | null, name: string, id: string): Promise<{ document: ContentDocument | PublicDocument; version: number }> {
    this.collection(name);
    const subject: Subject = { type: 'collection', name };
    authorize(principal, 'read', subject);
    const row = await repo.findDocument(this.db, name, id);
    const staff = can(principal, 'readDrafts', subject);
    if (!row || (!staff && row.status !== 'published')) throw notFoundDocument();
    return { document: staff ? toContentDocument(row) : toPublicDocument(row), version: Number(row.version) };
  }

  /** A published block as visitors see it, or undefined (for server rendering of detail pages). */
  async publicDocument(name: string, id: string): Promise<PublicDocument | undefined> {
    const c = getCollection(name);
    if (!c || c.read !== 'public') return undefined;
    const row = await repo.findDocument(this.db, name, id);
    return row && row.status === 'published' ? toPublicDocument(row) : undefined;
  }

  async create(principal: Principal | null, name: string, body: unknown): Promise<ContentDocument> {
    this.collection(name);
    authorize(principal, 'create', { type: 'collection', name });
    const input = parse(createBodySchema, body);
    return this.createAs(name, { data: input.data, status: input.status, position: input.position }, principal?.uid ?? null);
  }

  /**
   * Creates a document with the API's validation but without an access check,
   * for trusted in-process callers (e.g. the contact form function).
   */
  async createAs(name: string, input: { data: unknown; status?: DocumentStatus | undefined; position?: number | undefined }, by: string | null): Promise<ContentDocument> {
    const c = this.collection(name);
    const data = await this.prepareData(c.fields, collectionDataSchema(c), input.data);
    const row = await repo.insertDocument(this.db, {
      id: crypto.randomUUID(),
      collection: name,
      data: JSON.stringify(data),
      status: input.status ?? 'draft',
      position: input.position,
      at: new Date().toISOString(),
      by,
    });
    this.announce(name);
    return toContentDocument(row);
  }

  async update(principal: Principal | null, name: string, id: string, ifMatch: string | string[] | undefined, body: unknown): Promise<ContentDocument> {
    const c = this.collection(name);
    authorize(principal, 'update', { type: 'collection', name });
    const version = parseIfMatch(ifMatch);
    const input = parse(updateBodySchema, body);
    const current = await repo.findDocument(this.db, name, id);
    if (!current) throw notFoundDocument();
    if (Number(current.version) !== version) throw staleVersion();
    // Top-level merge (RFC 7396 style): a field sent as null is removed.
    const stored = JSON.parse(current.data) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...stored };
    for (const [key, value] of Object.entries(input.data ?? {})) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    const data = await this.prepareData(c.fields, collectionDataSchema(c), merged, stored);
    const row = await repo.updateDocumentIfVersion(this.db, {
      collection: name,
      id,
      expectedVersion: version,
      data: JSON.stringify(data),
      status: input.status ?? current.status,
      at: new Date().toISOString(),
      by: principal?.uid ?? null,
    });
    // Someone else wrote between our read and our write: their change stands.
    if (!row) throw staleVersion();
    this.announce(name);
    return toContentDocument(row);
  }

  async remove(principal: Principal | null, name: string, id: string, ifMatch: string | string[] | undefined): Promise<void> {
    this.collection(name);
    authorize(principal, 'delete', { type: 'collection', name });
    const version = parseIfMatch(ifMatch);
    const deleted = await repo.deleteDocumentIfVersion(this.db, name, id, version);
    if (!deleted) {
      const exists = await repo.findDocument(this.db, name, id);
      throw exists ? staleVersion() : notFoundDocument();
    }
    this.announce(name);
  }

  async reorder(principal: Principal | null, name: string, body: unknown): Promise<{ documents: ContentDocument[] }> {
    this.collection(name);
    authorize(principal, 'update', { type: 'collection', name });
    const input = parse(reorderBodySchema, body);
    const result = await repo.reorderDocuments(this.db, name, input.ids, new Date().toISOString(), principal?.uid ?? null);
    if (!result.ok) throw new AppError('invalid-argument', `ids: ${result.reason}`, { field: 'ids', fields: { ids: result.reason } });
    this.announce(name);
    return { documents: result.rows.map(toContentDocument) };
  }

  currentSettings(): Promise<{ data: SiteSettings; version: number }> {
    return repo.readSiteSettings(this.db);
  }

  async readSettings(principal: Principal | null): Promise<{ data: SiteSettings; version: number }> {
    authorize(principal, 'read', { type: 'settings' });
    return this.currentSettings();
  }

  async saveSettings(principal: Principal | null, ifMatch: string | string[] | undefined, body: unknown): Promise<{ data: SiteSettings; version: number }> {
    authorize(principal, 'update', { type: 'settings' });
    const version = parseIfMatch(ifMatch);
    const input = parse(settingsBodySchema, body);
    const data = await this.prepareData(siteSettingsFields, siteSettingsSchema, input.data);
    const row = await repo.saveSettingsIfVersion(this.db, version, JSON.stringify(data), new Date().toISOString(), principal?.uid ?? null);
    if (!row) throw staleVersion();
    this.services.changes.publish({ type: 'settings' });
    return { data: JSON.parse(row.data) as SiteSettings, version: Number(row.version) };
  }

  /** The cached bundle of a public page; unknown page → 404. */
  async pageBundle(name: string): Promise<BundleEntry> {
    const page = getPage(name);
    if (!page) throw new AppError('not-found', 'There is no such page.');
    return this.pages.get(page.name as PageName);
  }
}
