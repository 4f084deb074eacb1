/** All SQL of the mail queue (`mail_queue`). */
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, MailQueueTable } from '../db/schema.js';
import { likeContains } from '../db/like.js';

export type QueuedMailRow = Selectable<MailQueueTable>;

export interface NewQueuedMail {
  id: string;
  purpose: string;
  to: string;
  replyTo: { name: string; address: string } | null;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (an event's calendar file). */
  attachments: readonly MailAttachment[];
  at: string;
}

/** A file sent with a mail: its text, its name and its type (`text/calendar; method=PUBLISH` for an event). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export async function insertQueuedMail(db: Kysely<Database>, mail: NewQueuedMail): Promise<void> {
  await db
    .insertInto('mail_queue')
    .values({
      id: mail.id,
      purpose: mail.purpose,
      to_address: mail.to,
      reply_to: mail.replyTo ? JSON.stringify(mail.replyTo) : null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments: mail.attachments.length > 0 ? JSON.stringify(mail.attachments) : null,
      created_at: mail.at,
      attempts: 0,
      next_attempt_at: mail.at,
      claimed_until: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

/** Ids of unsent mails due by `now` and held by nobody, oldest first. */
export async function dueMailIds(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_queue')
    .select('id')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a mail for sending until `until`, if it is still unsent, due and held
 * by nobody; the conditional update is the lock, so of several instances one
 * sends it. Returns the row when this call took it.
 */
export async function claimMail(db: Kysely<Database>, id: string, now: string, until: string): Promise<QueuedMailRow | undefined> {
  const claimed = await db
    .updateTable('mail_queue')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sent: the bodies and attachments are dropped (a reset link is not kept once delivered). */
export async function markMailSent(db: Kysely<Database>, id: string, attempts: number, at: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ sent_at: at, attempts, claimed_until: null, text_body: null, html_body: null, attachments: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(db: Kysely<Database>, id: string, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
  await db.updateTable('mail_queue').set({ attempts, next_attempt_at: nextAttemptAt, claimed_until: null, last_error: error }).where('id', '=', id).execute();
}

/** How many mails wait to be sent, and the oldest one's time (health and operators). */
export async function unsentMail(db: Kysely<Database>): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

/**
 * Removes every mail, sent or not, that is to this address, answers to it
 * (Reply-To) or names it in its body (compared in lower case); their ids.
 */
export async function deleteMailMentioning(db: Kysely<Database>, address: string): Promise<string[]> {
  const needle = likeContains(address.toLowerCase());
  const rows = await db
    .deleteFrom('mail_queue')
    .where((eb) => {
      const mentions = (column: 'reply_to' | 'text_body' | 'html_body' | 'subject' | 'attachments') => sql<SqlBool>`lower(${sql.ref(column)}) like ${needle} escape '!'`;
      return eb.or([eb(eb.fn<string>('lower', ['to_address']), '=', address.toLowerCase()), mentions('reply_to'), mentions('text_body'), mentions('html_body'), mentions('subject'), mentions('attachments')]);
    })
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
