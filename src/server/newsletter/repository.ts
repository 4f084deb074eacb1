/**
 * All SQL of the newsletter: `newsletter_subscriptions`, `newsletters` and
 * `newsletter_deliveries` (the queue of an issue's mails, one per reader).
 * Same queries on SQLite and PostgreSQL. Deliveries are claimed with one
 * conditional UPDATE (PostgreSQL: of rows chosen FOR UPDATE SKIP LOCKED), so
 * of several instances each mail is taken by one.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, NewslettersTable, NewsletterSubscriptionsTable } from '../db/schema.js';
import type { Dialect } from '../db/index.js';
import type { SubscriptionState } from '../../shared/newsletter.js';
import { findConsentVersions, findSupporters } from '../supporters/repository.js';

type Conn = Kysely<Database>;
export type SubscriptionRow = Selectable<NewsletterSubscriptionsTable>;
export type NewsletterRow = Selectable<NewslettersTable>;
/** A subscription with its person's address and the consent text agreed to (read from the supporters' place). */
export type SubscriptionWithPerson = SubscriptionRow & { email: string; consent_text: string | null };

/** Subscriptions with their people's addresses and consent texts, through the supporters' repository; a row whose person is gone is left out. */
export async function withPeople(db: Conn, rows: readonly SubscriptionRow[]): Promise<SubscriptionWithPerson[]> {
  const people = new Map((await findSupporters(db, [...new Set(rows.map((r) => r.supporter_id))])).map((p) => [p.id, p.email]));
  const consents = new Map((await findConsentVersions(db, [...new Set(rows.flatMap((r) => (r.consent_version_id ? [r.consent_version_id] : [])))])).map((c) => [c.id, c.text]));
  return rows.flatMap((r) => {
    const email = people.get(r.supporter_id);
    return email === undefined ? [] : [{ ...r, email, consent_text: r.consent_version_id ? (consents.get(r.consent_version_id) ?? null) : null }];
  });
}

const idsPerStatement = 500;

export async function findSubscriptionOf(db: Conn, supporterId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('newsletter_subscriptions').selectAll().where('supporter_id', '=', supporterId).executeTakeFirst();
}

