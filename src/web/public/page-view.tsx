/**
 * A public page from its published blocks: each of the page's sections in
 * its order (the page's record), each with the renderer of its kind. No router
 * here. Static HTML but for the islands (islands.ts): the carousel and the
 * home page's contact form.
 */
import type { ReactNode } from 'react';
import type { PublicDocument } from '../../shared/collections.js';
import type { BlockKind } from '../../shared/kinds.js';
import type { BundleSection } from '../../shared/page-bundle.js';
import type { PageBundle, SiteData } from './data.js';
import { absoluteUrl, breadcrumbLd, documentTitle, organisationLd, socialImageUrl, type HeadModel, type JsonLd } from './meta.js';
import { altOf, imageValue, preloadOf, slotSizes } from './image.js';
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
import { carouselProps, CarouselIsland, contactFormProps, ContactFormIsland, FormIsland, formProps } from './island.js';
import { PublicWordsProvider, usePublicWords, type PageWords } from './words.js';
import { publicWordsFor } from '../../shared/public-words.js';

export interface PageData extends PublicRouteData {
  bundle: PageBundle;
}

/** What a renderer gets: one section's published blocks on the page. */
interface GroupProps {
  docs: PublicDocument[];
  /** The section (its heading, resolved, and its options). */
  section: BundleSection;
  data: PageData;
  /** Is this the first collection on the page (where the hero goes)? */
  first: boolean;
  /** The site's own words in the section's language (for the islands' props). */
  pageWords: PageWords;
}

/**
 * One renderer per block kind. Typed over every block kind, so a kind without a
 * renderer does not compile.
 */
