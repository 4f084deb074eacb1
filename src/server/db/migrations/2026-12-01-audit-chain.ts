import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// The audit log becomes a hash chain: each line gets its place in the chain
// (seq), the hash of the line before it (prev_hash) and its own (hash), an
// HMAC under a key derived from AUTH_SECRET. A migration does not know that
// secret, so lines written before it stay unchained here: the first start
// (or the first line appended) chains them, oldest first (audit/chain-repository.ts).
// audit_chain: one row, the chain's head (the last line's place and hash)
// and its anchor (where the kept lines start: nothing, or the last line a
// prune removed). Appends lock that row, so the chain stays one line.
export const auditChain = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('audit_log').addColumn('seq', 'integer').execute();
    await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
    await db.schema.createIndex('audit_log_seq').on('audit_log').column('seq').unique().execute();
    await db.schema
      .createTable('audit_chain')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('head_seq', 'integer', (c) => c.notNull())
      .addColumn('head_hash', 'text', (c) => c.notNull())
      .addColumn('anchor_seq', 'integer', (c) => c.notNull())
      .addColumn('anchor_hash', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('audit_chain').execute();
    await db.schema.dropIndex('audit_log_seq').execute();
    await db.schema.alterTable('audit_log').dropColumn('hash').execute();
    await db.schema.alterTable('audit_log').dropColumn('prev_hash').execute();
    await db.schema.alterTable('audit_log').dropColumn('seq').execute();
  },
};
