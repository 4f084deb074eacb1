/**
 * The content domain: access, validation, sanitising, optimistic concurrency
 * and change announcements for documents. Routes are thin wrappers over this;
 * server rendering and callable functions use it in-process.
 */
import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  collectionDataSchema,
  type CollectionDef,
  type ContentDocument,
  type DocumentStatus,
  type PublicDocument,
} from '../../shared/collections.js';
import { can, type Principal, type Subject } from '../../shared/access.js';
import { authorize } from '../authorize.js';
import { AppError } from '../../shared/errors.js';
import type { FieldDef } from '../../shared/fields.js';
import type { Services } from '../services.js';
import type { ContactRecord, DropDependents } from './repository.js';
import type { Database, MediaTable } from '../db/schema.js';
import type { Kysely } from 'kysely';
import { toContentDocument, toPublicDocument } from './presenters.js';
import { mediaIdsOf } from './references.js';
import * as repo from './repository.js';
import { createBodySchema, listQuerySchema, parse, reorderBodySchema, updateBodySchema } from './requests.js';
import { actorOf, Editorial, notFoundDocument, workingCopyChanges, workingCopyOf, type Caller, type StepInput } from './editorial.js';
import { appendRevision } from './revisions-repository.js';
import { appendAudit } from '../audit/repository.js';
import { auditTitle } from '../../shared/collections.js';
import { sitePageCollection } from '../../shared/site-structure.js';
import { sanitizeRichTextFields } from './sanitize.js';
import type { ExpectedVersion } from '../http/if-match.js';
import { overrideQuerySchema } from '../../shared/site-check.js';
import { overriddenSubject, publishGate } from '../site-check/checks.js';

/** `?overrideChecks=true` on a create or PATCH that publishes: publish despite authoring errors. */
function overrideOf(query: unknown): boolean {
  return parse(overrideQuerySchema, query ?? {}).overrideChecks === true;
}

export { authorize } from '../authorize.js';
export { listQuerySchema, type ListQueryInput } from './requests.js';

export type { Caller } from './editorial.js';

/** A staff reading with its translations' states (none on a site with one language). */
function withStates(doc: ContentDocument, states: ContentDocument['translations']): ContentDocument {
  return states ? { ...doc, translations: states } : doc;
}

export interface ListResult<T> {
  documents: T[];
  total: number;
}

/** What the content domain asks of others, wired in app.ts (they depend on it, not it on them). */
export interface ContentHooks {
  /** What other domains keep of a block removed for good (preview links, translations). */
  dropDependents: DropDependents;
  /** The kind of each of the media ids that exists (a picture field must name a picture). */
  mediaKinds(ids: readonly string[]): Promise<Map<string, MediaTable['kind']>>;
}

export class ContentService {
  /** Publishing, history, trash and the scheduled run (editorial.ts). */
  readonly editorial: Editorial;

  constructor(
    private readonly services: Services,
    private readonly hooks: ContentHooks,
  ) {
    this.editorial = new Editorial(
      services,
      (c, raw, previous) => this.prepareData(c.fields, collectionDataSchema(c), raw, previous),
      (name, id) => this.announce(name, id),
      hooks.dropDependents,
    );
  }

  private get db() {
    return this.services.db.kysely;
  }

  /** The published blocks of these collections (not in the trash), by collection and position: what the site check reads. */
  publishedBlocks(collections: readonly string[]): Promise<{ id: string; collection: string; data: string }[]> {
    return repo.publishedBlocksOf(this.services.db.kysely, collections);
  }

  /** A published block by its id alone (not in the trash): its collection and live data (a public form's answer names only the form). */
  async publishedBlock(id: string): Promise<{ collection: string; data: Record<string, unknown> } | null> {
    const row = await repo.findDocumentAnywhere(this.db, id);
    if (!row || row.deleted_at !== null || row.status !== 'published') return null;
    return { collection: row.collection, data: JSON.parse(row.data) as Record<string, unknown> };
  }

  /**
   * The contact messages (blocks of the `customer` collection, not in the
   * trash) of these e-mail addresses, oldest first, each with its working
   * copy: the supporters domain shows them with the person of that address.
   */
  async contactMessagesOf(emails: readonly string[], db: Kysely<Database> = this.db): Promise<ContactRecord[]> {
    const rows = await repo.contactBlocksByEmail(db, emails);
    return rows.map((r) => {
      const data = JSON.parse(workingCopyOf(r)) as Record<string, unknown>;
      return { id: r.id, email: typeof data.email === 'string' ? data.email.toLowerCase() : '', createdAt: r.created_at, data };
    });
  }

