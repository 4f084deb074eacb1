/**
 * `npm run cli -- audit prune --before YYYY-MM-DD`: removes the audit log's
 * lines older than that day (00:00 UTC) and prints how many. The only way a
 * line ever leaves the log. Exit codes: 0 done, 1 a refused date, 2 usage.
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.js';
import { openDatabase, type Db } from '../db/index.js';
import { consoleUpgradeLog, upgradeDatabase } from '../backup/upgrade.js';
import { pruneAuditBefore } from './repository.js';

export const auditUsage = 'Usage: npm run cli -- audit prune --before YYYY-MM-DD   (removes audit log lines older than that day, 00:00 UTC)';

/** Where the command writes (tests collect the lines). */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** A calendar day as `YYYY-MM-DD` (2026-02-30 is not one), or null. */
export function parseDay(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const at = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text ? text : null;
}

export type PruneArgs = { ok: true; before: string } | { ok: false; code: number; message: string };

/** Reads `prune --before DATE`; a day after today is refused (it would remove today's lines too). */
export function parsePruneArgs(args: string[], now = new Date()): PruneArgs {
  const [sub, ...rest] = args;
  if (sub !== 'prune') return { ok: false, code: 2, message: auditUsage };
  let before: string | undefined;
  try {
    ({
      values: { before },
    } = parseArgs({ args: rest, options: { before: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    return { ok: false, code: 2, message: `${(err as Error).message}\n${auditUsage}` };
  }
  if (before === undefined) return { ok: false, code: 2, message: `--before is required.\n${auditUsage}` };
  const day = parseDay(before.trim());
  if (!day) return { ok: false, code: 1, message: `--before must be a date such as 2026-01-01 (year-month-day); "${before.slice(0, 40)}" is not one. Nothing was removed.` };
  const today = now.toISOString().slice(0, 10);
  if (day > today) return { ok: false, code: 1, message: `--before ${day} is after today (${today}, UTC): the log keeps today's lines. Nothing was removed.` };
  return { ok: true, before: day };
}

/** The command on an open, migrated database: the exit code. */
export async function runAuditCommand(db: Db, args: string[], output: CommandOutput = consoleOutput, now = new Date()): Promise<number> {
  const parsed = parsePruneArgs(args, now);
  if (!parsed.ok) {
    output.err(parsed.message);
    return parsed.code;
  }
  const removed = await pruneAuditBefore(db.kysely, `${parsed.before}T00:00:00.000Z`);
  output.out(`Removed ${removed} audit log line${removed === 1 ? '' : 's'} older than ${parsed.before} (00:00 UTC).`);
  return 0;
}

export async function auditCommand(args: string[]): Promise<number> {
  // A bad command line is answered before the database is opened.
  const parsed = parsePruneArgs(args);
  if (!parsed.ok) {
    console.error(parsed.message);
    return parsed.code;
  }
  const config = configFromEnv();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await upgradeDatabase({ config, db, log: consoleUpgradeLog });
    return await runAuditCommand(db, args);
  } finally {
    await db.close();
  }
}
