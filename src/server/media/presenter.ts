/** Turns media into the API's MediaInfo. */
import { formatOfVariant, imageVariantFormats, mediaUrl, type ImageVariantFormat, type MediaInfo, type MediaVariant } from '../../shared/media.js';
import type { MediaLibraryItem, MediaUse } from '../../shared/media-library.js';
import { parseMediaRow, type Media, type MediaRow } from './repository.js';

/** The sized copies of one format, narrowest first. */
function variantsIn(media: Media, format: ImageVariantFormat): MediaVariant[] {
  return media.variants
    .filter((v) => formatOfVariant(v.name) === format)
    .map((v) => ({ name: v.name, width: v.width, height: v.height, bytes: v.bytes, contentType: imageVariantFormats[format].contentType, url: mediaUrl(media.id, v.name) }))
    .sort((a, b) => a.width - b.width);
}

export function mediaInfoOf(media: Media): MediaInfo {
  return {
    id: media.id,
    kind: media.kind,
    url: mediaUrl(media.id, 'original'),
    contentType: media.contentType,
    bytes: media.byteSize,
    width: media.width,
    height: media.height,
    dominantColor: media.dominantColor,
    variants: variantsIn(media, 'webp'),
    avif: variantsIn(media, 'avif'),
    alt: media.alt,
    focalPoint: media.focalPoint,
  };
}

/** For readers that select media rows themselves (the page bundle). */
export function toMediaInfo(row: MediaRow): MediaInfo {
  return mediaInfoOf(parseMediaRow(row));
}

/** One row of the library: the media, its file name, when it came and where it is used. */
export function libraryItemOf(media: Media, usedBy: readonly MediaUse[]): MediaLibraryItem {
  return { ...mediaInfoOf(media), byteSize: media.byteSize, name: media.originalName, createdAt: media.createdAt, usedBy: [...usedBy] };
}
