/**
 * `npm run cli -- audit …`, the audit log's commands. Exit codes: 0 done,
 * 1 a refused argument or a broken chain, 2 usage.
 *
 * - `prune --before YYYY-MM-DD`: removes the lines older than that day
 *   (00:00 UTC) from the start of the chain and prints how many; the only
 *   way a line ever leaves the log, itself recorded as a line.
 * - `verify`: walks the whole chain and prints `ok: N lines, chain intact`,
 *   or the first broken line (its id, time and what is wrong).
 * - `export [--after ID] [--format jsonl]`: every line (after the line ID) as
 *   JSON Lines on standard output, with its chain position and both hashes,
 *   for a store elsewhere (a cron job ships the new lines).
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.js';
import { openDatabase, type Db } from '../db/index.js';
import { consoleUpgradeLog, upgradeDatabase } from '../backup/upgrade.js';
import { ensureAuditChain } from '../audit/chain-repository.js';
import { chainPositionOf, eachChainedLine, pruneAuditBefore, type ChainedLine } from '../audit/repository.js';
import { verifyAuditChain } from '../audit/verify.js';

export const auditUsage = [
  'Usage: npm run cli -- audit prune --before YYYY-MM-DD   (removes audit log lines older than that day, 00:00 UTC)',
  '       npm run cli -- audit verify                       (checks the whole log\'s hash chain)',
  '       npm run cli -- audit export [--after ID] [--format jsonl]   (the lines, after line ID, as JSON Lines on standard output)',
].join('\n');

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

export type AuditArgs =
  | { ok: true; command: 'prune'; before: string }
  | { ok: true; command: 'verify' }
  | { ok: true; command: 'export'; after: string | null }
  | { ok: false; code: number; message: string };

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** The options of a subcommand, or a usage refusal. */
function options(rest: string[], known: Options): { ok: true; values: Record<string, string | boolean | undefined> } | { ok: false; code: number; message: string } {
  try {
    const { values } = parseArgs({ args: rest, options: known, strict: true, allowPositionals: false });
    return { ok: true, values: values as Record<string, string | boolean | undefined> };
  } catch (err) {
    return { ok: false, code: 2, message: `${(err as Error).message}\n${auditUsage}` };
  }
}

/** Reads the command line; a prune day after today is refused (it would remove today's lines too). */
export function parseAuditArgs(args: string[], now = new Date()): AuditArgs {
  const [sub, ...rest] = args;
  if (sub === 'verify') {
    const read = options(rest, {});
    return read.ok ? { ok: true, command: 'verify' } : read;
  }
  if (sub === 'export') {
    const read = options(rest, { after: { type: 'string' }, format: { type: 'string' } });
    if (!read.ok) return read;
    const { after, format } = read.values;
    if (format !== undefined && format !== 'jsonl') return { ok: false, code: 2, message: `--format must be jsonl (the staff screen downloads CSV).\n${auditUsage}` };
    if (typeof after === 'string' && !/^[\w.:-]{1,100}$/.test(after)) return { ok: false, code: 1, message: `--after must be a line's id, as in the "id" of an exported line. Nothing was written.` };
    return { ok: true, command: 'export', after: typeof after === 'string' ? after : null };
  }
  if (sub !== 'prune') return { ok: false, code: 2, message: auditUsage };
  const read = options(rest, { before: { type: 'string' } });
  if (!read.ok) return read;
  const before = read.values.before;
  if (typeof before !== 'string') return { ok: false, code: 2, message: `--before is required.\n${auditUsage}` };
  const day = parseDay(before.trim());
  if (!day) return { ok: false, code: 1, message: `--before must be a date such as 2026-01-01 (year-month-day); "${before.slice(0, 40)}" is not one. Nothing was removed.` };
  const today = now.toISOString().slice(0, 10);
  if (day > today) return { ok: false, code: 1, message: `--before ${day} is after today (${today}, UTC): the log keeps today's lines. Nothing was removed.` };
  return { ok: true, command: 'prune', before: day };
}

/** One exported line: every column, in the order a reader expects them. */
export function exportLine(line: ChainedLine): string {
  const { seq, id, at, actor_id, actor_name, actor_email, action, collection, subject_id, subject, revision_id, ip, prev_hash, hash } = line;
  return `${JSON.stringify({ seq, id, at, actor_id, actor_name, actor_email, action, collection, subject_id, subject, revision_id, ip, prev_hash, hash })}\n`;
}

/** The command on an open, migrated database: the exit code. */
export async function runAuditCommand(db: Db, args: string[], output: CommandOutput = consoleOutput, now = new Date()): Promise<number> {
  const parsed = parseAuditArgs(args, now);
  if (!parsed.ok) {
    output.err(parsed.message);
    return parsed.code;
  }
  if (parsed.command === 'verify') {
    const report = await verifyAuditChain(db.kysely);
    if (report.ok) {
      output.out(`ok: ${report.lines} line${report.lines === 1 ? '' : 's'}, chain intact`);
      return 0;
    }
    const b = report.broken;
    output.out(`broken: line ${b.id} (${b.at || 'no time'}, chain position ${b.seq ?? 'none'}) ${b.problem}: ${b.detail}. ${report.lines} line${report.lines === 1 ? '' : 's'} before it are intact.`);
    return 1;
  }
  if (parsed.command === 'export') {
    let after = 0;
    if (parsed.after !== null) {
      const position = await chainPositionOf(db.kysely, parsed.after);
      if (position === null) {
        output.err(`No line of the audit log has the id ${parsed.after} (pruned, or not from this site). Nothing was written.`);
        return 1;
      }
      after = position;
    }
    for await (const line of eachChainedLine(db.kysely, after)) output.out(exportLine(line).trimEnd());
    return 0;
  }
  const result = await pruneAuditBefore(db.kysely, `${parsed.before}T00:00:00.000Z`, parsed.before);
  const kept = result.keptOlder ? ` ${result.keptOlder} older line${result.keptOlder === 1 ? ' was' : 's were'} kept: ${result.keptOlder === 1 ? 'it comes' : 'they come'} after a newer line in the chain.` : '';
  output.out(`Removed ${result.removed} audit log line${result.removed === 1 ? '' : 's'} older than ${parsed.before} (00:00 UTC).${kept}`);
  return 0;
}

export async function auditCommand(args: string[]): Promise<number> {
  // A bad command line is answered before the database is opened.
  const parsed = parseAuditArgs(args);
  if (!parsed.ok) {
    console.error(parsed.message);
    return parsed.code;
  }
  const config = configFromEnv();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  try {
    // Upgrade messages go to standard error: standard output is the export's.
    await upgradeDatabase({ config, db, log: consoleUpgradeLog });
    await ensureAuditChain(db.kysely);
    return await runAuditCommand(db, args);
  } finally {
    await db.close();
  }
}
