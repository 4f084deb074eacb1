/** Text sections: title, subtitle, rich text (sanitised on write), optional image and link, in one of four layouts. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { fieldLang, str } from '../format.js';
import { SlideLink } from './links.js';
import { usePublicWords } from '../words.js';

export function SectionBlock({ doc, media }: { doc: PublicDocument; media: Record<string, MediaInfo> }) {
  const d = doc.data;
  const image = imageValue(d.image);
  const variant = str(d.variant) || (image ? 'image-right' : 'text');
  const layout = image ? variant : variant === 'highlight' ? 'highlight' : 'text';
  const { words, lang } = usePublicWords();
  return (
    <section className={`block section-block layout-${layout}${image ? ' has-image' : ''}`} data-block={doc.id}>
      <div className="container section-inner">
        <div className="section-text">
          <h2 className="section-title" lang={fieldLang(doc, 'title')}>
            {str(d.title)}
          </h2>
          {str(d.subtitle) ? (
            <p className="section-subtitle" lang={fieldLang(doc, 'subtitle')}>
              {str(d.subtitle)}
            </p>
          ) : null}
          {str(d.body) ? <div className="rich-text" lang={fieldLang(doc, 'body')} dangerouslySetInnerHTML={{ __html: str(d.body) }} /> : null}
          <SlideLink data={d} readMore={words.readMore} readMoreLang={lang} labelLang={fieldLang(doc, 'linkLabel')} className={layout === 'highlight' ? 'button button-light' : 'button button-primary'} />
        </div>
        {image && layout !== 'text' ? (
          <div className="section-media">
            <Picture value={image} media={media} slot="section" className="section-image" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
