import { describe, expect, it } from 'vitest';
import { etagMatches, negotiateEncoding } from '../src/server/site/bundle.js';

describe('page bundle content negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBe('identity');
  });

  it('matches If-None-Match lists, weak tags and any encoding of the same bundle', () => {
    const entry = { etagFor: (e: 'identity' | 'gzip' | 'br') => (e === 'identity' ? '"abc"' : `"abc-${e}"`) };
    expect(etagMatches(undefined, entry)).toBe(false);
    expect(etagMatches('"abc"', entry)).toBe(true);
    expect(etagMatches('"other", W/"abc-br"', entry)).toBe(true);
    expect(etagMatches('"abc-gzip"', entry)).toBe(true);
    expect(etagMatches('*', entry)).toBe(true);
    expect(etagMatches('"abcd"', entry)).toBe(false);
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
  });
});
