/** An inner page's hero: the page title over its first slide. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { useContext } from 'react';
import { imageValue, LightPagesContext, Picture } from '../image.js';
import { fieldLang, str } from '../format.js';
import { SlideLink } from './links.js';
import { usePublicWords } from '../words.js';

/** `titleLang`: the title's language when it is not the page's (the site's own words for a page of its own, such as "Contact us"). */
export function Hero({ pageTitle, titleLang, slide, media }: { pageTitle: string; titleLang?: string | undefined; slide: PublicDocument | null; media: Record<string, MediaInfo> }) {
  // Light pages draw no picture behind text: the title stands on the plain band.
  const light = useContext(LightPagesContext);
  const image = slide && !light ? imageValue(slide.data.image) : null;
  const { words, lang } = usePublicWords();
  return (
    <header className={`hero${image ? ' hero-with-image' : ''}`} data-block={slide?.id}>
      {image ? <Picture value={image} media={media} slot="fullWidth" className="hero-image" priority /> : null}
      <div className="hero-overlay">
        <div className="container hero-text">
          <h1 className="hero-eyebrow" lang={titleLang}>
            {pageTitle}
          </h1>
          {slide ? <p className="hero-title" lang={fieldLang(slide, 'title')}>
              {str(slide.data.title)}
            </p> : null}
          {slide && str(slide.data.caption) ? <p className="hero-caption" lang={fieldLang(slide, 'caption')}>
              {str(slide.data.caption)}
            </p> : null}
          {slide ? <SlideLink data={slide.data} readMore={words.readMore} readMoreLang={lang} labelLang={fieldLang(slide, 'linkLabel')} /> : null}
        </div>
      </div>
    </header>
  );
}
