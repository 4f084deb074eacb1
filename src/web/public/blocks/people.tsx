/** People with photo, position and a short biography. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { fieldLang, str } from '../format.js';
import { BlockGroup } from './group.js';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

export function People({ docs, media, heading }: { docs: PublicDocument[]; media: Record<string, MediaInfo>; heading: string }) {
  return (
    <BlockGroup name="people" heading={heading}>
      <ul className="people-grid">
        {docs.map((doc) => {
          const photo = imageValue(doc.data.photo);
          const name = str(doc.data.name);
          return (
            <li key={doc.id} className="person" data-block={doc.id}>
              {photo && media[photo.mediaId] ? (
                <Picture value={photo} media={media} slot="person" className="person-photo" />
              ) : (
                <span className="person-photo person-initials" aria-hidden="true">
                  {initials(name)}
                </span>
              )}
              <h3 className="person-name">{name}</h3>
              {str(doc.data.position) ? <p className="person-position" lang={fieldLang(doc, 'position')}>
                  {str(doc.data.position)}
                </p> : null}
              {str(doc.data.bio) ? <p className="person-bio" lang={fieldLang(doc, 'bio')}>
                  {str(doc.data.bio)}
                </p> : null}
            </li>
          );
        })}
      </ul>
    </BlockGroup>
  );
}
