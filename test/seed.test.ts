/** The demo content: a fresh start shows a full site; seeding again changes nothing; reset restores it. */
import { defaultPages } from '../src/server/structure/default-pages.js';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { collections } from '../src/shared/collections.js';
import type { MediaInfo } from '../src/shared/media.js';
import { demoAdminEmail, resetContent, seedDemo, seedIfEmpty } from '../src/server/seed/index.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';

const run = promisify(execFile);

interface Snapshot {
  documents: { id: string; collection: string; data: string; status: string; position: number; version: number }[];
  media: string[];
  settings: string[];
  users: string[];
}

async function snapshot(t: TestApp): Promise<Snapshot> {
  const k = t.app.services.db.kysely;
  return {
    documents: (await k.selectFrom('documents').select(['id', 'collection', 'data', 'status', 'position', 'version']).orderBy('id').execute()).map((d) => ({
      ...d,
      position: Number(d.position),
      version: Number(d.version),
    })),
    media: (await k.selectFrom('media').select('id').orderBy('id').execute()).map((m) => m.id),
    settings: (await k.selectFrom('settings').select(['key', 'data', 'version']).orderBy('key').execute()).map((s) => JSON.stringify(s)),
    users: (await k.selectFrom('users').select('email').orderBy('email').execute()).map((u) => u.email),
  };
}

