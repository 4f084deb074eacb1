/**
 * The media pipeline through HTTP, on both stores: the filesystem store next
 * to SQLite and the blob-table store on PostgreSQL (TEST_DATABASE_URL).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaInfo } from '../src/shared/media.js';
import type { ChangeEvent } from '../src/server/changes.js';
import { createMediaStore, type MediaStore } from '../src/server/media/store.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { multipartFile as multipart } from './helpers/upload.js';

const megabyte = 1024 * 1024;

/** A photo-like picture: gradients and shapes, so encoders behave as they do on real photos. */
function scene(width: number, height: number, seed = 1): Buffer {
  const hue = (seed * 47) % 360;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height * 0.15}" fill="#fff3c4"/>
    <path d="M0 ${height * 0.75} Q ${width * 0.3} ${height * 0.55} ${width * 0.6} ${height * 0.72} T ${width} ${height * 0.65} V ${height} H 0 Z" fill="#2e5b3a"/>
    <rect x="${width * 0.2}" y="${height * 0.5}" width="${width * 0.05}" height="${height * 0.3}" fill="#1d2b35"/>
  </svg>`);
}

async function jpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp(scene(width, height, seed)).jpeg({ quality: 90 }).toBuffer();
}

async function png(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp(scene(width, height, seed)).png().toBuffer();
}

/** A PNG whose header claims 10000 × 10000 pixels (100 megapixels) around a tiny body. */
async function pixelBomb(): Promise<Buffer> {
  const small = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).png().toBuffer());
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  small.writeUInt32BE(10_000, 16);
  small.writeUInt32BE(10_000, 20);
  small.writeUInt32BE(zlib.crc32(small.subarray(12, 29)), 29);
  return small;
}

function minimalPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe.each(dialects())('media on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superUser: TestUser;
  let store: MediaStore;

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
    superUser = await createUser(t.app, 'super');
    store = createMediaStore(t.app.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`keeps bytes in the ${dialect === 'postgres' ? 'PostgreSQL blob table' : 'filesystem'} store`, () => {
    expect(t.app.services.config.mediaStore).toBe(dialect === 'postgres' ? 'postgres' : 'fs');
  });

  async function upload(bytes: Buffer, filename: string, contentType: string, user: TestUser | null = admin) {
    const body = multipart(bytes, filename, contentType);
    return t.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...(user ? user.headers : {}) } });
  }

  /** What is stored: media rows and stored objects. */
  async function stored(): Promise<{ rows: number; keys: string[] }> {
    const rows = await t.app.services.db.kysely.selectFrom('media').select('id').execute();
    const keys: string[] = [];
    for await (const k of store.list()) keys.push(k.key);
    return { rows: rows.length, keys: keys.sort() };
  }

  describe('refusals store nothing', () => {
    const cases: { name: string; make: () => Promise<{ bytes: Buffer; filename: string; type: string }>; status: number; message: RegExp }[] = [
      {
        name: 'a file over 15 MB',
        make: async () => ({ bytes: Buffer.concat([await jpeg(64, 64), Buffer.alloc(15 * megabyte)]), filename: 'huge.jpg', type: 'image/jpeg' }),
        status: 413,
        message: /larger than 15 MB/,
      },
      {
        name: 'a text file named .jpg',
        make: async () => ({ bytes: Buffer.from('Quarterly budget notes\n'.repeat(20)), filename: 'photo.jpg', type: 'image/jpeg' }),
        status: 400,
        message: /JPEG, PNG, WebP, AVIF, GIF or SVG images, or PDF/,
      },
      {
        name: 'an HTML page named .pdf',
        make: async () => ({ bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'report.pdf', type: 'application/pdf' }),
        status: 400,
        message: /not accepted/,
      },
      {
        name: 'a truncated JPEG',
        make: async () => {
          const full = await jpeg(800, 600);
          return { bytes: full.subarray(0, Math.floor(full.length / 2)), filename: 'cut.jpg', type: 'image/jpeg' };
        },
        status: 400,
        message: /damaged or incomplete/,
      },
      {
        name: 'a truncated PNG',
        make: async () => {
          const full = await png(400, 300);
          return { bytes: full.subarray(0, full.length - 40), filename: 'cut.png', type: 'image/png' };
        },
        status: 400,
        message: /damaged or incomplete/,
      },
      { name: 'a pixel bomb (100 megapixels)', make: async () => ({ bytes: await pixelBomb(), filename: 'bomb.png', type: 'image/png' }), status: 400, message: /50 megapixels/ },
      { name: 'zero bytes', make: async () => ({ bytes: Buffer.alloc(0), filename: 'empty.jpg', type: 'image/jpeg' }), status: 400, message: /empty/ },
      {
        name: 'a PDF cut off before its end',
        make: async () => {
          const pdf = minimalPdf('Annual report');
          return { bytes: pdf.subarray(0, pdf.length - 60), filename: 'report.pdf', type: 'application/pdf' };
        },
        status: 400,
        message: /incomplete/,
      },
    ];

    for (const c of cases) {
      it(`refuses ${c.name} with ${c.status} invalid-argument`, async () => {
        const before = await stored();
        const { bytes, filename, type } = await c.make();
        const res = await upload(bytes, filename, type);
        expect(res.statusCode).toBe(c.status);
        const body = res.json() as { error: { code: string; message: string } };
        expect(body.error.code).toBe('invalid-argument');
        expect(body.error.message).toMatch(c.message);
        expect(await stored()).toEqual(before);
      });
    }

    it('refuses visitors (401) and signed-in users without rights (403)', async () => {
      const before = await stored();
      const bytes = await jpeg(300, 200, 99);
      const anonymous = await upload(bytes, 'a.jpg', 'image/jpeg', null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      const nobody = await createUser(t.app, 'none');
      const denied = await upload(bytes, 'a.jpg', 'image/jpeg', nobody);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ error: { code: 'permission-denied' } });
      expect(await stored()).toEqual(before);
    });

    it('refuses a file sent under another field name', async () => {
      const body = multipart(await jpeg(100, 100, 5), 'a.jpg', 'image/jpeg', 'picture');
      const res = await t.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...admin.headers } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    });
  });

  describe('types come from the bytes', () => {
    it('accepts a JPEG named .png as a JPEG', async () => {
      const res = await upload(await jpeg(640, 480, 11), 'holiday.png', 'image/png');
      expect(res.statusCode).toBe(201);
      const info = res.json() as MediaInfo;
      expect(info.contentType).toBe('image/jpeg');
      const served = await t.app.inject({ method: 'GET', url: info.url });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    });

    it('accepts a PNG whatever its name says', async () => {
      const res = await upload(await png(500, 300, 12), 'scan.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(201);
      expect((res.json() as MediaInfo).contentType).toBe('image/png');
    });

    it('accepts WebP, AVIF and GIF', async () => {
      const webp = await upload(await sharp(scene(300, 200, 13)).webp().toBuffer(), 'a.bin', 'application/octet-stream');
      expect(webp.statusCode).toBe(201);
      expect((webp.json() as MediaInfo).contentType).toBe('image/webp');
      const avif = await upload(await sharp(scene(300, 200, 14)).avif().toBuffer(), 'a.avif', 'image/avif');
      expect(avif.statusCode).toBe(201);
      expect((avif.json() as MediaInfo).contentType).toBe('image/avif');
      // GIFs become still PNGs (first frame): see docs/architecture.md.
      const gif = await upload(await sharp(scene(300, 200, 15)).gif().toBuffer(), 'a.gif', 'image/gif');
      expect(gif.statusCode).toBe(201);
      expect((gif.json() as MediaInfo).contentType).toBe('image/png');
    });
  });

  describe('an upload round trip', () => {
    let info: MediaInfo;
    let original: Buffer;
    const events: ChangeEvent[] = [];

    beforeAll(async () => {
      const unsubscribe = t.app.services.changes.subscribe((e) => events.push(e));
      // EXIF with a tell-tale string that must not survive re-encoding.
      original = await sharp(scene(2000, 1200, 21))
        .jpeg({ quality: 92 })
        .withExif({ IFD0: { Copyright: 'secret-home-address', ImageDescription: 'secret-home-address' } })
        .toBuffer();
      expect(original.includes('secret-home-address')).toBe(true);
      const res = await upload(original, 'Budget hearing in Mkoani.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(201);
      info = res.json() as MediaInfo;
      unsubscribe();
    });

    it('describes the image with its size, colour and variants', async () => {
      expect(info).toMatchObject({ kind: 'image', contentType: 'image/jpeg', width: 2000, height: 1200 });
      expect(info.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(info.variants.map((v) => v.name)).toEqual(['480', '960', '1600']);
      for (const v of info.variants) {
        expect(v.width).toBe(Number(v.name));
        expect(v.width).toBeLessThanOrEqual(info.width ?? 0);
        expect(v.contentType).toBe('image/webp');
        expect(v.bytes).toBeLessThanOrEqual(info.bytes);
      }
      const again = await t.app.inject({ method: 'GET', url: `/api/media/${info.id}` });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(info);
    });

    it('announces the new media on the change bus', () => {
      expect(events).toContainEqual({ type: 'media', id: info.id });
    });

    it('serves every variant as WebP, never wider than the original, with cache and safety headers', async () => {
      for (const v of info.variants) {
        const res = await t.app.inject({ method: 'GET', url: v.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['etag']).toMatch(/^"[0-9a-f]{64}"$/);
        expect(res.headers['content-disposition']).toBeUndefined();
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(v.width);
        expect(res.rawPayload.length).toBe(v.bytes);

        const cached = await t.app.inject({ method: 'GET', url: v.url, headers: { 'if-none-match': String(res.headers['etag']) } });
        expect(cached.statusCode).toBe(304);
        expect(cached.rawPayload.length).toBe(0);
      }
    });

    it('makes each width in AVIF too, smaller than the WebP of the same width, served as image/avif', async () => {
      expect(info.avif.map((v) => v.name)).toEqual(['480.avif', '960.avif', '1600.avif']);
      for (const v of info.avif) {
        const webp = info.variants.find((w) => w.width === v.width);
        expect(webp).toBeDefined();
        expect(v.height).toBe(webp?.height);
        expect(v.bytes).toBeLessThan(webp?.bytes ?? 0);
        const res = await t.app.inject({ method: 'GET', url: v.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/avif');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('heif');
        expect(meta.compression).toBe('av1');
        expect(meta.width).toBe(v.width);
        expect(res.rawPayload.length).toBe(v.bytes);
      }
    });

    it('serves a re-encoded original without the uploaded metadata', async () => {
      const res = await t.app.inject({ method: 'GET', url: info.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.includes('secret-home-address')).toBe(false);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([2000, 1200]);
    });

    it('stores the same bytes only once', async () => {
      const before = await stored();
      const res = await upload(original, 'copy of the same photo.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(info);
      expect(await stored()).toEqual(before);
    });

    it('stores one copy when the same new file is uploaded twice at once', async () => {
      const before = await stored();
      const bytes = await jpeg(900, 600, 31);
      const answers = await Promise.all([upload(bytes, 'a.jpg', 'image/jpeg'), upload(bytes, 'b.jpg', 'image/jpeg')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
      expect((answers[0]!.json() as MediaInfo).id).toBe((answers[1]!.json() as MediaInfo).id);
      expect((await stored()).rows).toBe(before.rows + 1);
    });

    it('never upscales: small images get only the variants narrower than themselves', async () => {
      const small = (await upload(await jpeg(300, 200, 41), 's.jpg', 'image/jpeg')).json() as MediaInfo;
      expect(small.variants).toEqual([]);
      expect(small.avif).toEqual([]);
      const missing = await t.app.inject({ method: 'GET', url: `/media/${small.id}/960` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: { code: 'not-found' } });
      const medium = (await upload(await jpeg(1000, 700, 42), 'm.jpg', 'image/jpeg')).json() as MediaInfo;
      expect(medium.variants.map((v) => [v.name, v.width])).toEqual([
        ['480', 480],
        ['960', 960],
      ]);
      expect(medium.avif.map((v) => [v.name, v.width])).toEqual([
        ['480.avif', 480],
        ['960.avif', 960],
      ]);
    });

    it('turns an EXIF-rotated photo upright', async () => {
      // Stored sideways (400 × 200, red on the left), EXIF orientation 6: shown turned 90° clockwise.
      const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
        .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const res = await upload(sideways, 'phone.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(201);
      const upright = res.json() as MediaInfo;
      expect([upright.width, upright.height]).toEqual([200, 400]);
      const served = await t.app.inject({ method: 'GET', url: upright.url });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([200, 400]);
      expect(meta.orientation).toBeUndefined();
      const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
      const [topR, , topB] = pixel(100, 50);
      const [bottomR, , bottomB] = pixel(100, 350);
      expect(topR).toBeGreaterThan(200);
      expect(topB).toBeLessThan(60);
      expect(bottomB).toBeGreaterThan(200);
      expect(bottomR).toBeLessThan(60);
    });
  });

  describe('PDF documents', () => {
    let pdf: Buffer;
    let info: MediaInfo;
    beforeAll(async () => {
      pdf = minimalPdf('Community scorecard report 2026');
      const res = await upload(pdf, 'Scorecard report – 2026.pdf', 'application/octet-stream');
      expect(res.statusCode).toBe(201);
      info = res.json() as MediaInfo;
    });

    it('stores the PDF as uploaded, without variants', () => {
      expect(info).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', bytes: pdf.length, width: null, height: null, variants: [] });
    });

    it('serves it as a download with its name', async () => {
      const res = await t.app.inject({ method: 'GET', url: info.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Scorecard report _ 2026.pdf"; filename\*=UTF-8''Scorecard%20report%20%E2%80%93%202026.pdf$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    });

    it('answers byte ranges with 206 and impossible ones with 416', async () => {
      const first = await t.app.inject({ method: 'GET', url: info.url, headers: { range: 'bytes=0-9' } });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-9/${pdf.length}`);
      expect(first.rawPayload.equals(pdf.subarray(0, 10))).toBe(true);
      const tail = await t.app.inject({ method: 'GET', url: info.url, headers: { range: 'bytes=-6' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.toString('latin1')).toBe('%%EOF\n');
      const open = await t.app.inject({ method: 'GET', url: info.url, headers: { range: `bytes=${pdf.length - 3}-` } });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.length).toBe(3);
      const beyond = await t.app.inject({ method: 'GET', url: info.url, headers: { range: `bytes=${pdf.length}-` } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);
      // A stale If-Range gets the whole, current file.
      const stale = await t.app.inject({ method: 'GET', url: info.url, headers: { range: 'bytes=0-9', 'if-range': '"0000"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(pdf.length);
    });

    it('answers 404 not-found for unknown ids and sizes', async () => {
      for (const url of [`/media/${'0'.repeat(64)}/original`, `/media/${info.id}/480`, `/media/${info.id}/2000`, '/media/../../etc/passwd/original', `/api/media/${'a'.repeat(64)}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ error: { code: 'not-found' } });
      }
    });
  });

  describe('deleting media that blocks use', () => {
    async function insertDocument(collection: string, data: Record<string, unknown>): Promise<string> {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await t.app.services.db.kysely
        .insertInto('documents')
        .values({ id, collection, data: JSON.stringify(data), position: 0, status: 'published', version: 1, created_at: now, updated_at: now, created_by: null, updated_by: null })
        .execute();
      return id;
    }

    it('refuses with 412 naming the blocks, and deletes once nothing uses it', async () => {
      const info = (await upload(await jpeg(1200, 800, 51), 'hero.jpg', 'image/jpeg')).json() as MediaInfo;
      const slide = await insertDocument('home', { title: 'Women lead the budget hearings', image: { mediaId: info.id, alt: 'Women at a hearing', decorative: false } });
      const refused = await t.app.inject({ method: 'DELETE', url: `/api/media/${info.id}`, headers: admin.headers });
      expect(refused.statusCode).toBe(412);
      const body = refused.json() as { error: { code: string; message: string; details: { blocks: { collection: string; id: string; title: string }[] } } };
      expect(body.error.code).toBe('failed-precondition');
      expect(body.error.message).toContain('Women lead the budget hearings');
      expect(body.error.details.blocks).toEqual([{ collection: 'home', id: slide, title: 'Women lead the budget hearings' }]);
      expect((await t.app.inject({ method: 'GET', url: info.url })).statusCode).toBe(200);

      const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/media/${info.id}` });
      expect(anonymous.statusCode).toBe(401);

      await t.app.services.db.kysely.deleteFrom('documents').where('id', '=', slide).execute();
      const before = await stored();
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/media/${info.id}`, headers: admin.headers });
      expect(deleted.statusCode).toBe(204);
      const after = await stored();
      expect(after.rows).toBe(before.rows - 1);
      expect(after.keys.some((k) => k.startsWith(info.id))).toBe(false);
      expect(after.keys.length).toBe(before.keys.length - 1 - info.variants.length - info.avif.length);
      for (const url of [info.url, ...info.variants.map((v) => v.url), ...info.avif.map((v) => v.url), `/api/media/${info.id}`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const twice = await t.app.inject({ method: 'DELETE', url: `/api/media/${info.id}`, headers: admin.headers });
      expect(twice.statusCode).toBe(404);
    });

    it('counts a file field, a rich-text link and the site logo as uses', async () => {
      const pdf = (await upload(minimalPdf('Budget brief'), 'brief.pdf', 'application/pdf')).json() as MediaInfo;
      const item = await insertDocument('item', { title: 'Budget brief 2026', file: { mediaId: pdf.id, name: 'brief.pdf' } });
      const res = await t.app.inject({ method: 'DELETE', url: `/api/media/${pdf.id}`, headers: superUser.headers });
      expect(res.statusCode).toBe(412);
      expect(res.json()).toMatchObject({ error: { details: { blocks: [{ collection: 'item', id: item, title: 'Budget brief 2026' }] } } });

      const photo = (await upload(await jpeg(700, 500, 52), 'inline.jpg', 'image/jpeg')).json() as MediaInfo;
      await insertDocument('descriptionhome', { title: 'Who we are', body: `<p>See <a href="/media/${photo.id}/original">our team at work</a>.</p>` });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${photo.id}`, headers: admin.headers })).statusCode).toBe(412);

      const logo = (await upload(await png(300, 300, 53), 'logo.png', 'image/png')).json() as MediaInfo;
      const now = new Date().toISOString();
      await t.app.services.db.kysely
        .insertInto('settings')
        .values({ key: 'site', data: JSON.stringify({ organisationName: 'Tujenge', contactEmail: 'info@tujenge.example.org', logo: { mediaId: logo.id, alt: 'Tujenge', decorative: false } }), version: 1, updated_at: now, updated_by: null })
        .execute();
      const logoRes = await t.app.inject({ method: 'DELETE', url: `/api/media/${logo.id}`, headers: admin.headers });
      expect(logoRes.statusCode).toBe(412);
      expect(logoRes.json()).toMatchObject({ error: { message: expect.stringContaining('site settings'), details: { blocks: [{ collection: 'settings', id: 'site' }] } } });
    });
  });
});
