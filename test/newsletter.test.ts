/**
 * The newsletter, on SQLite and PostgreSQL, with a real mail server:
 *
 * - a reader subscribes in Kiswahili from the footer's plain form (no
 *   JavaScript), gets a confirmation mail in Kiswahili, and no issue before
 *   confirming; confirming keeps the time and the text agreed to;
 * - every issue's mail carries List-Unsubscribe (https and mailto) and
 *   List-Unsubscribe-Post (RFC 8058); a POST to the one-click address with
 *   no session and no cookie unsubscribes at once, counted against the issue,
 *   and the page offers to undo it;
 * - 1,000 readers: the sending server is stopped half-way and a new one
 *   finishes; each address gets exactly one mail;
 * - two servers sending at once (PostgreSQL) send each mail once;
 * - the operator's rate holds (a minute's allowance, then nothing until the
 *   minute has passed); mails are DKIM-signed when a key is given;
 * - bad requests change nothing; export and erasure cover subscriptions.
 */
import crypto from 'node:crypto';
import { loggedUrl } from '../src/server/http/request-log.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { signFormStart } from '../src/server/forms/started.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { newsletterSchema, newsletterSubscribePath, subscribersAnswerSchema, type Newsletter } from '../src/shared/newsletter.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import { formConsentInput, formConsentValue, formInputName, formPostPath, type FormField } from '../src/shared/forms.js';
import { supporterExportSchema } from '../src/shared/supporters.js';
import { buildSeeded, testAuthSecret, testConfig, type TestApp } from './helpers/app.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { linksOf, startSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp.js';
import { createUser, type TestUser } from './helpers/users.js';
import { tablesMentioning } from './helpers/tables-mentioning.js';
import { startBuiltServer, type RunningServer } from './support/built-server.js';

