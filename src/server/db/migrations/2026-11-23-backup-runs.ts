import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// One row per backup the server takes (scheduled or "Back up now"). The unique
// scheduled_for is how several instances on one database agree that exactly one
// of them takes each scheduled backup: the one whose insert succeeds.
export const backupRuns = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('backup_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('trigger', 'text', (c) => c.notNull().check(sql`"trigger" in ('schedule', 'manual', 'upgrade')`))
      .addColumn('scheduled_for', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('instance', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'verified', 'failed')`))
      .addColumn('bytes', 'integer')
      .addColumn('message', 'text')
      .execute();
    await db.schema.createIndex('backup_runs_name').on('backup_runs').column('name').execute();
    await db.schema.createIndex('backup_runs_started_at').on('backup_runs').column('started_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('backup_runs').execute();
  },
};
