/** The story and event pages' content, without the router (the public pages hydrate without it). */
import type { PublicDocument } from '../../shared/collections.js';
import type { DetailKind } from '../../shared/kinds.js';
import type { DetailPage } from '../../shared/registry-index.js';
import type { PageBundle } from './data.js';
import { imageValue, Picture } from './image.js';
import type { PublicRouteData } from './public-shell.js';
import { formatDate, formatDateTime, str, useLocalTime } from './format.js';
import { CalendarIcon, PinIcon, ArrowRight } from './icons.js';
import { NotFoundContent } from './not-found.js';
import { SiteLink } from './site-link.js';

export interface DetailData extends PublicRouteData {
  detail: DetailKind;
  /** The list the page belongs to, as its collection declares it. */
  trail: DetailPage['trail'];
  doc: PublicDocument | null;
  bundle: Pick<PageBundle, 'media' | 'categories'>;
}

/** Home › the list the page belongs to (the JSON-LD BreadcrumbList says the same). */
function Breadcrumb({ trail }: { trail: DetailPage['trail'] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <SiteLink to="/">Home</SiteLink>
        </li>
        <li>
          <SiteLink to={trail.path}>{trail.name}</SiteLink>
        </li>
      </ol>
    </nav>
  );
}

function StoryArticle({ doc, bundle, trail }: { doc: PublicDocument; bundle: DetailData['bundle']; trail: DetailData['trail'] }) {
  const d = doc.data;
  const category = bundle.categories[str(d.category)];
  return (
    <article className="detail">
      <div className="container detail-head">
        <Breadcrumb trail={trail} />
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
          <SiteLink to={trail.path} className="button button-secondary">
            More {trail.name.toLowerCase()} <ArrowRight />
          </SiteLink>
        </p>
      </div>
    </article>
  );
}

function EventArticle({ doc, bundle, now, trail }: { doc: PublicDocument; bundle: DetailData['bundle']; now: string; trail: DetailData['trail'] }) {
  const d = doc.data;
  const category = bundle.categories[str(d.category)];
  const ends = Date.parse(str(d.endsAt) || str(d.startsAt));
  const over = !Number.isNaN(ends) && ends < Date.parse(now);
  const local = useLocalTime();
  return (
    <article className="detail">
      <div className="container detail-head">
        <Breadcrumb trail={trail} />
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
          <SiteLink to={trail.path} className="button button-secondary">
            All {trail.name.toLowerCase()} <ArrowRight />
          </SiteLink>
        </p>
      </div>
    </article>
  );
}

export function DetailView({ data }: { data: DetailData }) {
  if (!data.doc) return <NotFoundContent what={data.detail === 'story' ? 'story' : 'event'} />;
  return (
    <div className={`page page-detail page-${data.detail}`}>
      {data.detail === 'story' ? <StoryArticle doc={data.doc} bundle={data.bundle} trail={data.trail} /> : <EventArticle doc={data.doc} bundle={data.bundle} now={data.now} trail={data.trail} />}
    </div>
  );
}
