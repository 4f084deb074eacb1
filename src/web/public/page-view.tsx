/**
 * A public page from its published blocks: each of the page's collections in
 * registry order, each block with the renderer of its kind. No router here:
 * public pages hydrate without it.
 */
import type { BlockKind, PublicDocument } from '../../shared/collections.js';
import { declarations } from '../../shared/registry-index.js';
import type { PageBundle, SiteData } from './data.js';
import { breadcrumbLd, documentTitle, organisationLd, socialImageUrl, type HeadModel, type JsonLd } from './meta.js';
import { imageValue, fallbackSrc, srcSetOf } from './image.js';
import type { PublicRouteData } from './public-shell.js';
import { eventLd, personLd } from './structured-data.js';
import { splitEvents } from './blocks/events.js';
import { Carousel } from './blocks/carousel.js';
import { Hero } from './blocks/hero.js';
import { SectionBlock } from './blocks/sections.js';
import { Cards } from './blocks/cards.js';
import { Gallery } from './blocks/gallery.js';
import { People } from './blocks/people.js';
import { Partners } from './blocks/partners.js';
import { Stories } from './blocks/stories.js';
import { Events } from './blocks/events.js';
import { ContactForm } from './contact-form.js';

export interface PageData extends PublicRouteData {
  bundle: PageBundle;
}

/** Headings over groups of blocks (presentation, not content: staff edit the blocks). */
const groupHeadings: Record<string, string> = {
  newstory: 'News & stories',
  aboutdiscover: 'Discover our work',
  aboutleader: 'Our leaders',
  aboutpartner: 'Our partners',
  visionvalue: 'Our core values',
  historypicture: 'Our history in pictures',
  leaderpicture: 'Meet our leadership team',
  firstpartner: 'Strategic partners',
  secondpartner: 'Network partners',
  thirdpartner: 'Community partners',
  thirdgender: 'What we do',
  thirdsocio: 'What we do',
  thirddemocratic: 'What we do',
  thirdaccountability: 'What we do',
  thirdstrategy: 'Our strategic priorities',
  thirdyouth: 'What the project offers',
  fourthyouth: 'The project in pictures',
  fifthyouth: 'Youth leaders and mentors',
  seventhyouth: 'Results so far',
  eighthyouth: 'Project partners',
};
const defaultHeadings: Partial<Record<BlockKind, string>> = {
  picture: 'In pictures',
  person: 'Our people',
  partner: 'Our partners',
  story: 'News & stories',
};

// The plain declarations, not the full registry: its field schemas (zod) stay out of the public first load.
const kindByCollection = new Map<string, string>(declarations.map((d) => [d.name, d.kind]));

function kindOf(collection: string): BlockKind | null {
  const kind = kindByCollection.get(collection) as BlockKind | 'category' | 'item' | 'customer' | undefined;
  return kind === 'category' || kind === 'item' || kind === 'customer' || !kind ? null : kind;
}

/** The first image of the page (its hero or first slide): the social card picture and the preloaded LCP image. */
function leadImage(bundle: PageBundle) {
  const first = Object.entries(bundle.sections)[0];
  if (!first || kindOf(first[0]) !== 'slide') return null;
  const slide = first[1][0];
  const img = slide ? imageValue(slide.data.image) : null;
  const media = img ? bundle.media[img.mediaId] : undefined;
  return img && media ? { img, media } : null;
}

