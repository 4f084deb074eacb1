/**
 * The staff screens of a section's collection (`/s-…` lists, `/s-…-form/:id`
 * forms) have no declared route: their names are data. The server sends the
 * staff app's shell for them (not the public not-found page), and nothing
 * else changes for other unknown paths. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';

describe.each(dialects())('section collection screens on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
  });
  afterAll(async () => t?.close());

  it('answers the list and form paths of a section collection with the staff shell', async () => {
    for (const url of ['/s-abcdefghij', '/s-abcdefghij-form/new', '/s-abcdefghij-form/x1Y2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Content manager</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('still answers other unknown paths with the not-found page', async () => {
    for (const url of ['/s-short', '/s-abcdefghij/more/x', '/x-abcdefghij']) {
      const res = await t.app.inject({ method: 'GET', url });
      if (url === '/s-abcdefghij/more/x') {
        // The first segment names the screen; the staff app says what is not there.
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>Content manager</title>');
    }
  });
});
