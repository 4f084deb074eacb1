/** The doctor's one query: when the newest verified backup finished. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

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
