/**
 * The site check: every authoring finding across what visitors see now, the
 * live data of every published block not in the trash, and the site
 * settings. The media the checks need are read in one query for the site.
 */
import type { Kysely } from 'kysely';
import { blockTitle, collections, type CollectionDef } from '../../shared/collections.js';
import { checkData, mediaIdsIn, settingsTarget } from '../../shared/authoring/check.js';
import { siteSettingsFields } from '../../shared/settings.js';
import { authoringRules, siteCheckGroupLabels, type SiteCheck, type SiteFinding } from '../../shared/site-check.js';
import type { SiteStructure } from '../structure/service.js';
import { brokenInternalLink, internalLinksOf, type BrokenLinkReason } from '../structure/links.js';
import type { Database } from '../db/schema.js';
import { readSiteSettings } from '../settings/repository.js';
import { blockTarget, mediaFactsOf } from './checks.js';
import { applyTranslation } from '../../shared/translatable.js';
import { publishedWordsIn } from '../translations/repository.js';

/** Collections whose blocks visitors can see (staff-only ones, such as contacts, are never on the site). */
const checked: readonly CollectionDef[] = collections.filter((c) => c.read === 'public');

const brokenWords: Record<BrokenLinkReason, string> = {
  missing: 'no page has this address',
  draft: 'the page there is still a draft',
  deleted: 'the page there was deleted',
};

export async function siteCheck(db: Kysely<Database>, structure: SiteStructure): Promise<SiteCheck> {
  const snapshot = await structure.current();
  // The declared public collections and the collections of sections editors added.
  const checkedNow = [...checked, ...snapshot.sectionCollections.values()];
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'collection', 'data'])
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null)
    .where(
      'collection',
      'in',
      checkedNow.map((c) => c.name),
    )
    .orderBy('collection')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byName = new Map(checkedNow.map((c) => [c.name, c]));
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
    findings.push(...checkData(blockTarget(b.c, b.id, snapshot.collectionPage.get(b.c.name) ?? null), b.data, media).map((f) => ({ ...f, title })));
    // Internal links need the site's structure: checked here, on the server only.
    for (const link of internalLinksOf(b.c.fields, b.data)) {
      const reason = brokenInternalLink(snapshot, link.href);
      if (!reason) continue;
      const target = blockTarget(b.c, b.id, snapshot.collectionPage.get(b.c.name) ?? null);
      findings.push({ page: target.page, collection: b.c.name, id: b.id, field: link.field, rule: 'link-internal-broken', severity: authoringRules['link-internal-broken'], message: `The link to ${link.href} leads nowhere visitors can see: ${brokenWords[reason]}. Choose a published page.`, title });
    }
  }
  findings.push(...checkData(settingsTarget(siteSettingsFields), settings, media).map((f) => ({ ...f, title: siteCheckGroupLabels.settings })));
  // Each other language: the published translations laid over their originals, checked the same way; a finding
  // counts for the language when the field at fault holds translated words (untranslated ones are the original's).
  const site = snapshot.languages;
  for (const language of site.languages.filter((l) => l.code !== site.defaultLanguage)) {
    const words = await publishedWordsIn(db, language.code, checkedNow.map((c) => c.name));
    for (const b of blocks) {
      const translated = words.get(b.id);
      if (!translated) continue;
      const data = applyTranslation({ kind: 'fields', fields: b.c.fields }, b.data, translated).data;
      const title = `${blockTitle(b.c, data)} (${language.name})`;
      const own = (field: string) => Object.keys(translated).some((key) => key === field || key.startsWith(`${field}.`) || field.startsWith(`${key}.`));
      for (const f of checkData(blockTarget(b.c, b.id, snapshot.collectionPage.get(b.c.name) ?? null), data, media)) if (own(f.field)) findings.push({ ...f, title, lang: language.code });
    }
  }
  // The pages as editors name them now (their working titles), in the site's order: the screen's groups.
  const pages = [...snapshot.pages].map(([id, p]) => ({ id, title: p.working.title }));
  return { findings, pages };
}
