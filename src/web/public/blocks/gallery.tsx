/** A photo gallery of picture blocks. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { str } from '../format.js';

export function Gallery({ docs, media, heading }: { docs: PublicDocument[]; media: Record<string, MediaInfo>; heading: string }) {
  return (
    <section className="block gallery-block">
      <div className="container">
        <h2 className="group-title">{heading}</h2>
        <ul className="gallery-grid">
          {docs.map((doc) => (
            <li key={doc.id} data-block={doc.id}>
              <figure className="gallery-item">
                <Picture value={imageValue(doc.data.image)} media={media} sizes="(min-width: 1024px) 380px, (min-width: 600px) 50vw, 100vw" className="gallery-image" />
                {str(doc.data.caption) ? <figcaption>{str(doc.data.caption)}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
