/**
 * The security and caching headers of every kind of answer the server gives:
 * public pages (rendered afresh, from the cache, revalidated), the page bundle,
 * media, static assets, the health check, API errors, staff screens and the
 * sign-in cookie. The expected sets are written out below as the server sent
 * them before the request path was made leaner; any header that appears,
 * disappears or changes value fails this test.
 *
 * Values that change from run to run are reduced to their shape: ETags to
 * `"<hash>"` (with their coding suffix or weak prefix), cookie values to
 * `<token>`, Last-Modified to `<date>`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightPagesVary } from '../src/shared/light-pages.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { multipartFile as multipart } from './helpers/upload.js';

/** Headers that say nothing about security or caching, or change with every answer. */
const ignored = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

type Snapshot = { status: number; headers: Record<string, string> };

function shape(name: string, value: string): string {
  if (name === 'etag') {
    // @fastify/static's weak ETag is the size and modification time in hex.
    if (/^W\/"[0-9a-f]+-[0-9a-f]+"$/.test(value)) return 'W/"<size>-<mtime>"';
    return value.replace(/^"(.*?)(-br|-gzip)?"$/, (_m, _hash: string, suffix: string | undefined) => `"<hash>${suffix ?? ''}"`);
  }
  if (name === 'last-modified') return '<date>';
  // What is left of the limit and of its window (seconds) change from request to request.
  if (name === 'x-ratelimit-remaining' || name === 'x-ratelimit-reset') return '<n>';
  if (name === 'content-range') return value.replace(/\d+/g, 'n');
  if (name === 'set-cookie') return value.replace(/^([^=]+)=([^;]*)/, (_m, cookie: string, token: string) => `${cookie}=${token ? '<token>' : ''}`);
  return value;
}

function snapshot(res: LightMyRequestResponse): Snapshot {
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(res.headers)) {
    if (ignored.has(name) || raw === undefined) continue;
    const values = Array.isArray(raw) ? raw : [String(raw)];
    headers[name] = values.map((v) => shape(name, v)).join(' || ');
  }
  return { status: res.statusCode, headers: Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b))) };
}

async function pngBytes(): Promise<Buffer> {
  const [r, g, b] = crypto.randomBytes(3);
  // Wide enough for a 480 px variant, noisy enough that the variant is smaller than the original.
  const raw = crypto.randomBytes(1200 * 800 * 3);
  for (let i = 0; i < raw.length; i += 3) {
    raw[i] = (raw[i]! & 0x0f) + r!;
    raw[i + 1] = (raw[i + 1]! & 0x0f) + g!;
    raw[i + 2] = (raw[i + 2]! & 0x0f) + b!;
  }
  return sharp(raw, { raw: { width: 1200, height: 800, channels: 3 } })
    .png()
    .toBuffer();
}

/** A built JavaScript file of the public entry (hashed name, larger than the compression threshold). */
function builtAsset(): string {
  const dir = path.resolve('dist/client/assets');
  const name = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .find((f) => fs.statSync(path.join(dir, f)).size > 4096);
  if (!name) throw new Error('no built JavaScript file in dist/client/assets');
  return `/assets/${name}`;
}

const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

// Security headers every answer of the app carries (helmet's set and our policy).
const csp =
  "default-src 'self';base-uri 'none';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'";
