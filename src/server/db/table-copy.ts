/**
 * The generic table copy of backup and restore: rows of any table named by the
 * catalogue (catalogue.ts), read in keyset pages inside one snapshot, and
 * written back parents first. The only code outside a domain's repository that
 * reaches tables by a name chosen at run time (db/owners.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { TableInfo } from './catalogue.js';
import type { Db } from './index.js';
import type { Database } from './schema.js';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

/** Lets timers, I/O and requests run between two pages (the backup may share its process with the site). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Every row of a table in a stable order (the primary key), page by page:
 * `where (pk) > (last row's pk) order by pk limit n`. The event loop runs
 * between two pages.
 */
export async function* tableRowPages(trx: Kysely<Database>, table: TableInfo, pageRows: number, signal?: AbortSignal): AsyncGenerator<Row[]> {
  const db = trx as unknown as AnyDb;
  const keys = table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name);
  let rows = 0;
  let last: Row | undefined;
  for (;;) {
    signal?.throwIfAborted();
    let query = db.selectFrom(table.name).selectAll();
    if (table.primaryKey.length === 0) query = query.offset(rows); // no key to page by; still one snapshot
    else if (last) {
      const after = last;
      query = query.where(sql<boolean>`(${sql.join(keys.map((k) => sql.ref(k)))}) > (${sql.join(keys.map((k) => after[k]))})`);
    }
    for (const column of keys) query = query.orderBy(column);
    const page = await query.limit(pageRows).execute();
    yield page;
    rows += page.length;
    if (page.length < pageRows) return;
    last = page[page.length - 1];
    await yieldToEventLoop();
  }
}

/** Runs `fn` in one read-only snapshot: REPEATABLE READ on PostgreSQL, a WAL read transaction on SQLite. */
export function inSnapshot<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  // SQLite's deferred BEGIN takes its snapshot at the first read and keeps it until the end (WAL mode).
  return db.kysely.transaction().execute(fn);
}

/** How many rows a table holds. */
export async function rowCount(conn: Kysely<Database>, name: string): Promise<number> {
  const db = conn as unknown as AnyDb;
  const row = await db.selectFrom(name).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether a table holds a row; `skip` leaves out the rows whose `column` is one of `values`. */
export async function tableHoldsRows(conn: Kysely<Database>, name: string, skip?: { column: string; values: readonly string[] }): Promise<boolean> {
  const db = conn as unknown as AnyDb;
  let q = db.selectFrom(name).select(db.fn.countAll().as('n'));
  if (skip && skip.values.length > 0) q = q.where(skip.column, 'not in', skip.values);
  return q
    .limit(1)
    .executeTakeFirst()
    .then((r) => Number(r?.n ?? 0) > 0);
}

/** Every row of a small table at once (a scratch database's). */
export async function allRowsOf(conn: Kysely<Database>, name: string): Promise<Row[]> {
  return (conn as unknown as AnyDb).selectFrom(name).selectAll().execute();
}

/** Inserts rows table by table, parents first, in batches. */
export async function insertRows(conn: Kysely<Database>, tables: TableInfo[], rows: Map<string, Row[]>): Promise<number> {
  const db = conn as unknown as AnyDb;
  let total = 0;
  for (const table of tables) {
    const list = rows.get(table.name) ?? [];
    // Stays under both databases' limits on bound parameters per statement (SQLite 32766, PostgreSQL 65535).
    const batch = Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, table.columns.length))));
    for (let i = 0; i < list.length; i += batch) await db.insertInto(table.name).values(list.slice(i, i + batch)).execute();
    total += list.length;
  }
  return total;
}

/** Deletes every row and inserts the given ones, parents first, then runs `after`, all in one transaction. */
export async function replaceRows(db: Db, tables: TableInfo[], rows: Map<string, Row[]>, after: (trx: Kysely<Database>) => Promise<void>): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const t = trx as unknown as AnyDb;
    for (const table of [...tables].reverse()) await t.deleteFrom(table.name).execute();
    const inserted = await insertRows(trx, tables, rows);
    await after(trx);
    return inserted;
  });
}
