import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// documents gains publish_override: the authoring-check rules a scheduled
// publish was confirmed despite (comma-separated), null when it was scheduled
// without errors. The scheduled run publishes errors only when they were
// confirmed; otherwise it holds the publish back.
export const publishOverride = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('documents').addColumn('publish_override', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('documents').dropColumn('publish_override').execute();
  },
};
