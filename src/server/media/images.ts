/**
 * Image processing: every image is decoded and re-encoded, so nothing an
 * upload carries (EXIF location, comments, trailing payloads, odd chunks)
 * reaches a visitor, and visitors get AVIF and WebP variants sized for their screens.
 */
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { imageVariantFormats, imageVariantWidths, variantNameOf, type ImageVariantFormat, type ImageVariantName } from '../../shared/media.js';
import { AppError } from '../../shared/errors.js';
import type { ImageFormat } from './sniff.js';

/** Decompression-bomb guard: 50 megapixels is above any camera a staff member uploads from. */
export const maxInputPixels = 50_000_000;

export interface EncodedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface EncodedVariant extends EncodedImage {
  name: ImageVariantName;
}

export interface ProcessedImage {
  original: EncodedImage;
  variants: EncodedVariant[];
  dominantColor: string;
}

const inputOptions: SharpOptions = {
  limitInputPixels: maxInputPixels,
  // 'error' refuses truncated and corrupt files while tolerating harmless warnings real cameras produce.
  failOn: 'error',
  // Animated GIF and WebP keep their first frame only (documented in docs/architecture.md).
  pages: 1,
};

function decode(bytes: Buffer): Sharp {
  // rotate() with no angle applies the EXIF orientation; output carries no metadata unless asked.
  return sharp(bytes, inputOptions).rotate();
}

/** The re-encoded original: same format as uploaded, except GIF (still PNG) as documented. */
function encodeOriginal(image: Sharp, format: ImageFormat): { pipeline: Sharp; contentType: string } {
  switch (format) {
    case 'jpeg':
      return { pipeline: image.jpeg({ quality: 82 }), contentType: 'image/jpeg' };
    case 'png':
    case 'gif':
      return { pipeline: image.png({ compressionLevel: 8 }), contentType: 'image/png' };
    case 'webp':
      return { pipeline: image.webp({ quality: 82 }), contentType: 'image/webp' };
    case 'avif':
      return { pipeline: image.avif({ quality: 60, effort: 2 }), contentType: 'image/avif' };
  }
}

function toHex(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
}

function unreadable(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new AppError('invalid-argument', 'The image is too large: at most 50 megapixels (for example 8000 × 6000) are accepted.', { field: 'file' });
  }
  return new AppError('invalid-argument', 'The image could not be read: the file is damaged or incomplete.', { field: 'file' });
}

/** At most two images in work at once per process: a 50-megapixel decode holds a lot of memory. */
const maxConcurrent = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  // A freed slot passes straight to the next waiter, so a newcomer cannot slip in between.
  if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function processImage(bytes: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  return withSlot(() => encodeAll(bytes, format));
}

/** The sized copies' encoders: WebP at 78, AVIF at 50 (about the same look, a quarter fewer bytes on the demo pictures). AVIF's effort 2 of 9 encodes the demo's 37 pictures in 4.6 s against 9.8 s at effort 3, for 5 % more bytes. */
const variantEncoders: Record<ImageVariantFormat, (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 78 }),
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
};

/**
 * The sized copies of an image in the given formats: each width below the
 * original's, and only those smaller than the original in bytes (a copy that
 * is not smaller only costs bandwidth).
 */
export async function encodeVariants(bytes: Buffer, originalWidth: number, originalBytes: number, formats: readonly ImageVariantFormat[]): Promise<EncodedVariant[]> {
  const encoded: EncodedVariant[] = [];
  // One width at a time (its formats side by side), so a large picture is decoded at most twice at once.
  for (const w of imageVariantWidths.filter((width) => width < originalWidth)) {
    const sized = await Promise.all(
      formats.map(async (format): Promise<EncodedVariant> => {
        const out = await variantEncoders[format](decode(bytes).resize({ width: w, withoutEnlargement: true })).toBuffer({ resolveWithObject: true });
        return { name: variantNameOf(w, format), bytes: out.data, contentType: imageVariantFormats[format].contentType, width: out.info.width, height: out.info.height };
      }),
    );
    encoded.push(...sized);
  }
  return encoded.filter((v) => v.bytes.length <= originalBytes);
}

/** AVIF copies of a stored original (media uploaded before they were made): same widths and rules as on upload. */
export function makeAvifVariants(original: Buffer): Promise<EncodedVariant[]> {
  return withSlot(async () => {
    try {
      const meta = await sharp(original, inputOptions).metadata();
      if (!meta.width) throw new Error('no dimensions');
      return await encodeVariants(original, meta.width, original.length, ['avif']);
    } catch (err) {
      throw unreadable(err);
    }
  });
}

async function encodeAll(bytes: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  try {
    const meta = await sharp(bytes, inputOptions).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    const { pipeline, contentType } = encodeOriginal(decode(bytes), format);
    const original = await pipeline.toBuffer({ resolveWithObject: true });
    const width = original.info.width;
    const variants = await encodeVariants(bytes, width, original.data.length, ['webp', 'avif']);
    const statsSource = variants.find((v) => v.contentType === imageVariantFormats.webp.contentType)?.bytes ?? original.data;
    const { dominant } = await sharp(statsSource).resize({ width: 64, withoutEnlargement: true }).stats();
    return {
      original: { bytes: original.data, contentType, width, height: original.info.height },
      variants,
      dominantColor: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable(err);
  }
}
