/**
 * A public page from its published blocks: each of the page's collections in
 * its declared place, each group with the renderer of its kind. No router
 * here. Static HTML but for the islands (islands.ts): the carousel and the
 * home page's contact form.
 */
import type { ReactNode } from 'react';
import type { PublicDocument } from '../../shared/collections.js';
import { isBlockKind, kinds, type BlockKind } from '../../shared/kinds.js';
import { declarationOf, type Declaration } from '../../shared/registry-index.js';
import type { PageBundle, SiteData } from './data.js';
import { breadcrumbLd, documentTitle, organisationLd, socialImageUrl, type HeadModel, type JsonLd } from './meta.js';
import { altOf, imageValue, fallbackSrc, srcSetOf } from './image.js';
import type { PublicRouteData } from './public-shell.js';
import { eventLd, personLd } from './structured-data.js';
import { splitEvents } from './blocks/events.js';
import { Hero } from './blocks/hero.js';
import { SectionBlock } from './blocks/sections.js';
import { Cards } from './blocks/cards.js';
import { Gallery } from './blocks/gallery.js';
import { People } from './blocks/people.js';
import { Partners } from './blocks/partners.js';
import { Stories } from './blocks/stories.js';
import { Events } from './blocks/events.js';
import { carouselProps, CarouselIsland, ContactFormIsland } from './island.js';

export interface PageData extends PublicRouteData {
  bundle: PageBundle;
}

/** What a renderer gets: one collection's published blocks on the page. */
interface GroupProps {
  docs: PublicDocument[];
  /** The collection's declaration (its heading, carousel). */
  declaration: Declaration;
  data: PageData;
  /** Is this the first collection on the page (where the hero goes)? */
  first: boolean;
}

/** The heading over a group: the collection's own, else its kind's default. */
function headingOf(d: Declaration): string | null {
  return d.heading ?? kinds[d.kind].heading;
}

/**
 * One renderer per block kind. Typed over every block kind, so a kind without a
 * renderer does not compile.
 */
const renderers: { [K in BlockKind]: (props: GroupProps) => ReactNode } = {
  slide({ docs, declaration, data: { bundle }, first }) {
    const { media, page } = bundle;
    if (declaration.carousel) {
      return docs.length > 0 ? <CarouselIsland {...carouselProps(docs, media, 'Highlights of our work', 'h2')} /> : null;
    }
    // One slide is the page's hero; several become a carousel under the page title.
    if (docs.length > 1) {
      return (
        <>
          {first ? <Hero pageTitle={page.title} slide={null} media={media} /> : null}
          <CarouselIsland {...carouselProps(docs, media, `${page.title}: highlights`, 'h2')} />
        </>
      );
    }
    return first ? <Hero pageTitle={page.title} slide={docs[0] ?? null} media={media} /> : null;
  },
  section: ({ docs, data: { bundle } }) => (
    <>
      {docs.map((d) => (
        <SectionBlock key={d.id} doc={d} media={bundle.media} />
      ))}
    </>
  ),
  card: ({ docs, declaration, data: { bundle } }) => (docs.length > 0 ? <Cards docs={docs} media={bundle.media} heading={headingOf(declaration)} /> : null),
  picture: ({ docs, declaration, data: { bundle } }) =>
    docs.length > 0 ? <Gallery docs={docs} media={bundle.media} heading={declaration.heading ?? kinds.picture.heading} /> : null,
  person: ({ docs, declaration, data: { bundle } }) =>
    docs.length > 0 ? <People docs={docs} media={bundle.media} heading={declaration.heading ?? kinds.person.heading} /> : null,
  partner: ({ docs, declaration, data: { bundle } }) =>
    docs.length > 0 ? <Partners docs={docs} media={bundle.media} heading={declaration.heading ?? kinds.partner.heading} /> : null,
  story: ({ docs, declaration, data: { bundle } }) =>
    docs.length > 0 ? <Stories docs={docs} media={bundle.media} categories={bundle.categories} heading={declaration.heading ?? kinds.story.heading} /> : null,
  event: ({ docs, data: { bundle, now } }) => <Events docs={docs} media={bundle.media} categories={bundle.categories} now={now} />,
};

/** The block kind of a collection on a public page; null for site data (categories, publications, contacts). */
function kindOf(collection: string): BlockKind | null {
  const kind = declarationOf(collection)?.kind;
  return kind && isBlockKind(kind) ? kind : null;
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
    imageAlt: lead ? altOf(lead.img, lead.media) : '',
    ogType: 'website',
    siteName: settings.organisationName,
    jsonLd,
    preloadImage: lead && lead.media.variants.length > 0 ? { href: fallbackSrc(lead.media), srcset: srcSetOf(lead.media), sizes: '100vw' } : null,
    noindex: false,
  };
}

function Group({ collection, docs, data, first }: { collection: string; docs: PublicDocument[]; data: PageData; first: boolean }) {
  const declaration = declarationOf(collection);
  const kind = kindOf(collection);
  if (!declaration || !kind) return null;
  const Render = renderers[kind];
  return <Render docs={docs} declaration={declaration} data={data} first={first} />;
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
      {home ? <ContactFormIsland contactEmail={bundle.settings.contactEmail} /> : null}
    </div>
  );
}
