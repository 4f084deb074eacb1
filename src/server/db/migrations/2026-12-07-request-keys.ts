import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// documents gains request_key: the Idempotency-Key of the staff write that
// made the block's current version (shared/request-key.ts), null when the
// write carried none or the server made it. A resent write whose key it is
// was applied already: it is answered with the block as it is.
export const requestKeys = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('documents').addColumn('request_key', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('documents').dropColumn('request_key').execute();
  },
};
