/**
 * Islands as the server renders them: the component inside an element marked
 * with its name, and its props, nothing more, in a JSON block right after it
 * (not executable: the CSP allows no inline script, and needs no nonce). The
 * browser entry (enhance.ts) hydrates the same component in that element
 * with those props. Rendered by the staff app's router too, where it is just
 * the component. The words an island shows are among its props, made here
 * from the page's dictionary: the browser gets those words, not a dictionary.
 */
import type { ReactNode } from 'react';
import type { PublicDocument } from '../../shared/collections.js';
import type { MediaInfo } from '../../shared/media.js';
import type { PageWords } from '../../shared/public-words.js';
import { Carousel, type CarouselProps } from './blocks/carousel.js';
import { ContactForm, thanksNamePlaceholder, type ContactFormProps } from './contact-form.js';
import { str } from './format.js';
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

/** The carousel's props from the page: each slide's id and data (all of it is shown), only the slides' pictures, and its words. */
export function carouselProps(
  slides: readonly PublicDocument[],
  media: Record<string, MediaInfo>,
  label: string,
  headingLevel: CarouselProps['headingLevel'],
  { words, lang }: PageWords,
  light: boolean,
): CarouselProps {
  const pictures: Record<string, MediaInfo> = {};
  const shown = slides.map((s) => {
    // Light pages draw no slide pictures: none travels in the props.
    const id = light ? undefined : imageValue(s.data.image)?.mediaId;
    const m = id ? media[id] : undefined;
    if (id && m) pictures[id] = m;
    return { id: s.id, data: s.data };
  });
  const w = words.carousel;
  return {
    slides: shown,
    media: pictures,
    label,
    headingLevel,
    words: {
      carousel: w.carousel,
      slide: w.slide,
      play: w.play,
      pause: w.pause,
      previous: w.previous,
      next: w.next,
      readMore: words.readMore,
      slides: slides.map((_, i) => w.slideOf(i + 1, slides.length)),
      dots: slides.map((s, i) => w.showSlide(i + 1, str(s.data.title))),
    },
    ...(lang ? { wordsLang: lang } : {}),
    ...(light ? { light } : {}),
  };
}

/** The contact form's props: the address to write to, the form's words, and the page's language when the form must post it. */
export function contactFormProps(contactEmail: string, { words, lang, code }: PageWords, defaultLanguage: string, initial?: ContactFormProps['initial']): ContactFormProps {
  const w = words.contact;
  return {
    contactEmail,
    ...(initial ? { initial } : {}),
    words: {
      title: w.title,
      intro: w.intro,
      writeTo: w.writeTo,
      writeToEnd: w.writeToEnd,
      name: w.name,
      email: w.email,
      message: w.message,
      consent: w.consent,
      send: w.send,
      sending: w.sending,
      thanks: w.thanks(thanksNamePlaceholder),
      messages: w.messages,
    },
    ...(lang ? { wordsLang: lang } : {}),
    ...(code !== defaultLanguage ? { lang: code } : {}),
  };
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
