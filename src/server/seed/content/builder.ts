/**
 * What the demo content is written with: one function per kind of block, each
 * taking that kind's fields, and the helpers for dates and rich text.
 */
import type { CollectionName } from '../../../shared/registry-index.js';
import type { KindData } from '../../../shared/kinds.js';
import type { BlockStatus, CategorySlug, CollectionsOf, DemoBlock, DemoMedia, FileRef, ImageRef, KindOf } from './types.js';

/** Paragraphs and lists of rich text. */
export const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');
export const list = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

type Link = [label: string, url: string];
type SectionVariant = KindData<'section'>['variant'];

export function createBuilder(media: DemoMedia, category: Record<CategorySlug, string>, now: Date) {
  const blocks: DemoBlock[] = [];
  /** Adds a block to a collection; its data must fit the collection's kind. */
  function add<C extends CollectionName>(collection: C, data: KindData<KindOf<C>, ImageRef, FileRef>, status: BlockStatus = 'published', id?: string) {
    blocks.push({ ...(id ? { id } : {}), collection, status, data });
  }
  const context = {
    blocks,
    add,
    media,
    category,
    /** A date `offsetDays` from now, as YYYY-MM-DD. */
    day(offsetDays: number): string {
      return new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    },
    /** A time `offsetDays` from now at a full hour (UTC). */
    at(offsetDays: number, hourUtc: number): string {
      const d = new Date(now.getTime() + offsetDays * 86_400_000);
      d.setUTCHours(hourUtc, 0, 0, 0);
      return d.toISOString();
    },
    slide(collection: CollectionsOf<'slide'>, title: string, caption: string, image: ImageRef, link?: Link, status?: BlockStatus) {
      add(collection, { title, caption, image, ...(link ? { linkLabel: link[0], linkUrl: link[1] } : {}) }, status);
    },
    section(
      collection: CollectionsOf<'section'>,
      title: string,
      body: string,
      opts: { subtitle?: string; image?: ImageRef; link?: Link; variant?: SectionVariant } = {},
      status?: BlockStatus,
    ) {
      add(
        collection,
        {
          title,
          ...(opts.subtitle ? { subtitle: opts.subtitle } : {}),
          body,
          ...(opts.image ? { image: opts.image } : {}),
          ...(opts.link ? { linkLabel: opts.link[0], linkUrl: opts.link[1] } : {}),
          variant: opts.variant ?? (opts.image ? 'image-right' : 'text'),
        },
        status,
      );
    },
    card(collection: CollectionsOf<'card'>, title: string, text: string, icon: KindData<'card'>['icon'], status?: BlockStatus) {
      add(collection, { title, text, icon }, status);
    },
    person(collection: CollectionsOf<'person'>, name: string, position: string, portrait: number, bio: string) {
      add(collection, { name, position, photo: media.portrait(portrait, `Portrait illustration of ${name}`), bio });
    },
    partner(collection: CollectionsOf<'partner'>, name: string, url: string, description: string, status?: BlockStatus) {
      add(collection, { name, logo: media.logo(name), url, description }, status);
    },
    picture(collection: CollectionsOf<'picture'>, image: ImageRef, caption: string) {
      add(collection, { image, caption });
    },
    form(collection: CollectionsOf<'form'>, data: KindData<'form'>) {
      add(collection, data);
    },
  };
  return context;
}

export type SeedContext = ReturnType<typeof createBuilder>;
