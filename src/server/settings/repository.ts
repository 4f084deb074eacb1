/** All SQL of the site settings: the one row of the settings table that holds them. Same queries on SQLite and PostgreSQL. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SettingsTable } from '../db/schema.js';
import { defaultSiteSettings, type SiteSettings } from '../../shared/settings.js';

export type SettingsRow = Selectable<SettingsTable>;
type Conn = Kysely<Database>;

/** The key of the site-settings singleton in the settings table. */
export const SITE_SETTINGS_KEY = 'site';

export async function findSettings(db: Conn): Promise<SettingsRow | undefined> {
  return db.selectFrom('settings').selectAll().where('key', '=', SITE_SETTINGS_KEY).executeTakeFirst();
}

/** The site settings as saved and their version, or the defaults at version 0 when none were saved. */
export async function readSiteSettings(db: Conn): Promise<{ data: SiteSettings; version: number }> {
  const row = await findSettings(db);
  if (!row) return { data: defaultSiteSettings, version: 0 };
  return { data: JSON.parse(row.data) as SiteSettings, version: Number(row.version) };
}

/**
 * Stores the settings when the stored version is still `expectedVersion`
 * (0: none stored yet); undefined when someone else saved first.
 */
export async function saveSettingsIfVersion(db: Conn, expectedVersion: number, data: string, at: string, by: string | null): Promise<SettingsRow | undefined> {
  if (expectedVersion === 0) {
    return db
      .insertInto('settings')
      .values({ key: SITE_SETTINGS_KEY, data, version: 1, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.column('key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }
  return db
    .updateTable('settings')
    .set({ data, version: sql<number>`version + 1`, updated_at: at, updated_by: by })
    .where('key', '=', SITE_SETTINGS_KEY)
    .where('version', '=', expectedVersion)
    .returningAll()
    .executeTakeFirst();
}

/** The rows of the settings table (whose data contains the text `containing` when given), by key. */
export async function storedSettingsRows(db: Conn, containing?: string): Promise<{ key: string; data: string; version: number }[]> {
  let q = db.selectFrom('settings').select(['key', 'data', 'version']);
  if (containing !== undefined) q = q.where('data', 'like', `%${containing}%`);
  return q.orderBy('key').execute();
}

/** Writes a settings row's data, bumping its version, when it is still at `version`; false when it changed. */
export async function rewriteSettingsIfVersion(db: Conn, w: { key: string; version: number; data: string; at: string; by: string | null }): Promise<boolean> {
  const result = await db.updateTable('settings').set({ data: w.data, version: w.version + 1, updated_at: w.at, updated_by: w.by }).where('key', '=', w.key).where('version', '=', w.version).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the stored settings (a content reset: the defaults apply again). */
export async function deleteAllSettings(db: Conn): Promise<void> {
  await db.deleteFrom('settings').execute();
}
