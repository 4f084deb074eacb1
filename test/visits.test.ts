/**
 * Which public pages people read: every view a page answers is counted per
 * address, language and day (through the fast lane too), with the day's
 * distinct visitors as keyed hashes under a salt of that day; bots, signed-in
 * staff and anything of who asked stay out of the database; instances add up.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { apiPaths } from '../src/shared/api-paths.js';
import { pageWeightsAnswerSchema, pageWeightsApi } from '../src/shared/page-weight.js';
import { addDays, dayOf, recentVisitsSchema, visitsReportSchema, type VisitsReport } from '../src/shared/visits.js';
import { MemorySalts } from '../src/server/visits/salt.js';
import { isBot, referrerHost, visitorHash } from '../src/server/visits/counter.js';
import { clientAddressOf } from '../src/server/http/client-address.js';
import { testConfig } from './helpers/app.js';
import { createMigratedTestDatabase, createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { tablesMentioning } from './helpers/tables-mentioning.js';
import { logSink } from './helpers/log-sink.js';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'br', ...headers }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The server's warnings: a write of the counts that failed says why here. */
const logs = logSink();

async function report(app: FastifyInstance, user: TestUser, from: string, to = from): Promise<VisitsReport> {
  await app.services.visits.flushNow();
  expect(logs.text(), 'no write of the counts failed').not.toContain('visit counts could not be written');
  const res = await app.inject({ method: 'GET', url: `${apiPaths.visits.report}?from=${from}&to=${to}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return visitsReportSchema.parse(res.json());
}

const pageOf = (r: VisitsReport, path: string) => r.pages.find((p) => p.path === path);

describe('the parts of a count', () => {
  it('a salt belongs to one day: the same visitor hashes differently the next day', async () => {
    const salts = new MemorySalts();
    const [a, again, b] = [await salts.of('2026-12-05'), await salts.of('2026-12-05'), await salts.of('2026-12-06')];
    expect(again.equals(a)).toBe(true);
    expect(b.equals(a)).toBe(false);
    const who = `203.0.113.9\n${firefox}`;
    expect(visitorHash(a, who)).toBe(visitorHash(again, who));
    expect(visitorHash(b, who)).not.toBe(visitorHash(a, who));
    expect(visitorHash(a, who)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('knows bots by their User-Agent and keeps only a referrer\'s host', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('curl/8.5.0')).toBe(true);
    expect(isBot('')).toBe(true);
    expect(isBot(firefox)).toBe(false);
    expect(referrerHost('https://user:pw@News.Example.net:8443/a/b?q=secret#x')).toBe('news.example.net');
    expect(referrerHost('android-app://com.example')).toBe('com.example');
    expect(referrerHost('not a url')).toBeNull();
  });
});

describe.each(dialects())('visit counts on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let origin = '';
  let admin: TestUser;
  let clock = new Date();

  beforeAll(async () => {
    db = await createMigratedTestDatabase(dialect);
    app = await buildApp(testConfig(db, { logLevel: 'warn' }), { logger: true, logStream: logs.stream, render: true, visits: { now: () => new Date(clock) } });
    origin = await listening(app);
    admin = await createUser(app, 'admin');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('counts a view the page cache renders and one the fast lane answers; a bot and a signed-in editor are not counted', async () => {
    clock = new Date('2026-12-07T10:00:00Z');
    const day = '2026-12-07';
    expect((await get(origin, '/', { 'user-agent': firefox })).status).toBe(200);
    const served = app.fastLane.served;
    expect((await get(origin, '/', { 'user-agent': firefox })).status).toBe(200);
    expect(app.fastLane.served, 'the fast lane answered the second view').toBe(served + 1);

    // Robots, and clients that name no browser, are left out.
    await get(origin, '/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await get(origin, '/', {});

    // An editor signs in: the answer sets the staff cookie on every path, and their views are not counted.
    const editor = await createUser(app, 'admin');
    const signIn = await app.inject({ method: 'POST', url: apiPaths.auth.signIn, payload: { email: editor.email, password: editor.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const staffCookie = signIn.cookies.find((c) => c.name === 'staff');
    expect(staffCookie?.path).toBe('/');
    const before = app.fastLane.served;
    expect((await get(origin, '/', { 'user-agent': firefox, cookie: `staff=${staffCookie?.value ?? ''}` })).status).toBe(200);
    expect(app.fastLane.served).toBe(before + 1);

    const counts = await report(app, admin, day);
    expect(pageOf(counts, '/')).toEqual({ path: '/', lang: 'en', views: 2, visitors: 1 });
    expect(counts.total).toEqual({ views: 2, visitors: 1 });
    expect(counts.days).toEqual([{ day, views: 2, visitors: 1 }]);
    expect(counts.languages).toEqual([{ lang: 'en', views: 2, visitors: 1 }]);

    // Signing out takes the staff cookie away.
    const signOut = await app.inject({ method: 'POST', url: apiPaths.auth.signOut, cookies: Object.fromEntries(signIn.cookies.map((c) => [c.name, c.value])) });
    expect(signOut.cookies.find((c) => c.name === 'staff')?.value).toBe('');
  });

  it('keeps another site\'s host and the campaign, never the site\'s own pages as referrers', async () => {
    clock = new Date('2026-12-08T10:00:00Z');
    await get(origin, '/?utm_source=newsletter&utm_campaign=spring%20appeal', { 'user-agent': firefox, referer: 'https://mail.example.net/inbox/42?user=someone' });
    await get(origin, '/', { 'user-agent': firefox, referer: 'http://localhost:3000/about' });
    await get(origin, '/', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)', referer: 'https://spam.example.com/' });
    const counts = await report(app, admin, '2026-12-08');
    expect(pageOf(counts, '/')?.views).toBe(2);
    expect(counts.referrers).toEqual([{ host: 'mail.example.net', views: 1 }]);
    expect(counts.campaigns).toEqual([{ source: 'newsletter', campaign: 'spring appeal', views: 1 }]);
  });

  it('stores no address and no User-Agent: only hashes and counts', async () => {
    clock = new Date('2026-12-09T10:00:00Z');
    const marker = `Visitor-${crypto.randomBytes(6).toString('hex')}`;
    const userAgent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 ${marker}`;
    await get(origin, '/', { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.213' });
    await get(origin, '/', { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.213' });
    const counts = await report(app, admin, '2026-12-09');
    expect(pageOf(counts, '/')).toMatchObject({ views: 2, visitors: 1 });
    expect(await tablesMentioning(app.services.db.kysely, dialect, marker.toLowerCase())).toEqual([]);
    expect(await tablesMentioning(app.services.db.kysely, dialect, '198.51.100.213')).toEqual([]);
  });

  it('knows a visitor for one day: the next day they are a new hash; past days become counts and old counts go', async () => {
    clock = new Date('2026-12-10T23:59:00Z');
    await get(origin, '/', { 'user-agent': firefox });
    await app.services.visits.flushNow();
    clock = new Date('2026-12-11T00:01:00Z');
    await get(origin, '/', { 'user-agent': firefox });
    await app.services.visits.flushNow();
    const hashes = await app.services.db.kysely.selectFrom('visit_visitors').select(['day', 'visitor']).where('path', '=', '/').where('day', 'in', ['2026-12-10', '2026-12-11']).execute();
    expect(hashes).toHaveLength(2);
    expect(hashes[0]?.visitor).not.toBe(hashes[1]?.visitor);
    const both = await report(app, admin, '2026-12-10', '2026-12-11');
    expect(pageOf(both, '/')).toMatchObject({ views: 2, visitors: 2 });

    // Two days later the hashes of those days are gone, their numbers stay.
    clock = new Date('2026-12-13T08:00:00Z');
    expect(await app.visitsRetention.runNow()).toMatchObject({ deleted: 0 });
    expect(await app.services.db.kysely.selectFrom('visit_visitors').select('day').where('day', '<', '2026-12-12').execute()).toEqual([]);
    expect(pageOf(await report(app, admin, '2026-12-10', '2026-12-11'), '/')).toMatchObject({ views: 2, visitors: 2 });
    expect(pageOf(await report(app, admin, '2026-12-07'), '/')).toEqual({ path: '/', lang: 'en', views: 2, visitors: 1 });

    // The Pages screen's view of the last 30 days.
    const recent = await app.inject({ method: 'GET', url: apiPaths.visits.recent, headers: admin.headers });
    expect(recent.statusCode).toBe(200);
    const home = recentVisitsSchema.parse(recent.json()).paths.find((p) => p.path === '/');
    expect(home).toMatchObject({ lang: 'en', week: 8, month: 8 });
    expect(home?.daily).toHaveLength(30);
    expect(home?.daily.at(-3)).toBe(1);

    // 25 months on, the counts are past their time.
    clock = new Date('2029-01-15T08:00:00Z');
    expect((await app.visitsRetention.runNow())?.deleted).toBeGreaterThan(0);
    expect((await report(app, admin, '2026-12-07', '2026-12-11')).pages).toEqual([]);
  });

  it('exports the period as CSV and refuses a bad period, visitors and editors without the right', async () => {
    clock = new Date('2029-01-16T08:00:00Z');
    await get(origin, '/', { 'user-agent': firefox });
    await app.services.visits.flushNow();
    const csv = await app.inject({ method: 'GET', url: `${apiPaths.visits.csv}?from=2029-01-16&to=2029-01-16`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="visits-2029-01-16-to-2029-01-16.csv"');
    expect(csv.body.split('\r\n')).toEqual(['\uFEFF"Day (UTC)","Language","Address","Views","Visitors"', '"2029-01-16","en","/","1","1"', '']);

    const bad = await app.inject({ method: 'GET', url: `${apiPaths.visits.report}?from=2029-01-16&to=2029-01-01`, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    expect((await app.inject({ method: 'GET', url: `${apiPaths.visits.report}?from=yesterday&to=2029-01-01`, headers: admin.headers })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${apiPaths.visits.report}?from=2020-01-01&to=2029-01-01`, headers: admin.headers })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${apiPaths.visits.report}?from=2029-01-16&to=2029-01-16` })).statusCode).toBe(401);
    const none = await createUser(app, 'none');
    expect((await app.inject({ method: 'GET', url: `${apiPaths.visits.csv}?from=2029-01-16&to=2029-01-16`, headers: none.headers })).statusCode).toBe(403);
  });

  it('counts a visitor once however many X-Forwarded-For they write, through the fast lane and the routes, unless a trusted proxy wrote it', async () => {
    clock = new Date('2029-01-17T10:00:00Z');
    // This site trusts no proxy (TRUST_PROXY unset): the header is the visitor's own words.
    for (const hop of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await get(origin, '/', { 'user-agent': firefox, 'x-forwarded-for': hop });
    await get(origin, '/?utm_source=x', { 'user-agent': firefox, 'x-forwarded-for': '198.51.100.4' });
    // The same visitor on a second English page: two pages read, still one English visitor that day.
    expect((await get(origin, '/about', { 'user-agent': firefox })).status).toBe(200);
    const counts = await report(app, admin, '2029-01-17');
    expect(pageOf(counts, '/')).toMatchObject({ views: 4, visitors: 1 });
    expect(pageOf(counts, '/about')).toMatchObject({ views: 1, visitors: 1 });
    expect(counts.languages).toEqual([{ lang: 'en', views: 5, visitors: 1 }]);
    expect(counts.total).toEqual({ views: 5, visitors: 1 });
    // Behind the proxy setup writes (TRUST_PROXY=127.0.0.1): its hop is the visitor, whatever they wrote before it.
    const behindProxy = clientAddressOf('127.0.0.1');
    expect(behindProxy('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(behindProxy('127.0.0.1', '10.9.9.9, 203.0.113.7')).toBe('203.0.113.7');
    expect(behindProxy('192.0.2.50', '203.0.113.7'), 'from a connection that is not the proxy').toBe('192.0.2.50');
    expect(clientAddressOf(false)('192.0.2.50', '203.0.113.7')).toBe('192.0.2.50');
  });

  it('leaves out the site asking itself for its pages to weigh them', async () => {
    clock = new Date('2029-02-01T10:00:00Z');
    const weighed = await vi.waitFor(
      async () => {
        const res = await app.inject({ method: 'GET', url: pageWeightsApi, headers: admin.headers });
        expect(res.statusCode, res.body).toBe(200);
        const answer = pageWeightsAnswerSchema.parse(res.json());
        if (answer.weighing) throw new Error(`still weighing: ${answer.weighing.done} of ${answer.weighing.of}`);
        return answer;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(weighed.pages.map((p) => p.path)).toContain('/');
    const counts = await report(app, admin, '2029-02-01');
    expect(counts.total).toEqual({ views: 0, visitors: 0 });
    expect(counts.pages).toEqual([]);
  });
});

describe.runIf(dialects().includes('postgres') && process.env.TEST_REDIS_URL)('two instances on one PostgreSQL database and Redis', () => {
  let db: TestDatabase;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const config = testConfig(db, { redisUrl: process.env.TEST_REDIS_URL });
    apps = [await buildApp(config, { logger: false, render: true }), await buildApp(config, { logger: false, render: true })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it('add their views, and count a visitor who reached both once', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const [a, b] = [await listening(one), await listening(two)];
    const admin = await createUser(one, 'admin');
    const day = dayOf(Date.now());
    const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
    for (let i = 0; i < 3; i++) await get(a, '/', { 'user-agent': firefox });
    for (let i = 0; i < 2; i++) await get(b, '/', { 'user-agent': firefox });
    await get(b, '/', { 'user-agent': chrome });
    await Promise.all(apps.map((app) => app.services.visits.flushNow()));
    const counts = await report(one, admin, addDays(day, -1), day);
    expect(pageOf(counts, '/')).toEqual({ path: '/', lang: 'en', views: 6, visitors: 2 });
    expect(counts.total).toEqual({ views: 6, visitors: 2 });
  });
});
