/** Uploaded media as the API describes it. */

export const imageVariantWidths = [480, 960, 1600] as const;
export type VariantName = 'original' | '480' | '960' | '1600';

export interface MediaVariant {
  name: Exclude<VariantName, 'original'>;
  width: number;
  height: number;
  bytes: number;
  contentType: 'image/webp';
  url: string;
}

export interface MediaInfo {
  id: string;
  kind: 'image' | 'pdf';
  /** The re-encoded original (images) or the file itself (PDF). */
  url: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** `#rrggbb`, for placeholders while the image loads. */
  dominantColor: string | null;
  /** WebP variants, narrowest first; never wider than the original. */
  variants: MediaVariant[];
}

export function mediaUrl(id: string, variant: VariantName = 'original'): string {
  return `/media/${encodeURIComponent(id)}/${variant}`;
}