describe.each(dialects())('demo content on %s', (dialect) => {
  let t: TestApp;
  let printed: string[];
  let log: MockInstance<typeof console.log>;

  beforeAll(async () => {
    log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    t = await build(dialect, { seedDemo: true });
    printed = log.mock.calls.map((c) => c.map(String).join(' '));
    log.mockClear();
  }, 120_000);
  afterEach(() => log.mockClear());
  afterAll(async () => {
    log.mockRestore();
    await t?.close();
  });

  it('gives every collection at least one published block', async () => {
    const rows = await t.app.services.db.kysely.selectFrom('documents').select(['collection', 'status']).execute();
    for (const c of collections) {
      const published = rows.filter((r) => r.collection === c.name && r.status === 'published').length;
      expect(published, c.name).toBeGreaterThanOrEqual(1);
    }
    expect(rows.some((r) => r.status === 'draft')).toBe(true);
  });

  it('writes real words, not placeholder text', async () => {
    const rows = await t.app.services.db.kysely.selectFrom('documents').select('data').execute();
    const all = rows.map((r) => r.data).join('\n');
    expect(all).not.toMatch(/lorem|ipsum|todo|placeholder/i);
    expect(all).toContain('Tujenge');
  });

  it('dates stories over the past months and events both ahead and behind', async () => {
    const k = t.app.services.db.kysely;
    const stories = (await k.selectFrom('documents').select('data').where('collection', '=', 'newstory').where('status', '=', 'published').execute()).map(
      (r) => JSON.parse(r.data) as { date: string; category?: string },
    );
    const now = Date.now();
    const ages = stories.map((s) => (now - Date.parse(s.date)) / 86_400_000);
    expect(ages.every((a) => a >= -1 && a < 200)).toBe(true);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(60);
    const events = (await k.selectFrom('documents').select('data').where('collection', '=', 'thirdevents').where('status', '=', 'published').execute()).map(
      (r) => JSON.parse(r.data) as { startsAt: string; category?: string },
    );
    expect(events.some((e) => Date.parse(e.startsAt) > now)).toBe(true);
    expect(events.some((e) => Date.parse(e.startsAt) < now)).toBe(true);
    const categoryIds = new Set((await k.selectFrom('documents').select('id').where('collection', '=', 'category').execute()).map((r) => r.id));
    for (const x of [...stories, ...events]) expect(categoryIds.has(x.category ?? '')).toBe(true);
  });

  it('uses only media that exist, with WebP variants for pictures and PDFs for publications', async () => {
    const k = t.app.services.db.kysely;
    const data = (await k.selectFrom('documents').select('data').execute()).map((r) => r.data).join('\n');
    const used = new Set([...data.matchAll(/"mediaId":"([0-9a-f]{64})"/g)].map((m) => m[1] ?? ''));
    expect(used.size).toBeGreaterThan(20);
    const media = await k.selectFrom('media').select(['id', 'kind']).execute();
    const known = new Map(media.map((m) => [m.id, m.kind]));
    for (const id of used) expect(known.has(id), id).toBe(true);

    const items = (await k.selectFrom('documents').select('data').where('collection', '=', 'item').execute()).map((r) => JSON.parse(r.data) as { file: { mediaId: string } });
    for (const item of items) {
      expect(known.get(item.file.mediaId)).toBe('pdf');
      const res = await t.app.inject({ method: 'GET', url: `/media/${item.file.mediaId}/original` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1')).toMatch(/%%EOF\n$/);
    }

    const hero = (await k.selectFrom('documents').select('data').where('collection', '=', 'home').where('status', '=', 'published').executeTakeFirstOrThrow()).data;
    const heroId = (JSON.parse(hero) as { image: { mediaId: string; alt: string } }).image;
    expect(heroId.alt.length).toBeGreaterThan(10);
    const info = (await t.app.inject({ method: 'GET', url: `/api/media/${heroId.mediaId}` })).json() as MediaInfo;
    expect([info.width, info.height]).toEqual([1600, 900]);
    expect(info.variants.map((v) => v.name)).toEqual(['480', '960']);
    const variant = await t.app.inject({ method: 'GET', url: info.variants[1]!.url });
    expect((await sharp(variant.rawPayload).metadata()).format).toBe('webp');
  });

  it('stores the site settings with a generated logo', async () => {
    const row = await t.app.services.db.kysely.selectFrom('settings').select('data').where('key', '=', 'site').executeTakeFirstOrThrow();
    const settings = JSON.parse(row.data) as { organisationName: string; logo: { mediaId: string } };
    expect(settings.organisationName).toBe('Tujenge Civic Alliance');
    const logo = await t.app.inject({ method: 'GET', url: `/media/${settings.logo.mediaId}/original` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('creates a super-admin and prints its password once, on the console', async () => {
    const user = await t.app.services.db.kysely.selectFrom('users').select(['role', 'password_hash']).where('email', '=', demoAdminEmail).executeTakeFirstOrThrow();
    expect(user.role).toBe('super');
    const lines = printed.filter((l) => l.includes(demoAdminEmail));
    expect(lines).toHaveLength(1);
    const password = /password: (\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: demoAdminEmail, password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { claims: { super: true } } });
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot(t);
    await seedIfEmpty(t.app.services, t.app.log);
    expect(await snapshot(t)).toEqual(before);
    expect(log.mock.calls.flat().join('\n')).not.toContain('password');
  });

  it('reset removes staff changes and uploads, restores the demo and keeps user accounts', async () => {
    const k = t.app.services.db.kysely;
    const now = new Date().toISOString();
    await k
      .insertInto('documents')
      .values({ id: 'staff-written', collection: 'home', data: JSON.stringify({ title: 'Staff slide' }), position: 99, status: 'draft', version: 1, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .execute();
    await k.insertInto('users').values({ id: 'u-kept', email: 'kept@example.org', display_name: 'Kept', password_hash: 'x', role: 'admin', disabled: 0, created_at: now, updated_at: now, last_sign_in_at: null, token_epoch: '' }).execute();
    const users = (await snapshot(t)).users;
    const lines: string[] = [];
    await resetContent(t.app.services, (l) => lines.push(l));
    // Every block goes; the pages (their records: addresses, titles, sections) stay.
    const left = await k.selectFrom('documents').select(['id', 'collection']).execute();
    expect(left.filter((d) => d.collection !== 'sitepage' && d.collection !== 'sitenavigation')).toEqual([]);
    expect(left.filter((d) => d.collection === 'sitepage').map((d) => d.id).sort()).toEqual(defaultPages().map((p) => p.id).sort());
    expect(await k.selectFrom('media').select('id').execute()).toEqual([]);
    const report = await seedDemo(t.app.services, (l) => lines.push(l));
    expect(report?.collections).toBe(collections.length);
    const after = await snapshot(t);
    expect(after.users).toEqual(users);
    expect(after.documents.some((d) => d.id === 'staff-written')).toBe(false);
    expect(lines.join('\n')).toMatch(/removed every block/);
    expect(lines.join('\n')).toMatch(/blocks in \d+ collections/);
  });
});

describe('the seed command', () => {
  it('`npm run seed -- --reset` reseeds a database from the command line', async () => {
    const t = await build('sqlite', { seedDemo: true, bootstrapSuperEmail: 'boss@example.org', bootstrapSuperPassword: 'a-long-enough-passphrase' });
    try {
      // BOOTSTRAP_SUPER_* configured: that account exists and no demo admin was made.
      const emails = (await t.app.services.db.kysely.selectFrom('users').select('email').execute()).map((u) => u.email);
      expect(emails).toEqual(['boss@example.org']);
      await t.app.services.db.kysely.deleteFrom('documents').where('collection', '=', 'home').execute();
      const env = { ...process.env, DATABASE_URL: t.db.url, DATA_DIR: t.db.dataDir, LOG_LEVEL: 'silent', BOOTSTRAP_SUPER_EMAIL: 'boss@example.org', BOOTSTRAP_SUPER_PASSWORD: 'a-long-enough-passphrase' };
      const cli = path.resolve('src/server/cli.ts');
      const tsx = path.resolve('node_modules/.bin/tsx');
      const plain = await run(tsx, [cli, 'seed'], { env, timeout: 120_000 });
      expect(plain.stdout).toContain('already has content');
      const { stdout } = await run(tsx, [cli, 'seed', '--reset'], { env, timeout: 120_000 });
      expect(stdout).toMatch(/removed every block/);
      expect(stdout).toMatch(/seed: \d+ blocks in \d+ collections/);
      const home = await t.app.services.db.kysely.selectFrom('documents').select('id').where('collection', '=', 'home').execute();
      expect(home.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, 180_000);
});
