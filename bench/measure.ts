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

/** The PostgreSQL server the benchmarks make their throw-away databases on, if any. */
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export interface DatabaseRuns<R> {
  rows: R[];
  started: Date;
  loadBefore: string;
  loadAfter: string;
}

/**
 * Runs a measurement on a fresh SQLite database, then on a throw-away
 * PostgreSQL database when one is configured (`BENCH_DATABASE_URL`, else
 * `TEST_DATABASE_URL`), noting the load average before and after.
 */
export async function onEachDatabase<R>(prefix: string, measure: (database: 'SQLite' | 'PostgreSQL', url: string | undefined) => Promise<R[]>, log: (message: string) => void): Promise<DatabaseRuns<R>> {
  const loadBefore = loadAverageText();
  const started = new Date();
  const rows: R[] = [];
  rows.push(...(await measure('SQLite', undefined)));
  if (postgresServer) rows.push(...(await withPostgres(postgresServer, prefix, (url) => measure('PostgreSQL', url))));
  else log('BENCH_DATABASE_URL and TEST_DATABASE_URL are not set: PostgreSQL is not measured');
  return { rows, started, loadBefore, loadAfter: loadAverageText() };
}

/** Milliseconds as the tables show them. */
export function ms(n: number): string {
  return n >= 100 ? n.toFixed(0) : n.toFixed(2);
}

/** The "Measured … on …" line, then a Markdown table, as docs/performance.md holds them. */
export function printTable(runs: Pick<DatabaseRuns<unknown>, 'started' | 'loadBefore' | 'loadAfter'>, setup: string, header: readonly string[], alignRight: readonly boolean[], lines: readonly (readonly (string | number)[])[]): void {
  console.log('');
  console.log(
    `Measured ${runs.started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), Node.js ${process.version}; ` +
      `${setup}. Load average (1, 5, 15 min) at the start ${runs.loadBefore}, at the end ${runs.loadAfter}.`,
  );
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${alignRight.map((right) => (right ? '--:' : '---')).join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}
