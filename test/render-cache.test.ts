/**
 * The rendered-page cache under edits: one render per change however many
 * visitors ask, the previous version for visitors while the next renders,
 * only the pages a change touches rendered again, and never a copy older than
 * the 5-minute expiry. Renders are counted through the server's own
 * diagnostics channel (`renderChannelName`), which every finished render
 * publishes to. To hold a render in flight, the page bundle it reads waits
 * for the test to let it go.
 */
import diagnostics from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { representationMaxAgeMs } from '../src/server/http/cached-representation.js';
import { renderChannelName, type RenderMessage } from '../src/server/site/page-cache.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';

describe.each(dialects())('rendered pages under edits on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let renders: RenderMessage[] = [];
  const listen = (message: unknown) => renders.push(message as RenderMessage);

  beforeAll(async () => {
    t = await build(dialect, {}, { render: true });
    admin = await createUser(t.app, 'admin');
    diagnostics.subscribe(renderChannelName, listen);
  });
  afterAll(async () => {
    diagnostics.unsubscribe(renderChannelName, listen);
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const rendersOf = (path: string) => renders.filter((r) => r.path === path);

  async function create(collection: string, title: string): Promise<ContentDocument> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collection}/documents`,
      headers: admin.headers,
      payload: { status: 'published', data: { title, body: '<p>What the alliance did, and what comes next.</p>' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  /** Saves and publishes a new title in one step (a plain save would wait as pending changes). */
  function rename(doc: ContentDocument, title: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/collections/${doc.collection}/documents/${doc.id}`,
      headers: { ...admin.headers, 'if-match': String(doc.version) },
      payload: { data: { title }, status: 'published' },
    });
  }

  /**
   * Holds every page bundle read from now on until `release()`; `entered`
   * settles when a render has started reading (so it is certainly in flight).
   */
  function holdPageBundles() {
    const content = t.app.services.site;
    const original = content.pageBundle.bind(content);
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (entered = resolve));
    content.pageBundle = async (name: string) => {
      entered();
      await gate;
      return original(name);
    };
    return {
      started,
      release: () => {
        content.pageBundle = original;
        release();
      },
    };
  }

  it('renders a page once after a change however many visitors ask, and serves them the previous version meanwhile', async () => {
    const section = await create('descriptionhome', 'Water for every ward');
    const before = await get('/');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Water for every ward');
    renders = [];

    const held = holdPageBundles();
    // The save answers only once the page shows it (the editor reads their own write): not awaited yet.
    const saving = rename(section, 'Clean water for every ward');
    await held.started;

    const visitors = await Promise.all(Array.from({ length: 20 }, () => get('/')));
    for (const res of visitors) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(before.headers.etag);
      expect(res.body).not.toContain('Clean water for every ward');
    }
    expect(rendersOf('/')).toHaveLength(0);

    held.release();
    expect((await saving).statusCode).toBe(200);
    expect(rendersOf('/')).toEqual([expect.objectContaining({ path: '/', status: 200, background: true })]);
    const after = await get('/');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Clean water for every ward');
    expect(rendersOf('/')).toHaveLength(1);
  });

  it('renders a page nobody has asked for yet once for all its first visitors', async () => {
    renders = [];
    const held = holdPageBundles();
    const first = Array.from({ length: 20 }, () => get('/vision'));
    await held.started;
    held.release();
    const answers = await Promise.all(first);
    expect(new Set(answers.map((r) => `${r.statusCode} ${String(r.headers.etag)}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    expect(rendersOf('/vision')).toEqual([expect.objectContaining({ status: 200, background: false })]);
  });

  it('renders again only the pages a change touches', async () => {
    const home = await get('/');
    const about = await get('/about');
    expect(about.statusCode).toBe(200);
    renders = [];

    await create('aboutvision', 'Founded by market traders');

    expect(rendersOf('/about')).toHaveLength(1);
    expect(rendersOf('/')).toHaveLength(0);
    const homeAgain = await get('/');
    expect(homeAgain.headers.etag).toBe(home.headers.etag);
    expect((await get('/about')).body).toContain('Founded by market traders');
    expect(rendersOf('/')).toHaveLength(0);
  });

  it('never serves a copy older than the expiry: a visitor then waits for the render', async () => {
    const section = await create('descriptionhome', 'Budget clinics in March');
    expect((await get('/')).body).toContain('Budget clinics in March');

    const held = holdPageBundles();
    const saving = rename(section, 'Budget clinics in April');
    await held.started;
    // The previous version is still served while the render is held …
    expect((await get('/')).body).toContain('Budget clinics in March');

    // … until it is older than the expiry: then the visitor gets the new version, not the old one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + representationMaxAgeMs + 1000);
    const late = get('/');
    // One turn of the event loop: the visitor's request has reached the cache before the render may finish.
    await new Promise((resolve) => setImmediate(resolve));
    held.release();
    const res = await late;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Budget clinics in April');
    expect(res.body).not.toContain('Budget clinics in March');
    expect((await saving).statusCode).toBe(200);
  });
});
