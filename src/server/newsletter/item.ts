/**
 * A story or event as an issue shows it: its title, summary, page and
 * picture, in the issue's language (the public site's detail bundle, so what
 * readers get is what the page shows). The picture is the block's first one
 * whose re-encoded original is a JPEG or PNG (mail programs show those; not
 * AVIF or WebP).
 */
import { getCollection } from '../../shared/collections.js';
import type { NewsletterItem } from '../../shared/newsletter.js';
import { detailPathOf } from '../../shared/registry-index.js';
import type { ContentService } from '../content/service.js';
import type { PublicSite } from '../site/pipeline.js';
import type { IssueItem } from './mails.js';

const mailPictureTypes = new Set(['image/jpeg', 'image/png']);

export async function issueItemOf(
  content: Pick<ContentService, 'publishedBlock'>,
  site: Pick<PublicSite, 'detailBundle'>,
  publicUrl: string,
  item: NewsletterItem,
  lang: string,
): Promise<IssueItem | null> {
  const block = await content.publishedBlock(item.id);
  if (!block || block.collection !== item.collection || !getCollection(block.collection)?.detailPath) return null;
  const inLang = await site.detailBundle(block.collection, item.id, lang).catch(() => null);
  const bundle = inLang?.doc ? inLang : await site.detailBundle(block.collection, item.id).catch(() => null);
  if (!bundle?.doc) return null;
  const data = bundle.doc.data;
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  // An image field holds `{ mediaId, alt, decorative }` (shared/fields.ts); the alt text given there wins over the picture's own.
  const image = Object.values(data)
    .map((v) => (v && typeof v === 'object' && typeof (v as { mediaId?: unknown }).mediaId === 'string' ? (v as { mediaId: string; alt?: unknown; decorative?: unknown }) : null))
    .find((v) => v !== null && bundle.media[v.mediaId]?.kind === 'image' && mailPictureTypes.has(bundle.media[v.mediaId]!.contentType));
  const media = image ? bundle.media[image.mediaId] : undefined;
  const alt = image?.decorative === true ? '' : typeof image?.alt === 'string' && image.alt.trim() ? image.alt : (media?.alt ?? '');
  const path = bundle.doc.href ?? detailPathOf(block.collection, item.id) ?? '/';
  return {
    title: text('title'),
    summary: text('summary') || text('excerpt') || text('description'),
    url: `${publicUrl}${path}`,
    picture: media && media.width && media.height ? { url: `${publicUrl}${media.url}`, width: media.width, height: media.height, alt } : null,
  };
}
