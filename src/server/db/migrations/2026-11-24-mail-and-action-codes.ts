import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// mail_queue: every mail the server sends is written here first and sent by
// the mail queue (mail/queue.ts), so a mail server that is down delays a mail
// but never loses it; its body is cleared once sent (a reset link is not kept).
// action_codes: single-use links sent by mail (password reset, invitation),
// kept only as the SHA-256 of the token.
export const mailAndActionCodes = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('mail_queue')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text')
      .addColumn('html_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['sent_at', 'next_attempt_at']).execute();

    await db.schema
      .createTable('action_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password-reset', 'invitation')`))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('role', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('action_codes_email').on('action_codes').columns(['purpose', 'email']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('action_codes').execute();
    await db.schema.dropTable('mail_queue').execute();
  },
};
