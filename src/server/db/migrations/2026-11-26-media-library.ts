import type { Kysely } from 'kysely';
import { foldTitle } from '../title-search.js';

// Frozen: never edit after it lands; add a new migration instead.
// media gains what the library edits: the default alt text every use of a
// picture falls back to, and the focal point (0–1 from the left and the top)
// that crops keep in frame. Indexes serve the library's sorts.
// search_text: the file name and the alt text folded as titles are
// (db/title-search.ts), so both databases find the same files whatever
// their case; null for a row written around the media repository (then the
// search folds the columns in SQL, which only lowers ASCII on SQLite).
export const mediaLibrary = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('media').addColumn('alt', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('media').addColumn('focal_x', 'real').execute();
    await db.schema.alterTable('media').addColumn('focal_y', 'real').execute();
    await db.schema.alterTable('media').addColumn('search_text', 'text').execute();
    await db.schema.createIndex('media_created_at').on('media').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('media_byte_size').on('media').columns(['byte_size', 'id']).execute();
    // Media rows are few (hundreds to thousands): one update each is quick enough, once.
    const rows = (await db.selectFrom('media').select(['id', 'original_name']).execute()) as { id: string; original_name: string | null }[];
    for (const r of rows) {
      await db.updateTable('media').set({ search_text: foldTitle(`${r.original_name ?? ''}\n`) }).where('id', '=', r.id).execute();
    }
  },
};
