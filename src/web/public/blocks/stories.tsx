/** News and stories as cards linking to their own pages. */
import { SiteLink } from '../site-link.js';
import { detailPathOf } from '../../../shared/registry-index.js';
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { fieldLang, formatDate, str } from '../format.js';
import { ArrowRight } from '../icons.js';
import { BlockGroup } from './group.js';
import { usePublicWords } from '../words.js';

/** Newest first (by the story's date, then its position). */
export function storiesByDate(docs: readonly PublicDocument[]): PublicDocument[] {
  return [...docs].sort((a, b) => str(b.data.date).localeCompare(str(a.data.date)) || a.position - b.position);
}

export function Stories({
  docs,
  media,
  categories,
  heading,
}: {
  docs: PublicDocument[];
  media: Record<string, MediaInfo>;
  categories: Record<string, { id: string; name: string }>;
  heading: string;
}) {
  const { words, lang, code } = usePublicWords();
  return (
    <BlockGroup name="stories" heading={heading} id="news">
      <ul className="story-grid">
        {storiesByDate(docs).map((doc) => {
          const d = doc.data;
          const category = categories[str(d.category)];
          return (
            <li key={doc.id} className="story-card" data-block={doc.id}>
              <Picture value={imageValue(d.cover)} media={media} slot="tile" className="story-image" />
              <div className="story-body">
                <p className="meta-line">
                  {category ? <span className="tag">{category.name}</span> : null}
                  <time dateTime={str(d.date)}>{formatDate(str(d.date), code)}</time>
                </p>
                <h3 className="story-title">
                  <SiteLink to={doc.href ?? detailPathOf(doc.collection, doc.id) ?? '#'} className="stretched-link">
                    {str(d.title)}
                  </SiteLink>
                </h3>
                {str(d.summary) ? <p className="story-summary" lang={fieldLang(doc, 'summary')}>
                    {str(d.summary)}
                  </p> : null}
                <span className="read-more" aria-hidden="true" lang={lang}>
                  {`${words.readTheStory} `}
                  <ArrowRight />
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </BlockGroup>
  );
}
