/** Types come from the first bytes only; byte ranges are read as RFC 9110 says. */
import { describe, expect, it } from 'vitest';
import { parseRange } from '../src/server/media/routes.js';
import { sniffType } from '../src/server/media/sniff.js';

function ftyp(major: string, compatible: string[]): Buffer {
  const body = Buffer.concat([Buffer.from(major), Buffer.alloc(4), ...compatible.map((b) => Buffer.from(b))]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp'), body, Buffer.alloc(32)]);
}

describe('sniffType', () => {
  it('recognises each accepted type by its signature', () => {
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffType(Buffer.from('GIF89a\x01\x00'))).toBe('gif');
    expect(sniffType(Buffer.from('GIF87a\x01\x00'))).toBe('gif');
    expect(sniffType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(sniffType(ftyp('avif', ['mif1', 'miaf']))).toBe('avif');
    expect(sniffType(ftyp('mif1', ['avif']))).toBe('avif');
    expect(sniffType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    // SVG is accepted, and drawn as PNG (media-svg.test.ts).
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBe('svg');
  });

  it('refuses look-alikes and everything else', () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('<!doctype html><html>'),
      Buffer.from('<?xml version="1.0"?><html><svg/></html>'),
      Buffer.from('<svgx/>'),
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]),
      ftyp('heic', ['mif1', 'heic']),
      ftyp('isom', ['mp41']),
      Buffer.from(' %PDF-1.7'),
      Buffer.from('PK\x03\x04'),
    ]) {
      expect(sniffType(bytes), bytes.subarray(0, 12).toString('latin1')).toBeNull();
    }
  });
});

describe('parseRange', () => {
  it('reads first-last, open-ended and suffix ranges, clamped to the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers unsatisfiable for ranges outside the file', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });

  it('ignores what it does not support, so the whole file is sent', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});
