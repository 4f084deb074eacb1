/**
 * Registration for events, on the demo site (the youth leadership workshop,
 * 40 places, in English and Kiswahili) and on events made for each test,
 * on SQLite and PostgreSQL, with a real mail server:
 *
 * - 200 registrations at once for 50 places: exactly 50 confirmed and 150
 *   waitlisted (or refused `closed` without a waitlist), also with two
 *   servers on one PostgreSQL database;
 * - one person registers once: a second try answers `already` and mails the
 *   confirmation again; the confirmation carries the event as an iCalendar
 *   file a calendar library reads;
 * - reminders go out once with passes running at once (two servers on
 *   PostgreSQL), never to the waitlist or the cancelled; the cancel link
 *   asks on GET, cancels once on POST and gives the place to the first on
 *   the waitlist;
 * - without JavaScript the page shows the places left, a posted form
 *   registers (in Kiswahili too), and a closed registration says so;
 * - staff list, download, mark attendance, move from the waitlist, mail
 *   everyone; an erased person leaves no registration anywhere.
 */
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { signFormStart } from '../src/server/forms/started.js';
import { youthWorkshopId } from '../src/server/seed/content/events.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { eventRegisterPath, registrationMailAnswerSchema, registrationsAnswerSchema, type RegistrationsAnswer } from '../src/shared/events.js';
import { formInputName } from '../src/shared/forms.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import { buildSeeded, serverOn, testAuthSecret, testConfig, type TestApp } from './helpers/app.js';
import { parseCsv } from './helpers/csv.js';
import { createTestDatabase, dialects } from './helpers/databases.js';
import { linksOf, startSmtp, type TestSmtp } from './helpers/smtp.js';
import { createUser, type TestUser } from './helpers/users.js';
import { logSink } from './helpers/log-sink.js';
import { tablesMentioning as tablesHolding } from './helpers/tables-mentioning.js';

const en = publicWordsFor('en').words.registration;
const sw = publicWordsFor('sw').words.registration;
const day = 86_400_000;


