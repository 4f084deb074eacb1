/**
 * What an upload is, from its first bytes only: the file name and the
 * Content-Type header are the sender's claims and are never trusted.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
export type SniffedType = ImageFormat | 'pdf';

export { acceptedTypesText } from '../../shared/media.js';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/** AVIF is an ISO-BMFF file whose `ftyp` box names an AVIF brand (major or compatible). */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(boxSize >>> 0, bytes.length, 256);
  const brands = new Set<string>();
  // Major brand at 8, minor version at 12, compatible brands from 16 on, four bytes each.
  for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
    brands.add(String.fromCharCode(...bytes.subarray(at, at + 4)));
  }
  return brands.has('avif') || brands.has('avis');
}

export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}
