/**
 * SVG uploads on both databases: drawn as PNG plus WebP sizes, with scripts,
 * external references and entities having no effect (a real HTTP server
 * started here records any request: it must see none), entity bombs harmless,
 * malformed files refused with nothing stored, and no answer ever typed SVG.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaInfo } from '../src/shared/media.js';
import { mediaApi } from '../src/shared/media-library.js';
import { sniffType } from '../src/server/media/sniff.js';
import { sanitiseSvg } from '../src/server/media/svg.js';
import { createMediaStore, type MediaStore } from '../src/server/media/store.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { multipartFile as multipart } from './helpers/upload.js';

/** The RGBA colour of one pixel of an image, at fractions of its width and height. */
async function pixel(bytes: Buffer, fx: number, fy: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor(info.width * fx));
  const y = Math.min(info.height - 1, Math.floor(info.height * fy));
  const at = (y * info.width + x) * 4;
  return [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
}

describe('reading SVG text', () => {
  it('sniffs an SVG by its content after a BOM, XML declaration, comments and a DOCTYPE, never by its name', () => {
    const svg = '\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg [<!ENTITY e "x">]>\n<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(sniffType(Buffer.from(svg))).toBe('svg');
    expect(sniffType(Buffer.from('<svg width="1" height="1"></svg>'))).toBe('svg');
    expect(sniffType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffType(Buffer.from('<!-- never closed <svg></svg>'))).toBeNull();
    expect(sniffType(Buffer.from('Some notes about an <svg> file'))).toBeNull();
  });

  it('keeps what draws and drops what acts or fetches', () => {
    const out = sanitiseSvg(
      Buffer.from(
        '<!DOCTYPE svg [<!ENTITY e "EXPANDED">]><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)" width="10" height="10">' +
          '<script>alert(1)</script><foreignObject><p>hi</p></foreignObject>' +
          '<style>@import url(http://evil.example/x.css); rect { fill: url(http://evil.example/p.svg#a); stroke: url(#g) }</style>' +
          '<use xlink:href="http://evil.example/s.svg#x"/><use href="#local"/><image href="data:image/png;base64,AAAA"/><image href="data:text/html;base64,AAAA"/>' +
          '<rect id="local" width="10" height="10" fill="red" onclick="x()" style="fill: url(https://evil.example/f)"/><text>&e;&amp;&#65;</text></svg>',
      ),
    );
    for (const gone of ['script', 'alert', 'foreignObject', 'evil.example', 'onload', 'onclick', 'EXPANDED', 'DOCTYPE', 'data:text/html', '@import']) expect(out).not.toContain(gone);
    for (const kept of ['<use href="#local">', 'data:image/png;base64,AAAA', 'url(#g)', '<text>&amp;A</text>', 'fill="red"']) expect(out).toContain(kept);
  });

  it('sees through references disguised as character references, CSS escapes or namespace prefixes', () => {
    const out = sanitiseSvg(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" width="10" height="10" s:onload="alert(1)">' +
          '<style>rect { fill: &#117;rl(file:///etc/passwd) } circle { fill: u\\72l(http://evil.example/c) } @\\69mport "http://evil.example/i.css";</style>' +
          '<rect width="10" height="10" fill="&#117;rl(http://evil.example/x)" stroke="u\\72l(http://evil.example/y)"/>' +
          '<image href="&#104;ttp://evil.example/h.png"/><s:script>alert(2)</s:script><s:foreignObject><p>hi</p></s:foreignObject></svg>',
      ),
    );
    for (const gone of ['evil.example', 'file:', 'passwd', 'alert', 'foreignObject', 'onload', '\\']) expect(out).not.toContain(gone);
    expect(out).toContain('<rect width="10" height="10" fill="none">');
  });
});

