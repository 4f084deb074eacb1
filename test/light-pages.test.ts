/**
 * Light pages (src/shared/light-pages.ts) over real HTTP: `Save-Data: on` or
 * the footer's switch (a cookie) gives pages without pictures behind text,
 * with every other picture at one image pixel per CSS pixel and a carousel
 * that does not play by itself; every page says `Vary: Save-Data, Cookie`,
 * the light copy is kept apart from the full one (in the fast lane too), and
 * both follow a change. The switch sets the cookie and comes back, only to
 * this site.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { lightPagesVary } from '../src/shared/light-pages.js';
import { buildApp } from '../src/server/app.js';
import { testConfig } from './helpers/app.js';
import { createMigratedTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { publishChange } from './helpers/content.js';
import { uploadMedia } from './helpers/upload.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function noisyPng(): Promise<Buffer> {
  const raw = crypto.randomBytes(1200 * 800 * 3);
  return sharp(raw, { raw: { width: 1200, height: 800, channels: 3 } }).png().toBuffer();
}

/** The `sizes` of every picture source and image of a page, in order. */
const sizesIn = (html: string) => [...html.matchAll(/\ssizes="([^"]*)"/g)].map((m) => m[1]);

describe.each(dialects())('light pages on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: TestUser;
  let origin = '';
  let slide: ContentDocument;

  beforeAll(async () => {
    db = await createMigratedTestDatabase(dialect);
    app = await buildApp(testConfig(db), { logger: false, render: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await createUser(app, 'admin');
    const picture = await uploadMedia(app, admin, await noisyPng(), 'market.png', 'image/png');
    const image = { mediaId: picture.id, alt: 'Traders at the county market' };
    const create = async (collection: string, data: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: `/api/collections/${collection}/documents`, headers: admin.headers, payload: { status: 'published', data } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as ContentDocument;
    };
    // Two home slides (the carousel), one slide on /about (its hero) and a section with a picture beside its text.
    slide = await create('home', { title: 'Voices from the county assemblies', image });
    await create('home', { title: 'Water for every ward', image });
    await create('aboutslide', { title: 'Who we are', image });
    await create('aboutvision', { title: 'Our vision', body: '<p>Communities that hold power to account.</p>', image });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      http
        .get(`${origin}${path}`, { headers: { accept: 'text/html', ...headers }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  it('draws no picture behind text, takes smaller copies of the others and does not autoplay with Save-Data: on', async () => {
    const full = await get('/about');
    const light = await get('/about', { 'save-data': 'on' });
    expect(full.status).toBe(200);
    expect(light.status).toBe(200);
    for (const answer of [full, light]) expect(answer.headers.vary).toBe(lightPagesVary);
    expect(light.headers.etag).not.toBe(full.headers.etag);

    // The hero's picture, behind the page title, is gone; the section's picture stays, at half the slot.
    expect(full.body).toContain('class="hero-image"');
    expect(light.body).not.toContain('hero-image');
    expect(light.body).toContain('class="hero"');
    expect(sizesIn(full.body)).toEqual(expect.arrayContaining(['100vw', '(min-width: 1024px) 560px, 100vw']));
    expect(sizesIn(light.body)).toEqual(['(min-width: 1024px) 280px, 50vw', '(min-width: 1024px) 280px, 50vw']);

    // The home carousel: no slide pictures, nothing preloaded, and its props say light (it starts paused).
    const home = await get('/');
    const lightHome = await get('/', { 'save-data': 'On' });
    expect(home.body).toContain('class="slide-image"');
    expect(home.body).toMatch(/<link rel="preload" as="image"/);
    expect(lightHome.body).not.toContain('slide-image');
    expect(lightHome.body).not.toMatch(/<link rel="preload" as="image"/);
    expect(lightHome.body).toContain('carousel-slide slide-plain');
    const props = /<script type="application\/json" data-island-props="carousel">([^<]*)<\/script>/.exec(lightHome.body)?.[1];
    expect(props).toBeTruthy();
    const parsed = JSON.parse(props ?? '{}') as { light?: boolean; media?: object };
    expect(parsed.light).toBe(true);
    expect(parsed.media).toEqual({});
  });

  it('follows the visitor’s choice in the cookie over the header, and offers the switch back in the footer', async () => {
    const byCookie = await get('/about', { cookie: 'theme=dark; light=1' });
    expect(byCookie.body).not.toContain('hero-image');
    expect(byCookie.body).toContain('href="/light-pages?off&amp;back=%2Fabout"');
    expect(byCookie.body).toContain('Light pages are on: show full pages');
    const refused = await get('/about', { cookie: 'light=0', 'save-data': 'on' });
    expect(refused.body).toContain('class="hero-image"');
    expect(refused.body).toContain('href="/light-pages?on&amp;back=%2Fabout"');
    expect(refused.body).toContain('Light pages: fewer and smaller pictures');
    // Any other value of Save-Data is not a request for less.
    expect((await get('/about', { 'save-data': 'off' })).body).toContain('class="hero-image"');
  });

  it('keeps the light copy apart from the full one in the fast lane, and answers there as Fastify does', async () => {
    for (const headers of [{}, { 'save-data': 'on' }, { cookie: 'light=1' }] as Record<string, string>[]) {
      // The first answer keeps the page; the next comes from the lane.
      const routes = await get('/about', headers);
      const before = app.fastLane.served;
      const lane = await get('/about', headers);
      expect(app.fastLane.served - before).toBe(1);
      expect(lane.body).toBe(routes.body);
      expect(lane.headers.etag).toBe(routes.headers.etag);
      expect(lane.headers.vary).toBe(lightPagesVary);
    }
    const full = await get('/about');
    const light = await get('/about', { 'save-data': 'on' });
    expect(full.body).toContain('hero-image');
    expect(light.body).not.toContain('hero-image');
  });

  it('renders the light copy again after a change, like the full one', async () => {
    await get('/', { 'save-data': 'on' });
    const saved = await publishChange(app, admin, slide, { title: 'Budget hearings in every ward' });
    expect(saved.statusCode, saved.body).toBe(200);
    const light = await get('/', { 'save-data': 'on' });
    expect(light.body).toContain('Budget hearings in every ward');
    expect(light.body).not.toContain('Voices from the county assemblies');
  });

  it('switches with a plain link: sets the cookie, comes back to the page, never to another site', async () => {
    const on = await get('/light-pages?on&back=%2Fabout');
    expect(on.status).toBe(303);
    expect(on.headers.location).toBe('/about');
    expect(on.headers['cache-control']).toBe('no-store');
    const cookie = String(on.headers['set-cookie']);
    expect(cookie).toMatch(/^light=1;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const off = await get('/light-pages?off&back=%2Fsw%2Fkuhusu');
    expect(off.headers.location).toBe('/sw/kuhusu');
    expect(String(off.headers['set-cookie'])).toMatch(/^light=0;/);
    for (const back of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '']) {
      const res = await get(`/light-pages?on&back=${encodeURIComponent(back)}`);
      expect(res.headers.location, back).toBe('/');
    }
    const neither = await app.inject({ method: 'GET', url: '/light-pages' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'on' } });
    expect(neither.headers['set-cookie']).toBeUndefined();
  });

  it('answers the contact form posted without JavaScript as light pages when asked', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams({ name: '', email: '', message: '' }).toString() });
    const light = await post({ 'save-data': 'on' });
    expect(light.statusCode).toBe(400);
    expect(light.body).toContain('Light pages are on: show full pages');
    const byCookie = await post({ cookie: 'light=1' });
    expect(byCookie.body).toContain('Light pages are on: show full pages');
    const full = await post({});
    expect(full.statusCode).toBe(400);
    expect(full.body).toContain('Light pages: fewer and smaller pictures');
  });

  it('keeps the switch out of search engines', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /light-pages\n');
  });
});
