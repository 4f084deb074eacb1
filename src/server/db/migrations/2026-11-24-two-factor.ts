import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// two_factor: an account's authenticator (TOTP) secret, encrypted with a key
// derived from AUTH_SECRET; the secret being set up stays pending until a code
// confirms it; last_step is the newest time step accepted, so a code works once.
// two_factor_recovery_codes: the SHA-256 of each single-use recovery code.
// sign_in_challenges: the step between a right password and the second
// factor, single-use and short-lived, kept as the SHA-256 of the challenge.
// refresh_tokens gains what the sessions list shows: the browser, the address,
// the last use and when the session (the token family) began.
export const twoFactor = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('two_factor')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret', 'text')
      .addColumn('pending_secret', 'text')
      .addColumn('enabled_at', 'text')
      .addColumn('last_step', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('two_factor_recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();

    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('sign_in_challenges_user').on('sign_in_challenges').column('user_id').execute();

    for (const column of ['user_agent', 'ip', 'last_used_at', 'session_created_at']) {
      await db.schema.alterTable('refresh_tokens').addColumn(column, 'text').execute();
    }
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const column of ['session_created_at', 'last_used_at', 'ip', 'user_agent']) {
      await db.schema.alterTable('refresh_tokens').dropColumn(column).execute();
    }
    await db.schema.dropTable('sign_in_challenges').execute();
    await db.schema.dropTable('two_factor_recovery_codes').execute();
    await db.schema.dropTable('two_factor').execute();
  },
};
