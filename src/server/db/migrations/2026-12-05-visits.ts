import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Which public pages people read (docs/architecture.md, "Visits"), per day (UTC):
// - visits: views per language and address; lang and path '' hold the whole site's day.
//   visitors: the day's distinct visitors once the day is rolled up (0 before).
// - visit_visitors: the visitors of days not yet rolled up, one row per keyed hash
//   (of address and browser, under a salt of that day that is never stored) and
//   page; unique, so instances that count the same visitor add it once.
// - visit_referrers: views from another site, by its host only.
// - visit_campaigns: views with utm_source or utm_campaign ('' when absent).
export const visits = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('visits')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('visits_pk', ['day', 'lang', 'path'])
      .execute();
    await db.schema
      .createTable('visit_visitors')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_visitors_pk', ['day', 'lang', 'path', 'visitor'])
      .execute();
    await db.schema
      .createTable('visit_referrers')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('visit_referrers_pk', ['day', 'host'])
      .execute();
    await db.schema
      .createTable('visit_campaigns')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('campaign', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('visit_campaigns_pk', ['day', 'source', 'campaign'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['visit_campaigns', 'visit_referrers', 'visit_visitors', 'visits']) await db.schema.dropTable(table).execute();
  },
};
