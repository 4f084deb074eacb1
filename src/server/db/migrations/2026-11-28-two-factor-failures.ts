import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// two_factor gains failed_codes, the run of wrong codes since the last right
// one, and locked_at, set when that run reached the limit: two-factor sign-in
// of the account then stops until a super-admin resets it.
export const twoFactorFailures = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('two_factor')
      .addColumn('failed_codes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('two_factor').addColumn('locked_at', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('two_factor').dropColumn('locked_at').execute();
    await db.schema.alterTable('two_factor').dropColumn('failed_codes').execute();
  },
};
