/**
 * The Pages screen's weights, measured in a browser: with a Chromium on the
 * server (PAGE_WEIGHT_BROWSER) each published page's first view is loaded
 * on the phone and counted, so a picture far down a page, which a phone
 * fetches only when scrolled to, is not in it, while the hero is; without a
 * browser that starts, each page is weighed whole from its HTML and the
 * answer says why. (e2e/public-weight.test.ts holds the numbers against
 * Chromium's own count.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageWeightsAnswerSchema, pageWeightsApi, type PageWeightsAnswer } from '../src/shared/page-weight.js';
import { weighPage } from '../src/server/render/page-weight.js';
import { loadClientAssets } from '../src/server/render/assets.js';
import { browserDidNotStart } from '../src/server/render/weighing.js';
import { PhoneBrowser } from '../src/server/render/phone-browser.js';
import { configFromEnv, defaultPageWeightBrowser } from '../src/server/config.js';
import { build, type TestApp } from './helpers/app.js';
import { createUser, type TestUser } from './helpers/users.js';
import { uploadMedia } from './helpers/upload.js';
import { noisyJpeg } from './helpers/images.js';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The weights once every page is weighed, asked again as the Pages screen does until the server says it is done. */
async function weighed(t: TestApp, user: TestUser): Promise<PageWeightsAnswer> {
  return vi.waitFor(
    async () => {
      const res = await t.app.inject({ method: 'GET', url: pageWeightsApi, headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      const answer = pageWeightsAnswerSchema.parse(res.json());
      if (answer.weighing) throw new Error(`still weighing: ${answer.weighing.done} of ${answer.weighing.of}`);
      return answer;
    },
    { timeout: 180_000, interval: 100 },
  );
}

describe('PAGE_WEIGHT_BROWSER', () => {
  const base = { DATA_DIR: '/tmp', AUTH_SECRET: 'a-test-secret-that-is-long-enough-for-the-check' };
  it('is Debian’s Chromium when installed, a path that exists, or off; a missing path stops start-up', () => {
    expect(configFromEnv(base).pageWeightBrowser).toBe(defaultPageWeightBrowser);
    expect(configFromEnv({ ...base, PAGE_WEIGHT_BROWSER: 'off' }).pageWeightBrowser).toBeNull();
    expect(configFromEnv({ ...base, PAGE_WEIGHT_BROWSER: chromiumPath }).pageWeightBrowser).toBe(chromiumPath);
    expect(() => configFromEnv({ ...base, PAGE_WEIGHT_BROWSER: '/opt/no/chromium' })).toThrow(/PAGE_WEIGHT_BROWSER: no file at \/opt\/no\/chromium/);
  });
});

describe('page weights measured in Chromium', () => {
  let t: TestApp;
  let admin: TestUser;
  const alt = { hero: 'A crowd at the county hall', far: 'The last picture of the page' };

  beforeAll(async () => {
    t = await build('sqlite', { pageWeightBrowser: chromiumPath }, { render: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await createUser(t.app, 'admin');
    const upload = async (name: string) => uploadMedia(t.app, admin, await noisyJpeg(1800, 1200), name, 'image/jpeg');
    const add = async (collection: string, data: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/collections/${collection}/documents`, headers: admin.headers, payload: { status: 'published', data } });
      expect(res.statusCode, res.body).toBe(201);
    };
    // /about: a heavy hero at the top, and a heavy picture in its last section (the closing stories), far below the first view.
    await add('aboutslide', { title: 'Who we are', image: { mediaId: (await upload('crowd.jpg')).id, alt: alt.hero } });
    for (let i = 0; i < 20; i++) await add('abouthistory', { title: `Chapter ${i + 1}`, body: `<p>${'From a circle of activists to a national alliance. '.repeat(12)}</p>` });
    await add('abouthistory', { title: 'Where we are now', body: '<p>Today.</p>', image: { mediaId: (await upload('last.jpg')).id, alt: alt.far } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('counts what a phone downloads for the first view: the hero, not a picture far down the page', async () => {
    const answer = await weighed(t, admin);
    expect(answer.firstViewUnavailable).toBeNull();
    expect(answer.failed).toEqual([]);
    expect(answer.pages.length).toBe(13);
    expect(new Set(answer.pages.map((p) => p.view))).toEqual(new Set(['first-view']));
    const about = answer.pages.find((p) => p.path === '/about');
    if (!about) throw new Error('/about is not weighed');
    expect(about.total).toBe(about.parts.html + about.parts.css + about.parts.js + about.parts.pictures + about.parts.other);
    expect(about.heaviest[0]?.alt).toBe(alt.hero);
    expect(about.heaviest.map((p) => p.alt)).not.toContain(alt.far);
    // The whole page, read from its HTML, has the far picture too: the first view is lighter by at least that picture.
    const assets = loadClientAssets(t.app.services.config.distDir);
    if (!assets) throw new Error('the app is not built');
    const whole = await weighPage({ app: t.app, islandScripts: assets.islandScripts, known: new Map() }, about, answer.budget);
    if (!('total' in whole)) throw new Error(`/about answered ${whole.status}`);
    const far = whole.heaviest.find((p) => p.alt === alt.far);
    expect(far).toBeTruthy();
    expect(about.total).toBeLessThan(whole.total - (far?.bytes ?? 0) + 1024);
    console.log(`/about: first view ${about.total} B in ${about.responses} responses; whole page ${whole.total} B`);
  }, 240_000);

  it('loads again, after a change, only the pages whose HTML changed', async () => {
    const before = await weighed(t, admin);
    const loaded = vi.spyOn(PhoneBrowser.prototype, 'weigh');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/collections/aboutvision/documents', headers: admin.headers, payload: { status: 'published', data: { title: 'Our vision, again', body: '<p>Communities that hold power to account.</p>' } } });
      expect(res.statusCode, res.body).toBe(201);
      const after = await weighed(t, admin);
      expect(loaded.mock.calls.map(([url]) => new URL(url).pathname)).toEqual(['/about']);
      const aboutBefore = before.pages.find((p) => p.path === '/about');
      const aboutAfter = after.pages.find((p) => p.path === '/about');
      // /about's HTML grew by the new block; every other page kept its weight.
      expect(aboutAfter!.parts.html).toBeGreaterThan(aboutBefore!.parts.html);
      expect(after.pages.filter((p) => p.path !== '/about')).toEqual(before.pages.filter((p) => p.path !== '/about'));
    } finally {
      loaded.mockRestore();
    }
  }, 240_000);
});

describe('page weights when the browser does not start', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    // A file that is there but is no browser.
    t = await build('sqlite', { pageWeightBrowser: '/bin/false' }, { render: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await createUser(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('weighs each page whole from its HTML, and says the browser did not start', async () => {
    const answer = await weighed(t, admin);
    expect(answer.firstViewUnavailable).toBe(browserDidNotStart);
    expect(answer.pages.length).toBe(13);
    expect(new Set(answer.pages.map((p) => p.view))).toEqual(new Set(['whole-page']));
  }, 120_000);
});