describe.each(dialects())('SVG uploads on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let store: MediaStore;
  let server: http.Server;
  const requests: string[] = [];
  let origin = '';

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
    store = createMediaStore(t.app.services);
    // Serves a real PNG to whoever asks, and remembers that they asked.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } }).png().toBuffer();
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  async function upload(bytes: Buffer, filename = 'logo.svg') {
    const body = multipart(bytes, filename, 'image/svg+xml');
    return t.app.inject({ method: 'POST', url: mediaApi.list, payload: body.payload, headers: { ...body.headers, ...admin.headers } });
  }

  async function stored(): Promise<{ rows: number; keys: string[] }> {
    const rows = await t.app.services.db.kysely.selectFrom('media').select('id').execute();
    const keys: string[] = [];
    for await (const k of store.list()) keys.push(k.key);
    return { rows: rows.length, keys: keys.sort() };
  }

  it('stores a logo with a script, an external image and an entity as PNG and WebP, drawn right, fetching nothing', async () => {
    const logo = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [<!ENTITY company "Tujenge">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="100" viewBox="0 0 300 100">
  <script>document.location = "${origin}/script";</script>
  <rect x="0" y="0" width="150" height="100" fill="#ff0000"/>
  <rect x="150" y="0" width="150" height="100" fill="#0000ff"/>
  <image href="${origin}/external.png" x="0" y="0" width="300" height="100"/>
  <image xlink:href="${origin}/xlink.png" x="0" y="0" width="300" height="100"/>
  <rect x="0" y="0" width="10" height="10" style="fill: url(${origin}/style.svg#p)"/>
  <text x="10" y="90">&company;</text>
</svg>`);
    const res = await upload(logo);
    expect(res.statusCode, res.body).toBe(201);
    const info = res.json() as MediaInfo;
    expect(info).toMatchObject({ kind: 'image', contentType: 'image/png' });
    // Drawn at twice its size, for screens with dense pixels.
    expect([info.width, info.height]).toEqual([600, 200]);
    expect(info.variants.map((v) => [v.name, v.contentType])).toEqual([['480', 'image/webp']]);

    const original = await t.app.inject({ method: 'GET', url: info.url });
    expect(original.headers['content-type']).toBe('image/png');
    expect((await sharp(original.rawPayload).metadata()).format).toBe('png');
    // Red on the left, blue on the right: the external picture (green) was not drawn over them.
    expect(await pixel(original.rawPayload, 0.25, 0.5)).toEqual([255, 0, 0, 255]);
    expect(await pixel(original.rawPayload, 0.75, 0.5)).toEqual([0, 0, 255, 255]);
    const variant = await t.app.inject({ method: 'GET', url: info.variants[0]!.url });
    expect(variant.headers['content-type']).toBe('image/webp');
    const [r, g, b] = await pixel(variant.rawPayload, 0.25, 0.5);
    expect(r).toBeGreaterThan(230);
    expect(g + b).toBeLessThan(30);
    expect(requests).toEqual([]);
  });

  it('draws a small icon at least 480 pixels wide, and a billion-laughs file harmlessly', async () => {
    const icon = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="#00aa00"/></svg>'), 'icon.svg');
    expect(icon.statusCode, icon.body).toBe(201);
    expect((icon.json() as MediaInfo).width).toBeGreaterThanOrEqual(480);

    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE svg [
<!ENTITY lol0 "lol">
${entities}
]>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#123456"/><text>&lol10;</text></svg>`);
    const started = Date.now();
    const res = await upload(bomb, 'laughs.svg');
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(5000);
    const info = res.json() as MediaInfo;
    const served = await t.app.inject({ method: 'GET', url: info.url });
    expect(await pixel(served.rawPayload, 0.5, 0.5)).toEqual([0x12, 0x34, 0x56, 255]);
  });

  for (const [name, text, reason] of [
    ['an element left open', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g><rect width="10" height="10"/></svg>', /The SVG could not be read: the element <g> is not closed/],
    ['a file cut off', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10"', /The SVG could not be read/],
    ['two top-level elements', '<svg xmlns="http://www.w3.org/2000/svg"></svg><svg></svg>', /The SVG could not be read: there is a second top-level element/],
    ['no size at all', '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>', /The SVG could not be read/],
  ] as const) {
    it(`refuses ${name} with 400 and a clear message, storing nothing`, async () => {
      const before = await stored();
      const res = await upload(Buffer.from(text), 'broken.svg');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'file', message: expect.stringMatching(reason) } });
      expect(await stored()).toEqual(before);
    });
  }

  it('never answers with an SVG type, whatever is asked', async () => {
    const res = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="#ff8800"/></svg>'), 'square.svg');
    const info = res.json() as MediaInfo;
    for (const url of [info.url, ...info.variants.map((v) => v.url), mediaApi.one(info.id), `/media/${info.id}/original?format=svg`]) {
      const served = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/svg+xml' } });
      expect(String(served.headers['content-type']), url).not.toContain('svg');
    }
    const rows = await t.app.services.db.kysely.selectFrom('media').select('content_type').execute();
    expect(rows.map((r) => r.content_type)).not.toContain('image/svg+xml');
  });
});
