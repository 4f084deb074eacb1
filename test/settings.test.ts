import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteSettings, type SiteSettings } from '../src/shared/settings.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia } from './content-fixtures.js';

describe.each(dialects())('site settings on %s', (dialect) => {
  let t: TestApp;
  let superUser: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await build(dialect);
    superUser = await createUser(t.app, 'super');
    admin = await createUser(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (user: TestUser | null, version: string | undefined, data: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...(user?.headers ?? {}), ...(version === undefined ? {} : { 'if-match': version }) },
      payload: { data },
    });

  it('serves the defaults at version 0 before anything is saved', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: defaultSiteSettings, version: 0 });
  });

  it('lets only a super-admin save, with optimistic concurrency, and the page bundles follow', async () => {
    const logo = await insertMedia(t.app);
    const next: SiteSettings = { ...defaultSiteSettings, organisationName: 'Umoja Civic Network', logo: { mediaId: logo, alt: 'Umoja logo', decorative: false } };
    expect((await put(null, '0', next)).statusCode).toBe(401);
    const denied = await put(admin, '0', next);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: { code: 'permission-denied' } });
    expect((await put(superUser, undefined, next)).json()).toMatchObject({ error: { code: 'invalid-argument', field: 'If-Match' } });

    const before = await t.app.inject({ method: 'GET', url: '/api/pages/vision' });
    const saved = await put(superUser, '0', next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: next, version: 1 });
    expect(saved.headers.etag).toBe('"1"');
    // A second editor who also started from version 0 loses and nothing changes.
    const stale = await put(superUser, '0', { ...next, organisationName: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'aborted' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual({ data: next, version: 1 });

    const after = await t.app.inject({ method: 'GET', url: '/api/pages/vision', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    const bundle = after.json() as { settings: SiteSettings; media: Record<string, unknown> };
    expect(bundle.settings.organisationName).toBe('Umoja Civic Network');
    expect(bundle.media[logo]).toMatchObject({ id: logo });

    const again = await put(superUser, '"1"', { ...next, tagline: 'Together for accountable communities' });
    expect(again.json()).toMatchObject({ version: 2, data: { tagline: 'Together for accountable communities' } });
  });

  it('refuses invalid settings naming the field, and writes nothing', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: SiteSettings; version: number };
    const cases: [unknown, string][] = [
      [{ ...current.data, contactEmail: 'not-an-email' }, 'data.contactEmail'],
      [{ ...current.data, organisationName: '' }, 'data.organisationName'],
      [{ ...current.data, socialUrl: 'javascript:alert(1)' }, 'data.socialUrl'],
      [{ ...current.data, logo: { mediaId: 'missing', alt: 'x' } }, 'data.logo'],
      [{ ...current.data, favouriteColour: 'green' }, 'data.favouriteColour'],
    ];
    for (const [data, field] of cases) {
      const res = await put(superUser, String(current.version), data);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', field } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual(current);
  });

  it('announces a settings change on the change bus', async () => {
    const events: unknown[] = [];
    const off = t.app.services.changes.subscribe((e) => events.push(e));
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: SiteSettings; version: number };
    await put(superUser, String(current.version), { ...current.data, phone: '+255 22 000 0000' });
    off();
    expect(events).toEqual([{ type: 'settings' }]);
  });
});
