/**
 * What the server must never expose, asked as a scanner would (ASVS 13.4.1,
 * 13.4.3, 13.4.4): the source tree's hidden folders and files, a listing of
 * any folder, and the TRACE method, which would echo a request's headers
 * (cookies included) back to a script.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app.js';
import { createUser, type TestUser } from './helpers/users.js';

describe('what the server never exposes', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    t = await build('sqlite', {}, { render: true });
    app = t.app;
    admin = await createUser(app, 'admin');
  });
  afterAll(async () => t?.close());

  it('answers no hidden file or folder of the source tree: .git, .env, the data folder, package files', async () => {
    for (const url of ['/.git/config', '/.git/HEAD', '/.env', '/.ci/run', '/data/auth-secret', '/package.json', '/package-lock.json', '/src/server/config.ts', '/dist/server/main.js', '/assets/../package.json', '/assets/%2e%2e/package.json', '/media/..%2f..%2fpackage.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect([301, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/"name":\s*"ngo-site"|\[core\]|repositoryformatversion|AUTH_SECRET|export function/);
    }
  });

  it('lists no folder: /assets/, /media/ and /api/ answer no index of their files', async () => {
    for (const url of ['/assets/', '/media/', '/api/', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toMatch(/Index of|<a href="[^"]*\.(js|css|webp|avif)"/);
    }
    // `/media` and `/assets` without the slash are no folders either: the staff media library's screen, or not found.
    for (const url of ['/media', '/assets']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/Index of|<a href="[^"]*\.(js|css|webp|avif)"/);
    }
  });

  it('answers TRACE with no echo of the request, signed in or not', async () => {
    for (const url of ['/', '/about', '/api/health', '/api/collections/customer/documents']) {
      const res = await app.inject({ method: 'TRACE', url, headers: { ...admin.headers, cookie: 'refresh_token=a-secret-cookie-value' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('a-secret-cookie-value');
      expect(res.body, url).not.toContain(admin.token);
    }
  });
});
