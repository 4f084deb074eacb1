/** Partners with their logo and a link to their website. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { fieldLang, str } from '../format.js';
import { BlockGroup } from './group.js';

export function Partners({ docs, media, heading }: { docs: PublicDocument[]; media: Record<string, MediaInfo>; heading: string }) {
  return (
    <BlockGroup name="partners" heading={heading}>
      <ul className="partner-grid">
        {docs.map((doc) => {
          const name = str(doc.data.name);
          const url = str(doc.data.url);
          const logo = imageValue(doc.data.logo);
          const body = (
            <>
              <span className="partner-logo">
                {logo && media[logo.mediaId] ? (
                  <Picture value={{ ...logo, decorative: true }} media={media} slot="logo" className="partner-logo-image" cropped={false} />
                ) : (
                  <span className="partner-logo-text" aria-hidden="true">
                    {name}
                  </span>
                )}
              </span>
              <span className="partner-name">{name}</span>
            </>
          );
          return (
            <li key={doc.id} className="partner" data-block={doc.id}>
              {url ? (
                <a className="partner-link" href={url} rel="noopener">
                  {body}
                </a>
              ) : (
                <div className="partner-link">{body}</div>
              )}
              {str(doc.data.description) ? <p className="partner-description" lang={fieldLang(doc, 'description')}>
                  {str(doc.data.description)}
                </p> : null}
            </li>
          );
        })}
      </ul>
    </BlockGroup>
  );
}
