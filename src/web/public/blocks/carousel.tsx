/**
 * The home carousel (Embla): autoplay that pauses on hover and focus, stops for
 * prefers-reduced-motion and can be paused; swipe; labelled previous/next
 * buttons and dots; arrow keys. Without JavaScript the slides scroll sideways.
 * An island (islands.ts): the server renders it, the browser hydrates it on
 * its own with just these props, its words among them (in the page's
 * language, made on the server: no dictionary travels to the browser).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import type { MediaInfo } from '../../../shared/media.js';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from '../icons.js';
import { swipeDirection } from '../../swipe.js';
import { imageValue, Picture } from '../image.js';
import { str } from '../format.js';
import { SlideLink } from './links.js';

export const AUTOPLAY_MS = 6000;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(mq.matches);
    const on = () => setReduced(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return reduced;
}

/** What a slide shows: its image, title, caption and link (a published slide block's data, or the part of it the carousel reads). */
export interface CarouselSlide {
  id: string;
  data: Record<string, unknown>;
}

/** The carousel's own words (src/shared/public-words.ts), with those naming each slide already made. */
export interface CarouselWords {
  /** What screen readers call the carousel and each slide. */
  carousel: string;
  slide: string;
  play: string;
  pause: string;
  previous: string;
  next: string;
  /** A slide's link without a label of its own. */
  readMore: string;
  /** Each slide's name ("1 of 3") and its dot's ("Show slide 1: …"), in the slides' order. */
  slides: string[];
  dots: string[];
}

export interface CarouselProps {
  slides: CarouselSlide[];
  /** The slides' pictures. */
  media: Record<string, MediaInfo>;
  label: string;
  /** Heading level of the slide titles. */
  headingLevel: 'h1' | 'h2';
  words: CarouselWords;
  /** The words' language when it is not the page's (their `lang` mark on the buttons). */
  wordsLang?: string | undefined;
  /** Light pages (src/shared/light-pages.ts): no pictures behind the slides' text, and no autoplay until the visitor presses play. */
  light?: boolean;
}

