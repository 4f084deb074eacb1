/**
 * The audit log's SQL: append and read, nothing else. No route edits or
 * deletes a line; only the command line's prune (`audit prune --before DATE`)
 * removes old ones.
 */
import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.js';
import { oneLine } from '../../shared/text.js';
import type { AuditAction, AuditEntry, AuditQuery } from '../../shared/editorial.js';

type Conn = Kysely<Database> | Transaction<Database>;
export type AuditRow = Selectable<AuditLogTable>;

/** Who did it: a signed-in account (its name and address are looked up and kept as they are now), or nobody. */
export interface AuditActorRef {
  uid: string;
  /** Known already (e.g. the address typed at a failed sign-in): not looked up. */
  email?: string | undefined;
  name?: string | undefined;
}

export interface AuditRecord {
  action: AuditAction;
  actor: AuditActorRef | null;
  collection?: string | null | undefined;
  subjectId?: string | null | undefined;
  subject?: string | null | undefined;
  revisionId?: string | null | undefined;
  ip?: string | null | undefined;
  /** Defaults to now. */
  at?: string | undefined;
}

/**
 * Appends one line. Pass the transaction of the change it records, so the
 * change and its line land together or not at all.
 */
export async function appendAudit(db: Conn, record: AuditRecord): Promise<string> {
  let name = record.actor?.name ?? null;
  let email = record.actor?.email ?? null;
  if (record.actor && (name === null || email === null)) {
    const user = await db.selectFrom('users').select(['display_name', 'email']).where('id', '=', record.actor.uid).executeTakeFirst();
    name ??= user ? user.display_name || user.email : null;
    email ??= user?.email ?? null;
  }
  const id = crypto.randomUUID();
  await db
    .insertInto('audit_log')
    .values({
      id,
      at: record.at ?? new Date().toISOString(),
      actor_id: record.actor?.uid ?? null,
      actor_name: name,
      actor_email: email,
      action: record.action,
      collection: record.collection ?? null,
      subject_id: record.subjectId ?? null,
      subject: record.subject === null || record.subject === undefined ? null : oneLine(record.subject).slice(0, 300),
      revision_id: record.revisionId ?? null,
      ip: record.ip ?? null,
    })
    .execute();
  return id;
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_id ? { uid: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' } : null,
    action: row.action as AuditAction,
    collection: row.collection,
    subjectId: row.subject_id,
    subject: row.subject,
    revisionId: row.revision_id,
    ip: row.ip,
  };
}

/** The filters of a listing (the query without its page). */
export type AuditFilters = Pick<AuditQuery, 'actor' | 'collection' | 'action' | 'from' | 'to'>;

/** The first instant after the UTC day `date` (YYYY-MM-DD). */
function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
}

function filtered(db: Conn, query: AuditFilters) {
  let base = db.selectFrom('audit_log');
  if (query.actor) base = base.where('actor_id', '=', query.actor);
  if (query.collection) base = base.where('collection', '=', query.collection);
  if (query.action) base = base.where('action', '=', query.action);
  if (query.from) base = base.where('at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where('at', '<', dayAfter(query.to));
  return base;
}

/** Lines matching the filters, newest first; `from` and `to` are whole UTC days, both included. */
export async function listAudit(db: Conn, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const base = filtered(db, query);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Where a walk through the log stopped: the last line read. */
export interface AuditCursor {
  at: string;
  id: string;
}

/**
 * Every line matching the filters, newest first, read `pageSize` at a time
 * (keyset paging on `(at, id)`, so lines appended meanwhile neither repeat
 * nor shift a page): an export never holds the whole log in memory.
 */
export async function* eachAuditLine(db: Conn, query: AuditFilters, pageSize = 500): AsyncGenerator<AuditRow> {
  let after: AuditCursor | null = null;
  for (;;) {
    let page = filtered(db, query).selectAll();
    if (after) {
      const { at, id } = after;
      page = page.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
    }
    const rows = await page.orderBy('at', 'desc').orderBy('id', 'desc').limit(pageSize).execute();
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.at, id: last.id };
  }
}

/** Removes lines older than the instant; the number removed. Only the command line calls this. */
export async function pruneAuditBefore(db: Conn, before: string): Promise<number> {
  const res = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
