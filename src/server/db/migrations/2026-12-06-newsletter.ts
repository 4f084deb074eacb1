import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// The newsletter (docs/architecture.md, "Newsletter"): subscriptions of people
// (supporters, by e-mail address), the issues staff write, and the queue of
// their mails, one row per issue and reader.
// - newsletter_subscriptions: one per person (unique supporter_id), removed with
//   the person (ON DELETE CASCADE); state pending, confirmed or unsubscribed; the
//   consent text agreed to is a consent version (form id `newsletter`) of the
//   supporters' place; source says where the consent came from (the footer, a
//   form, an import); unsubscribed_by names the issue whose link was used.
// - newsletters: an issue in one language: subject, introduction, the items
//   picked (JSON text), state draft, scheduled, sending, paused or sent; send_at
//   for a set time; archived: shown as a page on the site once sent;
//   unsubscribes: how many readers left through its mails.
// - newsletter_deliveries: one mail of an issue to one subscription; state
//   waiting, sent, failed or skipped (the reader left before it went);
//   claimed_until holds it for the instance sending it.
export const newsletter = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('newsletter_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('supporter_id', 'text', (c) => c.notNull().references('supporters.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('consent_version_id', 'text', (c) => c.references('consent_versions.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('unsubscribed_at', 'text')
      .addColumn('unsubscribed_by', 'text')
      .addUniqueConstraint('newsletter_subscriptions_person', ['supporter_id'])
      .execute();
    await db.schema.createIndex('newsletter_subscriptions_state').on('newsletter_subscriptions').columns(['state', 'lang']).execute();
    await db.schema
      .createTable('newsletters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('intro', 'text', (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('send_at', 'text')
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unsubscribes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema
      .createTable('newsletter_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('newsletter_id', 'text', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
      .addColumn('subscription_id', 'text', (c) => c.notNull().references('newsletter_subscriptions.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_until', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .addUniqueConstraint('newsletter_deliveries_reader', ['newsletter_id', 'subscription_id'])
      .execute();
    await db.schema.createIndex('newsletter_deliveries_waiting').on('newsletter_deliveries').columns(['newsletter_id', 'state']).execute();
    await db.schema.createIndex('newsletter_deliveries_sent').on('newsletter_deliveries').column('sent_at').execute();
    await db.schema.createIndex('newsletter_deliveries_subscription').on('newsletter_deliveries').column('subscription_id').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('newsletter_deliveries').execute();
    await db.schema.dropTable('newsletters').execute();
    await db.schema.dropTable('newsletter_subscriptions').execute();
  },
};
