/**
 * All SQL of the backup run records (`backup_runs`): claiming a scheduled time,
 * the heartbeat of a running backup, its outcome, and what the list reads.
 */
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { backupTriggers, type BackupTrigger } from '../../shared/backups.js';
import type { BackupRunsTable, Database } from '../db/schema.js';

type Conn = Kysely<Database>;

const runSchema = z.object({
  id: z.string(),
  trigger: z.enum(backupTriggers),
  scheduled_for: z.string().nullable(),
  name: z.string(),
  instance: z.string(),
  started_at: z.string(),
  heartbeat_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(['running', 'verified', 'failed']),
  // pg returns integer columns as numbers, bigint ones as text: either reads as a number.
  bytes: z.coerce.number().int().nonnegative().nullable(),
  message: z.string().nullable(),
});
export type BackupRun = z.infer<typeof runSchema>;

function parseRun(row: Selectable<BackupRunsTable>): BackupRun {
  return runSchema.parse(row);
}

export interface NewRun {
  id: string;
  trigger: BackupTrigger;
  name: string;
  instance: string;
  at: Date;
}

function newRow(run: NewRun, scheduledFor: Date | null) {
  const at = run.at.toISOString();
  return {
    id: run.id,
    trigger: run.trigger,
    scheduled_for: scheduledFor ? scheduledFor.toISOString() : null,
    name: run.name,
    instance: run.instance,
    started_at: at,
    heartbeat_at: at,
    finished_at: null,
    status: 'running' as const,
    bytes: null,
    message: null,
  };
}

/**
 * Records a scheduled run unless some instance already has for this time.
 * True when this caller's row went in: it takes the backup; the others skip.
 */
export async function claimScheduled(db: Conn, run: NewRun, scheduledFor: Date): Promise<boolean> {
  const result = await db
    .insertInto('backup_runs')
    .values(newRow(run, scheduledFor))
    .onConflict((oc) => oc.column('scheduled_for').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertRun(db: Conn, run: NewRun): Promise<void> {
  await db.insertInto('backup_runs').values(newRow(run, null)).execute();
}

export async function heartbeat(db: Conn, id: string, at: Date, bytes: number): Promise<void> {
  await db.updateTable('backup_runs').set({ heartbeat_at: at.toISOString(), bytes }).where('id', '=', id).where('status', '=', 'running').execute();
}

export async function finishRun(db: Conn, id: string, outcome: { status: 'verified' | 'failed'; at: Date; bytes: number | null; message: string | null }): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set({ status: outcome.status, finished_at: outcome.at.toISOString(), heartbeat_at: outcome.at.toISOString(), bytes: outcome.bytes, message: outcome.message })
    .where('id', '=', id)
    .execute();
}

/**
 * Runs still marked `running` whose heartbeat stopped before `before` were left
 * by a server that stopped mid-backup: they become failures, dated at their
 * last sign of life, so they block nothing and show in the list's last failure.
 */
export async function abandonStale(db: Conn, before: Date, message: string): Promise<number> {
  const rows = await db
    .selectFrom('backup_runs')
    .select(['id', 'heartbeat_at'])
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', before.toISOString())
    .execute();
  for (const row of rows) {
    await db
      .updateTable('backup_runs')
      .set({ status: 'failed', finished_at: row.heartbeat_at, message })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .execute();
  }
  return rows.length;
}

/** A run some instance is taking now (heartbeat since `since`), newest first. */
export async function liveRun(db: Conn, since: Date): Promise<BackupRun | undefined> {
  const row = await db
    .selectFrom('backup_runs')
    .selectAll()
    .where('status', '=', 'running')
    .where('heartbeat_at', '>=', since.toISOString())
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? parseRun(row) : undefined;
}

/** The newest finished run (verified or failed), by when it finished. */
export async function lastFinished(db: Conn): Promise<BackupRun | undefined> {
  const row = await db
    .selectFrom('backup_runs')
    .selectAll()
    .where('status', '!=', 'running')
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? parseRun(row) : undefined;
}

/** The newest run recorded under each of these file names. */
export async function runsByName(db: Conn, names: string[]): Promise<Map<string, BackupRun>> {
  const byName = new Map<string, BackupRun>();
  if (names.length === 0) return byName;
  const rows = await db.selectFrom('backup_runs').selectAll().where('name', 'in', names).orderBy('started_at', 'asc').execute();
  for (const row of rows) byName.set(row.name, parseRun(row));
  return byName;
}

export async function nameRecorded(db: Conn, name: string): Promise<boolean> {
  return (await db.selectFrom('backup_runs').select('id').where('name', '=', name).limit(1).executeTakeFirst()) !== undefined;
}

/** Forgets finished runs older than `before` (the table would otherwise grow by one row a day forever). */
export async function pruneFinished(db: Conn, before: Date): Promise<void> {
  await db.deleteFrom('backup_runs').where('status', '!=', 'running').where('finished_at', '<', before.toISOString()).execute();
}

export async function lastVerifiedBackupAt(db: Kysely<Database>): Promise<Date | undefined> {
  const row = await db
    .selectFrom('backup_runs')
    .select('finished_at')
    .where('status', '=', 'verified')
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ? new Date(row.finished_at) : undefined;
}
