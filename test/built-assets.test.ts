/**
 * The browser app's built files are compressed once, when they are built
 * (scripts/precompress.mjs), and sent as those copies: the bytes a browser
 * gets are the build's brotli or gzip file, not a compression made again for
 * every request (which at the per-request quality would give other, larger
 * bytes). What has no copy is still compressed per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression from '../src/shared/compression.json' with { type: 'json' };
import { build, type TestApp } from './helpers/app.js';

const assetsDir = path.resolve('dist/client/assets');
const built = fs.readdirSync(assetsDir);
const scripts = built.filter((name) => /\.(js|css)$/.test(name));
/** The largest script: the one whose per-request compression would cost most. */
const largest = [...scripts].sort((a, b) => fs.statSync(path.join(assetsDir, b)).size - fs.statSync(path.join(assetsDir, a)).size)[0]!;

describe('built assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('sqlite', {}, { render: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a brotli and a gzip copy of every script and style sheet worth compressing, each the same file once decompressed and smaller', () => {
    const worth = scripts.filter((name) => fs.statSync(path.join(assetsDir, name)).size >= compression.thresholdBytes);
    expect(worth.length).toBeGreaterThan(10);
    for (const name of worth) {
      const original = fs.readFileSync(path.join(assetsDir, name));
      const br = fs.readFileSync(path.join(assetsDir, `${name}.br`));
      const gz = fs.readFileSync(path.join(assetsDir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), `${name}.br`).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), `${name}.gz`).toBe(true);
      expect(br.length, `${name}.br`).toBeLessThan(original.length);
    }
  });

  it('sends the brotli copy to a browser that takes brotli, the gzip copy to one that takes only gzip, and the file itself to one that takes neither', async () => {
    const file = (suffix = '') => fs.readFileSync(path.join(assetsDir, `${largest}${suffix}`));
    for (const [acceptEncoding, encoding, suffix] of [['br, gzip', 'br', '.br'], ['gzip', 'gzip', '.gz'], [undefined, undefined, '']] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/assets/${largest}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(largest.endsWith('.css') ? /^text\/css/ : /^application\/javascript/);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(file(suffix)), `${acceptEncoding ?? 'identity'}: the bytes of ${largest}${suffix}`).toBe(true);
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/assets/${largest}`, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(file('.br').length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('still compresses per request what the build made no copy of (a source map)', async () => {
    const map = built.find((name) => name === `${largest}.map`) ?? built.find((name) => name.endsWith('.map'));
    expect(map).toBeDefined();
    expect(built).not.toContain(`${map}.br`);
    const res = await t.app.inject({ method: 'GET', url: `/assets/${map}`, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(fs.readFileSync(path.join(assetsDir, map!)))).toBe(true);
  });

  it('answers 404 with the API error for a file the build did not make, in any spelling', async () => {
    for (const url of ['/assets/nothing-here.js', `/assets/${largest.toUpperCase()}`, '/assets/', `/assets//${largest}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'not-found' } });
    }
  });
});
