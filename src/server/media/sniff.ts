/**
 * What an upload is, from its first bytes only: the file name and the
 * Content-Type header are the sender's claims and are never trusted.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
export type SniffedType = ImageFormat | 'svg' | 'pdf';

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

/** How far into a file the prolog may reach before its root element (a long DOCTYPE included). */
const prologLimit = 64 * 1024;

/**
 * Where the root `<svg` starts after the prolog (optional BOM, whitespace, XML
 * declaration, comments, processing instructions, a DOCTYPE with or without
 * an internal subset), or null when the text is not an SVG. The one reading
 * of the prolog, for the sniffer and the sanitiser alike.
 */
export function svgRootOffset(text: string): number | null {
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const limit = Math.min(text.length, prologLimit);
  while (at < limit) {
    const ws = /^[ \t\r\n]+/.exec(text.slice(at, at + 256));
    if (ws) {
      at += ws[0].length;
      continue;
    }
    if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end < 0) return null;
      at = end + 2;
    } else if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return null;
      at = end + 3;
    } else if (text.startsWith('<!DOCTYPE', at)) {
      const end = doctypeEnd(text, at + 9);
      if (end === null) return null;
      at = end;
    } else {
      return /^<svg[\s>/]/.test(text.slice(at, at + 5)) ? at : null;
    }
  }
  return null;
}

/** The end of a DOCTYPE: after its `>`, skipping quoted strings and the `[…]` internal subset. */
function doctypeEnd(text: string, from: number): number | null {
  let inSubset = false;
  for (let i = from; i < Math.min(text.length, prologLimit); i += 1) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      i = close;
    } else if (c === '[') inSubset = true;
    else if (c === ']') inSubset = false;
    else if (c === '>' && !inSubset) return i + 1;
  }
  return null;
}

export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  // SVG is text: read by its content (the prolog, then <svg), never by its name.
  if (svgRootOffset(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, prologLimit + 5)).toString('utf8')) !== null) return 'svg';
  return null;
}
