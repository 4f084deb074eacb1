/** SQL of the site's structure: page records (blocks of `sitepage`), the addresses they hold, redirects and missing paths. */
import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, NotFoundTable, RedirectsTable } from '../db/schema.js';

type Conn = Kysely<Database> | Transaction<Database>;
export type RedirectRow = Selectable<RedirectsTable>;
/** Page records and the navigation are blocks: their rows are the content repository's. */
export { countPageRows, navigationRow, pageRows, trashedPageRows } from '../content/repository.js';
export type NotFoundRow = Selectable<NotFoundTable>;

/** The page holding an address, if any. */
export async function pathHolder(db: Conn, lang: string, path: string): Promise<string | undefined> {
  return (await db.selectFrom('site_paths').select('page_id').where('lang', '=', lang).where('path', '=', path).executeTakeFirst())?.page_id;
}

/** Replaces the addresses a page holds; false when another page holds one of them. */
export async function holdPaths(trx: Conn, lang: string, pageId: string, paths: readonly string[]): Promise<{ ok: true } | { ok: false; path: string }> {
  await trx.deleteFrom('site_paths').where('lang', '=', lang).where('page_id', '=', pageId).execute();
  for (const path of new Set(paths)) {
    const holder = await pathHolder(trx, lang, path);
    if (holder && holder !== pageId) return { ok: false, path };
    await trx.insertInto('site_paths').values({ lang, path, page_id: pageId }).execute();
  }
  return { ok: true };
}

export async function listRedirects(db: Conn): Promise<RedirectRow[]> {
  return db.selectFrom('redirects').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function findRedirect(db: Conn, id: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewRedirect {
  lang: string;
  fromPath: string;
  pageId?: string | null;
  url?: string | null;
  gone?: boolean;
  automatic: boolean;
  at: string;
  by: string | null;
}

/** Sets where an old address leads, replacing what it led to before; the address is no longer "not found". */
export async function putRedirect(trx: Conn, r: NewRedirect): Promise<RedirectRow> {
  await trx.deleteFrom('redirects').where('lang', '=', r.lang).where('from_path', '=', r.fromPath).execute();
  await forgetNotFound(trx, r.lang, r.fromPath);
  return trx
    .insertInto('redirects')
    .values({
      id: crypto.randomUUID(),
      lang: r.lang,
      from_path: r.fromPath,
      page_id: r.pageId ?? null,
      url: r.url ?? null,
      gone: r.gone ? 1 : 0,
      automatic: r.automatic ? 1 : 0,
      hits: 0,
      last_hit_at: null,
      created_at: r.at,
      created_by: r.by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The redirects a super-admin set up by hand at these addresses of a language. */
export async function manualRedirectsAt(db: Conn, lang: string, paths: readonly string[]): Promise<RedirectRow[]> {
  if (paths.length === 0) return [];
  return db.selectFrom('redirects').selectAll().where('lang', '=', lang).where('from_path', 'in', [...paths]).where('automatic', '=', 0).execute();
}

/** A page published at an address takes it back from any redirect (no loops). */
export async function dropRedirectsFrom(trx: Conn, lang: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await trx.deleteFrom('redirects').where('lang', '=', lang).where('from_path', 'in', [...paths]).execute();
}

/** The redirects that lead to one page lead to another (a deleted page's old addresses). */
export async function repointRedirects(trx: Conn, fromPageId: string, toPageId: string): Promise<void> {
  await trx.updateTable('redirects').set({ page_id: toPageId }).where('page_id', '=', fromPageId).execute();
}

export async function deleteRedirect(db: Conn, id: string): Promise<RedirectRow | undefined> {
  return db.deleteFrom('redirects').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function countRedirectHits(db: Conn, id: string, hits: number, at: string): Promise<void> {
  await db.updateTable('redirects').set((eb) => ({ hits: eb('hits', '+', hits), last_hit_at: at })).where('id', '=', id).execute();
}

/** Counts requests for a missing path. */
export async function countNotFound(db: Conn, lang: string, path: string, hits: number, at: string): Promise<void> {
  await db
    .insertInto('not_found')
    .values({ lang, path, hits, first_at: at, last_at: at })
    .onConflict((oc) => oc.columns(['lang', 'path']).doUpdateSet({ hits: sql`not_found.hits + ${hits}`, last_at: at }))
    .execute();
}

/** Keeps the most requested missing paths only: random paths cannot grow the table without bound. */
export async function pruneNotFound(db: Conn, keep: number): Promise<void> {
  await sql`delete from not_found where (lang, path) not in (select lang, path from not_found order by hits desc, last_at desc limit ${keep})`.execute(db);
}

export async function listNotFound(db: Conn, limit: number): Promise<NotFoundRow[]> {
  return db.selectFrom('not_found').selectAll().orderBy('hits', 'desc').orderBy('last_at', 'desc').limit(limit).execute();
}

export async function forgetNotFound(db: Conn, lang: string, path: string): Promise<void> {
  await db.deleteFrom('not_found').where('lang', '=', lang).where('path', '=', path).execute();
}

/** Whether any address is held under the language `lang`. */
export async function languageInUse(db: Conn, lang: string): Promise<boolean> {
  return (await db.selectFrom('site_paths').select('lang').where('lang', '=', lang).limit(1).executeTakeFirst()) !== undefined;
}

/** Moves the addresses, redirects and missing addresses of language `from` to `to` (a new default language). */
export async function moveLanguageKeys(db: Conn, from: string, to: string): Promise<void> {
  await db.updateTable('site_paths').set({ lang: to }).where('lang', '=', from).execute();
  await db.updateTable('redirects').set({ lang: to }).where('lang', '=', from).execute();
  await db.updateTable('not_found').set({ lang: to }).where('lang', '=', from).execute();
}

/** Drops the addresses a page holds in every language but `lang` (a page gone to the trash). */
export async function releasePathsOutside(db: Conn, pageId: string, lang: string): Promise<void> {
  await db.deleteFrom('site_paths').where('page_id', '=', pageId).where('lang', '!=', lang).execute();
}
