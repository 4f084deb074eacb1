import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Registration for events (docs/architecture.md, "Events"): one row per person
// (a supporter, by e-mail address) and event, unique; removed with the person
// (ON DELETE CASCADE: an erasure leaves none) or by retention (expires_at).
// - state: confirmed, waitlisted or cancelled; the waitlist's order is created_at, id.
// - values: the answers to the event's extra questions, JSON text by question id.
// - reminded_at: set once, by the instance that claimed the reminder.
// - cancel_token_hash: the SHA-256 of the cancel link's token; cancel_used_at once it was used.
// Mail attachments (an event's iCalendar file): JSON text on the queued mail, dropped once sent.
export const eventRegistrations = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('event_registrations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_title', 'text', (c) => c.notNull())
      .addColumn('supporter_id', 'text', (c) => c.notNull().references('supporters.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('values', 'text', (c) => c.notNull())
      .addColumn('attended_at', 'text')
      .addColumn('reminded_at', 'text')
      .addColumn('cancel_token_hash', 'text', (c) => c.notNull())
      .addColumn('cancel_used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('event_registrations_person', ['event_id', 'supporter_id'])
      .addUniqueConstraint('event_registrations_cancel', ['cancel_token_hash'])
      .execute();
    await db.schema.createIndex('event_registrations_event').on('event_registrations').columns(['event_id', 'state', 'created_at']).execute();
    await db.schema.createIndex('event_registrations_supporter').on('event_registrations').column('supporter_id').execute();
    await db.schema.createIndex('event_registrations_expires').on('event_registrations').column('expires_at').execute();
    await db.schema.alterTable('mail_queue').addColumn('attachments', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('mail_queue').dropColumn('attachments').execute();
    await db.schema.dropTable('event_registrations').execute();
  },
};
