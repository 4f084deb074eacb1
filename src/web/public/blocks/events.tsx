/** Events split into upcoming (soonest first) and past (latest first), by their start relative to now. */
import { SiteLink } from '../site-link.js';
import { detailPathOf } from '../../../shared/registry-index.js';
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { formatInstant, localMark, str } from '../format.js';
import { PinIcon } from '../icons.js';
import { usePublicWords } from '../words.js';

export function splitEvents(docs: readonly PublicDocument[], nowIso: string): { upcoming: PublicDocument[]; past: PublicDocument[] } {
  const now = Date.parse(nowIso);
  const upcoming: PublicDocument[] = [];
  const past: PublicDocument[] = [];
  for (const d of docs) {
    const starts = Date.parse(str(d.data.startsAt));
    const ends = Date.parse(str(d.data.endsAt));
    // An event still running counts as upcoming until it ends.
    const over = Number.isNaN(ends) ? starts < now : ends < now;
    (over ? past : upcoming).push(d);
  }
  const t = (d: PublicDocument) => Date.parse(str(d.data.startsAt)) || 0;
  upcoming.sort((a, b) => t(a) - t(b));
  past.sort((a, b) => t(b) - t(a));
  return { upcoming, past };
}

/** Event times in UTC, in the page's language, marked for the browser to show in the visitor's zone (local-times.ts). */
function EventList({ docs, categories }: { docs: PublicDocument[]; categories: Record<string, { id: string; name: string }> }) {
  const { code } = usePublicWords();
  return (
    <ul className="event-list">
      {docs.map((doc) => {
        const d = doc.data;
        const starts = str(d.startsAt);
        const category = categories[str(d.category)];
        return (
          <li key={doc.id} className="event-card" data-block={doc.id}>
            <time className="event-date" dateTime={starts}>
              <span className="event-day" {...localMark('day')}>
                {formatInstant(starts, 'day', false, code)}
              </span>
              <span className="event-month" {...localMark('month')}>
                {formatInstant(starts, 'month', false, code)}
              </span>
            </time>
            <div className="event-body">
              <h3 className="event-title">
                <SiteLink to={doc.href ?? detailPathOf(doc.collection, doc.id) ?? '#'} className="stretched-link">
                  {str(d.title)}
                </SiteLink>
              </h3>
              <p className="meta-line">
                {category ? <span className="tag">{category.name}</span> : null}
                <time dateTime={starts} {...localMark('datetime')}>
                  {formatInstant(starts, 'datetime', false, code)}
                </time>
                {str(d.location) ? (
                  <span className="event-location">
                    <PinIcon /> {str(d.location)}
                  </span>
                ) : null}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function Events({
  docs,
  categories,
  now,
}: {
  docs: PublicDocument[];
  media: Record<string, MediaInfo>;
  categories: Record<string, { id: string; name: string }>;
  now: string;
}) {
  const { upcoming, past } = splitEvents(docs, now);
  const { words, lang } = usePublicWords();
  return (
    <section className="block events-block">
      <div className="container">
        <h2 className="group-title" id="upcoming-events" lang={lang}>
          {words.events.upcoming}
        </h2>
        {upcoming.length > 0 ? (
          <EventList docs={upcoming} categories={categories} />
        ) : (
          <p className="empty-note" lang={lang}>
            {words.events.noneUpcoming}
          </p>
        )}
        {past.length > 0 ? (
          <>
            <h2 className="group-title" id="past-events" lang={lang}>
              {words.events.past}
            </h2>
            <EventList docs={past} categories={categories} />
          </>
        ) : null}
      </div>
    </section>
  );
}