function encode(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Publishes an event people register for here (through the content API); its id. */
async function publishEvent(t: TestApp, user: TestUser, data: Record<string, unknown>): Promise<string> {
  const startsAt = new Date(Date.now() + 30 * day).toISOString();
  const res = await t.app.inject({
    method: 'POST',
    url: pathTo(apiPaths.collections.documents, { name: 'thirdevents' }),
    headers: user.headers,
    payload: { data: { title: 'Budget literacy training', startsAt, endsAt: new Date(Date.parse(startsAt) + 3 * 3_600_000).toISOString(), registrationOpen: true, places: 50, waitlist: true, ...data }, status: 'published' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentDocument>().id;
}

async function registrationsOf(t: TestApp, user: TestUser, id: string): Promise<RegistrationsAnswer> {
  const res = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.events.registrations, { id }), headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return registrationsAnswerSchema.parse(res.json());
}

const person = (i: number) => ({ email: `person-${i}@example.org`, name: `Person ${i}`, values: {} });

describe.each(dialects())('registration for events on %s', (dialect) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>> | null = null;
  let smtp: TestSmtp;
  let admin: TestUser;
  let superUser: TestUser;
  /** How far the registrations' clock runs ahead of the real one (reminders, retention). */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  const logs = logSink();
  const events = { now, intervalMs: 3_600_000 };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildSeeded(dialect, { render: true, config: { smtpUrl: smtp.url, logLevel: 'info' }, app: { events, logger: true, logStream: logs.stream } });
    admin = await createUser(t.app, 'admin');
    superUser = await createUser(t.app, 'super');
  });
  // The registrations' clock back to the real one after each test, passed or failed.
  afterEach(() => {
    ahead = 0;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await smtp?.close();
  });

  const mailsTo = (address: string) => smtp.mailsTo(address);
  const waitForMailTo = (address: string, count = 1) => smtp.waitForMailTo(address, count);
  const post = (id: string, fields: Record<string, string>, ip: string) =>
    t.app.inject({ method: 'POST', url: eventRegisterPath(id), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: encode(fields), remoteAddress: ip });
  /** A form as a person fills it, its start signed five seconds ago. */
  const filled = (id: string, fields: Record<string, string>) => ({ website: '', started: signFormStart(testAuthSecret, id, Date.now() - 5000), ...fields });

  it('registers a person once: the second try answers `already` and mails the confirmation again, with the event as an iCalendar file', async () => {
    const startsAt = '2027-03-04T06:30:00.000Z';
    const location = 'Ukumbi wa Jumuiya, Mkoani; ghorofa ya pili, chumba namba 3, karibu na soko la Bahari “Tanzania”';
    const id = await publishEvent(t, admin, { title: 'Workshop on the water budget, part 2', startsAt, endsAt: '2027-03-04T10:00:00.000Z', location });
    const email = 'twice@example.org';
    expect((await t.app.services.events.register({ eventId: id, email, name: 'Twice Person', values: {} })).outcome).toBe('confirmed');
    expect((await t.app.services.events.register({ eventId: id, email: ' TWICE@example.org ', name: 'Twice Person', values: {} })).outcome).toBe('already');
    expect((await registrationsOf(t, admin, id)).registrations.filter((r) => r.email === email)).toHaveLength(1);
    const mails = await waitForMailTo(email, 2);
    expect(mails.map((m) => m.parsed.subject)).toEqual([en.mail.subject.confirmed('Workshop on the water budget, part 2'), en.mail.subject.confirmed('Workshop on the water budget, part 2')]);

    const file = mails[0]!.parsed.attachments.find((a) => a.contentType === 'text/calendar');
    expect(file, 'a text/calendar part').toBeDefined();
    expect(mails[0]!.raw).toMatch(/Content-Type: text\/calendar;[\s\S]{0,80}method=PUBLISH/i);
    const text = file!.content.toString('utf8');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.endsWith('\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vevent = calendar.getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent!);
    expect(event.summary).toBe('Workshop on the water budget, part 2');
    expect(event.location).toBe(location);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-04T10:00:00.000Z');
    expect(event.uid).toBe(`${id}@localhost`);
  });

  it('shows the places left without JavaScript, takes a posted registration and answers in the page’s language', async () => {
    const path = `/events/${youthWorkshopId}`;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    // The demo has five people registered for its 40 places.
    expect(page.body).toContain(en.placesLeft(35, 40));
    const form = /<form[^>]*>/.exec(page.body.slice(page.body.indexOf(`id="register-${youthWorkshopId}"`)))?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${eventRegisterPath(youthWorkshopId)}#register-${youthWorkshopId}"`);
    for (const name of [formInputName('name'), formInputName('email'), formInputName('district'), 'website', 'started']) expect(page.body).toContain(`name="${name}"`);

    const missing = await post(youthWorkshopId, filled(youthWorkshopId, { [formInputName('email')]: 'asha.page@example.org', [formInputName('district')]: 'bahari' }), '198.51.100.1');
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('value="asha.page@example.org"');
    expect(missing.body).toContain(publicWordsFor('en').words.form.problems.required);

    const res = await post(youthWorkshopId, filled(youthWorkshopId, { [formInputName('name')]: 'Asha Page', [formInputName('email')]: 'asha.page@example.org', [formInputName('district')]: 'bahari' }), '198.51.100.1');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${eventRegisterPath(youthWorkshopId)}?registered=confirmed#register-${youthWorkshopId}`);
    const answer = await t.app.inject({ method: 'GET', url: String(res.headers.location).split('#')[0]! });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(en.outcomes.confirmed);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(en.placesLeft(34, 40));

    // In Kiswahili: the page's words, the answer and the mail.
    const swPage = await t.app.inject({ method: 'GET', url: `/sw${path}` });
    expect(swPage.statusCode).toBe(200);
    expect(swPage.body).toContain(sw.placesLeft(34, 40));
    expect(swPage.body).toContain('Wilaya yako');
    const swRes = await post(youthWorkshopId, filled(youthWorkshopId, { [formInputName('name')]: 'Juma Ukurasa', [formInputName('email')]: 'juma.ukurasa@example.org', [formInputName('district')]: 'lindiwe', lang: 'sw' }), '198.51.100.2');
    expect(swRes.statusCode, swRes.body).toBe(303);
    expect(swRes.headers.location).toContain('lang=sw');
    const swAnswer = await t.app.inject({ method: 'GET', url: String(swRes.headers.location).split('#')[0]! });
    expect(swAnswer.body).toContain(sw.outcomes.confirmed);
    const [swMail] = await waitForMailTo('juma.ukurasa@example.org');
    expect(swMail!.parsed.subject).toBe(sw.mail.subject.confirmed('Warsha ya uongozi kwa vijana'));
  });

  it('says “Registration closed” after the closing time and refuses a registration then', async () => {
    const id = await publishEvent(t, admin, { registrationClosesAt: new Date(Date.now() - 60_000).toISOString() });
    const page = await t.app.inject({ method: 'GET', url: `/events/${id}` });
    expect(page.body).toContain(en.closed);
    expect(page.body).not.toContain(`name="${formInputName('email')}"`);
    const res = await post(id, filled(id, { [formInputName('name')]: 'Late Person', [formInputName('email')]: 'late@example.org' }), '198.51.100.3');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('registered=closed');
    const answer = await t.app.inject({ method: 'GET', url: String(res.headers.location).split('#')[0]! });
    expect(answer.body).toContain(en.outcomes.closed);
    expect((await registrationsOf(t, admin, id)).registrations).toEqual([]);
  });

  it('cancels by the mailed link: GET asks and changes nothing, POST cancels once, the first on the waitlist is confirmed and mailed; the token stays out of the log', async () => {
    const id = await publishEvent(t, admin, { places: 1 });
    await t.app.services.events.register({ eventId: id, email: 'first.in@example.org', name: 'First In', values: {} });
    await t.app.services.events.register({ eventId: id, email: 'next.in@example.org', name: 'Next In', values: {} });
    const [confirmation] = await waitForMailTo('first.in@example.org');
    const link = linksOf(confirmation!).find((l) => l.includes('/registrations/cancel/'));
    expect(link).toBeDefined();
    const url = new URL(link!).pathname;

    const asked = await t.app.inject({ method: 'GET', url });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(en.cancelPage.question('Budget literacy training'));
    expect(asked.body).toMatch(/<form[^>]*method="post"/);
    expect((await registrationsOf(t, admin, id)).counts).toMatchObject({ confirmed: 1, waitlisted: 1, cancelled: 0 });

    const cancelled = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain(en.cancelPage.done);
    const after = await registrationsOf(t, admin, id);
    expect(after.registrations.map((r) => [r.email, r.state])).toEqual([
      ['first.in@example.org', 'cancelled'],
      ['next.in@example.org', 'confirmed'],
    ]);
    const promoted = await waitForMailTo('next.in@example.org', 2);
    expect(promoted.map((m) => m.parsed.subject)).toEqual([en.mail.subject.waitlist('Budget literacy training'), en.mail.subject.confirmed('Budget literacy training')]);

    const again = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(en.cancelPage.invalid);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const token = url.split('/').pop()!;
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).toContain('/registrations/cancel/[redacted]');
  });

  it('reminds each confirmed person once with passes running at once (two servers on PostgreSQL), never the waitlisted or the cancelled', async () => {
    const startsAt = new Date(Date.now() + 10 * day).toISOString();
    const id = await publishEvent(t, admin, { places: 1, startsAt, endsAt: startsAt, reminderHours: 24 });
    const reg = (email: string) => t.app.services.events.register({ eventId: id, email, name: null, values: {} });
    await reg('remind.me@example.org');
    await reg('waiting.one@example.org');
    const gone = await reg('gone.one@example.org');
    await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.events.registration, { id, registrationId: gone.registrationId! }), headers: admin.headers, payload: { state: 'cancelled' } });
    // A second server on the same PostgreSQL database (SQLite's site is one server process: there, two passes of one).
    if (dialect === 'postgres') {
      second = await buildApp(testConfig(t.db, { seedDemo: true, smtpUrl: smtp.url }), { logger: false, render: false, events });
      await second.ready();
    }
    const other = second ?? t.app;
    // Twenty-three hours before the start: the reminder's time has come (the second server's first pass may see it too).
    ahead = 10 * day - 23 * 3_600_000;
    await Promise.all([t.app.eventsSchedule.runNow(), other.eventsSchedule.runNow(), t.app.eventsSchedule.runNow()]);
    const reminder = en.mail.subject.reminder('Budget literacy training');
    await expect.poll(() => mailsTo('remind.me@example.org').map((m) => m.parsed.subject), { timeout: 15_000, interval: 20 }).toContain(reminder);
    await Promise.all([t.app.eventsSchedule.runNow(), other.eventsSchedule.runNow()]);
    await Promise.all([t.app.services.mail.idle(), other.services.mail.idle()]);
    expect(mailsTo('remind.me@example.org').map((m) => m.parsed.subject)).toEqual([en.mail.subject.confirmed('Budget literacy training'), reminder]);
    expect(mailsTo('waiting.one@example.org').map((m) => m.parsed.subject)).not.toContain(reminder);
    expect(mailsTo('gone.one@example.org').map((m) => m.parsed.subject)).not.toContain(reminder);
  });

  it('lets staff list, download (spreadsheet-safe), mark attendance, move from the waitlist and mail everyone; an erased person leaves no registration', async () => {
    const id = await publishEvent(t, admin, { places: 1, registrationQuestions: [{ id: 'district', type: 'shortText', label: 'District', required: false }] });
    await t.app.services.events.register({ eventId: id, email: 'formula@example.org', name: '=HYPERLINK("http://x")', values: { district: '+1' } });
    const waiting = await t.app.services.events.register({ eventId: id, email: 'moved.up@example.org', name: 'Moved Up', values: {} });
    expect(waiting.outcome).toBe('waitlist');

    const csv = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.events.registrationsCsv, { id }), headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Registered (UTC)', 'State', 'Waitlist position', 'Attended (UTC)', 'Language', 'E-mail', 'Name', 'district']);
    expect(rows[1]!.slice(1)).toEqual(['confirmed', '', '', 'en', 'formula@example.org', '\'=HYPERLINK("http://x")', '\'+1']);
    expect(rows[2]!.slice(1, 3)).toEqual(['waitlisted', '1']);

    const first = (await registrationsOf(t, admin, id)).registrations[0]!;
    const attended = await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.events.registration, { id, registrationId: first.id }), headers: admin.headers, payload: { attended: true } });
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json<{ attendedAt: string | null }>().attendedAt).not.toBeNull();
    const moved = await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.events.registration, { id, registrationId: waiting.registrationId! }), headers: superUser.headers, payload: { state: 'confirmed' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await registrationsOf(t, admin, id)).counts).toEqual({ confirmed: 2, waitlisted: 0, cancelled: 0, attended: 1 });
    const counts = await t.app.inject({ method: 'GET', url: apiPaths.events.counts, headers: admin.headers });
    expect(counts.json<Record<string, unknown>>()[id]).toEqual({ confirmed: 2, waitlisted: 0, places: 1 });
    const refused = await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.events.registration, { id, registrationId: first.id }), headers: admin.headers, payload: {} });
    expect(refused.statusCode).toBe(400);

    // Staff cancel a confirmed place: the first on the waitlist takes it.
    const small = await publishEvent(t, admin, { places: 1 });
    const holder = await t.app.services.events.register({ eventId: small, email: 'holder@example.org', name: 'Holder', values: {} });
    await t.app.services.events.register({ eventId: small, email: 'in.line@example.org', name: 'In Line', values: {} });
    const cancelled = await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.events.registration, { id: small, registrationId: holder.registrationId! }), headers: admin.headers, payload: { state: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await registrationsOf(t, admin, small)).registrations.map((r) => [r.email, r.state])).toEqual([
      ['holder@example.org', 'cancelled'],
      ['in.line@example.org', 'confirmed'],
    ]);
    const again = await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.events.registration, { id: small, registrationId: holder.registrationId! }), headers: admin.headers, payload: { state: 'confirmed' } });
    expect(again.statusCode).toBe(412);

    const mailed = await t.app.inject({ method: 'POST', url: pathTo(apiPaths.events.mail, { id }), headers: admin.headers, payload: { subject: 'The room changed', text: 'We meet in room 2.' } });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(registrationMailAnswerSchema.parse(mailed.json())).toEqual({ mailed: 2 });
    for (const address of ['formula@example.org', 'moved.up@example.org']) {
      await expect.poll(() => mailsTo(address).some((m) => m.parsed.subject === 'The room changed'), { timeout: 15_000, interval: 20 }).toBe(true);
    }
    const audit = await t.app.services.db.kysely.selectFrom('audit_log').select(['action', 'subject']).where('action', 'like', 'event.%').execute();
    expect(JSON.stringify(audit)).not.toMatch(/formula@|moved\.up|HYPERLINK|Moved Up/);
    expect(audit).toContainEqual({ action: 'event.mail', subject: '2 mails' });

    // Erasure: the person and their registration go from every table.
    await t.app.services.mail.idle();
    const erased = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: first.supporterId }), headers: superUser.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await registrationsOf(t, admin, id)).registrations.map((r) => r.email)).toEqual(['moved.up@example.org']);
    expect(await tablesHolding(t.app.services.db.kysely, dialect, 'formula@example.org')).toEqual([]);
  });

  it('shows a person’s registrations in the supporters’ search and deletes registrations past their retention', async () => {
    const startsAt = new Date(Date.now() + 2 * day).toISOString();
    const id = await publishEvent(t, admin, { startsAt, endsAt: startsAt, registrationRetentionMonths: 1 });
    await t.app.services.events.register({ eventId: id, email: 'kept.while@example.org', name: 'Kept While', values: {} });
    const found = await t.app.inject({ method: 'GET', url: `${apiPaths.supporters.list}?q=kept.while`, headers: admin.headers });
    expect(found.json<{ people: { registrations: { eventId: string; state: string }[] }[] }>().people[0]!.registrations).toMatchObject([{ eventId: id, state: 'confirmed' }]);
    ahead = 2 * day + 32 * day;
    const report = await t.app.eventsSchedule.runNow();
    expect(report.deleted).toBeGreaterThanOrEqual(1);
    expect((await registrationsOf(t, admin, id)).registrations).toEqual([]);
  });

  // Last: its 250 mails would keep the queue busy for the tests after it.
  it('takes 200 registrations arriving together for 50 places: 50 confirmed, 150 waitlisted; without a waitlist 150 are refused', async () => {
    const id = await publishEvent(t, admin, { places: 50, waitlist: true });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => t.app.services.events.register({ eventId: id, ...person(i) })));
    expect(answers.filter((a) => a.outcome === 'confirmed')).toHaveLength(50);
    expect(answers.filter((a) => a.outcome === 'waitlist')).toHaveLength(150);
    const listed = await registrationsOf(t, admin, id);
    expect(listed.counts).toEqual({ confirmed: 50, waitlisted: 150, cancelled: 0, attended: 0 });
    expect(listed.registrations.filter((r) => r.state === 'waitlisted').map((r) => r.waitlistPosition)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));

    const closedId = await publishEvent(t, admin, { places: 50, waitlist: false });
    const closed = await Promise.all(Array.from({ length: 200 }, (_, i) => t.app.services.events.register({ eventId: closedId, ...person(1000 + i) })));
    expect(closed.filter((a) => a.outcome === 'confirmed')).toHaveLength(50);
    expect(closed.filter((a) => a.outcome === 'closed')).toHaveLength(150);
    expect((await registrationsOf(t, admin, closedId)).counts).toEqual({ confirmed: 50, waitlisted: 0, cancelled: 0, attended: 0 });
    // Every place taken or waited for gets its mail, a refusal none (queued: sending 250 mails is the queue's business, tested in mail.test.ts).
    const queued = await t.app.services.db.kysely.selectFrom('mail_queue').select('to_address').where('to_address', 'like', 'person-%').execute();
    expect(queued).toHaveLength(250);
    expect(new Set(queued.map((m) => m.to_address)).size).toBe(250);
  });
});

describe.each(dialects().filter((d) => d === 'postgres'))('registration across two servers on %s', (dialect) => {
  it('takes 200 registrations split between two servers on one database for 50 places: 50 confirmed, 150 waitlisted', async () => {
    const db = await createTestDatabase(dialect);
    const first = await serverOn(db, testConfig(db), {});
    const second = await buildApp(testConfig(db), { logger: false, render: false });
    await second.ready();
    try {
      const user = await createUser(first.app, 'admin');
      const id = await publishEvent(first, user, { places: 50, waitlist: true });
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? second : first.app).services.events.register({ eventId: id, ...person(i) })));
      expect(answers.filter((a) => a.outcome === 'confirmed')).toHaveLength(50);
      expect(answers.filter((a) => a.outcome === 'waitlist')).toHaveLength(150);
      expect((await registrationsOf(first, user, id)).counts).toEqual({ confirmed: 50, waitlisted: 150, cancelled: 0, attended: 0 });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
