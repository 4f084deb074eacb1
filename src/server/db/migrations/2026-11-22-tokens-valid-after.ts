import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// idTokens issued before this time are refused (set when a password changes).
export const tokensValidAfter = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('users').addColumn('tokens_valid_after', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
  },
};
