/** A photo gallery of picture blocks. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { fieldLang, str } from '../format.js';
import { BlockGroup } from './group.js';

export function Gallery({ docs, media, heading }: { docs: PublicDocument[]; media: Record<string, MediaInfo>; heading: string }) {
  return (
    <BlockGroup name="gallery" heading={heading}>
      <ul className="gallery-grid">
        {docs.map((doc) => (
          <li key={doc.id} data-block={doc.id}>
            <figure className="gallery-item">
              <Picture value={imageValue(doc.data.image)} media={media} slot="tile" className="gallery-image" />
              {str(doc.data.caption) ? <figcaption lang={fieldLang(doc, 'caption')}>{str(doc.data.caption)}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </BlockGroup>
  );
}
