/**
 * PostgreSQL advisory locks: every key in one place, and session locks for
 * work one instance at a time does (upgrades, the AVIF job), held on a
 * connection of their own for as long as the work runs, released after it,
 * and ended with the connection if the process dies. On SQLite the work
 * simply runs: the site's server is one process there, and what a second
 * one (a command) does at the same time is safe to do twice.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from './index.js';
import type { Database } from './schema.js';

/** The advisory-lock keys, so no two kinds of work share one. */
export const advisoryLockKeys = {
  /** The last super-admin check around role changes (transaction lock). */
  lastSuper: 7_305_001,
  /** Seeding the demo content on a first start (transaction lock). */
  seedDemo: 7_311_001,
  /** Seeding the page records on a first start (transaction lock). */
  seedPages: 7_311_002,
  /** Backup and migration at start-up (session lock, waited for). */
  upgrade: 7_312_001,
  /** The AVIF copies of older pictures (session lock, skipped when held). */
  avifJob: 7_313_001,
  /** Deleting answers past their retention time (session lock, skipped when held). */
  supportersRetention: 7_314_001,
  /** Rolling up past days' visitors and deleting counts past their time (session lock, skipped when held). */
  visitsRetention: 7_316_001,
  /** An event's places, with the event's id as the second key (transaction lock: one registration at a time per event). */
  eventPlaces: 7_315_001,
  /** Deleting registrations past their retention time (session lock, skipped when held). */
  eventsRetention: 7_315_002,
  /** Claiming the newsletter's mails under its rate (transaction lock: instances count and claim one at a time). */
  newsletterSend: 7_317_001,
} as const;

/**
 * Runs `work` holding the lock `key`. `wait`: wait for another holder to
 * finish; else answer `{ ran: false }` at once when another instance holds it.
 */
export async function withSessionLock<T>(db: Db, key: number, wait: boolean, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (db.dialect !== 'postgres' || !db.pool) return { ran: true, value: await work() };
  const client = await db.pool.connect();
  let broken = false;
  // A checked-out client has no error listener of the pool's: a lost connection (restart, failover) must not crash
  // the process. The lock ended with it; the work's own queries go through the pool and fail or succeed on their own.
  const lost = () => {
    broken = true;
  };
  client.on('error', lost);
  try {
    if (wait) await client.query('select pg_advisory_lock($1)', [key]);
    else {
      const got = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
      if (!got.rows[0]?.locked) return { ran: false };
    }
    try {
      return { ran: true, value: await work() };
    } finally {
      if (!broken) await client.query('select pg_advisory_unlock($1)', [key]).catch(lost);
    }
  } finally {
    client.off('error', lost);
    // A connection that was lost, or whose unlock failed, is closed rather than returned to the pool still holding the lock.
    client.release(broken);
  }
}

/**
 * Takes the lock `key` until the transaction `trx` ends (PostgreSQL; on
 * SQLite the transaction's own write lock already serialises the work).
 */
export async function takeTransactionLock(db: Pick<Db, 'dialect'>, trx: Kysely<Database>, key: number): Promise<void> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/**
 * Takes the lock `key` for one thing named `name` (an event's id) until the
 * transaction ends: two keys, the second the name's hash, so work on one
 * event never waits for another's (PostgreSQL; on SQLite the transaction's
 * write lock serialises it, as above). A hash shared by two names only makes
 * them wait for each other.
 */
export async function takeTransactionLockOn(db: Pick<Db, 'dialect'>, trx: Kysely<Database>, key: number, name: string): Promise<void> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${key}::int, hashtext(${name}))`.execute(trx);
}
