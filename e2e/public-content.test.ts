/**
 * What staff publish is what visitors see: a block published through the API
 * appears on its page at the next load, a draft never does, and unpublishing
 * removes it (the rendered-page cache is dropped on every change).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { staffApi } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();

beforeAll(async () => {
});

interface Doc {
  id: string;
  version: number;
  status: string;
}

describe('published blocks on public pages', () => {
  it('shows a published block at the next load, never a draft, and removes a block once unpublished', async () => {
    const { context, page } = await site.newPage({ javaScriptEnabled: false });
    const text = async (path: string) => {
      await page.goto(`${site.server.url}${path}`);
      return page.locator('main').innerText();
    };
    try {
      // Load the page first so it is in the rendered-page cache.
      expect(await text('/strategy')).not.toContain('Budget tracking in every ward');

      const published = await staffApi<Doc>(site.server, site.superToken, '/api/collections/secondstrategy/documents', {
        method: 'POST',
        body: { status: 'published', data: { title: 'Budget tracking in every ward', body: '<p>Citizens follow the money.</p>' } },
      });
      expect(published.status).toBe(201);
      const draft = await staffApi<Doc>(site.server, site.superToken, '/api/collections/secondstrategy/documents', {
        method: 'POST',
        body: { status: 'draft', data: { title: 'Unannounced plan for next year' } },
      });
      expect(draft.status).toBe(201);

      let main = await text('/strategy');
      expect(main).toContain('Budget tracking in every ward');
      expect(main).toContain('Citizens follow the money.');
      expect(main).not.toContain('Unannounced plan for next year');
      // Not in the server HTML's route data either.
      const html = await (await fetch(`${site.server.url}/strategy`)).text();
      expect(html).not.toContain('Unannounced plan');

      const unpublished = await staffApi<Doc>(site.server, site.superToken, `/api/collections/secondstrategy/documents/${published.body.id}`, {
        method: 'PATCH',
        ifMatch: published.body.version,
        body: { status: 'draft' },
      });
      expect(unpublished.status).toBe(200);
      main = await text('/strategy');
      expect(main).not.toContain('Budget tracking in every ward');

      // A published story gets its own page and a sitemap entry; unpublished, both go.
      const story = await staffApi<Doc>(site.server, site.superToken, '/api/collections/newstory/documents', {
        method: 'POST',
        body: { status: 'published', data: { title: 'Radio debate on the water budget', date: '2026-11-20', summary: 'Listeners called in with questions.' } },
      });
      expect(story.status).toBe(201);
      expect(await text('/')).toContain('Radio debate on the water budget');
      let res = await page.goto(`${site.server.url}/news/${story.body.id}`);
      expect(res?.status()).toBe(200);
      expect(await (await fetch(`${site.server.url}/sitemap.xml`)).text()).toContain(`/news/${story.body.id}`);
      await staffApi(site.server, site.superToken, `/api/collections/newstory/documents/${story.body.id}`, { method: 'PATCH', ifMatch: story.body.version, body: { status: 'draft' } });
      res = await page.goto(`${site.server.url}/news/${story.body.id}`);
      expect(res?.status()).toBe(404);
      expect(await (await fetch(`${site.server.url}/sitemap.xml`)).text()).not.toContain(`/news/${story.body.id}`);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('updates the header and footer when the site settings change', async () => {
    const current = await staffApi<{ data: Record<string, unknown>; version: number }>(site.server, site.superToken, '/api/settings');
    expect(current.status).toBe(200);
    const saved = await staffApi(site.server, site.superToken, '/api/settings', {
      method: 'PUT',
      ifMatch: current.body.version,
      body: { data: { ...current.body.data, contactEmail: 'hello@tujenge.example.org' } },
    });
    expect([200, 201]).toContain(saved.status);
    const html = await (await fetch(`${site.server.url}/events`)).text();
    expect(html).toContain('hello@tujenge.example.org');
  });
});
