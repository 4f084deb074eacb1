/**
 * The Pages screen's weights, measured in a browser: with a Chromium on the
 * server (PAGE_WEIGHT_BROWSER) each published page's first view is loaded
 * on the phone and counted, so a picture far down a page, which a phone
 * fetches only when scrolled to, is not in it, while the hero is; without a
 * browser that starts, each page is weighed whole from its HTML and the
 * answer says why. (e2e/public-weight.test.ts holds the numbers against
 * Chromium's own count.)
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageWeightsAnswerSchema, pageWeightsApi, type PageWeightsAnswer } from '../src/shared/page-weight.js';
import { weighPage } from '../src/server/weighing/page-weight.js';
import { loadClientAssets } from '../src/server/site/assets.js';
import { browserDidNotStart } from '../src/server/weighing/weighing.js';
import { chromium } from 'playwright-core';
import { BrowserUnavailable, PhoneBrowser, disabledFeatureLists, headlessChromiumArgs, idleBrowserFeatures } from '../src/server/weighing/phone-browser.js';
import { configFromEnv, defaultPageWeightBrowser } from '../src/server/config.js';
import { build, type TestApp } from './helpers/app.js';
import { startBuiltServer, type RunningServer } from './support/built-server.js';
import { apiSignIn } from '../e2e/helpers/staff.js';
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

/** A server on another address (127.0.0.2) that counts every request it gets: somewhere the weighing browser must not reach. */
async function elsewhere(): Promise<{ origin: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('outside');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.2:${port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The Chromium processes this test process started (their parent is this process), by reading /proc. */
function chromiumChildren(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the command may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--remote-debugging-pipe')) pids.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return pids;
}

/** A process's environment, as the kernel holds it. */
function environOf(pid: number): Record<string, string> {
  const pairs = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
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

describe('Playwright in the built server', () => {
  // Each package the server imports by name, written to its output as it is resolved.
  const resolvedLine = 'resolved package: ';
  const hook = `data:text/javascript,import{registerHooks}from'node:module';registerHooks({resolve(s,c,n){if(/^[a-z@]/.test(s)&&!s.startsWith('node:'))process.stderr.write('${resolvedLine}'+s+'\\n');return n(s,c)}})`;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ nodeArgs: ['--import', hook], env: { PAGE_WEIGHT_BROWSER: chromiumPath } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is not loaded when the server starts, only once the Pages screen asks for the weights', async () => {
    const resolved = () => new Set([...server.output().matchAll(new RegExp(`${resolvedLine}(\\S+)`, 'g'))].map((m) => m[1]));
    expect(resolved()).toContain('fastify');
    expect(resolved()).not.toContain('playwright-core');
    const session = await apiSignIn(server.url, server.superEmail, server.superPassword);
    const res = await fetch(`${server.url}${pageWeightsApi}`, { headers: { authorization: `Bearer ${session.idToken}` } });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(resolved()).toContain('playwright-core'), { timeout: 30_000, interval: 100 });
  }, 60_000);
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

describe('the browser that weighs pages is confined', () => {
  let outside: Awaited<ReturnType<typeof elsewhere>>;
  let site: http.Server;
  let siteUrl: string;
  const ownPicture = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

  beforeAll(async () => {
    outside = await elsewhere();
    // A page of the site's own address that asks for a picture, a stylesheet, a script, a frame and a call of another address, and a picture of its own.
    site = http.createServer((req, res) => {
      if (req.url === '/own.png') {
        res.setHeader('content-type', 'image/png');
        res.end(ownPicture);
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Elsewhere</title>
<link rel="stylesheet" href="${outside.origin}/style.css"><link rel="preload" as="image" href="${outside.origin}/preloaded.png">
<script src="${outside.origin}/script.js"></script></head>
<body><img src="/own.png" alt="Ours"><img src="${outside.origin}/picture.png" alt="Theirs"><iframe src="${outside.origin}/frame"></iframe>
<script>fetch('${outside.origin}/call').catch(() => {}); navigator.sendBeacon('${outside.origin}/beacon', 'x');</script></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await outside?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('asks nothing of another address: a page’s pictures, styles, scripts, frames and calls elsewhere are not fetched and not counted', async () => {
    const browser = new PhoneBrowser(chromiumPath);
    try {
      const view = await browser.weigh(siteUrl);
      expect(view.status).toBe(200);
      expect(outside.hits).toEqual([]);
      // The page and its own picture, nothing else.
      expect(view.responses).toBe(2);
      expect(view.pictures.map((p) => [p.url, p.alt])).toEqual([['/own.png', 'Ours']]);
      expect(view.parts.css + view.parts.js + view.parts.other).toBe(0);
    } finally {
      await browser.close();
    }
    expect(outside.hits).toEqual([]);
  }, 60_000);

  it('opens a page without the browser UI a headless window never shows (the address bar’s popups, drawn as pages of their own)', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: [...headlessChromiumArgs] });
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(siteUrl);
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] })) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((t) => t.type === 'page').map((t) => t.url)).toEqual([siteUrl]);
      expect(targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url)).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('gives Chromium a home of its own (0700, not the shared temporary folder) with its own XDG folders, gone once it closes', async () => {
    const before = new Set(chromiumChildren());
    const browser = new PhoneBrowser(chromiumPath);
    let home: string | undefined;
    try {
      await browser.weigh(siteUrl);
      const [pid] = chromiumChildren().filter((p) => !before.has(p));
      if (!pid) throw new Error('no Chromium process of this test found');
      const env = environOf(pid);
      home = env.HOME;
      if (!home) throw new Error('Chromium has no HOME');
      expect(path.resolve(home)).not.toBe(path.resolve(os.tmpdir()));
      expect(path.dirname(home)).toBe(os.tmpdir());
      const stat = fs.statSync(home);
      expect(stat.isDirectory()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o700);
      expect(stat.uid).toBe(process.getuid?.());
      for (const name of ['XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_DATA_HOME', 'TMPDIR']) {
        expect(env[name], name).toMatch(new RegExp(`^${home}/`));
        expect(fs.statSync(env[name] ?? '').isDirectory(), name).toBe(true);
      }
      // None of the server's settings.
      expect(env.AUTH_SECRET).toBeUndefined();
      expect(env.DATABASE_URL).toBeUndefined();
      // The flags that keep Chromium from reaching out on its own.
      const flags = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      for (const flag of [...headlessChromiumArgs, '--disable-breakpad', '--disable-default-apps', '--disable-extensions', '--metrics-recording-only']) expect(flags, flag).toContain(flag);
      // Chromium reads only the last --disable-features: it keeps every feature Playwright's own list turns off, and the idle browser UI.
      const disabling = disabledFeatureLists(flags);
      expect(disabling.length).toBeGreaterThan(1);
      const last = disabling.at(-1) ?? [];
      for (const feature of [...disabling.flat(), ...idleBrowserFeatures]) expect(last, feature).toContain(feature);
    } finally {
      await browser.close();
    }
    expect(home && fs.existsSync(home)).toBe(false);
  }, 60_000);

  it('removes the home of a browser that fails to start', async () => {
    // A "browser" that writes down the environment it was given and fails.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-test-'));
    try {
      const envFile = path.join(dir, 'env');
      const fake = path.join(dir, 'chromium');
      fs.writeFileSync(fake, `#!/bin/sh\nenv > '${envFile}'\nexit 1\n`, { mode: 0o755 });
      const browser = new PhoneBrowser(fake);
      await expect(browser.weigh(siteUrl)).rejects.toBeInstanceOf(BrowserUnavailable);
      await browser.close();
      const home = /^HOME=(.*)$/m.exec(fs.readFileSync(envFile, 'utf8'))?.[1] ?? '';
      expect(path.dirname(home)).toBe(os.tmpdir());
      expect(fs.existsSync(home)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
