/** Test pictures: a JPEG of one colour per seed with a white disc, so each seed is a different file. */
import crypto from 'node:crypto';
import sharp from 'sharp';

export async function seededPhoto(seed: number, width = 1100, height = 700): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${200 + seed * 40}" cy="300" r="180" fill="#fff"/></svg>`) }])
    .jpeg()
    .toBuffer();
}

/** A JPEG of random noise, which does not compress: its copies are as heavy as a picture of that size gets. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}
