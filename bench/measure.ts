/**
 * What the single-purpose benchmarks (media, search, revisions, backup) share:
 * the load average as printed beside their tables, percentiles of sorted
 * timings, and a throw-away PostgreSQL database for one run.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';

/** The 1, 5 and 15 minute load averages, for the line under a table. */
export function loadAverageText(separator = ', '): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(separator);
}

/** The p-th percentile of timings sorted ascending (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn` with the URL of a new database on `server` (named `<prefix>_<random>`), dropped afterwards. */
export async function withPostgres<T>(server: string, prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(server);
    u.pathname = `/${name}`;
    try {
      return await fn(u.toString());
    } finally {
      // pg's pool.end() resolves before its sockets close: cutting them off would surface as errors in the closed app.
      const sessions = async () => (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0]?.n ?? 0;
      for (let i = 0; i < 40 && (await sessions()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
