/**
 * All SQL of registrations for events (`event_registrations`). Same queries
 * on SQLite and PostgreSQL. Writes that change an event's places run inside
 * the service's transaction, after it took the event's lock (db/session-lock.ts
 * `takeTransactionLockOn`), so counting and inserting cannot interleave.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RegistrationState } from '../../shared/events.js';
import type { Database, EventRegistrationsTable } from '../db/schema.js';

type Conn = Kysely<Database>;
export type RegistrationRow = Selectable<EventRegistrationsTable>;

/** How many ids one `in (...)` list carries: far below both databases' parameter limits. */
const idsPerStatement = 500;

export async function findRegistration(db: Conn, eventId: string, supporterId: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('supporter_id', '=', supporterId).executeTakeFirst();
}

export async function registrationById(db: Conn, eventId: string, id: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
}

export async function registrationByCancelHash(db: Conn, hash: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('cancel_token_hash', '=', hash).executeTakeFirst();
}

export async function insertRegistration(db: Conn, row: RegistrationRow): Promise<void> {
  await db.insertInto('event_registrations').values(row).execute();
}

/** A cancelled registration taken up again: a new place in the line, a new reminder, the cancel link usable again. */
export async function renewRegistration(db: Conn, id: string, change: { state: RegistrationState; lang: string; values: string; expiresAt: string; remindedAt: string | null; at: string }): Promise<void> {
  await db
    .updateTable('event_registrations')
    .set({ state: change.state, lang: change.lang, values: change.values, expires_at: change.expiresAt, attended_at: null, reminded_at: change.remindedAt, cancel_used_at: null, created_at: change.at, updated_at: change.at })
    .where('id', '=', id)
    .execute();
}

export async function setState(db: Conn, id: string, state: RegistrationState, at: string): Promise<void> {
  await db.updateTable('event_registrations').set({ state, updated_at: at }).where('id', '=', id).execute();
}

/** Uses a cancel link once: true when this call cancelled the registration (it was not cancelled, the link not used). */
export async function useCancelLink(db: Conn, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('event_registrations')
    .set({ state: 'cancelled', cancel_used_at: at, updated_at: at })
    .where('id', '=', id)
    .where('cancel_used_at', 'is', null)
    .where('state', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setAttended(db: Conn, id: string, attendedAt: string | null, at: string): Promise<void> {
  await db.updateTable('event_registrations').set({ attended_at: attendedAt, updated_at: at }).where('id', '=', id).execute();
}

export async function confirmedCount(db: Conn, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('event_id', '=', eventId)
    .where('state', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first in the waitlist (the oldest), if any. */
export async function firstWaitlisted(db: Conn, eventId: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('state', '=', 'waitlisted').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

/** Every registration of an event, oldest first (the waitlist's order). */
export async function registrationsOfEvent(db: Conn, eventId: string, states?: readonly RegistrationState[]): Promise<RegistrationRow[]> {
  let q = db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId);
  if (states) q = q.where('state', 'in', [...states]);
  return q.orderBy('created_at').orderBy('id').execute();
}

/** Per event and state, how many registrations (and how many confirmed ones attended). */
export async function countsByEvent(db: Conn, eventIds?: readonly string[]): Promise<{ event_id: string; state: string; n: number; attended: number }[]> {
  let q = db
    .selectFrom('event_registrations')
    .select((eb) => ['event_id', 'state', eb.fn.countAll<number | string | bigint>().as('n'), eb.fn.count<number | string | bigint>('attended_at').as('attended')])
    .groupBy(['event_id', 'state']);
  if (eventIds) q = q.where('event_id', 'in', eventIds.length > 0 ? [...eventIds] : ['']);
  const rows = await q.execute();
  return rows.map((r) => ({ event_id: r.event_id, state: r.state, n: Number(r.n), attended: Number(r.attended) }));
}

/** Events with confirmed registrations not yet reminded. */
export async function eventsAwaitingReminders(db: Conn): Promise<string[]> {
  const rows = await db.selectFrom('event_registrations').select('event_id').distinct().where('state', '=', 'confirmed').where('reminded_at', 'is', null).execute();
  return rows.map((r) => r.event_id);
}

/**
 * Claims the reminders of an event: every confirmed registration not yet
 * reminded is marked reminded by this one statement, and only the rows it
 * changed come back. Of several instances running it at once, each row goes
 * to exactly one (the row lock on PostgreSQL, the write lock on SQLite).
 */
export async function claimReminders(db: Conn, eventId: string, at: string): Promise<RegistrationRow[]> {
  return db
    .updateTable('event_registrations')
    .set({ reminded_at: at })
    .where('event_id', '=', eventId)
    .where('state', '=', 'confirmed')
    .where('reminded_at', 'is', null)
    .returningAll()
    .execute();
}

/** The registrations of these people, oldest first. */
export async function registrationsOfPeople(db: Conn, supporterIds: readonly string[]): Promise<RegistrationRow[]> {
  const out: RegistrationRow[] = [];
  for (let i = 0; i < supporterIds.length; i += idsPerStatement) {
    out.push(...(await db.selectFrom('event_registrations').selectAll().where('supporter_id', 'in', supporterIds.slice(i, i + idsPerStatement)).orderBy('created_at').orderBy('id').execute()));
  }
  return out;
}

/** Removes the registrations whose retention ended by `now`; how many. */
export async function deleteExpiredRegistrations(db: Conn, now: string): Promise<number> {
  const res = await db.deleteFrom('event_registrations').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
