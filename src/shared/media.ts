/**
 * Uploaded media as the API describes it, and the upload rules server and
 * browser both apply. Plain code, no zod: public pages import mediaUrl.
 */

/** The largest upload accepted, in bytes (the server refuses more with 413). */
export const maxUploadBytes = 15 * 1024 * 1024;
/** The limit as staff read it. */
export const maxUploadText = '15 MB';

/**
 * Image types accepted for upload; the server checks the bytes, the browser the
 * file's type. SVG is accepted and rasterised: no answer ever serves an SVG.
 */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml'] as const;
export const pdfTypes = ['application/pdf'] as const;
/** The sentence every type refusal carries, so staff know what to upload instead. */
export const acceptedTypesText = 'JPEG, PNG, WebP, AVIF, GIF or SVG images, or PDF documents';
/** The image types as staff read them (under an image field). */
export const imageTypesText = 'JPEG, PNG, WebP, AVIF, GIF or SVG';

/** The file extension of each type the server stores (stored keys and download names). */
export const extensionByType: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

export const imageVariantWidths = [480, 960, 1600] as const;
type VariantWidth = `${(typeof imageVariantWidths)[number]}`;
/**
 * The sized copies of an image, each width in two formats: AVIF (about half
 * the bytes of WebP at the same look) for the browsers that read it, WebP for
 * the rest. Served at /media/<id>/<name>: `960` is the WebP, `960.avif` the AVIF.
 */
export const imageVariantFormats = {
  webp: { contentType: 'image/webp', suffix: '' },
  avif: { contentType: 'image/avif', suffix: '.avif' },
} as const;
export type ImageVariantFormat = keyof typeof imageVariantFormats;
export type ImageVariantName = VariantWidth | `${VariantWidth}.avif`;
/** Every width in every format, WebP first (src/shared/media.test.ts checks none is missing). */
export const imageVariantNames = ['480', '960', '1600', '480.avif', '960.avif', '1600.avif'] as const satisfies readonly ImageVariantName[];
export const variantNames = ['original', ...imageVariantNames] as const;
export type VariantName = 'original' | ImageVariantName;

/** The name of one width in one format: `960` or `960.avif`. */
export function variantNameOf(width: (typeof imageVariantWidths)[number], format: ImageVariantFormat): ImageVariantName {
  return `${width}${imageVariantFormats[format].suffix}` as ImageVariantName;
}

/** The format of a sized copy, read from its name. */
export function formatOfVariant(name: ImageVariantName): ImageVariantFormat {
  return name.endsWith(imageVariantFormats.avif.suffix) ? 'avif' : 'webp';
}

export interface MediaVariant {
  name: ImageVariantName;
  width: number;
  height: number;
  bytes: number;
  contentType: (typeof imageVariantFormats)[ImageVariantFormat]['contentType'];
  url: string;
}

/** Where the subject of a picture is: 0–1 from the left and from the top. Crops keep it in frame. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** The CSS `object-position` of a cropped picture: its focal point, or the centre when none is set. */
export function objectPositionOf(focalPoint: FocalPoint | null | undefined): string {
  if (!focalPoint) return '50% 50%';
  const percent = (v: number) => `${Math.round(Math.min(1, Math.max(0, v)) * 1000) / 10}%`;
  return `${percent(focalPoint.x)} ${percent(focalPoint.y)}`;
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
  /** The same widths in AVIF, narrowest first (empty until they are made: on upload, or by the job for older media). */
  avif: MediaVariant[];
  /** The default alt text: what a use of the picture says when it gives none ('' when none is set). */
  alt: string;
  /** On a page in another language: the language `alt` is in when it has no translation there (the default one); absent otherwise. */
  altLang?: string;
  /** Null: the centre. */
  focalPoint: FocalPoint | null;
}

export function mediaUrl(id: string, variant: VariantName = 'original'): string {
  return `/media/${encodeURIComponent(id)}/${variant}`;
}
