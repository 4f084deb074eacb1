/** A story (/news/:id) or an event (/events/:id) on its own page. Unpublished or unknown ids answer 404. */
import type { LoaderFunctionArgs } from 'react-router';
import { data, Link, useLoaderData } from 'react-router';
import type { PublicDocument } from '../../shared/collections.js';
import { dataSourceOf, siteDataOf, type DetailCollection, type PageBundle } from './data.js';
import { absoluteUrl, breadcrumbLd, documentTitle, socialImageUrl, type HeadModel, type JsonLd } from './meta.js';
import { fallbackSrc, imageValue, Picture, srcSetOf } from './image.js';
import type { PublicRouteData } from './layout-route.js';
import { eventLd, plainText, storyLd } from './structured-data.js';
import { formatDate, formatDateTime, str, useLocalTime } from './format.js';
import { CalendarIcon, PinIcon, ArrowRight } from './icons.js';
import { NotFoundContent } from './not-found.js';

type Detail = 'story' | 'event';

export interface DetailData extends PublicRouteData {
  detail: Detail;
  doc: PublicDocument | null;
  bundle: Pick<PageBundle, 'media' | 'categories'>;
}

const config: Record<Detail, { collection: DetailCollection; page: 'home' | 'events'; trail: { name: string; path: string } }> = {
  story: { collection: 'newstory', page: 'home', trail: { name: 'News & stories', path: '/#news' } },
  event: { collection: 'thirdevents', page: 'events', trail: { name: 'Events', path: '/events' } },
};

function detailHead(detail: Detail, doc: PublicDocument | null, bundle: PageBundle, publicUrl: string, path: string, logoUrl: string): HeadModel {
  const settings = bundle.settings;
  if (!doc) {
    return {
      title: documentTitle('Page not found', settings, false),
      description: 'The page you are looking for does not exist.',
      canonical: `${publicUrl}${path}`,
      image: null,
      imageAlt: '',
      ogType: 'website',
      siteName: settings.organisationName,
      jsonLd: [],
      preloadImage: null,
      noindex: true,
    };
  }
  const d = doc.data;
  const imgValue = imageValue(detail === 'story' ? d.cover : d.image);
  const media = imgValue ? bundle.media[imgValue.mediaId] : undefined;
  const title = str(d.title);
  const description = detail === 'story' ? str(d.summary) || plainText(str(d.body), 160) : plainText(str(d.description), 160) || `${formatDateTime(str(d.startsAt), false)}${str(d.location) ? `, ${str(d.location)}` : ''}`;
  const trail = config[detail].trail;
  const jsonLd: JsonLd[] = [
    breadcrumbLd(publicUrl, [{ name: 'Home', path: '/' }, detail === 'event' ? trail : { name: trail.name, path: '/' }, { name: title, path }]),
    detail === 'story' ? storyLd(doc, bundle.media, settings, publicUrl, logoUrl) : eventLd(doc, bundle.media, settings, publicUrl),
  ];
  return {
    title: documentTitle(title, settings, false),
    description: description || title,
    canonical: `${publicUrl}${path}`,
    image: socialImageUrl(publicUrl, media),
    imageAlt: imgValue?.alt ?? '',
    ogType: detail === 'story' ? 'article' : 'website',
    siteName: settings.organisationName,
    jsonLd,
    preloadImage: media && media.variants.length > 0 ? { href: fallbackSrc(media), srcset: srcSetOf(media), sizes: '(min-width: 960px) 960px, 100vw' } : null,
    noindex: false,
  };
}

export function detailLoader(detail: Detail) {
  return async ({ context, params }: LoaderFunctionArgs) => {
    const source = dataSourceOf(context);
    const { collection, page } = config[detail];
    const id = params.id ?? '';
    const bundle = await source.page(page);
    // The page bundle holds every published story or event; a direct read covers any it leaves out.
    const doc = bundle.sections[collection]?.find((d) => d.id === id) ?? (id ? await source.document(collection, id) : null);
    const publicUrl = source.publicUrl();
    const site = siteDataOf(bundle, publicUrl);
    const path = `${config[detail].trail.path === '/events' ? '/events' : '/news'}/${encodeURIComponent(id)}`;
    const logoUrl = site.logo ? absoluteUrl(publicUrl, site.logo.url) : absoluteUrl(publicUrl, '/logo.svg');
    const body: DetailData = {
      site,
      detail,
      doc,
      bundle: { media: bundle.media, categories: bundle.categories },
      head: detailHead(detail, doc, bundle, publicUrl, path, logoUrl),
      now: new Date().toISOString(),
    };
    return doc ? body : data(body, { status: 404 });
  };
}

