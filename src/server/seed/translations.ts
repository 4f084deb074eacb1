/**
 * The demo's Kiswahili: the home page, /about, the navigation and the
 * tagline, published with the words they were made from (so they start
 * current); every other page and block falls back to English on purpose.
 */
import type { Kysely } from 'kysely';
import { getCollection } from '../../shared/collections.js';
import { sitePageCollection } from '../../shared/site-structure.js';
import { siteNavigationCollection, siteNavigationId } from '../../shared/site-navigation.js';
import { sourceOf, type TranslatableShape } from '../../shared/translatable.js';
import type { Database } from '../db/schema.js';
import { holdPaths } from '../structure/repository.js';
import { settingsShape, settingsTranslationKey, shapeOf } from '../translations/service.js';
import { kiswahiliDemo } from './content/kiswahili.js';

const lang = 'sw';

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
  if (nav) await put(siteNavigationId, siteNavigationCollection, { kind: 'navigation' }, JSON.parse(nav.data) as Record<string, unknown>, kiswahiliDemo.navigation);
  await put(settingsTranslationKey.id, settingsTranslationKey.collection, settingsShape, settings, kiswahiliDemo.settings);
}
