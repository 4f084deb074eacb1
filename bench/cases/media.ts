/**
 * Media: serving a WebP variant and its AVIF copy (the requests every picture
 * on the public site makes) against a bare node:http server and nginx sending
 * the same bytes, and the time to ingest a 12-megapixel photo (decode, EXIF rotation,
 * re-encode, three WebP variants).
 */
import sharp from 'sharp';
import type { ImageVariantName, MediaInfo } from '../../src/shared/media.js';
import { heroSvg, palettes } from '../../src/server/seed/compositions.js';
import type { BenchCase, BenchContext } from '../harness.js';

/** A photo-like picture: shapes and gradients plus sensor-like grain, so encoders work as hard as on a real photo. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(heroSvg('market', palettes.harvest!, seed, width, height))).raw().toBuffer({ resolveWithObject: true });
  let s = seed >>> 0;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, (data[i] ?? 0) + ((s >>> 24) % 25) - 12));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 90 }).toBuffer();
}

export function cases(): BenchCase[] {
  // One upload for both sizes: the harness asks each case for its target in turn.
  let hero: Promise<MediaInfo> | null = null;
  const uploadedVariant = async (ctx: BenchContext, list: 'variants' | 'avif', name: ImageVariantName): Promise<string> => {
    hero ??= photo(1600, 1067, 101).then((bytes) => ctx.upload<MediaInfo>(bytes, 'bench-hero.jpg', 'image/jpeg'));
    const info = await hero;
    const variant = info[list].find((v) => v.name === name);
    if (!variant) throw new Error(`the upload has no ${name} variant: ${JSON.stringify(info[list])}`);
    return variant.url;
  };
  return [
    {
      name: 'GET /media/<id>/960 (WebP variant)',
      target: async (ctx) => ({ path: await uploadedVariant(ctx, 'variants', '960') }),
      expectStatus: 200,
      compare: true,
      goal: { bare: 0.9 },
    },
    {
      name: 'GET /media/<id>/960.avif (AVIF variant)',
      target: async (ctx) => ({ path: await uploadedVariant(ctx, 'avif', '960.avif') }),
      expectStatus: 200,
      compare: true,
      goal: { bare: 0.9 },
    },
    {
      name: 'ingest a 12-megapixel JPEG (4000×3000), median of 4 uploads',
      measure: async (ctx) => {
        const times: number[] = [];
        for (let i = 0; i < 4; i++) {
          // Distinct bytes each time: the same bytes would be answered from the dedupe index.
          const bytes = await photo(4000, 3000, 7 + i);
          const started = performance.now();
          const info = await ctx.upload<MediaInfo>(bytes, `bench-12mp-${i}.jpg`, 'image/jpeg');
          times.push(performance.now() - started);
          if (info.width !== 4000 || info.variants.length !== 3) throw new Error(`unexpected ingest result: ${JSON.stringify(info)}`);
        }
        const sorted = [...times].sort((a, b) => a - b);
        const median = ((sorted[1] ?? 0) + (sorted[2] ?? 0)) / 2;
        return { value: Math.round(median), unit: 'ms', detail: `each: ${times.map((t) => Math.round(t)).join(', ')} ms; upload ≈ 3 MB` };
      },
    },
  ];
}