const secure = {
  'content-security-policy': csp,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const html = 'text/html; charset=utf-8';
const json = 'application/json; charset=utf-8';
const revalidate = 'public, max-age=0, must-revalidate';

interface Case {
  name: string;
  request: () => Promise<InjectOptions> | InjectOptions;
  expected: Snapshot;
}

describe.each(dialects())('security and caching headers on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let nobody: TestUser;
  let variantUrl: string;
  let originalUrl: string;
  let mediaId: string;
  let uploaded: Buffer;
  const signIn = { email: 'headers@example.org', password: 'a long and unusual passphrase 42' };

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    admin = await createUser(t.app, 'admin', signIn);
    nobody = await createUser(t.app, 'none');
    uploaded = await pngBytes();
    const form = multipart(uploaded, 'headers.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: '/api/media', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    const info = res.json() as { id: string; url: string; variants: { name: string; url: string }[] };
    mediaId = info.id;
    const variant = info.variants.find((v) => v.name === '480');
    if (!variant) throw new Error(`the upload has no 480 variant: ${JSON.stringify(info.variants)}`);
    variantUrl = variant.url;
    originalUrl = info.url;
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = async (options: InjectOptions) => t.app.inject(options);
  const etagOf = async (url: string, headers: Record<string, string> = {}) => String((await inject({ method: 'GET', url, headers })).headers.etag);

  const cases: Case[] = [
    {
      name: 'public page, rendered afresh after a change (miss)',
      request: () => {
        t.app.services.changes.publish({ type: 'reset' });
        return { method: 'GET', url: '/', headers: browser };
      },
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-encoding': 'br', 'content-language': 'en', 'content-type': html, etag: '"<hash>-br"', vary: lightPagesVary } },
    },
    {
      name: 'public page from the cache (hit, brotli)',
      request: () => ({ method: 'GET', url: '/', headers: browser }),
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-encoding': 'br', 'content-language': 'en', 'content-type': html, etag: '"<hash>-br"', vary: lightPagesVary } },
    },
    {
      name: 'public page from the cache (hit, gzip)',
      request: () => ({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-encoding': 'gzip', 'content-language': 'en', 'content-type': html, etag: '"<hash>-gzip"', vary: lightPagesVary } },
    },
    {
      name: 'public page from the cache (hit, identity)',
      request: () => ({ method: 'GET', url: '/' }),
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-language': 'en', 'content-type': html, etag: '"<hash>"', vary: lightPagesVary } },
    },
    {
      name: 'public page revalidated (304)',
      request: async () => ({ method: 'GET', url: '/', headers: { ...browser, 'if-none-match': await etagOf('/', browser) } }),
      expected: { status: 304, headers: { ...secure, 'cache-control': revalidate, etag: '"<hash>-br"', vary: lightPagesVary } },
    },
    {
      name: 'the not-found page',
      request: () => ({ method: 'GET', url: '/nowhere', headers: browser }),
      // In the language of the address (here the default one), as any page.
      expected: { status: 404, headers: { ...secure, 'cache-control': 'no-cache', 'content-encoding': 'br', 'content-language': 'en', 'content-type': html, etag: '"<hash>-br"', vary: lightPagesVary } },
    },
    {
      name: 'a trailing slash redirected',
      request: () => ({ method: 'GET', url: '/about/', headers: browser }),
      // Like every redirect of an address: kept five minutes by browsers and shared caches.
      expected: { status: 301, headers: { ...secure, 'cache-control': 'public, max-age=300', location: '/about' } },
    },
    {
      name: 'sitemap',
      request: () => ({ method: 'GET', url: '/sitemap.xml', headers: browser }),
      expected: {
        status: 200,
        headers: { ...secure, 'cache-control': revalidate, 'content-encoding': 'br', 'content-type': 'application/xml; charset=utf-8', etag: '"<hash>-br"', vary: 'Accept-Encoding' },
      },
    },
    {
      name: 'robots.txt',
      request: () => ({ method: 'GET', url: '/robots.txt' }),
      expected: { status: 200, headers: { ...secure, 'cache-control': 'public, max-age=3600', 'content-type': 'text/plain; charset=utf-8', etag: '"<hash>"', vary: 'Accept-Encoding' } },
    },
    {
      name: 'page bundle API (brotli)',
      request: () => ({ method: 'GET', url: '/api/pages/home', headers: { 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-encoding': 'br', 'content-type': json, etag: '"<hash>-br"', vary: 'Accept-Encoding' } },
    },
    {
      name: 'page bundle API (identity)',
      request: () => ({ method: 'GET', url: '/api/pages/home' }),
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-type': json, etag: '"<hash>"', vary: 'Accept-Encoding' } },
    },
    {
      name: 'page bundle API revalidated (304)',
      request: async () => ({ method: 'GET', url: '/api/pages/home', headers: { 'if-none-match': await etagOf('/api/pages/home') } }),
      expected: { status: 304, headers: { ...secure, 'cache-control': revalidate, etag: '"<hash>"', vary: 'Accept-Encoding' } },
    },
    {
      name: 'media variant',
      request: () => ({ method: 'GET', url: variantUrl, headers: { 'accept-encoding': 'br, gzip' } }),
      expected: {
        status: 200,
        headers: {
          ...secure,
          'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          'content-type': 'image/webp',
          'cross-origin-resource-policy': 'cross-origin',
          etag: '"<hash>"',
        },
      },
    },
    {
      name: 'media variant revalidated (304)',
      request: async () => ({ method: 'GET', url: variantUrl, headers: { 'if-none-match': await etagOf(variantUrl) } }),
      expected: {
        status: 304,
        headers: {
          ...secure,
          'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          'content-type': 'image/webp',
          'cross-origin-resource-policy': 'cross-origin',
          etag: '"<hash>"',
        },
      },
    },
    {
      name: 'media original, a range of it',
      request: () => ({ method: 'GET', url: originalUrl, headers: { range: 'bytes=0-99' } }),
      expected: {
        status: 206,
        headers: {
          ...secure,
          'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=31536000, immutable',
          'content-range': 'bytes n-n/n',
          'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          'content-type': 'image/png',
          'cross-origin-resource-policy': 'cross-origin',
          etag: '"<hash>"',
        },
      },
    },
    {
      name: 'media that does not exist',
      request: () => ({ method: 'GET', url: `/media/${'0'.repeat(64)}/480` }),
      expected: { status: 404, headers: { ...secure, 'content-type': json } },
    },
    {
      name: 'static asset (brotli)',
      request: () => ({ method: 'GET', url: builtAsset(), headers: { 'accept-encoding': 'br, gzip' } }),
      expected: {
        status: 200,
        headers: {
          ...secure,
          'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=31536000, immutable',
          'content-encoding': 'br',
          'content-type': 'application/javascript; charset=utf-8',
          etag: 'W/"<size>-<mtime>"',
          'last-modified': '<date>',
          vary: 'accept-encoding',
        },
      },
    },
    {
      name: 'static asset (identity)',
      request: () => ({ method: 'GET', url: builtAsset() }),
      expected: {
        status: 200,
        headers: {
          ...secure,
          'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=31536000, immutable',
          'content-type': 'application/javascript; charset=utf-8',
          etag: 'W/"<size>-<mtime>"',
          'last-modified': '<date>',
          // The file itself was chosen over its brotli and gzip copies (scripts/precompress.mjs) by Accept-Encoding.
          vary: 'accept-encoding',
        },
      },
    },
    {
      name: 'health check',
      request: () => ({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': 'no-store', 'content-type': json } },
    },
    {
      name: 'the registry, a dynamic API answer large enough to compress',
      request: () => ({ method: 'GET', url: '/api/collections', headers: { 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'content-encoding': 'br', 'content-type': json, vary: 'accept-encoding' } },
    },
    {
      name: 'documents listed by a visitor',
      request: () => ({ method: 'GET', url: '/api/collections/newstory/documents', headers: { 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': revalidate, 'content-type': json, vary: 'Authorization' } },
    },
    {
      name: 'documents listed by staff',
      request: () => ({ method: 'GET', url: '/api/collections/customer/documents', headers: { ...admin.headers, 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': 'private, no-store', 'content-type': json, vary: 'Authorization' } },
    },
    {
      name: 'API error: 401 without a token',
      request: () => ({ method: 'POST', url: '/api/collections/home/documents', payload: { data: {} } }),
      expected: { status: 401, headers: { ...secure, 'content-type': json } },
    },
    {
      name: 'API error: 401 for a malformed token',
      request: () => ({ method: 'GET', url: '/api/collections', headers: { authorization: 'Bearer not-a-jwt' } }),
      expected: { status: 401, headers: { ...secure, 'content-type': json } },
    },
    {
      name: 'API error: 403 without the right',
      request: () => ({ method: 'GET', url: '/api/collections/customer/documents', headers: nobody.headers }),
      expected: { status: 403, headers: { ...secure, 'content-type': json } },
    },
    {
      name: 'API error: 404 no such endpoint',
      request: () => ({ method: 'GET', url: '/api/nowhere' }),
      expected: { status: 404, headers: { ...secure, 'content-type': json } },
    },
    {
      name: 'staff screen',
      request: () => ({ method: 'GET', url: '/user', headers: browser }),
      expected: { status: 200, headers: { ...secure, 'cache-control': 'no-store', 'content-encoding': 'br', 'content-type': html, etag: '"<hash>-br"', vary: 'Accept-Encoding' } },
    },
    {
      name: 'media upload (the same bytes again)',
      request: async () => {
        const form = multipart(uploaded, 'headers.png', 'image/png');
        return { method: 'POST', url: '/api/media', headers: { ...admin.headers, ...form.headers }, payload: form.payload };
      },
      expected: {
        status: 200,
        headers: { ...secure, 'cache-control': 'no-store', 'content-type': json, 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '<n>', 'x-ratelimit-reset': '<n>' },
      },
    },
    {
      name: 'media described to staff',
      request: () => ({ method: 'GET', url: `/api/media/${mediaId}`, headers: { ...admin.headers, 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': 'no-cache', 'content-type': json } },
    },
    {
      name: 'document created by staff',
      request: () => ({ method: 'POST', url: '/api/collections/category/documents', headers: { ...admin.headers, 'accept-encoding': 'br, gzip' }, payload: { status: 'draft', data: { name: 'Headers' } } }),
      expected: { status: 201, headers: { ...secure, 'cache-control': 'no-store', 'content-type': json, etag: '"<hash>"' } },
    },
    {
      name: 'password policy',
      request: () => ({ method: 'GET', url: '/api/auth/password-policy', headers: { 'accept-encoding': 'br, gzip' } }),
      expected: { status: 200, headers: { ...secure, 'cache-control': 'public, max-age=300', 'content-type': json } },
    },
    {
      name: 'sign-in sets the refresh cookie',
      request: () => ({ method: 'POST', url: '/api/auth/sign-in', payload: signIn }),
      expected: {
        status: 200,
        headers: {
          ...secure,
          'cache-control': 'no-store',
          'content-type': json,
          'set-cookie': 'refresh_token=<token>; Max-Age=3600; Path=/api/auth; HttpOnly; SameSite=Strict || staff=<token>; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax || signin_device=<token>; Max-Age=15552000; Path=/api/auth; HttpOnly; SameSite=Strict',
        },
      },
    },
    {
      name: 'sign-in refused',
      request: () => ({ method: 'POST', url: '/api/auth/sign-in', payload: { email: signIn.email, password: 'not the password' } }),
      expected: { status: 401, headers: { ...secure, 'content-type': json } },
    },
    {
      name: 'refresh without a cookie clears it',
      request: () => ({ method: 'POST', url: '/api/auth/refresh' }),
      expected: {
        status: 401,
        headers: {
          ...secure,
          'content-type': json,
          'set-cookie': 'refresh_token=; Max-Age=0; Path=/api/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict || staff=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
        },
      },
    },
    {
      name: 'sign-out clears the cookie',
      request: () => ({ method: 'POST', url: '/api/auth/sign-out' }),
      expected: {
        status: 204,
        headers: { ...secure, 'set-cookie': 'refresh_token=; Max-Age=0; Path=/api/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict || staff=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax' },
      },
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await inject(await c.request());
    const got = snapshot(res);
    expect(got).toEqual({ status: c.expected.status, headers: Object.fromEntries(Object.entries(c.expected.headers).sort(([a], [b]) => a.localeCompare(b))) });
  });
});

// Behind https the policy asks browsers to upgrade requests, HSTS is sent and the cookie is Secure.
describe('security headers when the site is served over https', () => {
  let t: TestApp;
  const signIn = { email: 'https@example.org', password: 'another long and unusual passphrase 7' };
  beforeAll(async () => {
    t = await build('sqlite', { publicUrl: 'https://www.tujenge.example.org' }, { render: true });
    await createUser(t.app, 'admin', signIn);
  });
  afterAll(async () => {
    await t?.close();
  });

  const https = {
    ...secure,
    'content-security-policy': csp.replace(";connect-src 'self'", ";upgrade-insecure-requests;connect-src 'self'"),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };
  const cases: Case[] = [
    {
      name: 'public page',
      request: () => ({ method: 'GET', url: '/', headers: browser }),
      expected: { status: 200, headers: { ...https, 'cache-control': revalidate, 'content-encoding': 'br', 'content-language': 'en', 'content-type': html, etag: '"<hash>-br"', vary: lightPagesVary } },
    },
    {
      name: 'health check',
      request: () => ({ method: 'GET', url: '/api/health' }),
      expected: { status: 200, headers: { ...https, 'cache-control': 'no-store', 'content-type': json } },
    },
    {
      name: 'sign-in sets a Secure cookie',
      request: () => ({ method: 'POST', url: '/api/auth/sign-in', payload: signIn }),
      expected: {
        status: 200,
        headers: { ...https, 'cache-control': 'no-store', 'content-type': json, 'set-cookie': '__Secure-refresh_token=<token>; Max-Age=3600; Path=/api/auth; HttpOnly; Secure; SameSite=Strict || __Host-staff=<token>; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax || __Secure-signin_device=<token>; Max-Age=15552000; Path=/api/auth; HttpOnly; Secure; SameSite=Strict' },
      },
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const got = snapshot(await t.app.inject(await c.request()));
    expect(got).toEqual({ status: c.expected.status, headers: Object.fromEntries(Object.entries(c.expected.headers).sort(([a], [b]) => a.localeCompare(b))) });
  });
});
