/** Cards side by side: values, focus areas, results. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { CardIcon } from '../icons.js';
import { imageValue, Picture } from '../image.js';
import { fieldLang, str } from '../format.js';
import { BlockGroup } from './group.js';
import { usePublicWords } from '../words.js';

export function Cards({ docs, media, heading }: { docs: PublicDocument[]; media: Record<string, MediaInfo>; heading: string | null }) {
  const Title = heading ? 'h3' : 'h2';
  const { words } = usePublicWords();
  return (
    <BlockGroup name="cards" heading={heading} label={words.highlights}>
      <ul className="card-grid">
        {docs.map((doc) => {
          const image = imageValue(doc.data.image);
          const icon = str(doc.data.icon);
          return (
            <li key={doc.id} className="card" data-block={doc.id}>
              {image ? (
                <Picture value={image} media={media} slot="card" className="card-image" />
              ) : icon && icon !== 'none' ? (
                <span className="card-icon">
                  <CardIcon name={icon} />
                </span>
              ) : null}
              <Title className="card-title" lang={fieldLang(doc, 'title')}>
                {str(doc.data.title)}
              </Title>
              {str(doc.data.text) ? <p className="card-text" lang={fieldLang(doc, 'text')}>
                  {str(doc.data.text)}
                </p> : null}
            </li>
          );
        })}
      </ul>
    </BlockGroup>
  );
}
