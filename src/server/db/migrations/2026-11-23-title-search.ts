import { sql, type Kysely } from 'kysely';
import { titleSearchOf } from '../title-search.js';
import type { Dialect } from '../schema.js';

// Frozen: never edit after it lands; add a new migration instead.
//
// documents.title_search: the block's title folded for search (titleSearchOf),
// written beside `data` by every write, with an index that serves "contains":
// - PostgreSQL: a pg_trgm GIN index (LIKE '%…%' uses it). When the extension
//   cannot be created (not installed, or the role may not create it), the
//   column is still added and filled and search still works, scanning the
//   column instead; a warning says how to add the index later.
// - SQLite: an FTS5 table with the trigram tokenizer over the column (external
//   content: it stores only the index), kept in step by triggers on documents,
//   so every insert, update and delete (restores too) maintains it; and an
//   index on (collection, title_search) that searches shorter than a trigram
//   read instead of the rows.
// Rows still without a title_search (written around the content repository)
// are found through a partial index and searched in the server.
//
// Each collection's title field as declared when this migration landed, copied
// here because the live declarations change; a collection not named here keeps
// a null title_search.
const titleFieldOf: ReadonlyMap<string, string> = new Map(
  Object.entries({
    title: [
      'home', 'descriptionhome', 'newstory', 'aboutslide', 'aboutvision', 'aboutdiscover', 'abouthistory', 'visionslide', 'visiondescription',
      'visionvalue', 'historyslide', 'historydescription', 'leaderslide', 'leaderdescription', 'firstgender', 'secondgender', 'thirdgender',
      'fistsocio', 'secondsocio', 'thirdsocio', 'firstdemocratic', 'seconddemocratic', 'thirddemocratic', 'firstaccountability',
      'secondaccountability', 'thirdaccountability', 'firststrategy', 'secondstrategy', 'thirdstrategy', 'firstevents', 'secondevents',
      'thirdevents', 'youthfirstpage', 'secondyouth', 'thirdyouth', 'sixthyouth', 'seventhyouth', 'item',
    ],
    name: ['aboutleader', 'aboutpartner', 'leaderpicture', 'firstpartner', 'secondpartner', 'thirdpartner', 'fifthyouth', 'eighthyouth', 'category', 'customer'],
    caption: ['historypicture', 'fourthyouth'],
  }).flatMap(([field, names]) => names.map((name): [string, string] => [name, field])),
);

function searchTitle(collection: string, data: string): string | null {
  const field = titleFieldOf.get(collection);
  if (!field) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? titleSearchOf(parsed as Record<string, unknown>, field) : null;
}

/** Fills title_search for every row, 500 at a time in id order, one UPDATE per batch. */
async function fill(db: Kysely<any>): Promise<void> {
  let after: string | null = null;
  for (;;) {
    let page = db.selectFrom('documents').select(['id', 'collection', 'data']).orderBy('id').limit(500);
    if (after !== null) page = page.where('id', '>', after);
    const rows = (await page.execute()) as { id: string; collection: string; data: string }[];
    if (rows.length === 0) return;
    const values = rows.flatMap((r) => {
      const t = searchTitle(r.collection, r.data);
      return t === null ? [] : [sql`(cast(${r.id} as text), cast(${t} as text))`];
    });
    if (values.length > 0) {
      await sql`with v(id, t) as (values ${sql.join(values)}) update documents set title_search = v.t from v where documents.id = v.id`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

export function titleSearch(dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('documents').addColumn('title_search', 'text').execute();
      await fill(db);
      await sql`create index documents_title_search_missing on documents (collection) where title_search is null`.execute(db);
      if (dialect === 'postgres') {
        // Migrations run in one transaction: a savepoint keeps a refused extension from aborting it.
        await sql`savepoint title_search_trgm`.execute(db);
        try {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index documents_title_search_trgm on documents using gin (title_search gin_trgm_ops) with (fastupdate = off)`.execute(db);
          await sql`release savepoint title_search_trgm`.execute(db);
        } catch (err) {
          await sql`rollback to savepoint title_search_trgm`.execute(db);
          const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
          console.warn(
            `Title search has no trigram index (${why}): staff list searches read the title_search column of every block of the collection. ` +
              'To add the index, as a role that may: CREATE EXTENSION pg_trgm; CREATE INDEX documents_title_search_trgm ON documents USING gin (title_search gin_trgm_ops);',
          );
        }
        return;
      }
      // Searches of one or two characters, which trigrams cannot serve, read this instead of the rows.
      await sql`create index documents_title_search_scan on documents (collection, title_search)`.execute(db);
      await sql`create virtual table documents_title_fts using fts5(title_search, content='documents', tokenize='trigram case_sensitive 1')`.execute(db);
      await sql`create trigger documents_title_fts_insert after insert on documents begin
        insert into documents_title_fts(rowid, title_search) values (new.rowid, new.title_search);
      end`.execute(db);
      await sql`create trigger documents_title_fts_delete after delete on documents begin
        insert into documents_title_fts(documents_title_fts, rowid, title_search) values ('delete', old.rowid, old.title_search);
      end`.execute(db);
      await sql`create trigger documents_title_fts_update after update of title_search on documents begin
        insert into documents_title_fts(documents_title_fts, rowid, title_search) values ('delete', old.rowid, old.title_search);
        insert into documents_title_fts(rowid, title_search) values (new.rowid, new.title_search);
      end`.execute(db);
      await sql`insert into documents_title_fts(documents_title_fts) values ('rebuild')`.execute(db);
    },
    async down(db: Kysely<any>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`drop index if exists documents_title_search_trgm`.execute(db);
      } else {
        for (const t of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`documents_title_fts_${t}`)}`.execute(db);
        await sql`drop table if exists documents_title_fts`.execute(db);
        await sql`drop index if exists documents_title_search_scan`.execute(db);
      }
      await sql`drop index if exists documents_title_search_missing`.execute(db);
      await db.schema.alterTable('documents').dropColumn('title_search').execute();
    },
  };
}
