import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// media gains what the library edits: the default alt text every use of a
// picture falls back to, and the focal point (0–1 from the left and the top)
// that crops keep in frame. Indexes serve the library's sorts.
export const mediaLibrary = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('media').addColumn('alt', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('media').addColumn('focal_x', 'real').execute();
    await db.schema.alterTable('media').addColumn('focal_y', 'real').execute();
    await db.schema.createIndex('media_created_at').on('media').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('media_byte_size').on('media').columns(['byte_size', 'id']).execute();
  },
};
