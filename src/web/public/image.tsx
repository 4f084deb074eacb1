/** A responsive image from an uploaded medium: AVIF then WebP sizes in a <picture>, no layout shift. */
import type { CSSProperties } from 'react';
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

/**
 * The `sizes` of each picture slot, from public.css's layout: how wide the
 * picture is drawn at each viewport width, so a browser fetches no copy wider
 * than the slot needs at its pixel density (e2e/public-pictures.test.ts
 * checks the choice in Chromium at 375 and 1280 px).
 */
export const slotSizes = {
  /** Hero pictures and carousel slides: the whole width. */
  fullWidth: '100vw',
  /** A story's or event's own page: at most 960 px. */
  detail: '(min-width: 960px) 960px, 100vw',
  /** Beside a section's text from 1024 px, else the whole width. */
  section: '(min-width: 1024px) 560px, 100vw',
  /** A card in a grid of three from 1024 px, two from 600 px. */
  card: '(min-width: 1024px) 360px, (min-width: 600px) 50vw, 100vw',
  /** A gallery picture or a story's cover: a grid of three from 1024 px, two from 600 px. */
  tile: '(min-width: 1024px) 380px, (min-width: 600px) 50vw, 100vw',
  /** A person's round photo. */
  person: '128px',
  /** A partner's logo: 72 px high, so 200 px holds a logo up to 2.8 times as wide as high. */
  logo: '200px',
} as const;
export type PictureSlot = keyof typeof slotSizes;

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
  const sizes = slotSizes[slot];
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
