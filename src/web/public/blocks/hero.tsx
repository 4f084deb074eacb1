/** An inner page's hero: the page title over its first slide. */
import type { PublicDocument } from '../../../shared/collections.js';
import type { MediaInfo } from '../../../shared/media.js';
import { imageValue, Picture } from '../image.js';
import { str } from '../format.js';
import { SlideLink } from './links.js';

export function Hero({ pageTitle, slide, media }: { pageTitle: string; slide: PublicDocument | null; media: Record<string, MediaInfo> }) {
  const image = slide ? imageValue(slide.data.image) : null;
  return (
    <header className={`hero${image ? ' hero-with-image' : ''}`} data-block={slide?.id}>
      {image ? <Picture value={image} media={media} sizes="100vw" className="hero-image" priority /> : null}
      <div className="hero-overlay">
        <div className="container hero-text">
          <h1 className="hero-eyebrow">{pageTitle}</h1>
          {slide ? <p className="hero-title">{str(slide.data.title)}</p> : null}
          {slide && str(slide.data.caption) ? <p className="hero-caption">{str(slide.data.caption)}</p> : null}
          {slide ? <SlideLink data={slide.data} /> : null}
        </div>
      </div>
    </header>
  );
}