const renderers: { [K in BlockKind]: (props: GroupProps) => ReactNode } = {
  slide({ docs, section, data: { bundle, site }, first, pageWords }) {
    const light = site.light === true;
    const { carousel } = pageWords.words;
    const { media, page } = bundle;
    if (section.options.carousel) {
      return docs.length > 0 ? <CarouselIsland {...carouselProps(docs, media, carousel.highlightsOfOurWork, 'h2', pageWords, light)} /> : null;
    }
    // One slide is the page's hero; several become a carousel under the page title.
    if (docs.length > 1) {
      return (
        <>
          {first ? <Hero pageTitle={page.title} slide={null} media={media} /> : null}
          <CarouselIsland {...carouselProps(docs, media, carousel.pageHighlights(page.title), 'h2', pageWords, light)} />
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
  card: ({ docs, section, data: { bundle } }) => (docs.length > 0 ? <Cards docs={docs} media={bundle.media} heading={section.heading} /> : null),
  picture: ({ docs, section, data: { bundle } }) =>
    docs.length > 0 ? <Gallery docs={docs} media={bundle.media} heading={section.heading ?? ''} /> : null,
  person: ({ docs, section, data: { bundle } }) =>
    docs.length > 0 ? <People docs={docs} media={bundle.media} heading={section.heading ?? ''} /> : null,
  partner: ({ docs, section, data: { bundle } }) =>
    docs.length > 0 ? <Partners docs={docs} media={bundle.media} heading={section.heading ?? ''} /> : null,
  story: ({ docs, section, data: { bundle } }) =>
    docs.length > 0 ? <Stories docs={docs} media={bundle.media} categories={bundle.categories} heading={section.heading ?? ''} /> : null,
  event: ({ docs, data: { bundle, now } }) => <Events docs={docs} media={bundle.media} categories={bundle.categories} now={now} />,
  form: ({ docs, data: { bundle }, pageWords }) => (
    <>
      {docs.map((d) => (
        <FormIsland key={d.id} {...formProps(d, bundle.formTokens?.[d.id] ?? '', pageWords, bundle.language.defaultCode)} />
      ))}
    </>
  ),
};

/** The sections of a page in order, each with its published blocks. */
function sectionsOf(bundle: PageBundle): { section: BundleSection; docs: PublicDocument[] }[] {
  return bundle.layout.map((section) => ({ section, docs: bundle.sections[section.collection] ?? [] }));
}

/** The first image of the page (its hero or first slide): the social card picture and the preloaded LCP image. */
function leadImage(bundle: PageBundle) {
  const first = sectionsOf(bundle)[0];
  if (!first || first.section.kind !== 'slide') return null;
  const slide = first.docs[0];
  const img = slide ? imageValue(slide.data.image) : null;
  const media = img ? bundle.media[img.mediaId] : undefined;
  return img && media ? { img, media } : null;
}

export function pageHead(bundle: PageBundle, site: SiteData): HeadModel {
  const { page, settings } = bundle;
  const home = page.name === 'home';
  const publicUrl = site.publicUrl;
  const lead = leadImage(bundle);
  // The page's own picture for social networks, when it has one, else its first slide's.
  const social = page.socialImage ? { img: page.socialImage, media: bundle.media[page.socialImage.mediaId] } : null;
  const card = social?.media ? { img: social.img, media: social.media } : lead;
  const jsonLd: JsonLd[] = [];
  if (home) jsonLd.push(organisationLd(settings, publicUrl, site.logo));
  else jsonLd.push(breadcrumbLd(publicUrl, [{ name: 'Home', path: '/' }, { name: page.title, path: page.path }]));
  for (const { section, docs } of sectionsOf(bundle)) {
    const kind: BlockKind = section.kind;
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
    image: socialImageUrl(publicUrl, card?.media) ?? socialImageUrl(publicUrl, site.logo),
    imageAlt: card ? altOf(card.img, card.media) : '',
    ogType: 'website',
    siteName: settings.organisationName,
    jsonLd,
    // Light pages draw no picture behind the first slide's text: nothing to preload.
    preloadImage: lead && !site.light ? preloadOf(lead.media, slotSizes.fullWidth) : null,
    noindex: false,
    lang: bundle.language.code,
    dir: bundle.language.dir,
    alternates: alternatesOf(bundle, publicUrl),
  };
}

/** `hreflang` links: the page in every language it is offered in, and `x-default` (the default language's address). */
export function alternatesOf(bundle: Pick<PageBundle, 'languages' | 'language'>, publicUrl: string): { hreflang: string; href: string }[] {
  const offered = bundle.languages.filter((l) => l.offered);
  if (offered.length < 2) return [];
  const byDefault = offered.find((l) => l.code === bundle.language.defaultCode);
  return [...offered.map((l) => ({ hreflang: l.code, href: absoluteUrl(publicUrl, l.href) })), ...(byDefault ? [{ hreflang: 'x-default', href: absoluteUrl(publicUrl, byDefault.href) }] : [])];
}

function Group({ section, docs, data, first }: { section: BundleSection; docs: PublicDocument[]; data: PageData; first: boolean }) {
  const Render = renderers[section.kind];
  const { limit, upcomingOnly } = section.options;
  const chosen = upcomingOnly ? splitEvents(docs, data.now).upcoming : docs;
  const shown = limit ? chosen.slice(0, limit) : chosen;
  // A section none of whose words are translated is shown in the default language, marked up as such (screen readers
  // pronounce it right), the site's own words and dates in it too.
  const { language, page } = data.bundle;
  const headingLeft = section.heading === null || (page.fallback ?? []).includes(`sections.${section.id}.heading`);
  const untranslated = language.code !== language.defaultCode && shown.length > 0 && shown.every((d) => d.lang) && headingLeft;
  const shell = usePublicWords();
  const rendered = <Render docs={shown} section={section} data={data} first={first} pageWords={untranslated ? publicWordsFor(language.defaultCode) : shell} />;
  return untranslated ? (
    <div className="lang-fallback" lang={language.defaultCode}>
      <PublicWordsProvider code={language.defaultCode}>{rendered}</PublicWordsProvider>
    </div>
  ) : (
    rendered
  );
}

export function PageView({ data }: { data: PageData }) {
  const { bundle } = data;
  const words = usePublicWords();
  const entries = sectionsOf(bundle);
  const home = bundle.page.name === 'home';
  const hasHero = !home && entries[0] !== undefined && entries[0].section.kind === 'slide';
  return (
    <div className={`page page-${bundle.page.name}`} data-page={bundle.page.name}>
      {home ? (
        <h1 className="visually-hidden">
          {bundle.settings.organisationName}
          {bundle.settings.tagline ? `: ${bundle.settings.tagline}` : ''}
        </h1>
      ) : null}
      {!home && !hasHero ? <Hero pageTitle={bundle.page.title} slide={null} media={bundle.media} /> : null}
      {entries.map(({ section, docs }, i) => (
        <Group key={section.id} section={section} docs={docs} data={data} first={i === 0} />
      ))}
      {home ? <ContactFormIsland {...contactFormProps(bundle.settings.contactEmail, words, bundle.language.defaultCode)} /> : null}
    </div>
  );
}
