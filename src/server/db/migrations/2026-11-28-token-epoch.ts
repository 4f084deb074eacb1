import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// users.token_epoch replaces users.tokens_valid_after: every idToken carries
// its account's epoch and is refused once the epoch differs. Ending an
// account's sessions sets a fresh random epoch (auth/sessions/revocation.ts); accounts
// that exist now start at '' (the idTokens issued before this migration carry
// no epoch, so they are refused and renewed through the refresh cookie).
export const tokenEpoch = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('users').addColumn('token_epoch', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('users').addColumn('tokens_valid_after', 'text').execute();
    await db.schema.alterTable('users').dropColumn('token_epoch').execute();
  },
};
