/**
 * The public pages as visitors and search engines get them from the built
 * server: every page's seeded blocks in the server HTML (JavaScript off),
 * hydration without errors (JavaScript on), metadata and JSON-LD, the
 * sitemap and robots, story and event pages, and the not-found page.
 * With JavaScript only the islands (the carousel, the contact form) hydrate.
 */
import { describe, expect, it } from 'vitest';
import { watchConsole } from './helpers/browser.js';
import { bundleOf, jsonLdTypes, publicPages, watchIslandHydration } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();

/** Every published block of the page, with the text it shows. */
function expectedBlocks(bundle: Awaited<ReturnType<typeof bundleOf>>) {
  return Object.values(bundle.sections).flatMap((docs) => docs.map((d) => ({ id: d.id, title: String(d.data.title ?? d.data.name ?? d.data.caption ?? '') })));
}

describe('server-rendered public pages', () => {
  it('renders every page with its seeded blocks when JavaScript is off', async () => {
    const { context, page } = await site.newPage({ javaScriptEnabled: false });
    try {
      for (const p of publicPages) {
        const bundle = await bundleOf(site.server, p.name);
        const blocks = expectedBlocks(bundle);
        expect(blocks.length, `${p.path} has seeded blocks`).toBeGreaterThan(0);
        const res = await page.goto(`${site.server.url}${p.path}`);
        expect(res?.status(), p.path).toBe(200);
        await expect(page.locator('h1').count()).resolves.toBe(1);
        for (const b of blocks) {
          await expect(page.locator(`[data-block="${b.id}"]`).count(), `${p.path} block ${b.title}`).resolves.toBeGreaterThan(0);
          if (b.title) expect(await page.locator(`[data-block="${b.id}"]`).first().innerText(), `${p.path} shows ${b.title}`).toContain(b.title.slice(0, 30));
        }
        // Header and footer come from the site settings.
        await expect(page.locator('footer').innerText()).resolves.toContain('info@');
      }
      // Images: sizes from the variants, dimensions set, the first slide first, the rest lazy.
      await page.goto(`${site.server.url}/`);
      const images = await page.locator('main img').evaluateAll((els) =>
        (els as HTMLImageElement[]).map((i) => ({ srcset: i.getAttribute('srcset'), sizes: i.getAttribute('sizes'), width: i.getAttribute('width'), height: i.getAttribute('height'), loading: i.getAttribute('loading'), priority: i.getAttribute('fetchpriority'), decoding: i.getAttribute('decoding'), bg: i.style.backgroundColor })),
      );
      expect(images.length).toBeGreaterThan(3);
      expect(images[0]).toMatchObject({ loading: 'eager', priority: 'high' });
      expect(images[0]!.srcset).toMatch(/\/media\/[^ ]+\/480 480w, .*\/960 960w/);
      for (const img of images.slice(1)) expect(img).toMatchObject({ loading: 'lazy', decoding: 'async', priority: null });
      for (const img of images) {
        expect(Number(img.width) * Number(img.height)).toBeGreaterThan(0);
        expect(img.sizes).toBeTruthy();
        expect(img.bg, 'dominant colour placeholder').toMatch(/^rgb/);
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('hydrates the islands of every page with JavaScript on, changing none of their server markup, without console errors or hydration warnings', async () => {
    const { context, page } = await site.newPage();
    await context.addInitScript(watchIslandHydration);
    const watch = watchConsole(page);
    const apiCalls: string[] = [];
    const stylesheets = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(r.url());
      if (r.resourceType() === 'stylesheet') stylesheets.add(r.url());
    });
    const islandsOf: Record<string, string[]> = {};
    try {
      for (const p of publicPages) {
        await page.goto(`${site.server.url}${p.path}`, { waitUntil: 'networkidle' });
        // The header's plain script marks it once the menus work.
        await page.locator('.site-header[data-enhanced]').waitFor({ timeout: 10_000 });
        const islands = page.locator('[data-island]');
        const names = await islands.evaluateAll((els) => els.map((e) => e.getAttribute('data-island') ?? ''));
        for (let i = 0; i < names.length; i++) await islands.nth(i).and(page.locator('[data-hydrated]')).waitFor({ timeout: 10_000 });
        islandsOf[p.path] = names;
        // Hydrating took the server's markup as it was: no node replaced, no text rewritten.
        await expect(page.evaluate(() => (window as unknown as { hydrationChanges: string[] }).hydrationChanges), p.path).resolves.toEqual([]);
      }
      expect(watch.errors).toEqual([]);
      // The home page has both islands; a page with one slide has none.
      expect(islandsOf['/']).toEqual(['carousel', 'contact']);
      expect(Object.values(islandsOf).some((names) => names.length === 0)).toBe(true);
      // The islands' props travel in the HTML: hydrating makes no API request.
      expect(apiCalls).toEqual([]);
      // One stylesheet for every page (cached after the first).
      expect(stylesheets.size).toBe(1);
      // Following a link loads the next page server-rendered, with its own head.
      await page.goto(`${site.server.url}/`, { waitUntil: 'networkidle' });
      await page.locator('.site-header[data-enhanced]').waitFor();
      await page.locator('footer a[href="/history"]').click();
      await page.waitForURL(`${site.server.url}/history`);
      // Scroll resets to the top on navigation (the link was at the bottom of the page).
      await expect.poll(() => page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Our History');
      await expect(page.title()).resolves.toMatch(/^Our History/);
      await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${site.server.url}/history`);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('has the content once in the HTML: no page-data copy, no inline executable script, only each island\'s own props', async () => {
    for (const p of publicPages) {
      const html = await (await fetch(`${site.server.url}${p.path}`)).text();
      expect(html, p.path).not.toContain('route-data');
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
      for (const attrs of scripts) expect(attrs, `${p.path}: ${attrs}`).toMatch(/type="application\/(ld\+)?json"|\ssrc="\/assets\//);
      // Each island's props block follows it and names it.
      const islands = [...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]);
      const props = [...html.matchAll(/<script type="application\/json" data-island-props="(\w+)">/g)].map((m) => m[1]);
      expect(props, p.path).toEqual(islands);
    }
    // The carousel's props hold its slides and their pictures only, not the page's other blocks.
    const home = await (await fetch(`${site.server.url}/`)).text();
    const bundle = await bundleOf(site.server, 'home');
    const carousel = JSON.parse(home.match(/<script type="application\/json" data-island-props="carousel">(.*?)<\/script>/)![1]!) as { slides: { id: string }[]; media: Record<string, unknown> };
    const slides = Object.values(bundle.sections).find((docs) => docs.some((d) => d.id === carousel.slides[0]?.id))!;
    expect(carousel.slides.map((s) => s.id)).toEqual(slides.map((d) => d.id));
    expect(Object.keys(carousel.media)).toHaveLength(slides.length);
  });

  it('shows event times in UTC without JavaScript and in the visitor\'s own time zone with it', async () => {
    const events = await bundleOf(site.server, 'events');
    const event = (events.sections.thirdevents ?? []).find((e) => typeof e.data.startsAt === 'string');
    if (!event) throw new Error('the demo has no event with a start');
    const starts = new Date(String(event.data.startsAt));
    const utc = `${starts.getUTCHours()}`.padStart(2, '0') + ':' + `${starts.getUTCMinutes()}`.padStart(2, '0');
    // Nairobi is UTC+3 all year.
    const nairobi = `${(starts.getUTCHours() + 3) % 24}`.padStart(2, '0') + ':' + `${starts.getUTCMinutes()}`.padStart(2, '0');
    for (const js of [false, true]) {
      const { context, page } = await site.newPage({ javaScriptEnabled: js, timezoneId: 'Africa/Nairobi', viewport: { width: 1280, height: 900 } });
      try {
        for (const path of ['/events', `/events/${event.id}`]) {
          await page.goto(`${site.server.url}${path}`);
          const time = page.locator(`time[datetime="${String(event.data.startsAt)}"][data-local="datetime"]`).first();
          // The page's script rewrites the time once it runs: on a busy machine that is more than poll's default second.
          if (js) await expect.poll(() => time.textContent(), { message: path, timeout: 15_000 }).toContain(`${nairobi} GMT+3`);
          else await expect(time.textContent(), path).resolves.toContain(`${utc} UTC`);
        }
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it('gives each page its title, description, canonical link, Open Graph and Twitter tags and JSON-LD', async () => {
    const { context, page } = await site.newPage({ javaScriptEnabled: false });
    try {
      for (const p of publicPages) {
        await page.goto(`${site.server.url}${p.path}`);
        const head = page.locator('head');
        await expect(head.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(`${site.server.url}${p.path}`);
        await expect(head.locator('meta[name="description"]').getAttribute('content')).resolves.toBeTruthy();
        await expect(head.locator('meta[property="og:title"]').getAttribute('content')).resolves.toContain(p.name === 'home' ? 'Tujenge' : p.title);
        await expect(head.locator('meta[property="og:url"]').getAttribute('content')).resolves.toBe(`${site.server.url}${p.path}`);
        const image = await head.locator('meta[property="og:image"]').getAttribute('content');
        expect(image, `${p.path} og:image`).toMatch(new RegExp(`^${site.server.url}/media/`));
        await expect(head.locator('meta[name="twitter:card"]').getAttribute('content')).resolves.toBe('summary_large_image');
        const imageRes = await fetch(image!);
        expect(imageRes.headers.get('content-type'), `${p.path} og:image is an image`).toMatch(/^image\//);
        const types = jsonLdTypes(await head.locator('script[type="application/ld+json"]').allTextContents());
        if (p.name === 'home') expect(types).toContain('NGO');
        else expect(types).toContain('BreadcrumbList');
        if (p.name === 'events') expect(types).toContain('Event');
        if (p.name === 'leadership') expect(types).toContain('Person');
      }
      const home = JSON.parse((await (await fetch(`${site.server.url}/`)).text()).match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as Record<string, unknown>;
      expect(home).toMatchObject({ '@type': 'NGO', url: `${site.server.url}/`, email: expect.stringContaining('@') });
      expect(home.sameAs).toEqual(expect.arrayContaining([expect.stringMatching(/^https:\/\//)]));
      expect(String(home.logo)).toMatch(/^http/);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows story and event pages with NewsArticle and Event data, and 404 for an unknown one', async () => {
    const home = await bundleOf(site.server, 'home');
    const events = await bundleOf(site.server, 'events');
    const story = home.sections.newstory?.[0];
    const event = events.sections.thirdevents?.[0];
    expect(story && event).toBeTruthy();
    const { context, page } = await site.newPage({ javaScriptEnabled: false });
    try {
      let res = await page.goto(`${site.server.url}/news/${story!.id}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1').innerText()).resolves.toBe(String(story!.data.title));
      let types = jsonLdTypes(await page.locator('script[type="application/ld+json"]').allTextContents());
      expect(types).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']));
      await expect(page.locator('meta[property="og:type"]').getAttribute('content')).resolves.toBe('article');

      res = await page.goto(`${site.server.url}/events/${event!.id}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1').innerText()).resolves.toBe(String(event!.data.title));
      types = jsonLdTypes(await page.locator('script[type="application/ld+json"]').allTextContents());
      expect(types).toEqual(expect.arrayContaining(['Event', 'BreadcrumbList']));

      res = await page.goto(`${site.server.url}/news/no-such-story`);
      expect(res?.status()).toBe(404);
      await expect(page.locator('h1').innerText()).resolves.toMatch(/could not find/i);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('lists every page and every story and event in the sitemap, and keeps staff paths out through robots.txt', async () => {
    const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const lastmods = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    for (const p of publicPages) expect(locs).toContain(`${site.server.url}${p.path}`);
    const home = await bundleOf(site.server, 'home');
    const events = await bundleOf(site.server, 'events');
    for (const s of home.sections.newstory ?? []) expect(locs).toContain(`${site.server.url}/news/${s.id}`);
    for (const e of events.sections.thirdevents ?? []) expect(locs).toContain(`${site.server.url}/events/${e.id}`);
    expect(lastmods).toHaveLength(locs.length);
    for (const d of lastmods) expect(Number.isNaN(Date.parse(d!))).toBe(false);

    const robots = await (await fetch(`${site.server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.server.url}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Disallow: \/login$/m);
    expect(robots).toMatch(/^Disallow: \/user-form\/$/m);
    // /account only, not /accountability: a staff path that begins a public one ends with `$`.
    expect(robots).toMatch(/^Disallow: \/account\$$/m);
    expect(robots).toMatch(/^Disallow: \/reset-password$/m);
    const rules = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!);
    // No rule shuts out a public page.
    for (const p of [...publicPages.map((x) => x.path), '/news/x', '/events/x']) for (const r of rules) expect(p.startsWith(r), `${r} blocks ${p}`).toBe(false);
  });

  it('answers an unknown path with HTTP 404 and the not-found page, and unknown API paths with the JSON error', async () => {
    const res = await fetch(`${site.server.url}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('We could not find that page');
    expect(html).toContain('<meta name="robots" content="noindex">');
    const api = await fetch(`${site.server.url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    await expect(api.json()).resolves.toMatchObject({ error: { code: 'not-found' } });
  });

  it('serves pages with revalidation headers, answers 304 to a matching ETag, and gives staff paths the empty app shell', async () => {
    const first = await fetch(`${site.server.url}/about`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${site.server.url}/about`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    // The page's CSP allows no inline script: the islands' props are JSON blocks.
    expect(first.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);

    const shell = await fetch(`${site.server.url}/customer`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-store');
    const body = await shell.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('route-data');

    const asset = body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const assetRes = await fetch(`${site.server.url}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
  });
});
