/**
 * The staff dashboard's API and the staff app's way in: GET /api/dashboard
 * lists drafts (pages and blocks not published, changes not live) and what is
 * scheduled, each with its page and where it is edited, only from
 * collections the caller may change; signed out it answers 401, without a
 * role 403. /admin answers a redirect to the dashboard for everyone. On
 * SQLite and PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { dashboardAnswerSchema, dashboardApi, type DashboardAnswer } from '../src/shared/dashboard.js';
import { editorialApi } from '../src/shared/editorial.js';
import { siteApi } from '../src/shared/site-structure.js';
import { dashboardPath, staffEntryPath } from '../src/shared/staff-screens.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

describe.each(dialects())('the dashboard on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superUser: TestUser;
  let refs: FixtureRefs;

  const inject = (opts: InjectOptions) => t.app.inject(opts);

  async function create(user: TestUser, collection: string, title: string, status: 'draft' | 'published'): Promise<ContentDocument> {
    const c = getCollection(collection)!;
    const res = await inject({ method: 'POST', url: pathTo(apiPaths.collections.documents, { name: collection }), headers: user.headers, payload: { data: validData(c, refs, title), status } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContentDocument>();
  }

  async function dashboard(user: TestUser): Promise<DashboardAnswer> {
    const res = await inject({ method: 'GET', url: dashboardApi, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return dashboardAnswerSchema.parse(res.json());
  }

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
    superUser = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists drafts, changes not live and schedules, with their page and where each is edited', async () => {
    const draft = await create(admin, 'descriptionhome', 'Water dialogue draft', 'draft');
    const live = await create(admin, 'historyslide', 'Founding slide', 'published');
    const changed = await inject({
      method: 'PATCH',
      url: pathTo(apiPaths.collections.document, { name: 'historyslide', id: live.id }),
      headers: { ...admin.headers, 'if-match': `"${live.version}"` },
      payload: { data: validData(getCollection('historyslide')!, refs, 'Founding slide, changed') },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const later = await create(admin, 'firstevents', 'Budget hearing', 'draft');
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await inject({ method: 'POST', url: editorialApi.publish('firstevents', later.id), headers: { ...admin.headers, 'if-match': `"${later.version}"` }, payload: { at } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const page = await inject({ method: 'POST', url: siteApi.pages, headers: admin.headers, payload: { path: '/water-rights', title: 'Water rights' } });
    expect(page.statusCode, page.body).toBe(201);
    const pageId = page.json<{ id: string }>().id;

    const answer = await dashboard(admin);
    const drafts = new Map(answer.drafts.items.map((i) => [i.id, i]));
    expect(drafts.get(draft.id)).toMatchObject({ kind: 'block', state: 'draft', title: 'Water dialogue draft title', collectionLabel: 'Description Something at Home page', editPath: `/descriptionhome-form/${draft.id}`, page: { id: 'home', title: 'Home' } });
    expect(drafts.get(live.id)).toMatchObject({ state: 'changed', editPath: `/historyslide-form/${live.id}`, page: { id: 'history' } });
    expect(drafts.get(pageId)).toMatchObject({ kind: 'page', state: 'draft', title: 'Water rights', editPath: `/pages/${pageId}`, page: null });
    // A scheduled block is not a draft: it waits in the schedule, with its instant.
    expect(drafts.has(later.id)).toBe(false);
    const due = answer.scheduled.items.find((i) => i.id === later.id);
    expect(due).toMatchObject({ state: 'scheduled', editPath: `/firstevents-form/${later.id}`, page: { id: 'events' } });
    expect(new Date(due!.publishAt!).getTime()).toBe(new Date(at).getTime());
    expect(answer.drafts.total).toBe(answer.drafts.items.length);
    expect(answer.scheduled.total).toBe(1);
    // Newest change first.
    expect(answer.drafts.items[0]?.id).toBe(pageId);
  });

  it('lists only what the caller may change: the Publications draft is the super-admin’s', async () => {
    const item = await create(superUser, 'item', 'Annual report', 'draft');
    expect((await dashboard(admin)).drafts.items.some((i) => i.id === item.id)).toBe(false);
    expect((await dashboard(superUser)).drafts.items.find((i) => i.id === item.id)).toMatchObject({ collectionLabel: 'Publications', page: null, editPath: `/item-form/${item.id}` });
  });

  it('answers 401 signed out and 403 to an account without a staff role', async () => {
    const anonymous = await inject({ method: 'GET', url: dashboardApi });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const none = await createUser(t.app, 'none');
    const refused = await inject({ method: 'GET', url: dashboardApi, headers: none.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'permission-denied' } });
  });

  it('answers /admin with a redirect to the dashboard, signed in or not', async () => {
    for (const url of [staffEntryPath, `${staffEntryPath}/`]) {
      for (const headers of [{}, admin.headers]) {
        const res = await inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe(dashboardPath);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });
});