const sw = publicWordsFor('sw').words.newsletter;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function createIssue(app: FastifyInstance, user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: apiPaths.newsletters.list, headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function issue(app: FastifyInstance, user: TestUser, id: string): Promise<Newsletter> {
  const res = await app.inject({ method: 'GET', url: pathTo(apiPaths.newsletters.one, { id }), headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return newsletterSchema.parse(res.json());
}

async function sendIssue(app: FastifyInstance, user: TestUser, id: string, body: Record<string, unknown> = {}): Promise<void> {
  const res = await app.inject({ method: 'POST', url: pathTo(apiPaths.newsletters.send, { id }), headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(202);
}

async function importReaders(app: FastifyInstance, user: TestUser, emails: readonly string[], lang = 'en'): Promise<void> {
  const res = await app.inject({ method: 'POST', url: apiPaths.subscribers.import, headers: user.headers, payload: { csv: ['email', ...emails].join('\n'), source: 'Paper sign-up sheet, annual meeting 2026', lang } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ added: number }>().added).toBe(emails.length);
}

/** The RFC 8058 headers every issue's mail carries; the one-click address. */
function oneClickOf(mail: ReceivedMail): string {
  // mailparser folds the List-* headers into one object: the raw header is read.
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const list = String(mail.raw.match(/^List-Unsubscribe:(.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const https = /<(https?:\/\/[^>]+\/newsletter\/unsubscribe\/[^>]+)>/.exec(list)?.[1];
  expect(https, list).toBeDefined();
  expect(list).toMatch(/<mailto:[^>]+>/);
  return https!;
}

const byAddress = (smtp: TestSmtp, purpose: (m: ReceivedMail) => boolean) => {
  const counts = new Map<string, number>();
  for (const m of smtp.received.filter(purpose)) for (const to of m.rcptTo) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
};

describe.each(dialects())('newsletter on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: TestUser;
  let superUser: TestUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildSeeded(dialect, { render: true, config: { smtpUrl: smtp.url }, app: { newsletter: { pollMs: 60_000 } } });
    admin = await createUser(t.app, 'admin');
    superUser = await createUser(t.app, 'super');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const mailsTo = (address: string) => smtp.mailsTo(address);
  const waitForMailTo = (address: string, count = 1) => smtp.waitForMailTo(address, count);
  async function subscribers(state?: string) {
    const res = await t.app.inject({ method: 'GET', url: `${apiPaths.subscribers.list}${state ? `?state=${state}` : ''}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return subscribersAnswerSchema.parse(res.json());
  }
  async function sentIssue(id: string): Promise<Newsletter> {
    await expect.poll(async () => (await issue(t.app, admin, id)).state, { timeout: 15_000, interval: 20 }).toBe('sent');
    return issue(t.app, admin, id);
  }

  it('shows the sign-up in the footer of public pages as a plain form with an e-mail field', async () => {
    for (const url of ['/', '/sw/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const tag = new RegExp(`<form[^>]* action="${newsletterSubscribePath}"[^>]*>`).exec(res.body)?.[0];
      expect(tag, url).toBeDefined();
      expect(tag).toContain('method="post"');
      const email = /<input id="newsletter-email"[^>]*>/.exec(res.body)?.[0] ?? '';
      expect(email).toContain('type="email"');
      expect(email).toContain('name="email"');
    }
    expect((await t.app.inject({ method: 'GET', url: '/sw/' })).body).toContain(sw.submit);
  });

  it('subscribes in Kiswahili without JavaScript, mails nothing but the confirmation before it is confirmed, keeps the text and time agreed to', async () => {
    const email = 'msomaji@example.org';
    const confirmedReader = 'tayari@example.org';
    await importReaders(t.app, admin, [confirmedReader], 'sw');
    const post = await t.app.inject({
      method: 'POST',
      url: newsletterSubscribePath,
      headers: formHeaders,
      payload: form({ email: ' Msomaji@Example.org ', lang: 'sw', website: '', started: signFormStart(testAuthSecret, 'newsletter', Date.now() - 5000) }),
      remoteAddress: '10.1.0.1',
    });
    expect(post.statusCode, post.body).toBe(303);
    expect(post.headers.location).toBe(`${newsletterSubscribePath}?sent=1&lang=sw`);
    const thanks = await t.app.inject({ method: 'GET', url: post.headers.location! });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(sw.sent);
    const [confirmation] = await waitForMailTo(email);
    expect(confirmation!.parsed.subject).toBe(sw.mail.confirmSubject((await t.app.services.settings.current()).data.organisationName));
    expect(confirmation!.parsed.text).toContain(sw.mail.confirmAction);
    expect((await subscribers('pending')).subscribers.map((s) => s.email)).toContain(email);

    // An issue sent now reaches the confirmed reader and not the one still to confirm.
    const before = await createIssue(t.app, admin, { lang: 'sw', subject: 'Habari za Desemba', intro: 'Karibu kwenye jarida letu.' });
    await sendIssue(t.app, admin, before);
    expect((await sentIssue(before)).progress).toEqual({ sent: 1, failed: 0, left: 0, skipped: 0 });
    await waitForMailTo(confirmedReader);
    expect(mailsTo(email)).toHaveLength(1);

    const link = linksOf(confirmation!).find((l) => l.includes('/newsletter/confirm/'))!;
    const path = new URL(link).pathname;
    const ask = await t.app.inject({ method: 'GET', url: path });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain(sw.confirm.button);
    expect(ask.body).toMatch(/<html[^>]* lang="sw"/);
    expect((await subscribers('pending')).subscribers.map((s) => s.email)).toContain(email);
    const done = await t.app.inject({ method: 'POST', url: path });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(sw.confirm.done);
    const reader = (await subscribers('confirmed')).subscribers.find((s) => s.email === email)!;
    expect(reader.lang).toBe('sw');
    expect(reader.source).toBe('footer');
    expect(reader.consentText).toBe(sw.consent);
    expect(Date.parse(reader.confirmedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Subscribing again once confirmed mails nothing more (and the page says the same as to anyone).
    const again = await t.app.inject({ method: 'POST', url: newsletterSubscribePath, headers: formHeaders, payload: form({ email, lang: 'sw', website: '', started: signFormStart(testAuthSecret, 'newsletter', Date.now() - 5000) }), remoteAddress: '10.1.0.2' });
    expect(again.statusCode).toBe(303);
    await t.app.services.mail.idle();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('keeps the links’ tokens out of the log', () => {
    expect(loggedUrl('/newsletter/unsubscribe/abc.def.ghi')).toBe('/newsletter/unsubscribe/[redacted]');
    expect(loggedUrl('/newsletter/confirm/abc.def.ghi')).toBe('/newsletter/confirm/[redacted]');
    expect(loggedUrl('/newsletter/preview/abc.def.ghi')).toBe('/newsletter/preview/[redacted]');
  });

  it('offers “keep me informed” on a form where editors turn it on: ticked, the person is asked to confirm a subscription', async () => {
    const list = await t.app.inject({ method: 'GET', url: `${pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' })}?status=published`, headers: admin.headers });
    const block = list.json<{ documents: { id: string; version: number; data: { fields: FormField[] } }[] }>().documents[0]!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' })}/${block.id}`,
      headers: { ...admin.headers, 'if-match': String(block.version) },
      payload: { data: { ...block.data, newsletterChoice: true }, status: 'published' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const at = await t.app.inject({ method: 'GET', url: formPostPath(block.id) });
    const page = await t.app.inject({ method: 'GET', url: (at.headers.location ?? '').split('#')[0]! });
    expect(page.body).toContain('name="newsletter"');
    expect(page.body).toContain(publicWordsFor('en').words.newsletter.keepInformed);
    const email = 'volunteer-news@example.org';
    const answers: Record<string, string> = {};
    for (const f of block.data.fields) {
      if (!f.required && f.type !== 'email') continue;
      answers[formInputName(f.id)] = f.type === 'email' ? email : f.type === 'consent' ? 'yes' : f.options?.[0]?.value ?? (f.type === 'number' ? '3' : f.type === 'date' ? '2027-01-01' : 'Asha');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: formPostPath(block.id),
      headers: formHeaders,
      payload: form({ ...answers, [formConsentInput]: formConsentValue, newsletter: 'yes', website: '', started: signFormStart(testAuthSecret, block.id, Date.now() - 5000) }),
      remoteAddress: '10.3.0.1',
    });
    expect(res.statusCode, res.body).toBe(303);
    const reader = (await subscribers('pending')).subscribers.find((s) => s.email === email);
    expect(reader).toMatchObject({ source: `form: ${block.id}`, consentText: publicWordsFor('en').words.newsletter.keepInformed });
    expect((await waitForMailTo(email)).some((m) => (m.parsed.text ?? '').includes('/newsletter/confirm/'))).toBe(true);
  });

  it('refuses a bot or a bad address with the page again and keeps nothing', async () => {
    const started = signFormStart(testAuthSecret, 'newsletter', Date.now() - 5000);
    const cases = [
      { email: 'bot@example.org', website: 'http://spam.example', started },
      { email: 'not-an-address', website: '', started },
      { email: 'fast@example.org', website: '', started: signFormStart(testAuthSecret, 'newsletter', Date.now()) },
      { email: 'forged@example.org', website: '', started: signFormStart(testAuthSecret, 'another-form', Date.now() - 5000) },
    ];
    for (const [i, fields] of cases.entries()) {
      const res = await t.app.inject({ method: 'POST', url: newsletterSubscribePath, headers: formHeaders, payload: form({ ...fields, lang: 'sw' }), remoteAddress: `10.2.0.${i}` });
      expect(res.statusCode, fields.email).toBe(422);
      expect(res.body).toContain('role="alert"');
    }
    const all = (await subscribers()).subscribers.map((s) => s.email);
    for (const fields of cases) expect(all).not.toContain(fields.email);
    expect(await t.app.inject({ method: 'GET', url: '/newsletter/confirm/nothing-here' }).then((r) => r.statusCode)).toBe(404);
    expect(await t.app.inject({ method: 'POST', url: '/newsletter/unsubscribe/nothing-here', headers: formHeaders, payload: 'List-Unsubscribe=One-Click' }).then((r) => r.statusCode)).toBe(404);
  });

  it('sends an issue with its stories, each mail with the RFC 8058 headers; one POST without session or cookie unsubscribes, counted, and can be undone', async () => {
    const readers = ['one@example.org', 'two@example.org', 'three@example.org'];
    await importReaders(t.app, admin, readers);
    const stories = await t.app.content.publishedBlocks(['newstory']);
    expect(stories.length).toBeGreaterThan(1);
    const id = await createIssue(t.app, admin, { lang: 'en', subject: 'Our news in December', intro: 'Two stories from the regions.\n\nAnd what comes next.', archived: true, items: stories.slice(0, 2).map((s) => ({ collection: 'newstory', id: s.id })) });
    // Not shown on the site before it is sent.
    expect((await t.app.inject({ method: 'GET', url: `/newsletter/issues/${id}` })).statusCode).toBe(404);
    await sendIssue(t.app, admin, id);
    expect((await sentIssue(id)).progress.sent).toBeGreaterThanOrEqual(3);
    const mails = readers.map((r) => mailsTo(r).find((m) => m.parsed.subject === 'Our news in December')!);
    const title = (JSON.parse(stories[0]!.data) as { title: string }).title;
    const links = mails.map((m) => {
      expect(m.parsed.text).toContain(title);
      expect(m.parsed.html).toContain('role="presentation"');
      return oneClickOf(m);
    });
    // Each reader's mail is their own.
    expect(new Set(links).size).toBe(3);
    // Once sent, the issue is a page of the site in its language, listed in the archive; a draft is not.
    const archived = await t.app.inject({ method: 'GET', url: `/newsletter/issues/${id}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.body).toContain('Our news in December');
    expect(archived.body).toContain(title);
    const list = await t.app.inject({ method: 'GET', url: '/newsletter/issues' });
    expect(list.body).toContain(`href="/newsletter/issues/${id}"`);
    expect((await t.app.inject({ method: 'GET', url: '/newsletter/issues?lang=sw' })).body).not.toContain(id);
    // The stories' pictures as JPEG or PNG (mail programs show no AVIF or WebP).
    const pictures = [...String(mails[0]!.parsed.html).matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
    expect(pictures.length).toBeGreaterThan(0);
    for (const src of pictures) expect((await t.app.inject({ method: 'GET', url: src })).headers['content-type']).toMatch(/^image\/(jpeg|png)/);

    // Staff look at it as its mail through a signed link a frame can open; a changed link shows nothing.
    const preview = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.newsletters.preview, { id }), headers: admin.headers });
    const { url } = preview.json<{ url: string }>();
    const framed = await t.app.inject({ method: 'GET', url });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain('Our news in December');
    expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect((await t.app.inject({ method: 'GET', url: `${url.slice(0, -2)}xx` })).statusCode).toBe(404);

    const path = new URL(links[0]!).pathname;
    const res = await t.app.inject({ method: 'POST', url: path, headers: formHeaders, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await subscribers('unsubscribed')).subscribers.map((s) => s.email)).toContain('one@example.org');
    expect((await issue(t.app, admin, id)).unsubscribes).toBe(1);
    // The page's GET only asks; the POST again changes nothing more.
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(publicWordsFor('en').words.newsletter.unsubscribe.undo);
    await t.app.inject({ method: 'POST', url: path, headers: formHeaders, payload: 'List-Unsubscribe=One-Click' });
    expect((await issue(t.app, admin, id)).unsubscribes).toBe(1);
    const undo = await t.app.inject({ method: 'POST', url: path, headers: formHeaders, payload: form({ action: 'undo' }) });
    expect(undo.body).toContain(publicWordsFor('en').words.newsletter.unsubscribe.undone);
    expect((await subscribers('confirmed')).subscribers.map((s) => s.email)).toContain('one@example.org');
  });

  it('answers bad staff requests with clear errors and changes nothing', async () => {
    const bad = await t.app.inject({ method: 'POST', url: apiPaths.newsletters.list, headers: admin.headers, payload: { lang: 'sw', subject: '' } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: apiPaths.newsletters.list, headers: admin.headers, payload: { lang: 'en', subject: 'x', items: [{ collection: 'newstory', id: 'no-such-story' }] } });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: pathTo(apiPaths.newsletters.one, { id: 'nope' }), headers: admin.headers })).statusCode).toBe(404);
    const id = await createIssue(t.app, admin, { lang: 'fr', subject: 'Nobody reads French here' });
    await sendIssue(t.app, admin, id);
    await sentIssue(id);
    expect((await t.app.inject({ method: 'POST', url: pathTo(apiPaths.newsletters.send, { id }), headers: admin.headers, payload: {} })).statusCode).toBe(412);
    expect((await t.app.inject({ method: 'POST', url: pathTo(apiPaths.newsletters.pause, { id }), headers: admin.headers })).statusCode).toBe(412);
    expect((await t.app.inject({ method: 'GET', url: `${apiPaths.subscribers.list}?state=gone`, headers: admin.headers })).statusCode).toBe(400);
    const noEmail = await t.app.inject({ method: 'POST', url: apiPaths.subscribers.import, headers: admin.headers, payload: { csv: 'name\nAmina', source: 'a sheet of paper', lang: 'en' } });
    expect(noEmail.statusCode).toBe(400);
  });

  it('exports a reader’s subscription with their data, and erasure leaves nothing of it', async () => {
    const email = 'erase-me@example.org';
    await importReaders(t.app, admin, [email], 'sw');
    const found = await t.app.inject({ method: 'GET', url: `${apiPaths.supporters.list}?q=erase-me`, headers: admin.headers });
    const id = found.json<{ people: { id: string }[] }>().people[0]!.id;
    const exported = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.supporters.export, { id }), headers: admin.headers });
    expect(supporterExportSchema.parse(exported.json()).newsletter).toMatchObject({ state: 'confirmed', lang: 'sw', source: expect.stringContaining('Paper sign-up sheet') });
    // Retention keeps a subscribed person who gave no answer.
    await t.app.supportersRetention.runNow();
    expect((await subscribers()).subscribers.map((s) => s.email)).toContain(email);
    const erased = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id }), headers: superUser.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await subscribers()).subscribers.map((s) => s.email)).not.toContain(email);
    expect(await tablesMentioning(t.app.services.db.kysely, dialect, email)).toEqual([]);
  });
});

/** A server of its own on `db` sending through `smtpUrl`, not started by a seed. */
async function sender(db: TestDatabase, smtpUrl: string, newsletter: NonNullable<Parameters<typeof buildApp>[1]>['newsletter'], config: Record<string, unknown> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(db, { smtpUrl, ...config }), { logger: false, render: false, newsletter });
  await app.ready();
  return app;
}

const readerList = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.org`);

describe.each(dialects())('sending the newsletter on %s', (dialect) => {
  it('survives a restart half-way through 1,000 readers: each address gets exactly one mail', async () => {
    const db = await createTestDatabase(dialect);
    const smtp = await startSmtp();
    let second: FastifyInstance | null = null;
    try {
      const first = await sender(db, smtp.url, { batchSize: 50, ratePerMinute: 100_000, pollMs: 60_000 });
      const staff = await createUser(first, 'admin');
      const readers = readerList(1000, 'r');
      await importReaders(first, staff, readers);
      const id = await createIssue(first, staff, { lang: 'en', subject: 'A thousand readers' });
      await sendIssue(first, staff, id);
      await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(500);
      await first.close();
      const atStop = smtp.received.length;
      expect(atStop).toBeLessThan(1000);
      second = await sender(db, smtp.url, { batchSize: 50, ratePerMinute: 100_000, pollMs: 60_000 });
      await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(1000);
      await second.newsletterSender.runNow();
      const counts = byAddress(smtp, () => true);
      expect(counts.size).toBe(1000);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(smtp.received).toHaveLength(1000);
      const staff2 = await createUser(second, 'admin');
      const done = await issue(second, staff2, id);
      expect(done.state).toBe('sent');
      expect(done.progress).toEqual({ sent: 1000, failed: 0, left: 0, skipped: 0 });
      // Spot-check the RFC 8058 headers on mails of both servers.
      for (const m of [smtp.received[0]!, smtp.received[atStop]!, smtp.received[999]!]) oneClickOf(m);
    } finally {
      await second?.close();
      await smtp.close();
      await db.drop();
    }
  }, 120_000);

  it('holds the operator’s rate: a minute’s allowance, then nothing until the minute has passed; DKIM-signs when given a key', async () => {
    const db = await createTestDatabase(dialect);
    const smtp = await startSmtp();
    let ahead = 0;
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const app = await sender(db, smtp.url, { batchSize: 50, ratePerMinute: 10, pollMs: 60_000, now: () => new Date(Date.now() + ahead) }, {
      dkim: { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), selector: 'news2026' },
      mailFrom: 'news@example.org',
    });
    try {
      const staff = await createUser(app, 'admin');
      await importReaders(app, staff, readerList(25, 'rate'));
      const id = await createIssue(app, staff, { lang: 'en', subject: 'At a steady pace' });
      await sendIssue(app, staff, id);
      await expect.poll(() => smtp.received.length, { timeout: 15_000, interval: 10 }).toBe(10);
      for (let i = 0; i < 3; i++) await app.newsletterSender.runNow();
      expect(smtp.received).toHaveLength(10);
      expect((await issue(app, staff, id)).progress).toEqual({ sent: 10, failed: 0, left: 15, skipped: 0 });
      ahead += 61_000;
      await app.newsletterSender.runNow();
      expect(smtp.received).toHaveLength(20);
      ahead += 61_000;
      await app.newsletterSender.runNow();
      expect(smtp.received).toHaveLength(25);
      for (const m of smtp.received) {
        oneClickOf(m);
        expect(m.raw).toMatch(/^DKIM-Signature: .*d=example\.org;/m);
        expect(m.raw).toMatch(/s=news2026;/);
      }
    } finally {
      await app.close();
      await smtp.close();
      await db.drop();
    }
  });

  it.runIf(dialect === 'postgres')('sends each mail once with two servers sending at once', async () => {
    const db = await createTestDatabase(dialect);
    const [smtpA, smtpB] = [await startSmtp(), await startSmtp()];
    const options = { batchSize: 20, ratePerMinute: 100_000, pollMs: 25 };
    const a = await sender(db, smtpA.url, options);
    const b = await sender(db, smtpB.url, options);
    try {
      const staff = await createUser(a, 'admin');
      const readers = readerList(400, 'two');
      await importReaders(a, staff, readers);
      const id = await createIssue(a, staff, { lang: 'en', subject: 'From two servers' });
      await sendIssue(a, staff, id);
      await expect.poll(() => smtpA.received.length + smtpB.received.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(400);
      await a.newsletterSender.runNow();
      await b.newsletterSender.runNow();
      const counts = byAddress(smtpA, () => true);
      for (const [to, n] of byAddress(smtpB, () => true)) counts.set(to, (counts.get(to) ?? 0) + n);
      expect(counts.size).toBe(400);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(smtpA.received.length).toBeGreaterThan(0);
      expect(smtpB.received.length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
      await smtpA.close();
      await smtpB.close();
      await db.drop();
    }
  }, 120_000);
});

describe('a sending server killed half-way', () => {
  it('starts again on its SQLite and sends the rest of 1,000: no reader goes without, none but the mail in hand at the kill gets two', async () => {
    const smtp = await startSmtp();
    const subject = `Killed half-way ${crypto.randomBytes(3).toString('hex')}`;
    const env = { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '100000' };
    const first = await startBuiltServer({ env });
    let second: RunningServer | null = null;
    try {
      const signIn = async (server: RunningServer) => {
        const res = await fetch(`${server.url}${apiPaths.auth.signIn}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: server.superEmail, password: server.superPassword }) });
        return ((await res.json()) as { idToken: string }).idToken;
      };
      let idToken = await signIn(first);
      const api = async (base: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, json: (await res.json()) as unknown };
      };
      const readers = readerList(1000, 'killed');
      expect((await api(first.url, apiPaths.subscribers.import, { csv: ['email', ...readers].join('\n'), source: 'Paper sign-up sheet', lang: 'en' })).status).toBe(200);
      const created = await api(first.url, apiPaths.newsletters.list, { lang: 'en', subject, intro: 'A thousand readers.', items: [] });
      expect(created.status).toBe(201);
      const id = (created.json as { id: string }).id;
      expect((await api(first.url, pathTo(apiPaths.newsletters.send, { id }), {})).status).toBe(202);
      const ours = (m: ReceivedMail) => m.parsed.subject === subject;
      await expect.poll(() => smtp.received.filter(ours).length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(300);
      process.kill(first.pid!, 'SIGKILL');
      await expect.poll(() => first.exited()?.signal, { timeout: 10_000 }).toBe('SIGKILL');
      expect(smtp.received.filter(ours).length).toBeLessThan(1000);

      // The same DATA_DIR, started again: the batch the dead process held goes at once.
      second = await startBuiltServer({ env: { ...env, DATA_DIR: first.dataDir } });
      idToken = await signIn(second);
      await expect.poll(() => byAddress(smtp, ours).size, { timeout: 60_000, interval: 20 }).toBe(1000);
      const progress = async () => {
        const res = await api(second!.url, pathTo(apiPaths.newsletters.one, { id }));
        return res.status === 200 ? newsletterSchema.parse(res.json).progress : res;
      };
      await expect.poll(progress, { timeout: 10_000 }).toEqual({ sent: 1000, failed: 0, left: 0, skipped: 0 });
      const twice = [...byAddress(smtp, ours).values()].filter((n) => n > 1).length;
      expect(twice, 'only the mail handed over at the moment of the kill may go twice').toBeLessThanOrEqual(1);
      expect(smtp.received.filter(ours).length).toBe(1000 + twice);
    } finally {
      await second?.stop();
      await first.stop();
      await smtp.close();
    }
  }, 180_000);
});
