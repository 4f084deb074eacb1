/** A responsive image from an uploaded medium: AVIF then WebP sizes in a <picture>, no layout shift. */
import { createContext, useContext, type CSSProperties } from 'react';
import { imageVariantFormats, objectPositionOf, type MediaInfo, type MediaVariant } from '../../shared/media.js';
import type { PreloadImage } from './meta.js';

export interface ImageValue {
  mediaId: string;
  alt: string;
  decorative?: boolean;
}

export function imageValue(v: unknown): ImageValue | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.mediaId !== 'string') return null;
  return { mediaId: o.mediaId, alt: typeof o.alt === 'string' ? o.alt : '', decorative: o.decorative === true };
}

/** How wide a slot is drawn from a viewport width on (`from`, px; absent: any), in px or in vw. */
type SlotWidth = { from?: number } & ({ px: number } | { vw: number });

/**
 * How wide each picture slot is drawn, from public.css's layout, widest
 * viewports first: its `sizes`, so a browser fetches no copy wider than the
 * slot needs at its pixel density (e2e/public-pictures.test.ts checks the
 * choice in Chromium at 375 and 1280 px).
 */
const slotWidths = {
  /** Hero pictures and carousel slides: the whole width. */
  fullWidth: [{ vw: 100 }],
  /** A story's or event's own page: at most 960 px. */
  detail: [{ from: 960, px: 960 }, { vw: 100 }],
  /** Beside a section's text from 1024 px, else the whole width. */
  section: [{ from: 1024, px: 560 }, { vw: 100 }],
  /** A card in a grid of three from 1024 px, two from 600 px. */
  card: [{ from: 1024, px: 360 }, { from: 600, vw: 50 }, { vw: 100 }],
  /** A gallery picture or a story's cover: a grid of three from 1024 px, two from 600 px. */
  tile: [{ from: 1024, px: 380 }, { from: 600, vw: 50 }, { vw: 100 }],
  /** A person's round photo. */
  person: [{ px: 128 }],
  /** A partner's logo: 72 px high, so 200 px holds a logo up to 2.8 times as wide as high. */
  logo: [{ px: 200 }],
} as const satisfies Record<string, readonly SlotWidth[]>;
export type PictureSlot = keyof typeof slotWidths;

/** A slot's `sizes`, each width multiplied by `scale` (½ on light pages: one image pixel per CSS pixel on a 2× screen). */
function sizesOf(widths: readonly SlotWidth[], scale: number): string {
  return widths
    .map((w) => {
      const length = 'px' in w ? `${w.px * scale}px` : `${w.vw * scale}vw`;
      return w.from === undefined ? length : `(min-width: ${w.from}px) ${length}`;
    })
    .join(', ');
}

const mapSlots = (scale: number) => Object.fromEntries(Object.entries(slotWidths).map(([slot, widths]) => [slot, sizesOf(widths, scale)])) as Record<PictureSlot, string>;
/** The `sizes` of each slot: the width it is drawn at. */
export const slotSizes = mapSlots(1);
/** On light pages (src/shared/light-pages.ts): half, so a 2× phone takes the copy a 1× screen would. */
export const lightSlotSizes = mapSlots(0.5);

/** True on light pages: set by the public shell, and by an island from its props. */
export const LightPagesContext = createContext(false);

/** A `srcset` of sized copies (one format). */
export function srcSetOf(variants: readonly MediaVariant[]): string {
  return variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}

/**
 * The picture a browser should fetch first for a slot (the page's largest,
 * first visible one): a preload of the AVIF sizes when there are any (typed,
 * so a browser that cannot read AVIF skips it), else of the WebP sizes.
 */
export function preloadOf(media: MediaInfo, sizes: string): PreloadImage | null {
  if (media.avif.length > 0) return { href: media.avif[media.avif.length - 1]!.url, srcset: srcSetOf(media.avif), sizes, type: imageVariantFormats.avif.contentType };
  if (media.variants.length > 0) return { href: fallbackSrc(media), srcset: srcSetOf(media.variants), sizes, type: null };
  return null;
}

/** The variant to use as `src` (browsers without srcset): the middle one, else the original. */
export function fallbackSrc(media: MediaInfo): string {
  return (media.variants.find((v) => v.name === '960') ?? media.variants[media.variants.length - 1])?.url ?? media.url;
}

interface Props {
  value: ImageValue | null;
  media: Record<string, MediaInfo>;
  /** Where the picture is drawn: its `sizes`. */
  slot: PictureSlot;
  className?: string;
  /** The page's largest, first visible image: fetched eagerly and first. */
  priority?: boolean;
  /** False where the whole picture is shown (contained logos): the focal point only matters to a crop. */
  cropped?: boolean;
}

/** What a use of a picture says: nothing when decorative, else its own text or the picture's default. */
export function altOf(value: ImageValue, media: MediaInfo): string {
  return value.decorative ? '' : value.alt || media.alt;
}

/** The inline style of a picture: its placeholder colour and, when cropped, its focal point (the centre is CSS's default). */
export function pictureStyle(media: MediaInfo, cropped: boolean): CSSProperties | undefined {
  const style: CSSProperties = {};
  if (media.dominantColor) style.backgroundColor = media.dominantColor;
  if (cropped && media.focalPoint) style.objectPosition = objectPositionOf(media.focalPoint);
  return Object.keys(style).length > 0 ? style : undefined;
}

export function Picture({ value, media, slot, className, priority = false, cropped = true }: Props) {
  const sizes = (useContext(LightPagesContext) ? lightSlotSizes : slotSizes)[slot];
  if (!value) return null;
  const m = media[value.mediaId];
  if (!m || m.kind !== 'image') return null;
  const largest = m.variants[m.variants.length - 1];
  const width = largest?.width ?? m.width ?? undefined;
  const height = largest?.height ?? m.height ?? undefined;
  const img = (
    <img
      className={className}
      src={fallbackSrc(m)}
      srcSet={m.variants.length > 0 ? srcSetOf(m.variants) : undefined}
      sizes={m.variants.length > 0 ? sizes : undefined}
      width={width}
      height={height}
      alt={altOf(value, m)}
      // The picture's default alt text in another language than the page's is marked as such, for screen readers.
      lang={!value.decorative && !value.alt && m.altLang ? m.altLang : undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={pictureStyle(m, cropped)}
    />
  );
  if (m.avif.length === 0) return img;
  // The browser takes the first source whose type it reads: AVIF, else the <img>'s WebP. <picture> lays out as its <img> (public.css).
  return (
    <picture>
      <source type={m.avif[0]!.contentType} srcSet={srcSetOf(m.avif)} sizes={sizes} />
      {img}
    </picture>
  );
}