  /**
   * The people of the contact blocks (not in the trash) whose address or name
   * contains `q`: each address (lower case) once, with the name of its newest
   * block; at most `limit` blocks read.
   */
  async contactPeopleMatching(q: string, limit: number, db: Kysely<Database> = this.db): Promise<{ email: string; name: string | null }[]> {
    const people = new Map<string, string | null>();
    for (const row of await repo.contactBlocksMatching(db, q, limit)) {
      const data = JSON.parse(workingCopyOf(row)) as Record<string, unknown>;
      const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
      if (email && !people.has(email)) people.set(email, typeof data.name === 'string' && data.name.trim() ? data.name.trim() : null);
    }
    return [...people].map(([email, name]) => ({ email, name }));
  }

  /**
   * Removes for good every contact block of this address, in the lists or the
   * trash, with its revisions, translations and preview links: nothing of it
   * is left (an erasure of the person). No audit line names it: the caller
   * writes one with counts only. How many blocks were removed.
   */
  async eraseContactsOf(email: string, db: Kysely<Database> = this.db): Promise<number> {
    const rows = await repo.contactBlocksByEmail(db, [email], { trashed: true });
    if (rows.length === 0) return 0;
    const removed = await repo.deleteDocumentsForGood(db, rows.map((r) => r.id), this.hooks.dropDependents);
    for (const id of removed) this.announce(rows[0]!.collection, id);
    return removed.length;
  }