function StoryArticle({ doc, bundle }: { doc: PublicDocument; bundle: DetailData['bundle'] }) {
  const d = doc.data;
  const category = bundle.categories[str(d.category)];
  return (
    <article className="detail">
      <div className="container detail-head">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/#news">News &amp; stories</Link>
            </li>
          </ol>
        </nav>
        <p className="meta-line">
          {category ? <span className="tag">{category.name}</span> : null}
          <time dateTime={str(d.date)}>{formatDate(str(d.date))}</time>
        </p>
        <h1 className="detail-title">{str(d.title)}</h1>
        {str(d.summary) ? <p className="detail-lead">{str(d.summary)}</p> : null}
      </div>
      <div className="container detail-media">
        <Picture value={imageValue(d.cover)} media={bundle.media} sizes="(min-width: 960px) 960px, 100vw" className="detail-image" priority />
      </div>
      <div className="container detail-body">
        {str(d.body) ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: str(d.body) }} /> : null}
        <p>
          <Link to="/" className="button button-secondary">
            More news on the home page <ArrowRight />
          </Link>
        </p>
      </div>
    </article>
  );
}

function EventArticle({ doc, bundle, now }: { doc: PublicDocument; bundle: DetailData['bundle']; now: string }) {
  const d = doc.data;
  const category = bundle.categories[str(d.category)];
  const ends = Date.parse(str(d.endsAt) || str(d.startsAt));
  const over = !Number.isNaN(ends) && ends < Date.parse(now);
  const local = useLocalTime();
  return (
    <article className="detail">
      <div className="container detail-head">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/events">Events</Link>
            </li>
          </ol>
        </nav>
        <p className="meta-line">
          {category ? <span className="tag">{category.name}</span> : null}
          <span className={`tag ${over ? 'tag-muted' : 'tag-accent'}`}>{over ? 'Past event' : 'Upcoming event'}</span>
        </p>
        <h1 className="detail-title">{str(d.title)}</h1>
        <ul className="event-facts">
          <li>
            <CalendarIcon /> <time dateTime={str(d.startsAt)}>{formatDateTime(str(d.startsAt), local)}</time>
            {str(d.endsAt) ? (
              <>
                {' – '}
                <time dateTime={str(d.endsAt)}>{formatDateTime(str(d.endsAt), local)}</time>
              </>
            ) : null}
          </li>
          {str(d.location) ? (
            <li>
              <PinIcon /> {str(d.location)}
            </li>
          ) : null}
        </ul>
        {!over && str(d.registrationUrl) ? (
          <p>
            <a className="button button-primary" href={str(d.registrationUrl)} rel="noopener">
              Register for this event <ArrowRight />
            </a>
          </p>
        ) : null}
      </div>
      <div className="container detail-media">
        <Picture value={imageValue(d.image)} media={bundle.media} sizes="(min-width: 960px) 960px, 100vw" className="detail-image" priority />
      </div>
      <div className="container detail-body">
        {str(d.description) ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: str(d.description) }} /> : null}
        <p>
          <Link to="/events" className="button button-secondary">
            All events <ArrowRight />
          </Link>
        </p>
      </div>
    </article>
  );
}

export function DetailRoute() {
  const data = useLoaderData() as DetailData;
  if (!data.doc) return <NotFoundContent what={data.detail === 'story' ? 'story' : 'event'} />;
  return (
    <div className={`page page-detail page-${data.detail}`}>
      {data.detail === 'story' ? <StoryArticle doc={data.doc} bundle={data.bundle} /> : <EventArticle doc={data.doc} bundle={data.bundle} now={data.now} />}
    </div>
  );
}
