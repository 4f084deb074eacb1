/**
 * The visit counts' tables (db/owners.ts: visits, visit_visitors,
 * visit_referrers, visit_campaigns). Counts are added with an upsert, so
 * instances writing the same day add up; a visitor's hash is inserted once
 * per day and address (a unique key), so instances that saw the same
 * visitor count them once.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Conn = Kysely<Database> | Transaction<Database>;

/** Rows inserted per statement (SQLite allows 32766 parameters; four per row). */
const rowsPerInsert = 500;

export async function addViews(db: Conn, day: string, lang: string, path: string, views: number): Promise<void> {
  await db
    .insertInto('visits')
    .values({ day, lang, path, views, visitors: 0 })
    .onConflict((oc) => oc.columns(['day', 'lang', 'path']).doUpdateSet({ views: sql`visits.views + ${views}` }))
    .execute();
}

export async function addVisitors(db: Conn, rows: readonly { day: string; lang: string; path: string; visitor: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += rowsPerInsert) {
    await db
      .insertInto('visit_visitors')
      .values(rows.slice(i, i + rowsPerInsert))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function addReferrer(db: Conn, day: string, host: string, views: number): Promise<void> {
  await db
    .insertInto('visit_referrers')
    .values({ day, host, views })
    .onConflict((oc) => oc.columns(['day', 'host']).doUpdateSet({ views: sql`visit_referrers.views + ${views}` }))
    .execute();
}

export async function addCampaign(db: Conn, day: string, source: string, campaign: string, views: number): Promise<void> {
  await db
    .insertInto('visit_campaigns')
    .values({ day, source, campaign, views })
    .onConflict((oc) => oc.columns(['day', 'source', 'campaign']).doUpdateSet({ views: sql`visit_campaigns.views + ${views}` }))
    .execute();
}

export interface CountRow {
  day: string;
  lang: string;
  path: string;
  views: number;
  visitors: number;
}

/** Per day, language and address in [from, to]: views, and visitors (rolled up, plus the hashes of days not rolled up yet). */
export async function countsBetween(db: Conn, from: string, to: string): Promise<CountRow[]> {
  const [counts, hashes] = await Promise.all([
    db.selectFrom('visits').select(['day', 'lang', 'path', 'views', 'visitors']).where('day', '>=', from).where('day', '<=', to).execute(),
    db
      .selectFrom('visit_visitors')
      .select(['day', 'lang', 'path', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['day', 'lang', 'path'])
      .execute(),
  ]);
  const byKey = new Map<string, CountRow>();
  for (const r of counts) byKey.set(`${r.day}\t${r.lang}\t${r.path}`, { ...r, views: Number(r.views), visitors: Number(r.visitors) });
  for (const h of hashes) {
    const row = byKey.get(`${h.day}\t${h.lang}\t${h.path}`);
    if (row) row.visitors += Number(h.n);
  }
  return [...byKey.values()];
}

export async function referrersBetween(db: Conn, from: string, to: string, limit: number): Promise<{ host: string; views: number }[]> {
  const rows = await db
    .selectFrom('visit_referrers')
    .select(['host', (eb) => eb.fn.sum<number | string>('views').as('views')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('host')
    .orderBy('views', 'desc')
    .orderBy('host')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ host: r.host, views: Number(r.views) }));
}

export async function campaignsBetween(db: Conn, from: string, to: string, limit: number): Promise<{ source: string; campaign: string; views: number }[]> {
  const rows = await db
    .selectFrom('visit_campaigns')
    .select(['source', 'campaign', (eb) => eb.fn.sum<number | string>('views').as('views')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['source', 'campaign'])
    .orderBy('views', 'desc')
    .orderBy('source')
    .orderBy('campaign')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ source: r.source, campaign: r.campaign, views: Number(r.views) }));
}

/** The days before `day` whose visitors are still hashes. */
export async function daysToRollUp(db: Conn, day: string): Promise<string[]> {
  const rows = await db.selectFrom('visit_visitors').select('day').distinct().where('day', '<', day).execute();
  return rows.map((r) => r.day);
}

/** A day's hashes become counts on its rows, then are deleted: after this nothing of that day's visitors is kept but how many. */
export async function rollUpDay(trx: Transaction<Database>, day: string): Promise<void> {
  const counts = await trx
    .selectFrom('visit_visitors')
    .select(['lang', 'path', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('day', '=', day)
    .groupBy(['lang', 'path'])
    .execute();
  for (const c of counts) {
    await trx
      .insertInto('visits')
      .values({ day, lang: c.lang, path: c.path, views: 0, visitors: Number(c.n) })
      .onConflict((oc) => oc.columns(['day', 'lang', 'path']).doUpdateSet({ visitors: sql`visits.visitors + ${Number(c.n)}` }))
      .execute();
  }
  await trx.deleteFrom('visit_visitors').where('day', '=', day).execute();
}

/** Deletes every count of the days before `day`; how many rows of views went. */
export async function deleteBefore(db: Conn, day: string): Promise<number> {
  const gone = await db.deleteFrom('visits').where('day', '<', day).executeTakeFirst();
  await db.deleteFrom('visit_visitors').where('day', '<', day).execute();
  await db.deleteFrom('visit_referrers').where('day', '<', day).execute();
  await db.deleteFrom('visit_campaigns').where('day', '<', day).execute();
  return Number(gone.numDeletedRows);
}
