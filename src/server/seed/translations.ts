/**
 * The demo's Kiswahili: the home page, /about, the navigation and the
 * tagline, published with the words they were made from (so they start
 * current); every other page and block falls back to English on purpose.
 */
import type { Kysely } from 'kysely';
import { getCollection } from '../../shared/collections.js';
import { sitePageCollection } from '../../shared/site-structure.js';
import { navigationLinks, navigationSchema, siteNavigationCollection, siteNavigationId, type Navigation } from '../../shared/site-navigation.js';
import { navLabelOf } from '../../shared/site-structure.js';
import { sourceOf, type TranslatableShape } from '../../shared/translatable.js';
import type { Database } from '../db/schema.js';
import { holdPaths } from '../structure/repository.js';
import { settingsShape, settingsTranslationKey, shapeOf } from '../translations/service.js';
import { kiswahiliDemo } from './content/kiswahili.js';

const lang = 'sw';

/**
 * The navigation's Kiswahili as its translation stores it (by place:
 * `header.1.children.0.label`), made from words keyed by what they name: a
 * link by the page it leads to (that page's Kiswahili label in menus, else
 * the demo's word for it), a heading by its English words. Menus an editor
 * rearranged get the same words on the same links.
 */
export function menuWords(n: Navigation): Record<string, string> {
  const words: Record<string, string> = {};
  const { links, headings } = kiswahiliDemo.menus;
  for (const l of navigationLinks(n)) {
    const page = l.page ? kiswahiliDemo.pages[l.page] : undefined;
    const label = l.page ? (links[l.page] ?? (page?.title ? navLabelOf({ navLabel: page.navLabel ?? '', title: page.title }) : undefined)) : undefined;
    if (label) words[`${l.path}.label`] = label;
  }
  n.header.forEach((item, i) => {
    const heading = item.children ? headings[item.label] : undefined;
    if (heading) words[`header.${i}.label`] = heading;
  });
  n.footer.forEach((list, i) => {
    const heading = headings[list.heading];
    if (heading) words[`footer.${i}.heading`] = heading;
  });
  return words;
}

interface SeededRow {
  id: string;
  collection: string;
  data: string;
  status: string;
}

export async function seedTranslations(trx: Kysely<Database>, rows: readonly SeededRow[], settings: Record<string, unknown>, at: string): Promise<void> {
  const put = async (documentId: string, collection: string, shape: TranslatableShape, original: Record<string, unknown>, words: Record<string, string>) => {
    await trx
      .insertInto('translations')
      .values({ document_id: documentId, lang, collection, data: JSON.stringify(words), pending_data: null, source: JSON.stringify(sourceOf(shape, original)), version: 1, updated_at: at, updated_by: null, published_at: at })
      .onConflict((oc) => oc.columns(['document_id', 'lang']).doNothing())
      .execute();
  };
  for (const t of kiswahiliDemo.blocks) {
    const c = getCollection(t.collection);
    if (!c) throw new Error(`seed: unknown collection ${t.collection} in the Kiswahili demo`);
    const row = rows.find((r) => r.collection === t.collection && r.status === 'published' && (JSON.parse(r.data) as Record<string, unknown>)[c.titleField] === t.title);
    if (!row) throw new Error(`seed: no published ${t.collection} block “${t.title}” for its Kiswahili translation`);
    await put(row.id, c.name, shapeOf(c), JSON.parse(row.data) as Record<string, unknown>, t.values);
  }
  for (const [id, words] of Object.entries(kiswahiliDemo.pages)) {
    const page = await trx.selectFrom('documents').select(['data']).where('id', '=', id).where('collection', '=', sitePageCollection).executeTakeFirst();
    if (!page) continue;
    await put(id, sitePageCollection, { kind: 'page' }, JSON.parse(page.data) as Record<string, unknown>, words);
    if (words.path) await holdPaths(trx, lang, id, [words.path]);
  }
  const nav = await trx.selectFrom('documents').select(['data']).where('id', '=', siteNavigationId).where('collection', '=', siteNavigationCollection).executeTakeFirst();
  if (nav) await put(siteNavigationId, siteNavigationCollection, { kind: 'navigation' }, JSON.parse(nav.data) as Record<string, unknown>, menuWords(navigationSchema.parse(JSON.parse(nav.data))));
  await put(settingsTranslationKey.id, settingsTranslationKey.collection, settingsShape, settings, kiswahiliDemo.settings);
}
