import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// documents gains the editorial state: pending_data holds a published block's
// saved but unpublished changes (the row's data stays what visitors see);
// publish_at / unpublish_at schedule those steps; deleted_at / deleted_by mark
// a block in the trash until the server removes it for good.
// revisions: every save, publish, unpublish, discard and restore of a block,
// append-only, numbered per block.
// audit_log: every change anyone makes, append-only (insert and list; the
// command line prunes old lines).
// preview_links: shared preview links, found by the SHA-256 of their token.
export const editorial = {
  async up(db: Kysely<any>): Promise<void> {
    for (const column of ['pending_data', 'publish_at', 'unpublish_at', 'deleted_at', 'deleted_by']) {
      await db.schema.alterTable('documents').addColumn(column, 'text').execute();
    }
    await db.schema.createIndex('documents_publish_at').on('documents').column('publish_at').execute();
    await db.schema.createIndex('documents_unpublish_at').on('documents').column('unpublish_at').execute();
    await db.schema.createIndex('documents_deleted_at').on('documents').column('deleted_at').execute();

    await db.schema
      .createTable('revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('by_id', 'text')
      .addColumn('by_name', 'text')
      .execute();
    await db.schema.createIndex('revisions_document_number').on('revisions').columns(['document_id', 'number']).unique().execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('collection', 'text')
      .addColumn('subject_id', 'text')
      .addColumn('subject', 'text')
      .addColumn('revision_id', 'text')
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();
    await db.schema.createIndex('audit_log_collection').on('audit_log').columns(['collection', 'at']).execute();
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();

    await db.schema
      .createTable('preview_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('preview_links').execute();
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('revisions').execute();
    await db.schema.dropIndex('documents_deleted_at').execute();
    await db.schema.dropIndex('documents_unpublish_at').execute();
    await db.schema.dropIndex('documents_publish_at').execute();
    for (const column of ['deleted_by', 'deleted_at', 'unpublish_at', 'publish_at', 'pending_data']) {
      await db.schema.alterTable('documents').dropColumn(column).execute();
    }
  },
};
