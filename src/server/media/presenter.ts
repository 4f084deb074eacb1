/** Turns a media row into the API's MediaInfo. */
import { mediaUrl, type MediaInfo, type MediaVariant } from '../../shared/media.js';
import type { MediaTable } from '../db/schema.js';

/** The `variants` column: JSON array of these. `key` is the MediaStore key of the bytes. */
export interface StoredVariant {
  name: MediaVariant['name'];
  width: number;
  height: number;
  bytes: number;
  key: string;
}

export function toMediaInfo(row: Pick<MediaTable, 'id' | 'kind' | 'content_type' | 'byte_size' | 'width' | 'height' | 'dominant_color' | 'variants'>): MediaInfo {
  const stored = JSON.parse(row.variants) as StoredVariant[];
  return {
    id: row.id,
    kind: row.kind,
    url: mediaUrl(row.id, 'original'),
    contentType: row.content_type,
    bytes: row.byte_size,
    width: row.width,
    height: row.height,
    dominantColor: row.dominant_color,
    variants: stored
      .map((v) => ({ name: v.name, width: v.width, height: v.height, bytes: v.bytes, contentType: 'image/webp' as const, url: mediaUrl(row.id, v.name) }))
      .sort((a, b) => a.width - b.width),
  };
}
