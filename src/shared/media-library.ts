/**
 * The media library, the contract both sides share: its screen path, the API
 * paths, the list query and its answer, the changes staff make to a picture
 * (default alt text, focal point) and the picture's own shape as the API
 * sends it. Zod lives here, not in media.ts: public pages import media.ts.
 */
import { z } from 'zod';
import { apiPaths, pathTo } from './api-paths.js';
import { imageVariantFormats, imageVariantNames, type FocalPoint, type MediaInfo } from './media.js';

/** The staff screen. */
export const mediaLibraryPath = '/media';

export const mediaApi = {
  /** `GET` lists (query below); `POST` uploads one file (multipart, field `file`). */
  list: apiPaths.media.list,
  /** `GET` describes, `PATCH` changes alt text and focal point, `DELETE` removes when unused. */
  one: (id: string) => pathTo(apiPaths.media.one, { id }),
  /** `POST` a new file (multipart, field `file`) in place of this one: every block and the settings switch to it. */
  replace: (id: string) => pathTo(apiPaths.media.replace, { id }),
} as const;

/** How many items one page of the library holds by default, and at most. */
export const mediaPageSize = 48;
export const mediaPageSizeMax = 200;

export const mediaKindFilters = ['image', 'file'] as const;
export type MediaKindFilter = (typeof mediaKindFilters)[number];
export const mediaKindFilterLabels: Record<MediaKindFilter, string> = { image: 'Images', file: 'PDF documents' };

export const mediaSorts = ['newest', 'oldest', 'largest', 'smallest'] as const;
export type MediaSort = (typeof mediaSorts)[number];
export const mediaSortLabels: Record<MediaSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  largest: 'Largest first',
  smallest: 'Smallest first',
};

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /api/media?q=&kind=&unused=&sort=&limit=&offset=`: `q` searches the file name and the alt text. */
export const mediaListQuerySchema = z
  .object({
    q: z.string().trim().max(200, 'Search for at most 200 characters').optional(),
    kind: z.enum(mediaKindFilters, { error: 'Filter by kind: image or file' }).optional(),
    unused: flag.optional(),
    sort: z.enum(mediaSorts, { error: `Sort by ${mediaSorts.join(', ')}` }).default('newest'),
    limit: z.coerce.number().int().min(1).max(mediaPageSizeMax, `Ask for at most ${mediaPageSizeMax} at once`).default(mediaPageSize),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const focalPointSchema = z.strictObject({
  x: z.number({ error: 'Give x as a number from 0 to 1' }).min(0, 'x is at least 0 (the left edge)').max(1, 'x is at most 1 (the right edge)'),
  y: z.number({ error: 'Give y as a number from 0 to 1' }).min(0, 'y is at least 0 (the top edge)').max(1, 'y is at most 1 (the bottom edge)'),
}) satisfies z.ZodType<FocalPoint>;

/** The longest default alt text, as on every use (fields.ts). */
export const mediaAltMax = 300;

/** `PATCH /api/media/:id`: a null focal point puts it back in the centre. Errors name `alt` or `focalPoint.x`/`.y`. */
export const mediaPatchSchema = z
  .strictObject({
    alt: z.string().trim().max(mediaAltMax, `Alt text can be at most ${mediaAltMax} characters`).optional(),
    focalPoint: focalPointSchema.nullable().optional(),
  })
  .refine((v) => v.alt !== undefined || v.focalPoint !== undefined, { message: 'Send alt, focalPoint or both' });
export type MediaPatch = z.infer<typeof mediaPatchSchema>;

/** `PATCH /api/media/:id?lang=sw`: the default alt text in another language (the file and its focal point are shared). */
export const mediaAltTranslationSchema = z.strictObject({
  alt: z.string().trim().max(mediaAltMax, `Alt text can be at most ${mediaAltMax} characters`),
});

const variantSchema = z.object({
  name: z.enum(imageVariantNames),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  contentType: z.enum([imageVariantFormats.webp.contentType, imageVariantFormats.avif.contentType]),
  url: z.string(),
});

/**
 * One media as `GET /api/media/:id` and an upload describe it. Staff are
 * also told the file's name when it was uploaded (`name`, null when none):
 * the authoring checks' file-name rule reads it, in the form as on publish.
 */
export const mediaInfoSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'pdf']),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  dominantColor: z.string().nullable(),
  variants: z.array(variantSchema),
  avif: z.array(variantSchema),
  alt: z.string(),
  altLang: z.string().optional(),
  focalPoint: focalPointSchema.nullable(),
  name: z.string().nullable().optional(),
}) satisfies z.ZodType<MediaInfo>;

/** A block (or the site settings: collection `settings`) that uses a media. */
export const mediaUseSchema = z.object({ collection: z.string(), id: z.string(), title: z.string() });
export type MediaUse = z.infer<typeof mediaUseSchema>;

/** One row of the library: the media, its file name, when it came and where it is used. */
export const mediaLibraryItemSchema = mediaInfoSchema.extend({
  byteSize: z.number(),
  /** The name the file had on the uploader's computer, or null. */
  name: z.string().nullable(),
  createdAt: z.string(),
  usedBy: z.array(mediaUseSchema),
  /** The default alt text in the site's other languages, by language code (absent or empty: none yet). */
  altTranslations: z.record(z.string(), z.string()).optional(),
});
export type MediaLibraryItem = z.infer<typeof mediaLibraryItemSchema>;

export const mediaListSchema = z.object({ media: z.array(mediaLibraryItemSchema), total: z.number().int() });
export type MediaList = z.infer<typeof mediaListSchema>;
