/**
 * Islands as the server renders them: the component inside an element marked
 * with its name, and its props, nothing more, in a JSON block right after it
 * (not executable: the CSP allows no inline script, and needs no nonce). The
 * browser entry (enhance.ts) hydrates the same component in that element
 * with those props. Rendered by the staff app's router too, where it is just
 * the component.
 */
import type { ReactNode } from 'react';
import type { PublicDocument } from '../../shared/collections.js';
import type { MediaInfo } from '../../shared/media.js';
import { Carousel, type CarouselProps } from './blocks/carousel.js';
import { ContactForm, type ContactFormProps } from './contact-form.js';
import { imageValue } from './image.js';
import { islandAttribute, islandPropsAttribute, type IslandName, type IslandProps } from './islands.js';
import { scriptJson } from './meta.js';

function Island<N extends IslandName>({ name, props, children }: { name: N; props: IslandProps[N]; children: ReactNode }) {
  const marks = { [islandAttribute]: name };
  const propsMark = { [islandPropsAttribute]: name };
  return (
    <>
      <div className="island" {...marks}>
        {children}
      </div>
      <script type="application/json" {...propsMark} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
    </>
  );
}

/** The carousel's props from the page: each slide's id and data (all of it is shown), and only the slides' pictures. */
export function carouselProps(slides: readonly PublicDocument[], media: Record<string, MediaInfo>, label: string, headingLevel: CarouselProps['headingLevel']): CarouselProps {
  const pictures: Record<string, MediaInfo> = {};
  const shown = slides.map((s) => {
    const id = imageValue(s.data.image)?.mediaId;
    const m = id ? media[id] : undefined;
    if (id && m) pictures[id] = m;
    return { id: s.id, data: s.data };
  });
  return { slides: shown, media: pictures, label, headingLevel };
}

export function CarouselIsland(props: CarouselProps) {
  return (
    <Island name="carousel" props={props}>
      <Carousel {...props} />
    </Island>
  );
}

export function ContactFormIsland(props: ContactFormProps) {
  return (
    <Island name="contact" props={props}>
      <ContactForm {...props} />
    </Island>
  );
}
