/**
 * Supporters (docs/architecture.md, "Supporters"): a form's answer is kept
 * with its person, found by address whatever its case; the consent text gets
 * a version (a changed text the next one, old answers keep theirs); staff
 * search people with their answers and contact messages, export one person
 * as a JSON file, download a form's answers as a CSV file a spreadsheet
 * opens safely; a super-admin erases a person so that no table, no mail and
 * no file of the data folder holds their address; retention deletes exactly
 * the answers past their time, once across two servers on one database; and
 * no name or address reaches the log or the audit log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { readCatalogue } from '../src/server/db/catalogue.js';
import { storeContact } from '../src/server/functions/contact.js';
import { addMonths } from '../src/server/supporters/service.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { answeredFormsSchema, supporterExportSchema, supportersAnswerSchema, type Supporter } from '../src/shared/supporters.js';
import { serverOn, testConfig, type TestApp } from './helpers/app.js';
import { ManualClock } from './helpers/clock.js';
import { parseCsv } from './helpers/csv.js';
import { createTestDatabase, dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { logSink } from './helpers/log-sink.js';
import { tablesMentioning as tablesHolding } from './helpers/tables-mentioning.js';

const start = new Date('2026-03-10T09:00:00.000Z');


/** An answer to the test form, as the public form's handler would record it. */
function answer(email: string, overrides: Partial<{ formId: string; lang: string; name: string | null; consentText: string | null; retentionMonths: number; values: Record<string, string | number | boolean | string[]> }> = {}) {
  return {
    formId: overrides.formId ?? 'form-volunteer',
    formTitle: 'Volunteer with us',
    lang: overrides.lang ?? 'en',
    email,
    name: overrides.name === undefined ? 'Zawadi Mwangi' : overrides.name,
    values: overrides.values ?? { email, topics: ['youth', 'health'], hours: 4, agree: true },
    consentText: overrides.consentText === undefined ? 'I agree that the organisation keeps my answer for a year.' : overrides.consentText,
    retentionMonths: overrides.retentionMonths ?? 12,
  };
}

