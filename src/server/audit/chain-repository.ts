/**
 * The audit log as a hash chain (tamper evidence): every line carries
 * `hash = HMAC-SHA256(key, prev_hash + "\n" + canonical(line))`, where
 * `prev_hash` is the hash of the line before it and the key is derived from
 * AUTH_SECRET (key.ts). Changing, removing, inserting or reordering a line
 * with database access alone breaks a link that `audit verify` names.
 *
 * Appends are serialised by the one row of `audit_chain`: an UPDATE of it
 * comes first, so on PostgreSQL a second transaction waits for the first to
 * commit and then sees its head (READ COMMITTED re-reads the updated row),
 * and on SQLite it takes the write lock at once. The row is locked until the
 * caller's transaction ends, so the chain stays one line however many
 * instances write.
 *
 * All SQL of the chain is here: its row, and the lines as the chain and its
 * check (verify.ts) read them.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../shared/errors.js';
import type { AuditChainTable, AuditLogTable, Database } from '../db/schema.js';
import { auditKeyOf } from '../db/audit-key.js';

type Conn = Kysely<Database> | Transaction<Database>;

/** The anchor of a chain nothing was ever pruned from. */
export const genesisHash = '0'.repeat(64);

/** A line's fields that its hash covers, in a fixed order (its place, `seq`, is not one: `prev_hash` fixes the order). */
export type ChainedFields = Pick<AuditLogTable, 'id' | 'at' | 'actor_id' | 'actor_name' | 'actor_email' | 'action' | 'collection' | 'subject_id' | 'subject' | 'revision_id' | 'ip'>;

/** One unambiguous text for a line's fields: a JSON array, so no value can pass for a neighbour's. */
export function canonicalLine(line: ChainedFields): string {
  return JSON.stringify([line.id, line.at, line.actor_id, line.actor_name, line.actor_email, line.action, line.collection, line.subject_id, line.subject, line.revision_id, line.ip]);
}

export function lineHash(key: Buffer, prevHash: string, line: ChainedFields): string {
  return crypto.createHmac('sha256', key).update(`${prevHash}\n${canonicalLine(line)}`, 'utf8').digest('hex');
}

export function chainKey(db: Conn): Buffer {
  const key = auditKeyOf(db);
  // A programming error (a database opened without AUTH_SECRET), never a visitor's: no secret is named.
  if (!key) throw new AppError('internal', 'The audit log cannot be written or checked: the database was opened without the server secret.');
  return key;
}

/** The chain's row, locked until the transaction ends (see the header); null when no chain exists yet. */
async function lockRow(trx: Conn): Promise<AuditChainTable | null> {
  const row = await trx.updateTable('audit_chain').set((eb) => ({ head_seq: eb.ref('head_seq') })).where('id', '=', 1).returningAll().executeTakeFirst();
  return row ?? null;
}

/**
 * Chains the lines written before the chain existed (upgraded databases, an
 * archive restored from before it), oldest first by `(at, id)`, read a page
 * at a time. Runs once: only the transaction that creates the chain's row
 * does it; a line appended without the chain later is never chained silently.
 */
async function startChain(trx: Conn, key: Buffer): Promise<void> {
  // A chain whose row went missing (removed by hand) is taken up again from its last line rather than restarted:
  // `audit verify` still reports what happened to it, and lines appended meanwhile are not chained as if written here.
  const last = await trx.selectFrom('audit_log').select(['seq', 'hash']).where('seq', 'is not', null).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const created = await trx
    .insertInto('audit_chain')
    .values({ id: 1, head_seq: last?.seq ?? 0, head_hash: last?.hash ?? genesisHash, anchor_seq: 0, anchor_hash: genesisHash })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created || last) return;
  let seq = 0;
  let prev = genesisHash;
  for (;;) {
    const page = await trx.selectFrom('audit_log').selectAll().where('seq', 'is', null).orderBy('at').orderBy('id').limit(500).execute();
    for (const line of page) {
      seq += 1;
      const hash = lineHash(key, prev, line);
      await trx.updateTable('audit_log').set({ seq, prev_hash: prev, hash }).where('id', '=', line.id).execute();
      prev = hash;
    }
    if (page.length < 500) break;
  }
  await trx.updateTable('audit_chain').set({ head_seq: seq, head_hash: prev }).where('id', '=', 1).execute();
}

/** The chain's head, locked for this transaction; starts the chain first when there is none. */
export async function lockChainHead(trx: Conn, key: Buffer): Promise<AuditChainTable> {
  const row = await lockRow(trx);
  if (row) return row;
  await startChain(trx, key);
  const started = await lockRow(trx);
  if (!started) throw new AppError('internal', 'The audit chain could not be started.');
  return started;
}

/** Makes sure the chain exists (start-up): chains the lines of an upgraded database at once. */
export async function ensureAuditChain(db: Conn): Promise<void> {
  const key = chainKey(db);
  if (await chainRow(db)) return;
  await db.transaction().execute(async (trx) => {
    await lockChainHead(trx, key);
  });
}

/** Runs `work` in the caller's transaction, or in one of its own when handed the database itself. */
export function inTransaction<T>(db: Conn, work: (trx: Conn) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The chain's row as it is, unlocked; undefined when no chain exists yet. */
export async function chainRow(db: Conn): Promise<AuditChainTable | undefined> {
  return db.selectFrom('audit_chain').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** A line not in the chain at all, oldest first (added by hand, or by a release without the chain still running). */
export async function firstUnchained(db: Conn) {
  return db.selectFrom('audit_log').selectAll().where('seq', 'is', null).orderBy('at').orderBy('id').limit(1).executeTakeFirst();
}

/** Where the newest prune line says the chain's start moved to (`seq:hash`), if any. */
export async function newestPruneMark(db: Conn): Promise<string | null | undefined> {
  const row = await db.selectFrom('audit_log').select('subject_id').where('action', '=', 'audit.prune').where('seq', 'is not', null).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row?.subject_id;
}

/** The chained lines after position `after`, in chain order, at most `limit`. */
export async function chainedLines(db: Conn, after: number, limit: number) {
  return db.selectFrom('audit_log').selectAll().where('seq', 'is not', null).where('seq', '>', after).orderBy('seq').limit(limit).execute();
}

/** The line whose hash is `hash` (the one a moved line was written after). */
export async function lineWithHash(db: Conn, hash: string) {
  return db.selectFrom('audit_log').select(['id', 'seq']).where('hash', '=', hash).limit(1).executeTakeFirst();
}