export async function findSubscription(db: Conn, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('newsletter_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new subscription; a person who has one already keeps theirs (the caller reads it back). */
export async function insertSubscription(db: Conn, row: SubscriptionRow): Promise<void> {
  await db.insertInto('newsletter_subscriptions').values(row).onConflict((oc) => oc.column('supporter_id').doNothing()).execute();
}

export async function updateSubscription(
  db: Conn,
  id: string,
  set: Partial<Pick<SubscriptionRow, 'state' | 'lang' | 'source' | 'consent_version_id' | 'confirmed_at' | 'unsubscribed_at' | 'unsubscribed_by' | 'updated_at'>>,
  onlyIn?: readonly SubscriptionState[],
): Promise<boolean> {
  let q = db.updateTable('newsletter_subscriptions').set(set).where('id', '=', id);
  if (onlyIn) q = q.where('state', 'in', [...onlyIn]);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function listSubscriptions(db: Conn, filter: { state?: SubscriptionState | undefined; lang?: string | undefined }): Promise<SubscriptionWithPerson[]> {
  let q = db.selectFrom('newsletter_subscriptions').selectAll();
  if (filter.state) q = q.where('state', '=', filter.state);
  if (filter.lang) q = q.where('lang', '=', filter.lang);
  return withPeople(db, await q.orderBy('created_at', 'desc').orderBy('id').execute());
}

/** How many subscriptions there are by language and state. */
export async function subscriptionCounts(db: Conn): Promise<{ lang: string; state: string; n: number }[]> {
  const rows = await db
    .selectFrom('newsletter_subscriptions')
    .select((eb) => ['lang', 'state', eb.fn.countAll<string | number>().as('n')])
    .groupBy(['lang', 'state'])
    .execute();
  return rows.map((r) => ({ lang: r.lang, state: r.state, n: Number(r.n) }));
}

/** The subscriptions of these people (their export, and retention keeps whoever has one). */
export async function subscriptionsOf(db: Conn, supporterIds: readonly string[]): Promise<SubscriptionWithPerson[]> {
  const out: SubscriptionWithPerson[] = [];
  for (let i = 0; i < supporterIds.length; i += idsPerStatement) {
    out.push(...(await withPeople(db, await db.selectFrom('newsletter_subscriptions').selectAll().where('supporter_id', 'in', supporterIds.slice(i, i + idsPerStatement)).execute())));
  }
  return out;
}

export async function insertNewsletter(db: Conn, row: NewsletterRow): Promise<void> {
  await db.insertInto('newsletters').values(row).execute();
}

export async function findNewsletter(db: Conn, id: string): Promise<NewsletterRow | undefined> {
  return db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listNewsletters(db: Conn): Promise<NewsletterRow[]> {
  return db.selectFrom('newsletters').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Sent issues shown on the site, newest first. */
export async function archivedNewsletters(db: Conn, lang: string): Promise<NewsletterRow[]> {
  return db.selectFrom('newsletters').selectAll().where('archived', '=', 1).where('state', '=', 'sent').where('lang', '=', lang).orderBy('sent_at', 'desc').execute();
}

/** Moves an issue from one of `from` to `to` (conditional: of two requests one wins); whether it moved. */
export async function moveNewsletter(db: Conn, id: string, from: readonly string[], set: Partial<Pick<NewsletterRow, 'state' | 'send_at' | 'sent_at' | 'updated_at'>>): Promise<boolean> {
  const res = await db.updateTable('newsletters').set(set).where('id', '=', id).where('state', 'in', [...from]).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function countUnsubscribe(db: Conn, newsletterId: string): Promise<void> {
  await db.updateTable('newsletters').set((eb) => ({ unsubscribes: eb('unsubscribes', '+', 1) })).where('id', '=', newsletterId).execute();
}

/** One waiting delivery per confirmed subscription of the language, made once per issue (a second call adds none). */
export async function createDeliveries(db: Conn, newsletterId: string, lang: string): Promise<void> {
  await sql`
    insert into newsletter_deliveries (id, newsletter_id, subscription_id, state, attempts)
    select ${newsletterId} || ':' || n.id, ${newsletterId}, n.id, 'waiting', 0
    from newsletter_subscriptions n
    where n.state = 'confirmed' and n.lang = ${lang}
    on conflict (newsletter_id, subscription_id) do nothing`.execute(db);
}

/** Scheduled issues whose time has come. */
export async function dueScheduled(db: Conn, now: string): Promise<NewsletterRow[]> {
  return db.selectFrom('newsletters').selectAll().where('state', '=', 'scheduled').where('send_at', '<=', now).execute();
}

/** A claimed delivery with what its mail needs. */
export interface ClaimedDelivery {
  id: string;
  newsletter_id: string;
  subscription_id: string;
  attempts: number;
  email: string;
  subscription_state: string;
}

/**
 * Takes up to `limit` waiting deliveries of issues being sent, held by
 * nobody, until `until`: one UPDATE whose condition is the lock (PostgreSQL
 * chooses the rows FOR UPDATE SKIP LOCKED, so two instances never wait for or
 * take the same row; SQLite runs one writer at a time).
 */
export async function claimDeliveries(db: Conn, dialect: Dialect, now: string, until: string, limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const lock = dialect === 'postgres' ? sql`for update of d skip locked` : sql``;
  // The rows are chosen once (a CTE): PostgreSQL may run an `in (subquery … limit)` more than once in an UPDATE.
  const claimed = await sql<{ id: string }>`
    with picked as (
      select d.id from newsletter_deliveries d
      inner join newsletters i on i.id = d.newsletter_id
      where d.state = 'waiting' and i.state = 'sending' and (d.claimed_until is null or d.claimed_until < ${now})
      order by d.newsletter_id, d.id
      limit ${limit}
      ${lock}
    )
    update newsletter_deliveries set claimed_until = ${until}
    where id in (select id from picked)
    and state = 'waiting' and (claimed_until is null or claimed_until < ${now})
    returning id`.execute(db);
  const ids = claimed.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletter_subscriptions as n', 'n.id', 'd.subscription_id')
    .select(['d.id', 'd.newsletter_id', 'd.subscription_id', 'd.attempts', 'n.supporter_id', 'n.state as subscription_state'])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
  const people = new Map((await findSupporters(db, [...new Set(rows.map((r) => r.supporter_id))])).map((p) => [p.id, p.email]));
  // A delivery whose person was erased meanwhile went with them (ON DELETE CASCADE); one still read here is skipped.
  return rows.map(({ supporter_id, ...r }) => ({ ...r, attempts: Number(r.attempts), email: people.get(supporter_id) ?? '', subscription_state: people.has(supporter_id) ? r.subscription_state : 'gone' }));
}

/** A delivery done (sent, failed for good, skipped), or waiting again, held until `retryAt` (a failed try's wait). */
export async function finishDelivery(
  db: Conn,
  id: string,
  set: { state: 'sent' | 'failed' | 'skipped' | 'waiting'; attempts: number; at: string | null; error: string | null; retryAt?: string | null },
): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ state: set.state, attempts: set.attempts, sent_at: set.state === 'sent' ? set.at : null, last_error: set.error, claimed_until: set.retryAt ?? null })
    .where('id', '=', id)
    .execute();
}

/** Lets go of claimed deliveries not sent (an instance stopping): another takes them at once. */
export async function releaseDeliveries(db: Conn, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += idsPerStatement) {
    await db.updateTable('newsletter_deliveries').set({ claimed_until: null }).where('id', 'in', ids.slice(i, i + idsPerStatement)).where('state', '=', 'waiting').execute();
  }
}

/** Lets go of every claim (a SQLite site starting: one process writes it, so a claim left is a crashed process's). */
export async function releaseEveryClaim(db: Conn): Promise<void> {
  await db.updateTable('newsletter_deliveries').set({ claimed_until: null }).where('state', '=', 'waiting').where('claimed_until', 'is not', null).execute();
}

/** Mails sent since `since` plus those held for sending now, across every instance: what the rate counts. */
export async function mailsInWindow(db: Conn, since: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where((eb) => eb.or([eb('sent_at', '>', since), eb.and([eb('state', '=', 'waiting'), eb('claimed_until', '>=', now)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Issues being sent with no delivery left waiting become sent. */
export async function finishIssues(db: Conn, at: string): Promise<void> {
  await db
    .updateTable('newsletters')
    .set({ state: 'sent', sent_at: at, updated_at: at })
    .where('state', '=', 'sending')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('newsletter_deliveries as d').select('d.id').whereRef('d.newsletter_id', '=', 'newsletters.id').where('d.state', '=', 'waiting'))))
    .execute();
}

/** An issue's deliveries by state. */
export async function deliveryCounts(db: Conn, newsletterIds: readonly string[]): Promise<{ newsletter_id: string; state: string; n: number }[]> {
  if (newsletterIds.length === 0) return [];
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => ['newsletter_id', 'state', eb.fn.countAll<string | number>().as('n')])
    .where('newsletter_id', 'in', [...newsletterIds])
    .groupBy(['newsletter_id', 'state'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Whether any issue is being sent (the sender's loop rests otherwise). */
export async function anySending(db: Conn): Promise<boolean> {
  return !!(await db.selectFrom('newsletters').select('id').where('state', 'in', ['sending', 'scheduled']).limit(1).executeTakeFirst());
}