describe.each(dialects())('supporters on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superUser: TestUser;
  const clock = new ManualClock(start);
  const logs = logSink();

  beforeAll(async () => {
    const db = await createTestDatabase(dialect);
    t = await serverOn(db, testConfig(db, { logLevel: 'info' }), { logger: true, logStream: logs.stream, supporters: { now: () => clock.now() } });
    admin = await createUser(t.app, 'admin');
    superUser = await createUser(t.app, 'super');
  });
  afterAll(async () => {
    await t?.close();
  });

  const supporters = () => t.app.services.supporters;
  /** The clock a second on: answers recorded one after the other are listed in that order. */
  const later = () => clock.advanceTo(new Date(clock.now().getTime() + 1000));
  const search = (q: string, user: TestUser = admin) => t.app.inject({ method: 'GET', url: `${apiPaths.supporters.list}?q=${encodeURIComponent(q)}`, headers: user.headers });
  const person = async (q: string): Promise<Supporter> => {
    const res = await search(q);
    expect(res.statusCode, res.body).toBe(200);
    const people = supportersAnswerSchema.parse(res.json()).people;
    expect(people).toHaveLength(1);
    return people[0]!;
  };

  it('keeps answers with one person per address, whatever its case, and fills in a missing name', async () => {
    const first = await supporters().recordAnswer(answer('Baraka.Otieno@Example.org', { name: null }));
    later();
    const second = await supporters().recordAnswer(answer('baraka.otieno@example.ORG', { name: 'Baraka Otieno' }));
    later();
    const third = await supporters().recordAnswer(answer('  BARAKA.OTIENO@example.org ', { name: 'Someone Else' }));
    expect(second.supporterId).toBe(first.supporterId);
    expect(third.supporterId).toBe(first.supporterId);
    const baraka = await person('baraka.otieno');
    expect(baraka).toMatchObject({ id: first.supporterId, email: 'baraka.otieno@example.org', name: 'Baraka Otieno' });
    expect(baraka.answers.map((a) => a.id)).toEqual([first.answerId, second.answerId, third.answerId]);
    expect(baraka.answers[0]).toMatchObject({ formId: 'form-volunteer', formTitle: 'Volunteer with us', lang: 'en', values: { topics: ['youth', 'health'], hours: 4, agree: true } });
    expect(baraka.answers[0]!.createdAt).toBe(start.toISOString());
    expect(baraka.answers[0]!.expiresAt).toBe(addMonths(start, 12).toISOString());
  });

  it('gives a consent text its version: the same text the same one, a changed text the next, old answers keep theirs', async () => {
    const email = 'consent-person@example.org';
    const formId = 'form-consent';
    const v1 = await supporters().recordAnswer(answer(email, { formId, consentText: 'You may write to me.' }));
    const v1again = await supporters().recordAnswer(answer(email, { formId, consentText: 'You may write to me.' }));
    const v2 = await supporters().recordAnswer(answer(email, { formId, consentText: 'You may write to me and keep my answer for two years.' }));
    const sw = await supporters().recordAnswer(answer(email, { formId, lang: 'sw', consentText: 'Mnaweza kuniandikia.' }));
    const none = await supporters().recordAnswer(answer(email, { formId, consentText: null }));
    const byId = new Map((await person(email)).answers.map((a) => [a.id, a]));
    expect(byId.get(v1.answerId)?.consent).toMatchObject({ version: 1, lang: 'en', text: 'You may write to me.' });
    expect(byId.get(v1again.answerId)?.consent).toMatchObject({ version: 1 });
    expect(byId.get(v2.answerId)?.consent).toMatchObject({ version: 2, text: 'You may write to me and keep my answer for two years.' });
    expect(byId.get(sw.answerId)?.consent).toMatchObject({ version: 1, lang: 'sw' });
    expect(byId.get(none.answerId)?.consent).toBeNull();
  });

  it('makes one person when answers of a new address arrive at once, and one version of a new consent text', async () => {
    const email = 'at-once@example.org';
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => supporters().recordAnswer(answer(i % 2 ? email.toUpperCase() : email, { formId: 'form-at-once', consentText: 'The same new text.' }))));
    expect(new Set(results.map((r) => r.supporterId)).size).toBe(1);
    const found = await person(email);
    expect(found.answers).toHaveLength(6);
    expect(new Set(found.answers.map((a) => a.consent?.version))).toEqual(new Set([1]));
  });

  it('finds people by a part of their name or address, with their contact messages; a short search is refused', async () => {
    await supporters().recordAnswer(answer('imani.search@example.org', { name: 'Imani Wanjiru' }));
    await storeContact(t.app, { name: 'Imani Wanjiru', email: 'Imani.Search@example.org', message: 'Can I help at the health fair in June?', consent: true });
    await storeContact(t.app, { name: 'Juma Only-Wrote', email: 'juma.wrote@example.org', message: 'Please send me the annual report.', consent: true });
    const byName = await search('wanJIRU');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.headers['cache-control']).toBe('no-store');
    const [imani] = supportersAnswerSchema.parse(byName.json()).people;
    expect(imani).toMatchObject({ email: 'imani.search@example.org', name: 'Imani Wanjiru' });
    expect(imani!.answers).toHaveLength(1);
    expect(imani!.messages.map((m) => m.message)).toEqual(['Can I help at the health fair in June?']);
    // A person who only wrote through the contact form is found too.
    expect((await person('juma.wrote')).messages.map((m) => m.message)).toEqual(['Please send me the annual report.']);
    const short = await search('a');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    expect((await search('nobody-has-this-text')).json()).toEqual({ people: [] });
  });

  it('finds the people of contact messages staff typed in or that came before people were kept, and exports and erases them by the id found', async () => {
    // Typed in by staff on the contacts screen: the content API, no form.
    const typed = await t.app.inject({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'customer' }),
      headers: admin.headers,
      payload: { data: { name: 'Wanjiku Typed-In', email: 'Wanjiku.Typed@Example.org', message: 'Met at the county fair.', consent: true, source: 'manual' }, status: 'draft' },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    // A message from before people were kept: its person's row is not there.
    await storeContact(t.app, { name: 'Old Writer', email: 'old.writer@example.org', message: 'Written long ago.', consent: true });
    await t.app.services.db.kysely.deleteFrom('supporters').where('email', '=', 'old.writer@example.org').execute();

    const wanjiku = await person('typed-in');
    expect(wanjiku).toMatchObject({ email: 'wanjiku.typed@example.org', name: 'Wanjiku Typed-In', answers: [] });
    expect(wanjiku.messages.map((m) => m.message)).toEqual(['Met at the county fair.']);
    // Found again, the same person: a search makes no second one.
    expect((await person('wanjiku.typed')).id).toBe(wanjiku.id);
    const old = await person('old.writer@');
    expect(old.messages.map((m) => m.message)).toEqual(['Written long ago.']);

    const exported = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.supporters.export, { id: old.id }), headers: admin.headers });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(supporterExportSchema.parse(exported.json()).contactRecords.map((r) => r.fields.message)).toEqual(['Written long ago.']);
    const erased = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: wanjiku.id }), headers: superUser.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased: { answers: 0, messages: 1 } });
    expect(await tablesHolding(t.app.services.db.kysely, dialect, 'wanjiku.typed@example.org')).toEqual([]);
    expect((await search('typed-in')).json()).toEqual({ people: [] });
  });

  it('exports everything held about one person as one JSON file named without their address', async () => {
    const email = 'export.me@example.org';
    const given = await supporters().recordAnswer(answer(email, { name: 'Neema Export' }));
    await storeContact(t.app, { name: 'Neema Export', email, message: 'Is there a newsletter?', consent: true });
    const res = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.supporters.export, { id: given.supporterId }), headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="supporter-[^"]+\.json"$/);
    expect(disposition).not.toContain('export.me');
    const body = supporterExportSchema.parse(res.json());
    expect(body.person).toMatchObject({ id: given.supporterId, email, name: 'Neema Export' });
    expect(body.answers.map((a) => a.id)).toEqual([given.answerId]);
    expect(body.answers[0]!.consent).toMatchObject({ version: 1, text: 'I agree that the organisation keeps my answer for a year.' });
    expect(body.contactRecords).toHaveLength(1);
    expect(body.contactRecords[0]!.fields).toMatchObject({ email, name: 'Neema Export', message: 'Is there a newsletter?', source: 'contact-form' });
    const unknown = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.supporters.export, { id: 'no-such-person' }), headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists every form with answers kept, by each title it was answered under, with its count, the most recently answered first', async () => {
    const listed = (overrides: Parameters<typeof answer>[1]) => supporters().recordAnswer(answer('lister@example.org', { formId: 'form-listed', ...overrides }));
    later();
    await listed({});
    later();
    await listed({ lang: 'sw' });
    const swTitle = await t.app.services.db.kysely.updateTable('form_answers').set({ form_title: 'Jitolee nasi' }).where('form_id', '=', 'form-listed').where('lang', '=', 'sw').execute();
    expect(swTitle.length).toBe(1);
    later();
    const last = await listed({});
    const res = await t.app.inject({ method: 'GET', url: apiPaths.forms.answered, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { forms } = answeredFormsSchema.parse(res.json());
    expect(forms[0]).toEqual({ id: 'form-listed', titles: ['Volunteer with us', 'Jitolee nasi'], answers: 3, lastAnswerAt: clock.now().toISOString() });
    expect(forms.map((f) => f.lastAnswerAt)).toEqual([...forms.map((f) => f.lastAnswerAt)].sort().reverse());
    expect(last.answerId).toBeTruthy();
    const visitor = await t.app.inject({ method: 'GET', url: apiPaths.forms.answered });
    expect(visitor.statusCode).toBe(401);
  });

  it('writes a form’s answers as CSV a spreadsheet shows as text: BOM, every cell quoted, formulas neutralised', async () => {
    const formId = 'form-csv';
    const when = [clock.now().toISOString()];
    await supporters().recordAnswer(answer('csv.one@example.org', { formId, name: '=HYPERLINK("http://x")', values: { email: 'csv.one@example.org', note: '=HYPERLINK("http://x")', size: '+1', at: '@SUM(A1)' } }));
    later();
    when.push(clock.now().toISOString());
    await supporters().recordAnswer(answer('csv.two@example.org', { formId, name: 'Wambui, "Wa" Kamau', values: { email: 'csv.two@example.org', topics: ['a', 'b'], agree: true, minus: '-2', tab: '\tx' } }));
    const day = start.toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'GET', url: `${pathTo(apiPaths.forms.answersCsv, { id: formId })}?from=${day}&to=${day}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[^"@]+\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.subarray(3).toString('utf8');
    // Every cell between quotes: a record is `"…","…",…` with quotes doubled inside.
    for (const record of text.split('\r\n').filter(Boolean)) expect(record).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Date (UTC)', 'Language', 'E-mail', 'Name', 'email', 'note', 'size', 'at', 'topics', 'agree', 'minus', 'tab', 'Consent version']);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([when[0], 'en', 'csv.one@example.org', `'=HYPERLINK("http://x")`, 'csv.one@example.org', `'=HYPERLINK("http://x")`, "'+1", "'@SUM(A1)", '', '', '', '', '1']);
    expect(rows[1]).toEqual([when[1], 'en', 'csv.two@example.org', 'Wambui, "Wa" Kamau', 'csv.two@example.org', '', '', '', 'a; b', 'yes', "'-2", "'\tx", '1']);
    // Another range holds none of them; a date that is not one is refused.
    const before = await t.app.inject({ method: 'GET', url: `${pathTo(apiPaths.forms.answersCsv, { id: formId })}?to=2026-03-09`, headers: admin.headers });
    expect(parseCsv(before.rawPayload.subarray(3).toString('utf8'))).toHaveLength(1);
    for (const query of ['from=2026-13-01', 'to=yesterday', 'from=2026-03-10&to=2026-03-01']) {
      const bad = await t.app.inject({ method: 'GET', url: `${pathTo(apiPaths.forms.answersCsv, { id: formId })}?${query}`, headers: admin.headers });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    }
  });

  it('erases a person everywhere: no table, mail or file of the data folder holds their address afterwards', async () => {
    const email = 'Erase.Me@Example.org';
    const lower = email.toLowerCase();
    const keeper = 'keep.me@example.org';
    const given = await supporters().recordAnswer(answer(email, { name: 'Rehema Erased' }));
    await supporters().recordAnswer(answer(keeper, { name: 'Kept Person' }));
    await storeContact(t.app, { name: 'Kept Person', email: keeper, message: 'A message that stays.', consent: true });
    // Two contact messages: one edited by staff (a revision), one in the trash; mail to the organisation answering to the address.
    const first = await storeContact(t.app, { name: 'Rehema Erased', email: lower, message: 'First message from me.', consent: true });
    const second = await storeContact(t.app, { name: 'Rehema Erased', email, message: 'Second message from me.', consent: true });
    const edited = await t.app.inject({ method: 'PATCH', url: pathTo(apiPaths.collections.document, { name: 'customer', id: first.id }), headers: { ...admin.headers, 'if-match': '1' }, payload: { data: { organisation: 'Youth group' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    const trashed = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.collections.document, { name: 'customer', id: second.id }), headers: { ...admin.headers, 'if-match': '1' } });
    expect(trashed.statusCode, trashed.body).toBe(204);
    // A mail to the address itself (a form's confirmation): sent to the outbox, so a copy is kept there.
    await t.app.services.mail.enqueue({ purpose: 'form-confirmation', to: email, subject: 'Thank you', text: `We have your answer, ${email}.`, html: `<p>We have your answer, ${email}.</p>` });
    await t.app.services.mail.idle();
    const outbox = path.join(t.db.dataDir, 'outbox');
    expect(filesMentioning(t.db.dataDir, lower).length).toBeGreaterThan(0);
    expect(await tablesHolding(t.app.services.db.kysely, dialect, lower)).not.toEqual([]);

    const refused = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: given.supporterId }), headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: given.supporterId }), headers: superUser.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: { answers: 1, messages: 2, mails: 3 } });

    expect(await tablesHolding(t.app.services.db.kysely, dialect, lower)).toEqual([]);
    // Nor the name: the audit lines of the contact blocks name them "contact" (kinds.ts `personal`), never by the person's name.
    expect(await tablesHolding(t.app.services.db.kysely, dialect, 'rehema erased')).toEqual([]);
    expect(filesMentioning(t.db.dataDir, lower)).toEqual([]);
    // The SQLite file and its log hold no copy of the erased rows either.
    if (dialect === 'sqlite') expect(databaseFilesMentioning(t.db.dataDir, lower)).toEqual([]);
    // The search is real: the person kept is still found in the tables, and the outbox still holds other mail.
    expect(await tablesHolding(t.app.services.db.kysely, dialect, keeper)).toContain('supporters.email');
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).length).toBeGreaterThan(0);
    expect((await search('erase.me')).json()).toEqual({ people: [] });
    const again = await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: given.supporterId }), headers: superUser.headers });
    expect(again.statusCode).toBe(404);
    const lines = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'supporter.erase').orderBy('seq').execute();
    expect(lines.at(-1)).toMatchObject({ actor_id: superUser.uid, subject: '1 person, 1 answers, 2 contact messages, 3 mails', subject_id: null });
  });

  it('retention deletes exactly the answers past their time, then the people left with nothing', async () => {
    const given = clock.now();
    const kept = await supporters().recordAnswer(answer('retained@example.org', { formId: 'form-retention', retentionMonths: 12 }));
    const short = await supporters().recordAnswer(answer('retained@example.org', { formId: 'form-retention', retentionMonths: 1 }));
    const gone = await supporters().recordAnswer(answer('short-lived@example.org', { formId: 'form-retention', retentionMonths: 1 }));
    const wrote = await supporters().recordAnswer(answer('wrote-too@example.org', { formId: 'form-retention', retentionMonths: 1 }));
    await storeContact(t.app, { name: 'Wrote Too', email: 'wrote-too@example.org', message: 'Keep me posted about the hearings.', consent: true });
    const count = async () => Number((await t.app.services.db.kysely.selectFrom('form_answers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const total = await count();

    // The day before a month has passed: nothing is due.
    clock.advanceTo(new Date(addMonths(given, 1).getTime() - 1));
    expect(await t.app.supportersRetention.runNow()).toEqual({ answers: 0, people: 0 });
    expect(await count()).toBe(total);

    // A month on: every answer kept for a month goes (those of the tests above were kept a year), and the person with nothing left.
    clock.advanceTo(addMonths(given, 1));
    expect(await t.app.supportersRetention.runNow()).toEqual({ answers: 3, people: 1 });
    expect(await count()).toBe(total - 3);
    const ids = (await person('retained@example.org')).answers.map((a) => a.id);
    expect(ids).toContain(kept.answerId);
    expect(ids).not.toContain(short.answerId);
    expect((await search('short-lived')).json()).toEqual({ people: [] });
    const writer = await person('wrote-too@example.org');
    expect(writer.answers.map((a) => a.id)).not.toContain(wrote.answerId);
    expect(writer.messages).toHaveLength(1);
    expect(gone.supporterId).not.toBe(writer.id);
    const lines = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'supporter.retention').execute();
    expect(lines.map((l) => [l.actor_id, l.subject])).toEqual([[null, '3 answers, 1 people']]);
  });

  it('writes no name, address or answer to the log or the audit log', async () => {
    const email = 'private.person@example.org';
    const given = await supporters().recordAnswer(answer(email, { name: 'Private Person', values: { email, secret: 'my own words' } }));
    await search('private.person');
    await search('Private Person');
    await t.app.inject({ method: 'GET', url: pathTo(apiPaths.supporters.export, { id: given.supporterId }), headers: admin.headers });
    await t.app.inject({ method: 'GET', url: pathTo(apiPaths.forms.answersCsv, { id: 'form-volunteer' }), headers: admin.headers });
    await t.app.inject({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: given.supporterId }), headers: superUser.headers });
    const text = logs.text().toLowerCase();
    expect(text).toContain(`${apiPaths.supporters.list}?[redacted]`);
    for (const secret of ['private.person', 'private person', 'my own words', 'zawadi', 'baraka', 'imani', 'neema', 'rehema', 'erase.me', 'csv.one']) expect(text, secret).not.toContain(secret);
    const audit = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', 'like', 'supporter.%').execute();
    expect(audit.map((l) => l.action).sort()).toEqual(expect.arrayContaining(['supporter.answers-csv', 'supporter.erase', 'supporter.export', 'supporter.retention']));
    for (const l of audit) expect(`${l.subject} ${l.subject_id}`).not.toMatch(/@|private|zawadi|my own words/i);
  });

  it('keeps its tables in every backup: the catalogue lists them', async () => {
    const names = (await readCatalogue(t.app.services.db.kysely, dialect)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['supporters', 'form_answers', 'consent_versions']));
    // Parents first: a restore inserts people and consent versions before the answers that point to them.
    expect(names.indexOf('supporters')).toBeLessThan(names.indexOf('form_answers'));
    expect(names.indexOf('consent_versions')).toBeLessThan(names.indexOf('form_answers'));
  });
});

/** The SQLite database's files (the file, its write-ahead log) whose bytes hold the text in any case. */
function databaseFilesMentioning(dir: string, needle: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^site\.sqlite/.test(name))
    .filter((name) => fs.readFileSync(path.join(dir, name)).toString('latin1').toLowerCase().includes(needle))
    .map((name) => path.join(dir, name));
}

/** Files under the data folder (not the SQLite database itself, searched through SQL) whose bytes hold the text in any case. */
function filesMentioning(dir: string, needle: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (!/^site\.sqlite/.test(e.name) && fs.readFileSync(full).toString('latin1').toLowerCase().replace(/=\r?\n/g, '').includes(needle)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

// Two servers share a database only on PostgreSQL (on SQLite the site's server is one process: db/session-lock.ts).
describe.each(dialects().filter((d) => d === 'postgres'))('retention across two servers on %s', (dialect) => {
  it('deletes each answer once when two servers on one database run it at once', async () => {
    const db = await createTestDatabase(dialect);
    const clock = new ManualClock(start);
    const first = await serverOn(db, testConfig(db), { supporters: { now: () => clock.now() } });
    const second = await buildApp(testConfig(db), { logger: false, render: false, supporters: { now: () => clock.now() } });
    await second.ready();
    try {
      for (let i = 0; i < 20; i++) await first.app.services.supporters.recordAnswer(answer(`twice-${i}@example.org`, { retentionMonths: 1 }));
      clock.advanceTo(addMonths(start, 2));
      const reports = await Promise.all([first.app.supportersRetention.runNow(), second.supportersRetention.runNow()]);
      expect(reports.reduce((n, r) => n + r.answers, 0)).toBe(20);
      expect(reports.reduce((n, r) => n + r.people, 0)).toBe(20);
      const lines = await first.app.services.db.kysely.selectFrom('audit_log').select('subject').where('action', '=', 'supporter.retention').execute();
      expect(lines).toEqual([{ subject: '20 answers, 20 people' }]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
