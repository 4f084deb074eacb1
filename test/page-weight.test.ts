/**
 * `GET /api/site/page-weights`: what each published page costs a phone,
 * measured by the server from the rendered page, against the budget in the
 * site settings (500 KB unless chosen): a page made heavy by big pictures is
 * over it and names them, heaviest first; a light page is not; a draft page
 * is not weighed; only staff who see drafts may ask. The srcset choice is
 * Chromium's own (a unit check of the pieces).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaInfo } from '../src/shared/media.js';
import { pageWeightBudgetBytes, pageWeightsAnswerSchema, pageWeightsApi, type PageWeightsAnswer } from '../src/shared/page-weight.js';
import { defaultSiteSettings } from '../src/shared/settings.js';
import { siteApi } from '../src/shared/site-structure.js';
import { candidatesOf, chromiumPick, slotWidthAt, wantedBy } from '../src/server/weighing/page-weight.js';
import { noBrowserNote } from '../src/server/weighing/weighing.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { uploadMedia } from './helpers/upload.js';
import { noisyJpeg } from './helpers/images.js';

/** What the pages API answers, as far as these tests read it. */
interface PageAnswer {
  id: string;
  version: number;
}

/** One answer of the weights API, as it comes. */
async function askWeights(t: TestApp, user: TestUser): Promise<PageWeightsAnswer> {
  const res = await t.app.inject({ method: 'GET', url: pageWeightsApi, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return pageWeightsAnswerSchema.parse(res.json());
}

/** The weights once the server has weighed every page: asked again, as the Pages screen does, until it says it is done. */
async function weighed(t: TestApp, user: TestUser): Promise<PageWeightsAnswer> {
  return vi.waitFor(
    async () => {
      const answer = await askWeights(t, user);
      if (answer.weighing) throw new Error(`still weighing: ${answer.weighing.done} of ${answer.weighing.of}`);
      return answer;
    },
    { timeout: 120_000, interval: 50 },
  );
}

describe('choosing the copy a phone takes', () => {
  it('reads `sizes` at the viewport width, first matching entry first', () => {
    expect(slotWidthAt('(min-width: 1024px) 560px, 100vw', 375)).toBe(375);
    expect(slotWidthAt('(min-width: 1024px) 560px, 100vw', 1280)).toBe(560);
    expect(slotWidthAt('(min-width: 1024px) 360px, (min-width: 600px) 50vw, 100vw', 700)).toBe(350);
    expect(slotWidthAt('128px', 375)).toBe(128);
    expect(slotWidthAt('(max-width: 400px) 50vw, 200px', 375)).toBe(187.5);
  });

  it('picks as Chromium does: the density just above the screen’s, or the one below when nearer by the geometric mean', () => {
    const set = '/m/480.avif 480w, /m/960.avif 960w, /m/1600.avif 1600w';
    // 375 px at 2×: densities 1.28 and 2.56; their geometric mean 1.81 is below 2, so the 960 copy.
    expect(chromiumPick(candidatesOf(set, 375), 2)?.url).toBe('/m/960.avif');
    // At 1×, 1.28 is the first at least 1.
    expect(chromiumPick(candidatesOf(set, 375), 1)?.url).toBe('/m/480.avif');
    // 440 px slot at 2×: 1.09 and 2.18, mean 1.54: the 960 copy; a 128 px photo: the narrowest.
    expect(chromiumPick(candidatesOf(set, 440), 2)?.url).toBe('/m/960.avif');
    expect(chromiumPick(candidatesOf(set, 128), 2)?.url).toBe('/m/480.avif');
    // 700 px at 2×: 1.37 and 2.29, mean 1.77 ≤ 2: the 1600 copy.
    expect(chromiumPick(candidatesOf(set, 700), 2)?.url).toBe('/m/1600.avif');
    // 500 px at 2×: 1.92 and 3.2, mean 2.48 > 2: the 960 copy, a little under the screen's density, rather than one far over it.
    expect(chromiumPick(candidatesOf(set, 500), 2)?.url).toBe('/m/960.avif');
    // A lone candidate without a descriptor is 1×, and is the only choice.
    expect(chromiumPick(candidatesOf('/logo/480.avif', null), 2)?.url).toBe('/logo/480.avif');
  });

  it('reads the page as a browser with scripts on: the first readable source, no <noscript> picture, the islands', () => {
    const html = `<html><head><link rel="stylesheet" href="/assets/a.css"><link rel="modulepreload" href="/assets/b.js"><link rel="icon" href="/logo.svg">
      <script type="module" src="/assets/e.js"></script></head><body>
      <div data-island="carousel"><picture><source type="image/avif" srcset="/m/1/480.avif 480w, /m/1/960.avif 960w" sizes="100vw"><img src="/m/1/960" srcset="/m/1/480 480w, /m/1/960 960w" sizes="100vw" alt="Market day"></picture>
      <noscript><picture><source type="image/avif" srcset="/m/2/480.avif 480w" sizes="100vw"><img src="/m/2/960" alt="Later slide"></picture></noscript></div>
      <img src="/m/3/480" srcset="/m/3/480 480w, /m/3/960 960w" sizes="128px" alt="A person"></body></html>`;
    const wanted = wantedBy(html);
    expect(wanted.css).toEqual(['/assets/a.css']);
    expect(wanted.js).toEqual(['/assets/b.js', '/assets/e.js']);
    expect(wanted.other).toEqual(['/logo.svg']);
    expect(wanted.islands).toEqual(['carousel']);
    expect(wanted.pictures).toEqual([
      { url: '/m/1/960.avif', alt: 'Market day' },
      { url: '/m/3/480', alt: 'A person' },
    ]);
    expect(wanted.laterSlides).toBe(1);
  });
});

describe.each(dialects())('page weights on %s', (dialect) => {
  let t: TestApp;
  let superUser: TestUser;
  let admin: TestUser;
  let heavy: MediaInfo;

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    superUser = await createUser(t.app, 'super');
    admin = await createUser(t.app, 'admin');
    const upload = async (width: number, height: number, name: string) => uploadMedia(t.app, admin, await noisyJpeg(width, height), name, 'image/jpeg');
    // Noise does not compress: its copies are as heavy as a picture gets.
    heavy = await upload(1800, 1200, 'crowd.jpg');
    const add = async (collection: string, data: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/collections/${collection}/documents`, headers: admin.headers, payload: { status: 'published', data } });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add('aboutslide', { title: 'Who we are', image: { mediaId: heavy.id, alt: 'A crowd at the county hall' } });
    await add('aboutvision', { title: 'Our vision', body: '<p>Communities that hold power to account.</p>', image: { mediaId: (await upload(900, 600, 'march.jpg')).id, alt: 'A march for clean water' } });
    await add('abouthistory', { title: 'Our history', body: '<p>From a circle of activists to a national alliance.</p>', image: { mediaId: (await upload(1800, 1200, 'assembly.jpg')).id, alt: 'A women’s assembly' } });
    // A page that is only a draft.
    const draft = await t.app.inject({ method: 'POST', url: siteApi.pages, headers: admin.headers, payload: { path: '/water-rights', title: 'Water rights', preset: 'campaign' } });
    expect(draft.statusCode, draft.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const weights = async (user: TestUser): Promise<PageWeightsAnswer> => weighed(t, user);

  it('weighs every published page against the 500 KB budget, and names the heaviest pictures', async () => {
    // The first request after a change answers at once: the weighing has started.
    const started = await askWeights(t, admin);
    expect(started.weighing).not.toBeNull();
    const answer = await weights(admin);
    // Without a browser on the server (this app does not even listen), each page is weighed whole, and the answer says so.
    expect(answer.firstViewUnavailable).toBe(noBrowserNote);
    expect(new Set(answer.pages.map((p) => p.view))).toEqual(new Set(['whole-page']));
    expect(answer.budget).toBe(500 * 1024);
    expect(answer.phone).toEqual({ width: 375, height: 812, deviceScaleFactor: 2 });
    expect(answer.pages.map((p) => p.path)).not.toContain('/water-rights');
    expect(answer.pages.length).toBe(13);
    const about = answer.pages.find((p) => p.path === '/about');
    const vision = answer.pages.find((p) => p.path === '/vision');
    expect(about && vision).toBeTruthy();
    // Every part counted, and the total is their sum.
    for (const p of answer.pages) {
      expect(p.total).toBe(p.parts.html + p.parts.css + p.parts.js + p.parts.pictures + p.parts.other);
      expect(p.parts.html).toBeGreaterThan(1000);
      expect(p.parts.css).toBeGreaterThan(1000);
      expect(p.parts.js).toBeGreaterThan(1000);
    }
    // The noisy hero at 375 px, 2×: its 960 px AVIF copy, among the heaviest pictures of /about with the assembly and the march.
    const heroCopy = heavy.avif.find((v) => v.width === 960);
    const hero = about!.heaviest.find((p) => p.alt === 'A crowd at the county hall');
    expect(hero?.url).toBe(heroCopy!.url);
    // The copy's bytes and its headers.
    expect(hero!.bytes).toBeGreaterThan(heroCopy!.bytes);
    expect(hero!.bytes).toBeLessThan(heroCopy!.bytes + 1024);
    expect(about!.heaviest.map((p) => p.alt).sort()).toEqual(['A crowd at the county hall', 'A march for clean water', 'A women’s assembly']);
    expect(about!.heaviest.map((p) => p.bytes)).toEqual([...about!.heaviest.map((p) => p.bytes)].sort((a, b) => b - a));
    expect(about!.total).toBeGreaterThan(250 * 1024);
    expect(answer.pages.filter((p) => p.over)).toEqual([]);
  });

  it('follows the budget chosen in the settings: a page over it says so', async () => {
    const settings = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...superUser.headers, 'if-match': '0' }, payload: { data: { ...defaultSiteSettings, pageWeightBudget: '250' } } });
    expect(settings.statusCode, settings.body).toBe(200);
    const strict = await weights(admin);
    expect(strict.budget).toBe(pageWeightBudgetBytes('250'));
    expect(strict.pages.filter((p) => p.over).map((p) => p.path)).toEqual(['/about']);
    const refused = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...superUser.headers, 'if-match': '1' }, payload: { data: { ...defaultSiteSettings, pageWeightBudget: '123' } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.pageWeightBudget' } });
  });

  it('weighs once for requests that come together, and again after a change', async () => {
    const [first, second] = await Promise.all([weights(admin), weights(superUser)]);
    expect(second).toEqual(first);
    const before = first.pages.find((p) => p.path === '/vision')!;
    const picture = await uploadMedia(t.app, admin, await noisyJpeg(1800, 1200), 'well.jpg', 'image/jpeg');
    const added = await t.app.inject({ method: 'POST', url: '/api/collections/visionslide/documents', headers: admin.headers, payload: { status: 'published', data: { title: 'A new well', image: { mediaId: picture.id, alt: 'A new well in the village' } } } });
    expect(added.statusCode, added.body).toBe(201);
    const after = (await weights(admin)).pages.find((p) => p.path === '/vision')!;
    expect(after.heaviest[0]?.alt).toBe('A new well in the village');
    expect(after.total).toBeGreaterThan(before.total + 50_000);
    expect((await weights(admin)).failed).toEqual([]);
  });

  it('answers staff who see drafts only', async () => {
    expect((await t.app.inject({ method: 'GET', url: pageWeightsApi })).statusCode).toBe(401);
    expect((await weights(superUser)).pages.length).toBe(13);
  });
  it('names a page that cannot be weighed, with its status, and weighs the others', async () => {
    const before = (await weights(admin)).pages.map((p) => p.path);
    const created = await t.app.inject({ method: 'POST', url: siteApi.pages, headers: admin.headers, payload: { path: '/cannot-weigh', title: 'Not weighed yet', preset: 'blank' } });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json<PageAnswer>();
    const step = async (name: 'publish' | 'unpublish', version: number) => {
      const res = await t.app.inject({ method: 'POST', url: siteApi.pageStep(page.id, name), headers: { ...admin.headers, 'if-match': String(version) }, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PageAnswer>();
    };
    const content = t.app.services.site;
    const original = content.pageBundle.bind(content);
    // The new page's blocks cannot be read (its database gone away, say): it renders as a 500.
    content.pageBundle = async (name, lang) => {
      if (name === page.id) throw new Error('connect ECONNREFUSED 10.20.30.40:5432');
      return original(name, lang);
    };
    let published: PageAnswer;
    try {
      published = await step('publish', page.version);
      const broken = await weights(admin);
      expect(broken.failed).toEqual([{ id: page.id, path: '/cannot-weigh', title: 'Not weighed yet', status: 500 }]);
      expect(broken.pages.map((p) => p.path)).toEqual(before);
    } finally {
      content.pageBundle = original;
    }
    // Mended: a change later, the page is weighed like the others.
    t.app.services.changes.publish({ type: 'reset' });
    const mended = await weights(admin);
    expect(mended.failed).toEqual([]);
    expect(mended.pages.map((p) => p.path).sort()).toEqual([...before, '/cannot-weigh'].sort());
    await step('unpublish', published.version);
    expect((await weights(admin)).pages.map((p) => p.path)).toEqual(before);
  });

  it('holds last weights to a new budget while weighing again, and says so when a weighing fails as a whole', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const { data, version } = settings.json<{ data: typeof defaultSiteSettings; version: number }>();
    // A budget of 100 KB: at once, before the pages are weighed again, every last weight is held to it.
    const strict = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...superUser.headers, 'if-match': String(version) }, payload: { data: { ...data, pageWeightBudget: '100' } } });
    expect(strict.statusCode, strict.body).toBe(200);
    const first = await askWeights(t, admin);
    expect(first.weighing).not.toBeNull();
    expect(first.budget).toBe(pageWeightBudgetBytes('100'));
    expect(first.pages.filter((p) => p.over).map((p) => p.path).sort()).toEqual(first.pages.filter((p) => p.total > 100 * 1024).map((p) => p.path).sort());
    expect(first.pages.some((p) => p.over)).toBe(true);
    await weights(admin);
    // The published pages cannot be read: the weighing fails, and the answer says so rather than showing nothing.
    const structure = t.app.services.structure;
    structure.livePages = async () => {
      throw new Error('connect ECONNREFUSED 10.20.30.40:5432');
    };
    try {
      t.app.services.changes.publish({ type: 'reset' });
      const failed = await t.app.inject({ method: 'GET', url: pageWeightsApi, headers: admin.headers });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ error: { code: 'unavailable', message: 'The pages could not be weighed just now (the server log says why). Try again in a few seconds.' } });
    } finally {
      delete (structure as Partial<typeof structure>).livePages;
    }
  });
});
