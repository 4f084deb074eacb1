import { describe, expect, it } from 'vitest';
import { formatOfVariant, imageVariantFormats, imageVariantNames, imageVariantWidths, variantNameOf, type ImageVariantFormat } from './media.js';

describe('the names of sized copies', () => {
  it('list every width in every format, each once, and read back to their format', () => {
    const formats = Object.keys(imageVariantFormats) as ImageVariantFormat[];
    const expected = formats.flatMap((format) => imageVariantWidths.map((w) => variantNameOf(w, format)));
    expect([...imageVariantNames].sort()).toEqual([...expected].sort());
    expect(new Set(imageVariantNames).size).toBe(imageVariantNames.length);
    for (const format of formats) for (const w of imageVariantWidths) expect(formatOfVariant(variantNameOf(w, format))).toBe(format);
  });
});
