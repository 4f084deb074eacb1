/** A responsive image from an uploaded medium: srcset from its WebP variants, no layout shift. */
import type { CSSProperties } from 'react';
import { objectPositionOf, type MediaInfo } from '../../shared/media.js';

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

export function srcSetOf(media: MediaInfo): string {
  return media.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}

/** The variant to use as `src` (browsers without srcset): the middle one, else the original. */
export function fallbackSrc(media: MediaInfo): string {
  return (media.variants.find((v) => v.name === '960') ?? media.variants[media.variants.length - 1])?.url ?? media.url;
}

interface Props {
  value: ImageValue | null;
  media: Record<string, MediaInfo>;
  sizes: string;
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

export function Picture({ value, media, sizes, className, priority = false, cropped = true }: Props) {
  if (!value) return null;
  const m = media[value.mediaId];
  if (!m || m.kind !== 'image') return null;
  const largest = m.variants[m.variants.length - 1];
  const width = largest?.width ?? m.width ?? undefined;
  const height = largest?.height ?? m.height ?? undefined;
  return (
    <img
      className={className}
      src={fallbackSrc(m)}
      srcSet={m.variants.length > 0 ? srcSetOf(m) : undefined}
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
}
