/**
 * The audit log's SQL: append and read, nothing else. No route edits or
 * deletes a line; only the command line's prune (`audit prune --before DATE`)
 * removes old ones. Every line is chained to the one before it (chain.ts).
 */
import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.js';
import { AppError } from '../../shared/errors.js';
import { oneLine } from '../../shared/text.js';
import type { AuditAction, AuditEntry, AuditQuery } from '../../shared/editorial.js';
import { chainKey, inTransaction, lineHash, lockChainHead, type ChainedFields } from './chain-repository.js';

type Conn = Kysely<Database> | Transaction<Database>;
export type AuditRow = Selectable<AuditLogTable>;

/** Who did it: a signed-in account (its name and address are looked up and kept as they are now), or nobody. */
export interface AuditActorRef {
  uid: string;
  /** Known already (e.g. the address typed at a failed sign-in): not looked up. */
  email?: string | undefined;
  name?: string | undefined;
}

/** An account's name and address as they are now, read in the line's transaction; undefined for no such account. */
export type AuditActorLookup = (conn: Conn, uid: string) => Promise<{ name: string; email: string } | undefined>;

/**
 * Accounts belong to auth, which writes audit lines and so sits above this
 * folder: the accounts' repository is handed in where the app is assembled
 * (app.ts), not imported. Until then an actor given by id alone keeps no name.
 */
let lookUpActor: AuditActorLookup = async () => undefined;

export function lookUpAuditActorsWith(lookup: AuditActorLookup): void {
  lookUpActor = lookup;
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

let sequence = 0;

/**
 * A line's id that sorts in the order this process wrote its lines (milliseconds,
 * then a counter, then randomness for other instances): the log lists
 * `at, id` newest first, so two lines of the same millisecond keep their order.
 */
function nextAuditId(): string {
  sequence = (sequence + 1) % 0x1000000;
  return `${Date.now().toString(16).padStart(12, '0')}-${sequence.toString(16).padStart(6, '0')}-${crypto.randomBytes(8).toString('hex')}`;
}

/**
 * Appends one line, chained after the last one. Pass the transaction of the
 * change it records, so the change and its line land together or not at all
 * (handed the database itself, it runs in a transaction of its own). The
 * chain's row stays locked until that transaction ends: appends wait for one
 * another, so keep them near the end of a transaction.
 */
export async function appendAudit(db: Conn, record: AuditRecord): Promise<string> {
  const key = chainKey(db);
  return inTransaction(db, async (trx) => {
    let name = record.actor?.name ?? null;
    let email = record.actor?.email ?? null;
    if (record.actor && (name === null || email === null)) {
      const user = await lookUpActor(trx, record.actor.uid);
      name ??= user?.name ?? null;
      email ??= user?.email ?? null;
    }
    const line: ChainedFields = {
      id: nextAuditId(),
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
    };
    const head = await lockChainHead(trx, key);
    const seq = head.head_seq + 1;
    const hash = lineHash(key, head.head_hash, line);
    await trx.insertInto('audit_log').values({ ...line, seq, prev_hash: head.head_hash, hash }).execute();
    await trx.updateTable('audit_chain').set({ head_seq: seq, head_hash: hash }).where('id', '=', 1).execute();
    return line.id;
  });
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

/** What a prune did. */
export interface PruneResult {
  removed: number;
  /** Lines older than the day kept because a newer line comes before them in the chain (written with an earlier time). */
  keptOlder: number;
  /** The chain's place the kept lines now start after. */
  anchorSeq: number;
}

/**
 * Removes the lines older than the instant from the start of the chain, and
 * records it: the hash of the last line removed becomes the chain's anchor
 * (the first kept line names it as the one before it), and the prune is
 * itself a line (`audit.prune`, its subject id `seq:hash` of that anchor, so
 * `audit verify` can tell a prune from lines removed by hand). Only a
 * beginning of the chain goes: a line older than the day that comes after a
 * newer one stays, or the chain would break. Only the command line calls this.
 */
export async function pruneAuditBefore(db: Conn, before: string, day: string): Promise<PruneResult> {
  const key = chainKey(db);
  return inTransaction(db, async (trx) => {
    const head = await lockChainHead(trx, key);
    const firstKept = await trx
      .selectFrom('audit_log')
      .select((eb) => eb.fn.min<number | null>('seq').as('seq'))
      .where('seq', 'is not', null)
      .where('at', '>=', before)
      .executeTakeFirst();
    const lastRemoved = Math.max(head.anchor_seq, firstKept?.seq === null || firstKept?.seq === undefined ? head.head_seq : Number(firstKept.seq) - 1);
    let removed = 0;
    let anchor = { seq: head.anchor_seq, hash: head.anchor_hash };
    if (lastRemoved > head.anchor_seq) {
      const line = await trx.selectFrom('audit_log').select(['seq', 'hash']).where('seq', '=', lastRemoved).executeTakeFirst();
      if (!line?.hash) throw new AppError('failed-precondition', `The audit log's line at chain position ${lastRemoved} is missing: run "audit verify" first. Nothing was removed.`);
      const res = await trx.deleteFrom('audit_log').where('seq', '<=', lastRemoved).executeTakeFirst();
      removed = Number(res.numDeletedRows);
      anchor = { seq: lastRemoved, hash: line.hash };
      await trx.updateTable('audit_chain').set({ anchor_seq: anchor.seq, anchor_hash: anchor.hash }).where('id', '=', 1).execute();
    }
    const older = await trx
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('seq', 'is not', null)
      .where('at', '<', before)
      .executeTakeFirst();
    const keptOlder = Number(older?.n ?? 0);
    await appendAudit(trx, {
      action: 'audit.prune',
      actor: null,
      subjectId: `${anchor.seq}:${anchor.hash}`,
      subject: `${removed} ${removed === 1 ? 'line' : 'lines'} older than ${day} removed; the log now starts after chain position ${anchor.seq}`,
    });
    return { removed, keptOlder, anchorSeq: anchor.seq };
  });
}

/** A line as shipped elsewhere (`audit export`): every column, the chain's place and both hashes. */
export type ChainedLine = AuditRow & { seq: number; prev_hash: string; hash: string };

/** The chain's position of the line `id`, or null when no chained line has that id. */
export async function chainPositionOf(db: Conn, id: string): Promise<number | null> {
  const row = await db.selectFrom('audit_log').select('seq').where('id', '=', id).executeTakeFirst();
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

/** Every chained line after the position `afterSeq`, in chain order, read `pageSize` at a time. */
export async function* eachChainedLine(db: Conn, afterSeq = 0, pageSize = 500): AsyncGenerator<ChainedLine> {
  let after = afterSeq;
  for (;;) {
    const rows = await db.selectFrom('audit_log').selectAll().where('seq', 'is not', null).where('seq', '>', after).orderBy('seq').limit(pageSize).execute();
    for (const row of rows) yield { ...row, seq: Number(row.seq), prev_hash: row.prev_hash ?? '', hash: row.hash ?? '' };
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = Number(last.seq);
  }
}
