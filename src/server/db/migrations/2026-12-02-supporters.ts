import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Supporters (docs/architecture.md, "Supporters"): the people who answered a
// form editors built, found by their e-mail address (kept in lower case,
// unique), with every answer they gave and the consent text they agreed to.
// - supporters: one row per address; the name the person gave (null until one).
// - consent_versions: each consent text of a form in a language, numbered 1, 2, …
//   per (form, language); the same text is the same version (text_hash is its
//   SHA-256), a changed text is the next one.
// - form_answers: one answer, its values as JSON text, the consent version it
//   was given under, and when retention deletes it (expires_at).
export const supporters = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('supporters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('supporters_email', ['email'])
      .execute();
    await db.schema
      .createTable('consent_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('text_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('consent_versions_text', ['form_id', 'lang', 'text_hash'])
      .addUniqueConstraint('consent_versions_number', ['form_id', 'lang', 'version'])
      .execute();
    await db.schema
      .createTable('form_answers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('supporter_id', 'text', (c) => c.notNull().references('supporters.id').onDelete('cascade'))
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('form_title', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('values', 'text', (c) => c.notNull())
      .addColumn('consent_version_id', 'text', (c) => c.references('consent_versions.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_answers_supporter').on('form_answers').columns(['supporter_id', 'created_at']).execute();
    await db.schema.createIndex('form_answers_form').on('form_answers').columns(['form_id', 'created_at']).execute();
    await db.schema.createIndex('form_answers_expires').on('form_answers').column('expires_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('form_answers').execute();
    await db.schema.dropTable('consent_versions').execute();
    await db.schema.dropTable('supporters').execute();
  },
};