export function Carousel({ slides, media, label, headingLevel: H, words, wordsLang, light = false }: CarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const [ready, setReady] = useState(false);
  const [userPaused, setUserPaused] = useState(light);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;
  // The slides whose pictures are fetched: the first, each one once shown, and the next while the current one has been on screen for half an autoplay turn (or the visitor reaches for the controls).
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]));
  const fetchPictures = useCallback((...indexes: number[]) => setFetched((had) => (indexes.every((i) => had.has(i)) ? had : new Set([...had, ...indexes]))), []);

  // Embla loads after hydration: the slides are already on screen, so it stays out of the first load.
  useEffect(() => {
    let instance: EmblaCarouselType | null = null;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewportRef.current) return;
      instance = EmblaCarousel(viewportRef.current, { loop: true, duration: 30 });
      setEmbla(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    setReady(true);
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // A swipe is a distance, not a speed (swipe.ts): Embla picks the next slide for a quick flick or a drag past
  // half a slide, but lets a slow drag spring back, and one begun while a slide still moves may settle on either
  // side. A swipe of swipeDistance always ends one slide on from where it began, in its direction; a shorter drag
  // never moves the carousel against its direction (one begun while the strip still slid towards the selected
  // slide would otherwise settle on the slide it was leaving, and the next button would go back to it).
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!embla || !viewport) return;
    let start: { x: number; y: number; index: number } | null = null;
    let last = { x: 0, y: 0 };
    const onMove = (e: PointerEvent) => {
      last = { x: e.clientX, y: e.clientY };
    };
    const onDown = (e: PointerEvent) => {
      start = { x: e.clientX, y: e.clientY, index: embla.selectedScrollSnap() };
      // A drag shows the neighbours: their pictures are fetched as it begins.
      const snaps = embla.scrollSnapList().length;
      fetchPictures((start.index + 1) % snaps, (start.index - 1 + snaps) % snaps);
      last = { x: e.clientX, y: e.clientY };
      window.addEventListener('pointermove', onMove, { passive: true });
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      if (!start) return;
      const direction = swipeDirection(last.x - start.x, last.y - start.y, viewport.clientWidth);
      const count = embla.scrollSnapList().length;
      // To the left the next slide, to the right the previous one (the carousel loops).
      const backwards = (start.index + Math.sign(last.x - start.x) + count) % count;
      const wanted = direction !== 0 ? (start.index - direction + count) % count : embla.selectedScrollSnap() === backwards ? start.index : null;
      start = null;
      if (wanted !== null && embla.selectedScrollSnap() !== wanted) embla.scrollTo(wanted);
    };
    viewport.addEventListener('pointerdown', onDown, { passive: true });
    embla.on('pointerUp', onUp);
    return () => {
      viewport.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      embla.off('pointerUp', onUp);
    };
  }, [embla, fetchPictures]);

  useEffect(() => {
    const on = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);

  const playing = ready && count > 1 && !userPaused && !reducedMotion;
  const running = playing && !hovered && !focused && !hidden;
  useEffect(() => {
    if (!embla || !running) return;
    const timer = window.setInterval(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, running, selected]);

  const following = (selected + 1) % count;
  const preceding = (selected - 1 + count) % count;
  useEffect(() => fetchPictures(selected), [fetchPictures, selected]);
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => fetchPictures(following), AUTOPLAY_MS / 2);
    return () => window.clearTimeout(timer);
  }, [fetchPictures, running, following]);
  useEffect(() => {
    if (ready && (hovered || focused)) fetchPictures(following, preceding);
  }, [fetchPictures, ready, hovered, focused, following, preceding]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    }
  };

  return (
    <section
      className="carousel"
      aria-roledescription={words.carousel}
      aria-label={label}
      data-ready={ready ? '' : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Until the carousel runs (and without JavaScript) the slides scroll sideways: the strip takes focus so the keyboard can scroll it too. */}
      <div className="carousel-viewport" ref={viewportRef} tabIndex={ready ? undefined : 0}>
        <div className="carousel-track" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((s, i) => {
            const d = s.data;
            const inactive = ready && i !== selected;
            const picture = <Picture value={imageValue(d.image)} media={media} slot="fullWidth" className="slide-image" priority={i === 0} />;
            return (
              <div
                key={s.id}
                className={light ? 'carousel-slide slide-plain' : 'carousel-slide'}
                role="group"
                aria-roledescription={words.slide}
                aria-label={words.slides[i]}
                inert={inactive ? true : undefined}
                data-active={i === selected ? '' : undefined}
                data-block={s.id}
              >
                {light ? null : fetched.has(i) ? (
                  picture
                ) : (
                  // Not fetched with the first view; without JavaScript the strip scrolls sideways and shows them all.
                  <noscript>{picture}</noscript>
                )}
                <div className="slide-overlay">
                  <div className="container slide-text">
                    <H className="slide-title">{str(d.title)}</H>
                    {str(d.caption) ? <p className="slide-caption">{str(d.caption)}</p> : null}
                    <SlideLink data={d} readMore={words.readMore} readMoreLang={wordsLang} />
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel-controls">
          <div className="container carousel-controls-inner">
            <button type="button" className="carousel-play" onClick={() => setUserPaused((p) => !p)} aria-label={playing ? words.pause : words.play} lang={wordsLang}>
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            <div className="carousel-dots">
              {slides.map((s, i) => (
                <button
                  key={s.id}
                  type="button"
                  className="carousel-dot"
                  aria-label={words.dots[i]}
                  lang={wordsLang}
                  aria-current={i === selected ? 'true' : undefined}
                  onClick={() => embla?.scrollTo(i)}
                />
              ))}
            </div>
            <button type="button" className="carousel-arrow" onClick={prev} aria-label={words.previous} lang={wordsLang}>
              <ChevronLeft />
            </button>
            <button type="button" className="carousel-arrow" onClick={next} aria-label={words.next} lang={wordsLang}>
              <ChevronRight />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