  /** A collection declared in code or made by a page's section; 404 otherwise. */
  collection(name: string): Promise<CollectionDef> {
    return this.services.structure.collectionOrNotFound(name);
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
      const kinds = await this.hooks.mediaKinds([...new Set(refs.map((r) => r.mediaId))]);
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

  private announce(collection: string, id?: string): void {
    this.services.changes.publish(id ? { type: 'documents', collection, id } : { type: 'documents', collection });
    // A page's new address, or a page coming onto or off the site, changes menus, links and the sitemap of every page.
    if (collection === sitePageCollection && id && this.services.structure.takeShapeChange(id)) this.services.changes.publish({ type: 'structure' });
  }

  /** A collection's blocks; for staff the search also finds blocks by their title in the other languages (in `lang` only, when named). */
  async list(principal: Principal | null, name: string, rawQuery: unknown, lang?: string): Promise<ListResult<ContentDocument | PublicDocument>> {
    const c = await this.collection(name);
    const subject: Subject = { type: 'collection', name };
    authorize(principal, 'read', subject);
    const query = parse(listQuerySchema, rawQuery);
    const staff = can(principal, 'readDrafts', subject);
    if (!staff && query.status === 'draft') return { documents: [], total: 0 };
    const { rows, total } = await repo.listDocuments(this.db, {
      collection: name,
      status: staff ? query.status : 'published',
      state: staff ? query.state : undefined,
      q: query.q?.trim() || undefined,
      alsoMatching: staff && query.q?.trim() ? await this.services.translations.titleMatches(c, query.q.trim(), lang) : undefined,
      titleField: c.titleField,
      limit: query.limit,
      offset: query.offset,
    });
    if (!staff) return { documents: rows.map((r) => toPublicDocument(r, c.fields)), total };
    const states = await this.services.translations.statesOf(c, rows);
    return { documents: rows.map((r) => withStates(toContentDocument(r), states.get(r.id))), total };
  }

  async read(principal: Principal | null, name: string, id: string): Promise<{ document: ContentDocument | PublicDocument; version: number }> {
    const c = await this.collection(name);
    const subject: Subject = { type: 'collection', name };
    authorize(principal, 'read', subject);
    const row = await repo.findDocument(this.db, name, id);
    const staff = can(principal, 'readDrafts', subject);
    if (!row || (!staff && row.status !== 'published')) throw notFoundDocument();
    if (!staff) return { document: toPublicDocument(row, c.fields), version: Number(row.version) };
    const states = await this.services.translations.statesOf(c, [row]);
    return { document: withStates(toContentDocument(row), states.get(row.id)), version: Number(row.version) };
  }

  async create(caller: Caller, name: string, body: unknown, query?: unknown): Promise<ContentDocument> {
    await this.collection(name);
    authorize(caller.principal, 'create', { type: 'collection', name });
    const input = parse(createBodySchema, body);
    const override = overrideOf(query);
    return this.createAs(name, { data: input.data, status: input.status, position: input.position }, caller, { override });
  }

  /**
   * Creates a document with the API's validation but without an access check,
   * for trusted in-process callers (e.g. the contact form function). Its first
   * revision and its audit line land with it.
   */
  async createAs(
    name: string,
    input: { data: unknown; status?: DocumentStatus | undefined; position?: number | undefined },
    caller: Caller,
    /** Set by the API: a block created published passes the authoring checks like any publish. */
    checks?: { override: boolean },
  ): Promise<ContentDocument> {
    const c = await this.collection(name);
    const data = await this.prepareData(c.fields, collectionDataSchema(c), input.data);
    const id = crypto.randomUUID();
    const overridden = checks && input.status === 'published' ? await publishGate(this.db, c, id, data, checks.override, await this.services.structure.pageShowing(c.name)) : null;
    const at = new Date().toISOString();
    const by = caller.principal?.uid ?? null;
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertDocument(trx, {
        id,
        collection: name,
        titleField: c.titleField,
        data: JSON.stringify(data),
        status: input.status ?? 'draft',
        position: input.position,
        at,
        by,
      });
      const actor = await actorOf(trx, caller.principal);
      if (name === sitePageCollection) await this.services.structure.afterPageWrite(trx, undefined, inserted, caller);
      const revisionId = await appendRevision(trx, {
        documentId: inserted.id,
        collection: name,
        action: 'create',
        status: inserted.status,
        data: inserted.data,
        at,
        by: actor ? { uid: actor.uid, name: actor.name } : null,
      });
      await appendAudit(trx, {
        action: 'content.create',
        actor,
        collection: name,
        subjectId: inserted.id,
        subject: auditTitle(c, data),
        revisionId,
        ip: caller.ip,
        at,
      });
      if (overridden) {
        await appendAudit(trx, { action: 'content.publish-overridden', actor, collection: name, subjectId: inserted.id, subject: overriddenSubject(auditTitle(c, data), overridden), revisionId, ip: caller.ip, at });
      }
      return inserted;
    });
    this.announce(name, row.id);
    return toContentDocument(row);
  }

  /**
   * Saves `{ data }` as the block's working copy: pending changes on a
   * published block (visitors see no change), the draft itself otherwise.
   * With `status: 'published'` it saves and publishes in one step; with
   * `status: 'draft'` on a published block it takes it off the site.
   */
  async update(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion, body: unknown, query?: unknown): Promise<ContentDocument> {
    const { c, current, version, applied } = await this.editorial.target(caller, name, id, expectedVersion);
    if (applied) return toContentDocument(current);
    const input = parse(updateBodySchema, body);
    const override = overrideOf(query);
    // Top-level merge (RFC 7396 style) onto the working copy: a field sent as null is removed.
    const stored = JSON.parse(workingCopyOf(current)) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...stored };
    for (const [key, value] of Object.entries(input.data ?? {})) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    const clean = await this.prepareData(c.fields, collectionDataSchema(c), merged, stored);
    const data = JSON.stringify(clean);
    const overridden = input.status === 'published' ? await publishGate(this.db, c, current.id, clean, override, await this.services.structure.pageShowing(c.name)) : null;
    const step: Pick<StepInput, 'changes' | 'revisions' | 'audits' | 'subject'> =
      input.status === 'published'
        ? {
            changes: { data, pending_data: null, status: 'published', publish_at: null },
            revisions: ['publish'],
            audits: ['content.save', overridden ? 'content.publish-overridden' : 'content.publish'],
            ...(overridden ? { subject: overriddenSubject(auditTitle(c, clean), overridden) } : {}),
          }
        : input.status === 'draft' && current.status === 'published'
          ? { changes: { data, pending_data: null, status: 'draft', publish_at: null, unpublish_at: null }, revisions: ['unpublish'], audits: ['content.save', 'content.unpublish'] }
          : { changes: workingCopyChanges(current, data), revisions: ['save'], audits: ['content.save'] };
    const row = await this.editorial.step({ collection: c, current, expectedVersion: version, caller, ...step });
    return toContentDocument(row);
  }

  /** Moves the block to the trash. */
  async remove(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion): Promise<void> {
    return this.editorial.trash(caller, name, id, expectedVersion);
  }

  async reorder(caller: Caller, name: string, body: unknown): Promise<{ documents: ContentDocument[] }> {
    const c = await this.collection(name);
    authorize(caller.principal, 'update', { type: 'collection', name });
    const input = parse(reorderBodySchema, body);
    const result = await repo.reorderDocuments(this.db, name, input.ids, new Date().toISOString(), caller.principal?.uid ?? null);
    if (!result.ok) throw new AppError('invalid-argument', `ids: ${result.reason}`, { field: 'ids', fields: { ids: result.reason } });
    await appendAudit(this.db, { action: 'content.reorder', actor: caller.principal ? { uid: caller.principal.uid } : null, collection: name, subject: c.label, ip: caller.ip });
    this.announce(name);
    return { documents: result.rows.map(toContentDocument) };
  }
}
