/**
 * PostgreSQL session advisory locks for work one instance at a time does
 * (upgrades, the AVIF job): held on a connection of its own for as long as
 * the work runs, released after it, and ended with the connection if the
 * process dies. On SQLite (one process) the work simply runs.
 */
import type { Db } from './index.js';

/**
 * Runs `work` holding the lock `key`. `wait`: wait for another holder to
 * finish; else answer `{ ran: false }` at once when another instance holds it.
 */
export async function withSessionLock<T>(db: Db, key: number, wait: boolean, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (db.dialect !== 'postgres' || !db.pool) return { ran: true, value: await work() };
  const client = await db.pool.connect();
  let broken = false;
  try {
    if (wait) await client.query('select pg_advisory_lock($1)', [key]);
    else {
      const got = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
      if (!got.rows[0]?.locked) return { ran: false };
    }
    try {
      return { ran: true, value: await work() };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {
        broken = true;
      });
    }
  } finally {
    // A connection whose unlock failed is closed rather than returned to the pool still holding the lock.
    client.release(broken);
  }
}
