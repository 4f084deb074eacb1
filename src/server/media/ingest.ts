/**
 * Ingest: the one way bytes become media, for staff uploads and the demo seed
 * alike. Everything is checked and encoded before anything is stored, so a
 * refusal leaves no trace.
 */
import path from 'node:path';
import { acceptedTypesText, formatOfVariant, imageVariantFormats, maxUploadBytes, maxUploadText, type MediaInfo, type VariantName } from '../../shared/media.js';
import { AppError } from '../../shared/errors.js';
import type { Services } from '../services.js';
import { processImage } from './images.js';
import { mediaInfoOf } from './presenter.js';
import { findMediaById, findMediaBySha, insertMedia, insertMediaRow, type Media, type StoredVariant } from './repository.js';
import { appendAudit } from '../audit/repository.js';
import { transaction } from '../db/index.js';
import { sniffType } from './sniff.js';
import { rasteriseSvg } from './svg.js';
import { extensionFor, keyFor, sha256Hex, type MediaStore } from './store.js';

export { maxUploadBytes };

export interface IngestInput {
  bytes: Buffer;
  /** The name the file had on the uploader's computer (shown to staff, used for downloads). */
  originalName?: string | null;
  createdBy?: string | null;
  /** A staff upload: its `media.upload` line in the audit log is written with the row (by `createdBy`, from this address). */
  audit?: { ip: string | null };
}

export interface IngestResult {
  info: MediaInfo;
  /** False when the same content was stored before and nothing new was stored. */
  created: boolean;
}

/** The store key of a row's original: its id is the SHA-256 of the stored original. */
export function originalKey(media: Pick<Media, 'id' | 'contentType'>): string {
  return `${media.id}.${extensionFor(media.contentType) ?? 'bin'}`;
}

/** Every store key a media owns: the original and its variants. */
export function keysOf(media: Pick<Media, 'id' | 'contentType' | 'variants'>): string[] {
  return [originalKey(media), ...media.variants.map((v) => v.key)];
}

/** Where the bytes of one size of a media are stored. */
export interface VariantTarget {
  key: string;
  bytes: number;
  contentType: string;
}

/** The store key and size of one variant, or null when the media has no such variant. */
export function variantOf(media: Media, variant: VariantName): VariantTarget | null {
  if (variant === 'original') return { key: originalKey(media), bytes: media.byteSize, contentType: media.contentType };
  const v = media.variants.find((s) => s.name === variant);
  return v ? { key: v.key, bytes: v.bytes, contentType: imageVariantFormats[formatOfVariant(v.name)].contentType } : null;
}

/** Stores the bytes of one sized copy under their own key; the row's description of it. */
export async function storeVariant(store: MediaStore, v: { name: StoredVariant['name']; bytes: Buffer; contentType: string; width: number; height: number }): Promise<StoredVariant> {
  const key = keyFor(v.bytes, v.contentType);
  await store.put(key, v.bytes, v.contentType);
  return { name: v.name, width: v.width, height: v.height, bytes: v.bytes.length, key };
}

function cleanName(name: string | null | undefined): string | null {
  if (!name) return null;
  // Only the last path segment, without control characters: it ends up in a Content-Disposition header.
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base ? base.slice(0, 200) : null;
}

/** A PDF ends with %%EOF (maybe followed by a newline); a cut-off upload does not. */
function looksComplete(pdf: Buffer): boolean {
  return pdf.subarray(Math.max(0, pdf.length - 1024)).includes('%%EOF');
}

export async function ingestMedia(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, input: IngestInput): Promise<IngestResult> {
  const { bytes } = input;
  if (bytes.length === 0) throw new AppError('invalid-argument', 'The file is empty.', { field: 'file' });
  if (bytes.length > maxUploadBytes) throw new AppError('invalid-argument', `The file is larger than ${maxUploadText}.`, { field: 'file', status: 413 });
  const type = sniffType(bytes);
  if (!type) throw new AppError('invalid-argument', `This type of file is not accepted. Upload ${acceptedTypesText}.`, { field: 'file' });

  const uploadSha = sha256Hex(bytes);
  const seen = await findMediaBySha(services.db, uploadSha);
  if (seen) return { info: mediaInfoOf(seen), created: false };

  let original: { bytes: Buffer; contentType: string; width: number | null; height: number | null };
  let variants: { name: StoredVariant['name']; bytes: Buffer; contentType: string; width: number; height: number }[] = [];
  let dominantColor: string | null = null;
  if (type === 'pdf') {
    if (!looksComplete(bytes)) throw new AppError('invalid-argument', 'The PDF is incomplete: it does not end the way a PDF file must.', { field: 'file' });
    original = { bytes, contentType: 'application/pdf', width: null, height: null };
  } else {
    // An SVG is drawn as a PNG first; from there it is an image like any other.
    const image = type === 'svg' ? await processImage(await rasteriseSvg(bytes), 'png') : await processImage(bytes, type);
    original = image.original;
    variants = image.variants;
    dominantColor = image.dominantColor;
  }

  const id = sha256Hex(original.bytes);
  // Different uploaded bytes can re-encode to the same image: that is the same media.
  const same = await findMediaById(services.db, id);
  if (same) return { info: mediaInfoOf(same), created: false };

  const stored: StoredVariant[] = [];
  for (const v of variants) stored.push(await storeVariant(store, v));
  const media: Media = {
    id,
    sha256: uploadSha,
    contentType: original.contentType,
    kind: type === 'pdf' ? 'pdf' : 'image',
    byteSize: original.bytes.length,
    width: original.width,
    height: original.height,
    dominantColor,
    variants: stored,
    originalName: cleanName(input.originalName),
    createdAt: new Date().toISOString(),
    createdBy: input.createdBy ?? null,
    alt: '',
    focalPoint: null,
    // Made above, with the WebP copies (an image too small for any copy has nothing to make).
    avifChecked: true,
  };
  await store.put(originalKey(media), original.bytes, original.contentType);
  const { audit } = input;
  const inserted = audit
    ? await transaction(services.db, async (trx) => {
        if (!(await insertMediaRow(trx, media))) return false;
        await appendAudit(trx, {
          action: 'media.upload',
          actor: media.createdBy ? { uid: media.createdBy } : null,
          subjectId: id,
          subject: media.originalName ?? (media.kind === 'pdf' ? '(a PDF without a name)' : '(an image without a name)'),
          ip: audit.ip,
        });
        return true;
      })
    : await insertMedia(services.db, media);
  if (!inserted) {
    const winner = (await findMediaById(services.db, id)) ?? (await findMediaBySha(services.db, uploadSha));
    if (winner) return { info: mediaInfoOf(winner), created: false };
    throw new AppError('aborted', 'The upload collided with another one. Try again.');
  }
  services.changes.publish({ type: 'media', id });
  return { info: mediaInfoOf(media), created: true };
}
