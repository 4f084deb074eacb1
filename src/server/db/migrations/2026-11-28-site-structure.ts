import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// The site's structure: page records themselves are blocks of the `sitepage`
// collection (documents); these tables hold what addresses mean.
// - site_paths: every address a page holds (its working copy's and its live
//   one), one page per (lang, path): the primary key is the uniqueness rule.
// - redirects: an old address → a page id (so renames never chain), an
//   outside https address, or gone (410); one per (lang, from_path).
// - not_found: the missing paths visitors asked for, with counts.
// Every key carries a language (BCP 47 code) from the start; only the
// default language is used until translations arrive.
export const siteStructure = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('site_paths')
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_paths_pk', ['lang', 'path'])
      .execute();
    await db.schema.createIndex('site_paths_page').on('site_paths').column('page_id').execute();
    await db.schema
      .createTable('redirects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('from_path', 'text', (c) => c.notNull())
      .addColumn('page_id', 'text')
      .addColumn('url', 'text')
      .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_hit_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addUniqueConstraint('redirects_from', ['lang', 'from_path'])
      .execute();
    await db.schema
      .createTable('not_found')
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('not_found_pk', ['lang', 'path'])
      .execute();
    await db.schema.createIndex('not_found_hits').on('not_found').column('hits').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('not_found').execute();
    await db.schema.dropTable('redirects').execute();
    await db.schema.dropTable('site_paths').execute();
  },
};
