import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// media gains avif_checked: 1 once a picture's AVIF copies were made (on
// upload) or tried (by the job for older pictures, even when no copy came out
// smaller than the original), so the job does each picture once. The new
// schema level also makes an upgrade take its backup first, and keeps an
// older release from restoring an archive whose rows name AVIF copies.
export const mediaAvif = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('media').addColumn('avif_checked', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('media').dropColumn('avif_checked').execute();
  },
};
