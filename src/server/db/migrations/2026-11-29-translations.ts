import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Translations: one row per (block, language) beside the block. The block's
// own row keeps the default language; a translation holds only the words
// (a JSON map of keys to text, shared/translatable.ts):
// - data: what visitors of that language see (null until published);
// - pending_data: saved, unpublished words (null when none);
// - source: the original's words the published translation was made from
//   (or confirmed against): comparing it with the original's live words tells
//   a current translation from an outdated one.
// Site settings' words live here too, under collection '@settings', id 'site'.
// A preview link may name a language (preview_links.lang): the page is shown in
// it with its saved translations laid over.
// translation_revisions: every save, publish, confirm, unpublish and discard of
// a translation, with the words it left (append-only, like revisions).
export const translations = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('translations')
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('pending_data', 'text')
      .addColumn('source', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addColumn('published_at', 'text')
      .addPrimaryKeyConstraint('translations_pk', ['document_id', 'lang'])
      .execute();
    await db.schema.createIndex('translations_lang').on('translations').columns(['lang', 'collection']).execute();
    await db.schema.alterTable('preview_links').addColumn('lang', 'text').execute();
    await db.schema
      .createTable('translation_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('by_id', 'text')
      .addColumn('by_name', 'text')
      .addUniqueConstraint('translation_revisions_number', ['document_id', 'lang', 'number'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('translation_revisions').execute();
    await db.schema.alterTable('preview_links').dropColumn('lang').execute();
    await db.schema.dropTable('translations').execute();
  },
};
