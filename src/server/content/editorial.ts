/**
 * Editorial steps on a block (shared/editorial.ts has the state model): each
 * is one transaction that writes the row if its version is still the one the
 * editor saw, appends the revision the step made and the audit line, and then
 * tells the caches. Publishing, unpublishing, discarding, scheduling, history
 * and restore, the trash, and the scheduled run that publishes and purges.
 */
import type { Kysely } from 'kysely';
import { auditTitle, blockTitle, getCollection, type CollectionDef, type ContentDocument } from '../../shared/collections.js';
import { sitePageCollection } from '../../shared/site-structure.js';
import { can, type Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import {
  defaultTrashRetentionDays,
  scheduleBodySchema,
  type Actor,
  type RevisionAction,
  type RevisionDetail,
  type RevisionsAnswer,
  type TrashAnswer,
  type AuditAction,
} from '../../shared/editorial.js';
import { publishBodySchema, type Finding } from '../../shared/site-check.js';
import type { PageBlockChange, PageBlockChanges } from '../../shared/site-structure.js';
import { authorize, type Caller } from '../authorize.js';
import { findingsOf, blockTarget, overriddenSubject, publishGate, rulesOf } from '../site-check/checks.js';
import { errorsOf } from '../../shared/authoring/check.js';
import type { Database } from '../db/schema.js';
import { appendAudit } from '../audit/repository.js';
import { findUserById, namesOfUsers } from '../auth/accounts/repository.js';
import type { Services } from '../services.js';
import { toContentDocument } from './presenters.js';
import * as repo from './repository.js';
import type { DocumentChanges, DocumentRow } from './repository.js';
import { parse } from './requests.js';
import type { ExpectedVersion } from '../http/if-match.js';
import { appendRevision, findRevision, listRevisions } from './revisions-repository.js';

/** Who asks, and from where (the audit log's address). */
export type { Caller } from '../authorize.js';

/** The scheduler and the purge act as nobody. */
const serverCaller: Caller = { principal: null, ip: null };

export function staleVersion(): AppError {
  return new AppError('aborted');
}

export function notFoundDocument(): AppError {
  return new AppError('not-found');
}


function parseJson(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

/** The working copy: pending changes, else the data. */
export function workingCopyOf(row: Pick<DocumentRow, 'data' | 'pending_data'>): string {
  return row.pending_data ?? row.data;
}

/**
 * Where a new working copy goes: a published block keeps its live data and
 * holds the copy as pending changes (none when it equals the live data); a
 * draft's copy is its data.
 */
export function workingCopyChanges(current: Pick<DocumentRow, 'status' | 'data'>, working: string): DocumentChanges {
  if (current.status === 'published') return { pending_data: working === current.data ? null : working };
  return { data: working, pending_data: null };
}

export interface StepInput {
  collection: CollectionDef;
  current: DocumentRow;
  expectedVersion: number;
  changes: DocumentChanges;
  /** The revisions the step appends, in order (each keeps the working copy it leaves). */
  revisions: RevisionAction[];
  /** The audit lines the step appends (the last names the last revision). */
  audits: AuditAction[];
  /** Overrides the audit subject (default: the block's title after the step). */
  subject?: string;
  caller: Caller;
  /** More writes that belong to the step, in its transaction (a deleted page's redirect). */
  also?: (trx: Kysely<Database>) => Promise<void>;
  /** Publishing a page: a super-admin confirmed it replaces a redirect set up by hand at its address. */
  replaceRedirect?: boolean;
}

/** The acting account's name as it is now (for revisions and the audit log). */
export async function actorOf(db: Kysely<Database>, principal: Principal | null): Promise<(Actor & { email: string }) | null> {
  if (!principal) return null;
  const user = await findUserById(db, principal.uid);
  return { uid: principal.uid, name: user?.display_name || user?.email || principal.email, email: user?.email ?? principal.email };
}

/**
 * Whether this write was applied already and nothing was written since: it
 * is being resent (its answer never came) and the block's current version is
 * the one it made, under its key and by its caller (shared/request-key.ts).
 * It is then answered with the block as it is, instead of a conflict.
 */
function appliedBefore(caller: Caller, current: DocumentRow, expectedVersion: number): boolean {
  const key = caller.requestKey?.() ?? null;
  return key !== null && current.request_key === key && current.updated_by === (caller.principal?.uid ?? null) && Number(current.version) > expectedVersion;
}

export class Editorial {
  constructor(
    private readonly services: Services,
    /** Validates and cleans a working copy as a save does (content/service.ts). */
    private readonly prepare: (c: CollectionDef, raw: unknown, previous?: Record<string, unknown>) => Promise<Record<string, unknown>>,
    /** Tells the caches of the collection's pages. */
    private readonly announce: (collection: string, id?: string) => void,
    /** What other domains keep of a block removed for good (preview links, translations). */
    private readonly dropDependents: repo.DropDependents,
  ) {}

  private get db(): Kysely<Database> {
    return this.services.db.kysely;
  }

  private get retentionDays(): number {
    return this.services.config.trashRetentionDays ?? defaultTrashRetentionDays;
  }

  /** Writes a step in one transaction (row, revisions, audit lines), then tells the caches. */
  async step(input: StepInput, db: Kysely<Database> = this.db): Promise<DocumentRow> {
    const at = new Date().toISOString();
    const actor = await actorOf(db, input.caller.principal);
    const run = async (trx: Kysely<Database>): Promise<DocumentRow> => {
      const row = await repo.writeDocumentIfVersion(trx, {
        collection: input.collection.name,
        titleField: input.collection.titleField,
        id: input.current.id,
        expectedVersion: input.expectedVersion,
        changes: input.changes,
        current: input.current,
        at,
        by: actor?.uid ?? null,
        requestKey: input.caller.requestKey?.() ?? null,
      });
      // Someone else wrote between our read and our write: their change stands.
      if (!row) throw staleVersion();
      if (row.collection === sitePageCollection) await this.services.structure.afterPageWrite(trx, input.current, row, { ...input.caller, replaceRedirect: input.replaceRedirect });
      if (input.also) await input.also(trx);
      let revisionId: string | null = null;
      for (const action of input.revisions) {
        revisionId = await appendRevision(trx, {
          documentId: row.id,
          collection: row.collection,
          action,
          status: row.status,
          data: workingCopyOf(row),
          at,
          by: actor ? { uid: actor.uid, name: actor.name } : null,
        });
      }
      for (const action of input.audits) {
        await appendAudit(trx, {
          action,
          actor,
          collection: row.collection,
          subjectId: row.id,
          subject: input.subject ?? auditTitle(input.collection, parseJson(workingCopyOf(row))),
          revisionId,
          ip: input.caller.ip,
          at,
        });
      }
      return row;
    };
    if (db.isTransaction) return run(db);
    const row = await db.transaction().execute(run);
    // After the commit: a cache rebuilt at once must read the new state.
    this.announce(row.collection, row.id);
    return row;
  }

  /**
   * The block a write is about, once the caller may do `action` on its
   * collection and the version they name is its version; 404 and 409 as
   * the catalogue says.
   */
  async target(
    caller: Caller,
    name: string,
    id: string,
    expectedVersion: ExpectedVersion,
    action: 'update' | 'delete' = 'update',
  ): Promise<{ c: CollectionDef; current: DocumentRow; version: number; applied: boolean }> {
    const c = await this.services.structure.collectionOrNotFound(name);
    authorize(caller.principal, action, { type: 'collection', name });
    const version = expectedVersion();
    // A malformed key is refused before anything is read.
    caller.requestKey?.();
    const current = await repo.findDocument(this.db, name, id);
    if (!current) {
      const trashed = action === 'delete' ? await this.trashedBefore(caller, name, id, version) : undefined;
      if (trashed) return { c, current: trashed, version: Number(trashed.version), applied: true };
      throw notFoundDocument();
    }
    if (Number(current.version) !== version) {
      if (!appliedBefore(caller, current, version)) throw staleVersion();
      return { c, current, version: Number(current.version), applied: true };
    }
    return { c, current, version, applied: false };
  }

  /** The block, when a move to the trash resent after it was done finds it there under this write's key (shared/request-key.ts). */
  async trashedBefore(caller: Caller, name: string, id: string, expectedVersion: number): Promise<DocumentRow | undefined> {
    const trashed = await repo.findDocumentAnywhere(this.db, id);
    return trashed?.collection === name && trashed.deleted_at !== null && appliedBefore(caller, trashed, expectedVersion) ? trashed : undefined;
  }

  /** A future instant of a schedule body, or null for "now" (an instant already past counts as now). */
  private scheduledInstant(body: unknown): string | null {
    return this.futureInstant(parse(scheduleBodySchema, body ?? {}).at);
  }

  private futureInstant(at: string | undefined): string | null {
    if (at === undefined) return null;
    const when = new Date(at);
    return when.getTime() > Date.now() ? when.toISOString() : null;
  }

  /**
   * Sets the time a publish or an unpublish is due (the scheduler does it
   * then). A publish keeps the rules confirmed at scheduling time, if any.
   */
  private async schedule(caller: Caller, c: CollectionDef, current: DocumentRow, version: number, step: 'publish' | 'unpublish', at: string, overridden: readonly string[] | null = null): Promise<ContentDocument> {
    const title = auditTitle(c, parseJson(workingCopyOf(current)));
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: step === 'publish' ? { publish_at: at, publish_override: overridden ? overridden.join(',') : null } : { unpublish_at: at },
      revisions: [],
      audits: ['content.schedule'],
      subject: `${overridden ? overriddenSubject(title, overridden) : title} — ${step} at ${at}`,
      caller,
    });
    return toContentDocument(row);
  }

  /**
   * Publishes the working copy now, or schedules it. Either way the
   * authoring checks run on it first: errors refuse the step unless the body
   * confirms them (`overrideChecks`), and the audit line then says so.
   */
  async publish(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion, body: unknown): Promise<ContentDocument> {
    const { c, current, version, applied } = await this.target(caller, name, id, expectedVersion);
    if (applied) return toContentDocument(current);
    const input = parse(publishBodySchema, body ?? {});
    const override = input.overrideChecks === true;
    const at = this.futureInstant(input.at);
    if (at) {
      if (c.name === sitePageCollection) await this.services.structure.checkScheduledAddress(current, { ...caller, replaceRedirect: input.replaceRedirect });
      const overridden = await publishGate(this.db, c, current.id, parseJson(workingCopyOf(current)), override, await this.services.structure.pageShowing(c.name));
      return this.schedule(caller, c, current, version, 'publish', at, overridden);
    }
    // Checked again: a category or file it names may have gone since the save.
    const clean = await this.prepare(c, parseJson(workingCopyOf(current)), parseJson(current.data));
    const overridden = await publishGate(this.db, c, current.id, clean, override, await this.services.structure.pageShowing(c.name));
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: { data: JSON.stringify(clean), pending_data: null, status: 'published', publish_at: null },
      revisions: ['publish'],
      audits: [overridden ? 'content.publish-overridden' : 'content.publish'],
      ...(overridden ? { subject: overriddenSubject(auditTitle(c, clean), overridden) } : {}),
      caller,
      replaceRedirect: input.replaceRedirect === true,
    });
    return toContentDocument(row);
  }

  /**
   * The blocks of these collections (a page's sections) that a page publish
   * takes live: drafts and published blocks with pending changes, none in the
   * trash, in the order visitors see them.
   */
  async pageBlockChanges(collections: readonly string[], db: Kysely<Database> = this.db): Promise<{ c: CollectionDef; row: DocumentRow; change: PageBlockChange }[]> {
    const rows = await repo.changedDocuments(db, collections);
    const out: { c: CollectionDef; row: DocumentRow; change: PageBlockChange }[] = [];
    for (const row of rows) {
      const c = await this.services.structure.collection(row.collection);
      if (!c) continue;
      out.push({ c, row, change: { collection: c.name, id: row.id, title: blockTitle(c, parseJson(workingCopyOf(row))), change: row.status === 'draft' ? 'draft' : 'changes' } });
    }
    const order = new Map(collections.map((name, i) => [name, i]));
    return out.sort((a, b) => (order.get(a.c.name) ?? 0) - (order.get(b.c.name) ?? 0));
  }

  /**
   * One publish for one page: the page record (a draft or its pending
   * changes) and every draft and pending change of its sections' blocks go
   * live together, in one transaction, or nothing does. The authoring checks
   * run on all of them first; their errors refuse the whole publish (400, every
   * finding in `details.findings`, each naming its block) unless the body
   * confirms them, and each block's audit line then says so. With `at` in the
   * future all of them are scheduled for that instant instead. The blocks go
   * first: a refusal of the page itself (an address a redirect holds) undoes them.
   */
  async publishPage(caller: Caller, id: string, collections: readonly string[], expectedVersion: ExpectedVersion, body: unknown): Promise<PageBlockChanges> {
    const { c: pageC, current: page, version, applied } = await this.target(caller, sitePageCollection, id, expectedVersion);
    // Resent after it was done: nothing is left to take live.
    if (applied) return { page: false, blocks: [] };
    const input = parse(publishBodySchema, body ?? {});
    const override = input.overrideChecks === true;
    const at = this.futureInstant(input.at);
    const blocks = await this.pageBlockChanges(collections);
    for (const b of blocks) authorize(caller.principal, 'update', { type: 'collection', name: b.c.name });
    const pageChanged = page.status === 'draft' || page.pending_data !== null;
    // Each block as it would go live, cleaned as a save cleans it (a file it names may have gone since).
    const items: { c: CollectionDef; row: DocumentRow; clean: Record<string, unknown>; title: string }[] = [];
    const clean = async (c: CollectionDef, row: DocumentRow, title: string) => {
      try {
        return await this.prepare(c, parseJson(workingCopyOf(row)), parseJson(row.data));
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.code, `“${title}”: ${err.message}`, { ...(err.field ? { field: err.field } : {}), ...(err.fields ? { fields: err.fields } : {}), details: { block: { collection: c.name, id: row.id, title } } });
        throw err;
      }
    };
    for (const b of blocks) items.push({ c: b.c, row: b.row, clean: at ? parseJson(workingCopyOf(b.row)) : await clean(b.c, b.row, b.change.title), title: b.change.title });
    if (pageChanged) items.push({ c: pageC, row: page, clean: at ? parseJson(workingCopyOf(page)) : await clean(pageC, page, blockTitle(pageC, parseJson(workingCopyOf(page)))), title: blockTitle(pageC, parseJson(workingCopyOf(page))) });
    const errorsBy = new Map<string, Finding[]>();
    for (const item of items) {
      const errors = errorsOf(await findingsOf(this.db, blockTarget(item.c, item.row.id, await this.services.structure.pageShowing(item.c.name)), item.c.fields, item.clean));
      if (errors.length > 0) errorsBy.set(item.row.id, errors);
    }
    const all = [...errorsBy.values()].flat();
    if (all.length > 0 && !override) {
      const first = all[0]!;
      const count = all.length === 1 ? 'an accessibility error' : `${all.length} accessibility errors`;
      const where = errorsBy.size === 1 ? (items.find((i) => i.row.id === first.id)?.title ?? '') : `${errorsBy.size} blocks`;
      throw new AppError('invalid-argument', `data.${first.field}: ${where ? `${where} has` : 'This page has'} ${count}. ${first.message} Fix it, or confirm to publish anyway.`, {
        field: `data.${first.field}`,
        fields: { [`data.${first.field}`]: first.message },
        details: { findings: all },
      });
    }
    if (at && pageChanged) await this.services.structure.checkScheduledAddress(page, { ...caller, replaceRedirect: input.replaceRedirect });
    const written = await this.db.transaction().execute(async (trx) => {
      const rows: DocumentRow[] = [];
      for (const item of items) {
        const isPage = item.row.id === page.id && item.c.name === sitePageCollection;
        // A block is written on top of the version read above: one changed meanwhile makes the whole publish a 409.
        const expected = isPage ? version : Number(item.row.version);
        const errors = errorsBy.get(item.row.id);
        const rules = errors ? rulesOf(errors) : null;
        const subject = rules ? { subject: at ? `${overriddenSubject(item.title, rules)} — publish at ${at}` : overriddenSubject(item.title, rules) } : at ? { subject: `${item.title} — publish at ${at}` } : {};
        rows.push(
          await this.step(
            at
              ? { collection: item.c, current: item.row, expectedVersion: expected, changes: { publish_at: at, publish_override: rules ? rules.join(',') : null }, revisions: [], audits: ['content.schedule'], ...subject, caller }
              : {
                  collection: item.c,
                  current: item.row,
                  expectedVersion: expected,
                  changes: { data: JSON.stringify(item.clean), pending_data: null, status: 'published', publish_at: null },
                  revisions: ['publish'],
                  audits: [rules ? 'content.publish-overridden' : 'content.publish'],
                  ...subject,
                  caller,
                  ...(isPage ? { replaceRedirect: input.replaceRedirect === true } : {}),
                },
            trx,
          ),
        );
      }
      return rows;
    });
    // After the commit: a cache rebuilt at once must read the new state.
    for (const row of written) this.announce(row.collection, row.id);
    return { page: pageChanged, blocks: blocks.map((b) => b.change), ...(at ? { at } : {}) };
  }

  /** Takes a block off the site now (its working copy becomes the draft), or schedules that. */
  async unpublish(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion, body: unknown): Promise<ContentDocument> {
    const { c, current, version, applied } = await this.target(caller, name, id, expectedVersion);
    if (applied) return toContentDocument(current);
    const at = this.scheduledInstant(body);
    if (at) return this.schedule(caller, c, current, version, 'unpublish', at);
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: { data: workingCopyOf(current), pending_data: null, status: 'draft', publish_at: null, unpublish_at: null },
      revisions: ['unpublish'],
      audits: ['content.unpublish'],
      caller,
    });
    return toContentDocument(row);
  }

  /** Drops pending changes: the working copy is what visitors see again. */
  async discard(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion): Promise<ContentDocument> {
    const { c, current, version, applied } = await this.target(caller, name, id, expectedVersion);
    if (applied) return toContentDocument(current);
    if (current.pending_data === null) return toContentDocument(current);
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: { pending_data: null },
      revisions: ['discard'],
      audits: ['content.discard'],
      caller,
    });
    return toContentDocument(row);
  }

  /** Cancels a scheduled publish and unpublish. */
  async cancelSchedule(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion): Promise<ContentDocument> {
    const { c, current, version, applied } = await this.target(caller, name, id, expectedVersion);
    if (applied) return toContentDocument(current);
    if (current.publish_at === null && current.unpublish_at === null) return toContentDocument(current);
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: { publish_at: null, unpublish_at: null },
      revisions: [],
      audits: ['content.schedule'],
      subject: `${auditTitle(c, parseJson(workingCopyOf(current)))} — schedule cancelled`,
      caller,
    });
    return toContentDocument(row);
  }

  private async readable(caller: Caller, name: string, id: string): Promise<DocumentRow> {
    await this.services.structure.collectionOrNotFound(name);
    authorize(caller.principal, 'readDrafts', { type: 'collection', name });
    const row = await repo.findDocument(this.db, name, id);
    if (!row) throw notFoundDocument();
    return row;
  }

  async revisions(caller: Caller, name: string, id: string): Promise<RevisionsAnswer> {
    const row = await this.readable(caller, name, id);
    return { revisions: await listRevisions(this.db, row.id) };
  }

  async revision(caller: Caller, name: string, id: string, rev: string): Promise<RevisionDetail> {
    const row = await this.readable(caller, name, id);
    const found = await findRevision(this.db, row.id, rev);
    if (!found) throw new AppError('not-found', 'There is no such revision of this block.');
    return found;
  }

  /** Makes a revision's content the working copy: pending changes on a published block, never live until published. */
  async restoreRevision(caller: Caller, name: string, id: string, rev: string, expectedVersion: ExpectedVersion): Promise<ContentDocument> {
    const { c, current, version, applied } = await this.target(caller, name, id, expectedVersion);
    if (applied) return toContentDocument(current);
    const found = await findRevision(this.db, current.id, rev);
    if (!found) throw new AppError('not-found', 'There is no such revision of this block.');
    const clean = await this.prepare(c, found.data, parseJson(workingCopyOf(current)));
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: workingCopyChanges(current, JSON.stringify(clean)),
      revisions: ['restore'],
      audits: ['content.restore-revision'],
      caller,
    });
    return toContentDocument(row);
  }

  /** Moves a block to the trash: hidden from visitors and lists at once, its schedule cancelled. */
  /** Moves a block to the trash; `also` writes in the same transaction (a deleted page's redirect). */
  async trash(caller: Caller, name: string, id: string, expectedVersion: ExpectedVersion, also?: StepInput['also']): Promise<void> {
    const { c, current, version, applied } = await this.target(caller, name, id, expectedVersion, 'delete');
    if (applied) return;
    await this.step({
      collection: c,
      current,
      expectedVersion: version,
      changes: { deleted_at: new Date().toISOString(), deleted_by: caller.principal?.uid ?? null, publish_at: null, unpublish_at: null },
      revisions: [],
      audits: ['content.delete'],
      caller,
      ...(also ? { also } : {}),
    });
  }

  /** The trash as this caller may act on it: blocks of collections they may delete from. */
  async listTrash(caller: Caller): Promise<TrashAnswer> {
    authorize(caller.principal, 'read', { type: 'trash' });
    const rows = (await repo.listTrash(this.db)).filter((r) => can(caller.principal, 'delete', { type: 'collection', name: r.collection }));
    const names = await namesOfUsers(this.db, [...new Set(rows.flatMap((r) => (r.deleted_by ? [r.deleted_by] : [])))]);
    const keepMs = this.retentionDays * 86_400_000;
    return {
      entries: (await Promise.all(rows.map(async (r) => ({ r, c: await this.services.structure.collection(r.collection) })))).flatMap(({ r, c }) => {
        if (!c || !r.deleted_at) return [];
        return [
          {
            id: r.id,
            collection: r.collection,
            title: blockTitle(c, parseJson(workingCopyOf(r))),
            deletedAt: r.deleted_at,
            deletedBy: r.deleted_by ? { uid: r.deleted_by, name: names.get(r.deleted_by) ?? '' } : null,
            purgeAt: new Date(Date.parse(r.deleted_at) + keepMs).toISOString(),
          },
        ];
      }),
    };
  }

  /** Puts a block back where it was, as a draft (its pending changes become the draft's content). */
  async restoreFromTrash(caller: Caller, id: string): Promise<ContentDocument> {
    authorize(caller.principal, 'read', { type: 'trash' });
    const current = await repo.findDocumentAnywhere(this.db, id);
    if (!current || current.deleted_at === null) throw new AppError('not-found', 'This block is not in the trash.');
    const c = await this.services.structure.collectionOrNotFound(current.collection);
    authorize(caller.principal, 'delete', { type: 'collection', name: c.name });
    const row = await this.step({
      collection: c,
      current,
      expectedVersion: Number(current.version),
      changes: { deleted_at: null, deleted_by: null, status: 'draft', data: workingCopyOf(current), pending_data: null, publish_at: null, unpublish_at: null },
      revisions: ['untrash'],
      audits: ['content.restore'],
      caller,
    });
    return toContentDocument(row);
  }

  /** Removes every block still in the trash for good (super-admins); a block restored meanwhile keeps its history. */
  async emptyTrash(caller: Caller): Promise<{ removed: number }> {
    authorize(caller.principal, 'delete', { type: 'trash' });
    const actor = await actorOf(this.db, caller.principal);
    const removed = await this.db.transaction().execute(async (trx) => {
      const rows = await repo.purgeTrashed(trx, {}, this.dropDependents);
      const n = rows.length;
      await appendAudit(trx, { action: 'trash.empty', actor, subject: `${n} ${n === 1 ? 'block' : 'blocks'}`, ip: caller.ip });
      return { n, collections: new Set(rows.map((r) => r.collection)) };
    });
    for (const name of removed.collections) this.announce(name);
    return { removed: removed.n };
  }

  /**
   * Removes blocks in the trash longer than the retention period; how many.
   * Each in its own transaction, which checks again that the block is still
   * in the trash since before the cut-off: one restored (or deleted again)
   * since the list was read is left, with its history.
   */
  async purgeExpired(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.retentionDays * 86_400_000).toISOString();
    const candidates = await repo.trashedBefore(this.db, before);
    let removed = 0;
    for (const { id } of candidates) {
      removed += await this.db.transaction().execute(async (trx) => {
        const rows = await repo.purgeTrashed(trx, { ids: [id], before }, this.dropDependents);
        for (const r of rows) {
          const c = getCollection(r.collection);
          await appendAudit(trx, {
            action: 'content.purge',
            actor: null,
            collection: r.collection,
            subjectId: r.id,
            subject: c ? auditTitle(c, parseJson(workingCopyOf(r))) : r.id,
            at: now.toISOString(),
          });
        }
        return rows.length;
      });
    }
    return removed;
  }

  /**
   * Publishes and unpublishes what is due at `now`. Each block is claimed in
   * its own transaction (on PostgreSQL with FOR UPDATE SKIP LOCKED, so several
   * instances never both take it; the claim re-reads the schedule, so a block
   * another instance has just done is no longer due). The number of blocks done.
   */
  async runDue(now: Date): Promise<number> {
    const instant = now.toISOString();
    const due = await repo.dueDocuments(this.db, instant, 200);
    let done = 0;
    for (const { id } of due) {
      const row = await this.db.transaction().execute(async (trx) => {
        const claimed = await repo.claimDueDocument(trx, id, instant);
        if (!claimed) return null;
        const c = await this.services.structure.collection(claimed.collection);
        if (!c) return null;
        const publishDue = claimed.publish_at !== null && claimed.publish_at <= instant;
        const unpublishDue = claimed.unpublish_at !== null && claimed.unpublish_at <= instant;
        const working = workingCopyOf(claimed);
        const changes: DocumentChanges = {};
        const revisions: RevisionAction[] = [];
        const audits: AuditAction[] = [];
        let subject: string | undefined;
        if (publishDue) {
          // What goes live is checked as it is now: it may have changed since it was scheduled.
          const errors = errorsOf(await findingsOf(trx, blockTarget(c, claimed.id, await this.services.structure.pageShowing(c.name)), c.fields, parseJson(working)));
          const title = auditTitle(c, parseJson(working));
          if (errors.length > 0 && claimed.publish_override === null) {
            Object.assign(changes, { publish_at: null });
            audits.push('content.publish-held');
            subject = overriddenSubject(title, rulesOf(errors), true);
          } else {
            Object.assign(changes, { data: working, pending_data: null, status: 'published', publish_at: null, publish_override: null });
            revisions.push('publish');
            audits.push(errors.length > 0 ? 'content.publish-overridden' : 'content.publish');
            if (errors.length > 0) subject = overriddenSubject(title, rulesOf(errors));
          }
        }
        if (unpublishDue) {
          Object.assign(changes, { data: working, pending_data: null, status: 'draft', publish_at: null, unpublish_at: null });
          revisions.push('unpublish');
          audits.push('content.unpublish');
        }
        return this.step({ collection: c, current: claimed, expectedVersion: Number(claimed.version), changes, revisions, audits, ...(subject ? { subject } : {}), caller: serverCaller }, trx);
      });
      if (row) {
        this.announce(row.collection, row.id);
        done += 1;
      }
    }
    return done;
  }
}
