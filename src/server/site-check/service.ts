/**
 * The site check: every authoring finding across what visitors see now, the
 * live data of every published block not in the trash, and the site
 * settings. The media the checks need are read in one query for the site.
 */
import type { Kysely } from 'kysely';
import { blockTitle, collections, type CollectionDef } from '../../shared/collections.js';
import { checkData, mediaIdsIn, settingsTarget } from '../../shared/authoring/check.js';
import { siteSettingsFields } from '../../shared/settings.js';
import { siteCheckGroupLabels, type SiteCheck, type SiteFinding } from '../../shared/site-check.js';
import type { Database } from '../db/schema.js';
import { readSiteSettings } from '../settings/repository.js';
import { blockTarget, mediaFactsOf } from './checks.js';

/** Collections whose blocks visitors can see (staff-only ones, such as contacts, are never on the site). */
const checked: readonly CollectionDef[] = collections.filter((c) => c.read === 'public');

export async function siteCheck(db: Kysely<Database>): Promise<SiteCheck> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'collection', 'data'])
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null)
    .where(
      'collection',
      'in',
      checked.map((c) => c.name),
    )
    .orderBy('collection')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byName = new Map(checked.map((c) => [c.name, c]));
  const blocks = rows.flatMap((r) => {
    const c = byName.get(r.collection);
    return c ? [{ c, id: r.id, data: JSON.parse(r.data) as Record<string, unknown> }] : [];
  });
  const settings = (await readSiteSettings(db)).data as Record<string, unknown>;
  const ids = [...blocks.flatMap((b) => mediaIdsIn(b.c.fields, b.data)), ...mediaIdsIn(siteSettingsFields, settings)];
  const media = await mediaFactsOf(db, ids);
  const findings: SiteFinding[] = [];
  for (const b of blocks) {
    const title = blockTitle(b.c, b.data);
    findings.push(...checkData(blockTarget(b.c, b.id), b.data, media).map((f) => ({ ...f, title })));
  }
  findings.push(...checkData(settingsTarget(siteSettingsFields), settings, media).map((f) => ({ ...f, title: siteCheckGroupLabels.settings })));
  return { findings };
}
