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
import { PublicForm, type FormState, type PublicFormProps } from './blocks/form.js';
import { formAnchor, formPostPath, type FormField } from '../../shared/forms.js';
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

/**
 * A form block's props: its questions and words (in the page's language, as
 * the bundle laid them), the signed time it was served, and the site's own
 * words around them. Never its staff-only fields (the bundle has none).
 */
export function formProps(doc: PublicDocument, started: string, { words, lang, code }: PageWords, defaultLanguage: string, initial?: FormState): PublicFormProps {
  const w = words.form;
  const d = doc.data;
  const closedMessage = str(d.closedMessage).trim();
  const thankYou = str(d.thankYou).trim();
  const consentText = str(d.consentText).trim();
  const anchor = formAnchor(doc.id);
  return {
    formId: doc.id,
    action: `${formPostPath(doc.id)}#${anchor}`,
    anchor,
    title: str(d.title),
    intro: str(d.intro),
    fields: Array.isArray(d.fields) ? (d.fields as FormField[]) : [],
    consentText: consentText || null,
    newsletterChoice: d.newsletterChoice === true ? words.newsletter.keepInformed : null,
    closed: d.closed === true,
    closedMessage: closedMessage || w.closed,
    thankYou: thankYou || w.thanks,
    ...(lang && (!closedMessage || !thankYou) ? { ownWordsLang: lang } : {}),
    started,
    ...(code !== defaultLanguage ? { lang: code } : {}),
    words: { required: w.required, send: w.send, sending: w.sending, checking: w.checking, failed: w.failed, tooMany: w.tooMany, honeypot: w.honeypot },
    ...(lang ? { wordsLang: lang } : {}),
    ...(initial ? { initial } : {}),
  };
}

/** An open form is an island (it sends in place with JavaScript); a closed one is only its message. */
export function FormIsland(props: PublicFormProps) {
  if (props.closed) return <PublicForm {...props} />;
  return (
    <Island name="form" props={props}>
      <PublicForm {...props} />
    </Island>
  );
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
