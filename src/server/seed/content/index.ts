/**
 * The demo content: a believable (and entirely fictional) civic alliance, its
 * programmes, people, partners, stories, events and publications, one file
 * per page. Every name, place and organisation is invented; web addresses use
 * the reserved example.org / example.com domains.
 *
 * A collection nobody has written content for gets the blocks of its kind's
 * sample collection, so a newly declared collection is never empty; a new kind
 * needs a sample (a type error until it has one).
 */
import type { CollectionKind, SystemKind } from '../../../shared/kinds.js';
import { declarations, type CollectionName } from '../../../shared/registry-index.js';
import { createBuilder } from './builder.js';
import type { CategorySlug, CollectionsOf, DemoBlock, DemoMedia } from './types.js';
import { homeContent } from './home.js';
import { aboutContent } from './about.js';
import { visionContent } from './vision.js';
import { historyContent } from './history.js';
import { leadershipContent } from './leadership.js';
import { partnerContent } from './partner.js';
import { programmeContent } from './programmes.js';
import { eventsContent } from './events.js';
import { youthContent } from './youth.js';
import { siteContent } from './site.js';

export { demoCategories, demoPublications } from './catalogue.js';
export type { CategorySlug, DemoBlock, DemoMedia, FileRef, HeroName, ImageRef, PublicationName } from './types.js';

/** For each kind, the collection whose demo blocks stand in for a collection without its own. */
const kindSamples: { [K in Exclude<CollectionKind, SystemKind>]: CollectionsOf<K> } = {
  slide: 'aboutslide',
  section: 'aboutvision',
  card: 'visionvalue',
  picture: 'historypicture',
  person: 'leaderpicture',
  partner: 'thirdpartner',
  story: 'newstory',
  event: 'thirdevents',
  form: 'youthvolunteer',
  category: 'category',
  item: 'item',
  customer: 'customer',
};

export function demoContent(media: DemoMedia, category: Record<CategorySlug, string>, now: Date): DemoBlock[] {
  const seed = createBuilder(media, category, now);
  for (const page of [homeContent, aboutContent, visionContent, historyContent, leadershipContent, partnerContent, programmeContent, eventsContent, youthContent, siteContent]) {
    page(seed);
  }
  const written = new Set<string>(seed.blocks.map((b) => b.collection));
  const blocks = [...seed.blocks];
  for (const c of declarations) {
    if (written.has(c.name)) continue;
    const sample: CollectionName = kindSamples[c.kind];
    // Ids are left out: they must be new, and nothing refers to the copies.
    for (const b of seed.blocks) if (b.collection === sample) blocks.push({ collection: c.name as CollectionName, status: b.status, data: b.data });
  }
  return blocks;
}
