/** The story and event pages' content, without the router: static HTML (event times marked for local-times.ts), the site's own words in the page's language. */
import type { ReactNode } from 'react';
import type { PublicDocument } from '../../shared/collections.js';
import type { DetailKind } from '../../shared/kinds.js';
import type { DetailTrail, PageBundle } from '../../shared/page-bundle.js';
import { imageValue, Picture } from './image.js';
import type { PublicRouteData } from './public-shell.js';
import { formatDate, formatDateTime, localMark, str } from './format.js';
import { CalendarIcon, PinIcon, ArrowRight } from './icons.js';
import { NotFoundContent } from './not-found.js';
import { SiteLink } from './site-link.js';
import { usePublicWords } from './words.js';
import type { EventRegistrationView } from '../../shared/events.js';
import { EventRegistration } from './blocks/event-registration.js';

export interface DetailData extends PublicRouteData {
  detail: DetailKind;
  /** The page that shows the block's collection (null: none does, the breadcrumb stops at Home). */
  trail: DetailTrail | null;
  doc: PublicDocument | null;
  bundle: Pick<PageBundle, 'media' | 'categories'>;
  /** An event people register for on this site: its places, and the outcome of a post (null otherwise). */
  registration: EventRegistrationView | null;
}

/** Home › the page that shows the block's collection (the JSON-LD BreadcrumbList says the same). */
function Breadcrumb({ trail, kind, home }: { trail: DetailTrail | null; kind: DetailKind; home: string }) {
  const { words, lang } = usePublicWords();
  return (
    <nav aria-label={words.detail.breadcrumb} className="breadcrumb" lang={lang}>
      <ol>
        <li>
          <SiteLink to={home}>{words.detail.home}</SiteLink>
        </li>
        {trail ? (
          <li>
            {/* The page's title in the visitor's language (on the home page, its list's heading; else the site's word for the list). */}
            <SiteLink to={trail.path} lang={trail.lang}>
              {trail.name || words.detail.list[kind]}
            </SiteLink>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

/** The frame both kinds of detail page share: breadcrumb and head, picture, rich text and the way back. */
function DetailArticle({ kind, trail, home, head, image, html, bundle }: { kind: DetailKind; trail: DetailData['trail']; home: string; head: ReactNode; image: unknown; html: string; bundle: DetailData['bundle'] }) {
  const { words, lang } = usePublicWords();
  return (
    <article className="detail">
      <div className="container detail-head">
        <Breadcrumb trail={trail} kind={kind} home={home} />
        {head}
      </div>
      <div className="container detail-media">
        <Picture value={imageValue(image)} media={bundle.media} slot="detail" className="detail-image" priority />
      </div>
      <div className="container detail-body">
        {html ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} /> : null}
        <p>
          <SiteLink to={trail?.path ?? home} className="button button-secondary" lang={lang}>
            {words.detail.back[kind]} <ArrowRight />
          </SiteLink>
        </p>
      </div>
    </article>
  );
}

function StoryArticle({ doc, bundle, trail, home }: { doc: PublicDocument; bundle: DetailData['bundle']; trail: DetailData['trail']; home: string }) {
  const { code } = usePublicWords();
  const d = doc.data;
  const category = bundle.categories[str(d.category)];
  const head = (
    <>
      <p className="meta-line">
        {category ? <span className="tag">{category.name}</span> : null}
        <time dateTime={str(d.date)}>{formatDate(str(d.date), code)}</time>
      </p>
      <h1 className="detail-title">{str(d.title)}</h1>
      {str(d.summary) ? <p className="detail-lead">{str(d.summary)}</p> : null}
    </>
  );
  return <DetailArticle kind="story" trail={trail} home={home} head={head} image={d.cover} html={str(d.body)} bundle={bundle} />;
}

function EventArticle({ doc, bundle, now, trail, home, registration, formLang }: { doc: PublicDocument; bundle: DetailData['bundle']; now: string; trail: DetailData['trail']; home: string; registration: EventRegistrationView | null; formLang: string | undefined }) {
  const { words, lang, code } = usePublicWords();
  const d = doc.data;
  const category = bundle.categories[str(d.category)];
  const ends = Date.parse(str(d.endsAt) || str(d.startsAt));
  const over = !Number.isNaN(ends) && ends < Date.parse(now);
  const head = (
    <>
      <p className="meta-line">
        {category ? <span className="tag">{category.name}</span> : null}
        <span className={`tag ${over ? 'tag-muted' : 'tag-accent'}`} lang={lang}>
          {over ? words.events.pastEvent : words.events.upcomingEvent}
        </span>
      </p>
      <h1 className="detail-title">{str(d.title)}</h1>
      <ul className="event-facts">
        <li>
          <CalendarIcon /> <time dateTime={str(d.startsAt)} {...localMark('datetime')}>{formatDateTime(str(d.startsAt), false, code)}</time>
          {str(d.endsAt) ? (
            <>
              {' – '}
              <time dateTime={str(d.endsAt)} {...localMark('datetime')}>{formatDateTime(str(d.endsAt), false, code)}</time>
            </>
          ) : null}
        </li>
        {str(d.location) ? (
          <li>
            <PinIcon /> {str(d.location)}
          </li>
        ) : null}
      </ul>
      {registration ? <EventRegistration doc={doc} view={registration} lang={formLang} /> : null}
      {!over && !registration && str(d.registrationUrl) ? (
        <p>
          <a className="button button-primary" href={str(d.registrationUrl)} rel="noopener" lang={lang}>
            {`${words.events.register} `}
            <ArrowRight />
          </a>
        </p>
      ) : null}
    </>
  );
  return <DetailArticle kind="event" trail={trail} home={home} head={head} image={d.image} html={str(d.description)} bundle={bundle} />;
}

/** The page's language when it is not the site's default: a registration posted from it is answered in it. */
function formLangOf(data: DetailData): string | undefined {
  const language = data.site.language;
  return language && language.code !== language.defaultCode ? language.code : undefined;
}

export function DetailView({ data }: { data: DetailData }) {
  const home = data.site.home ?? '/';
  if (!data.doc) return <NotFoundContent what={data.detail} navigation={data.site.navigation} home={data.site.home} />;
  return (
    <div className={`page page-detail page-${data.detail}`}>
      {data.detail === 'story' ? <StoryArticle doc={data.doc} bundle={data.bundle} trail={data.trail} home={home} /> : <EventArticle doc={data.doc} bundle={data.bundle} now={data.now} trail={data.trail} home={home} registration={data.registration} formLang={formLangOf(data)} />}
    </div>
  );
}
