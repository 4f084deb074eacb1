/**
 * A published event as registrations need it: its live data (the settings,
 * staff-only fields too, from content) and the block as its page shows it in
 * a language (the public site's detail bundle: translated words, its
 * address), falling back to the default language when it is not translated.
 */
import { getCollection } from '../../shared/collections.js';
import { detailPathOf } from '../../shared/registry-index.js';
import type { ContentService } from '../content/service.js';
import type { PublicSite } from '../site/pipeline.js';
import type { EventBlock } from './service.js';

export async function eventBlockOf(content: Pick<ContentService, 'publishedBlock'>, site: Pick<PublicSite, 'detailBundle'>, id: string, lang: string | undefined): Promise<EventBlock | null> {
  const block = await content.publishedBlock(id);
  if (!block || getCollection(block.collection)?.kind !== 'event') return null;
  const inLang = lang ? await site.detailBundle(block.collection, id, lang).catch(() => null) : null;
  const bundle = inLang?.doc ? inLang : await site.detailBundle(block.collection, id);
  if (!bundle.doc) return null;
  return {
    id,
    collection: block.collection,
    original: block.data,
    shown: bundle.doc.data,
    lang: bundle.language.code,
    path: bundle.doc.href ?? detailPathOf(block.collection, id) ?? '/',
  };
}