export function pageHead(bundle: PageBundle, site: SiteData): HeadModel {
  const { page, settings } = bundle;
  const home = page.name === 'home';
  const publicUrl = site.publicUrl;
  const lead = leadImage(bundle);
  const jsonLd: JsonLd[] = [];
  if (home) jsonLd.push(organisationLd(settings, publicUrl, site.logo));
  else jsonLd.push(breadcrumbLd(publicUrl, [{ name: 'Home', path: '/' }, { name: page.title, path: page.path }]));
  for (const [collection, docs] of Object.entries(bundle.sections)) {
    const kind = kindOf(collection);
    if (kind === 'event') {
      const { upcoming, past } = splitEvents(docs, new Date().toISOString());
      for (const d of [...upcoming, ...past].slice(0, 20)) jsonLd.push(eventLd(d, bundle.media, settings, publicUrl));
    } else if (kind === 'person') {
      for (const d of docs) jsonLd.push(personLd(d, bundle.media, settings, publicUrl));
    }
  }
  return {
    title: documentTitle(page.title, settings, home),
    description: page.description,
    canonical: `${publicUrl}${page.path}`,
    image: socialImageUrl(publicUrl, lead?.media) ?? socialImageUrl(publicUrl, site.logo),
    imageAlt: lead?.img.alt ?? '',
    ogType: 'website',
    siteName: settings.organisationName,
    jsonLd,
    preloadImage: lead && lead.media.variants.length > 0 ? { href: fallbackSrc(lead.media), srcset: srcSetOf(lead.media), sizes: '100vw' } : null,
    noindex: false,
  };
}

function Group({ collection, docs, data, first }: { collection: string; docs: PublicDocument[]; data: PageData; first: boolean }) {
  const { bundle, now } = data;
  const kind = kindOf(collection);
  const heading = groupHeadings[collection] ?? (kind ? defaultHeadings[kind] : undefined) ?? null;
  const { media, categories } = bundle;
  switch (kind) {
    case 'slide':
      if (bundle.page.name === 'home') {
        return docs.length > 0 ? <Carousel slides={docs} media={media} label="Highlights of our work" headingLevel="h2" /> : null;
      }
      // One slide is the page's hero; several become a carousel under the page title.
      if (docs.length > 1) {
        return (
          <>
            {first ? <Hero pageTitle={bundle.page.title} slide={null} media={media} /> : null}
            <Carousel slides={docs} media={media} label={`${bundle.page.title}: highlights`} headingLevel="h2" />
          </>
        );
      }
      return first ? <Hero pageTitle={bundle.page.title} slide={docs[0] ?? null} media={media} /> : null;
    case 'section':
      return (
        <>
          {docs.map((d) => (
            <SectionBlock key={d.id} doc={d} media={media} />
          ))}
        </>
      );
    case 'card':
      return docs.length > 0 ? <Cards docs={docs} media={media} heading={heading} /> : null;
    case 'picture':
      return docs.length > 0 ? <Gallery docs={docs} media={media} heading={heading ?? 'In pictures'} /> : null;
    case 'person':
      return docs.length > 0 ? <People docs={docs} media={media} heading={heading ?? 'Our people'} /> : null;
    case 'partner':
      return docs.length > 0 ? <Partners docs={docs} media={media} heading={heading ?? 'Our partners'} /> : null;
    case 'story':
      return docs.length > 0 ? <Stories docs={docs} media={media} categories={categories} heading={heading ?? 'News & stories'} /> : null;
    case 'event':
      return <Events docs={docs} media={media} categories={categories} now={now} />;
    default:
      return null;
  }
}

export function PageView({ data }: { data: PageData }) {
  const { bundle } = data;
  const entries = Object.entries(bundle.sections);
  const home = bundle.page.name === 'home';
  const hasHero = !home && entries[0] !== undefined && kindOf(entries[0][0]) === 'slide';
  return (
    <div className={`page page-${bundle.page.name}`}>
      {home ? (
        <h1 className="visually-hidden">
          {bundle.settings.organisationName}
          {bundle.settings.tagline ? `: ${bundle.settings.tagline}` : ''}
        </h1>
      ) : null}
      {!home && !hasHero ? <Hero pageTitle={bundle.page.title} slide={null} media={bundle.media} /> : null}
      {entries.map(([collection, docs], i) => (
        <Group key={collection} collection={collection} docs={docs} data={data} first={i === 0} />
      ))}
      {home ? <ContactForm contactEmail={bundle.settings.contactEmail} /> : null}
    </div>
  );
}
