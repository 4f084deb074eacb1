/**
 * Forms editors build, as visitors meet them on the demo site (the volunteer
 * sign-up on /youthleadership, in English and Kiswahili), on SQLite and
 * PostgreSQL, with a real mail server:
 *
 * - without JavaScript an answer is stored with its person and thanked (303
 *   to the thanks page) in the page's language, staff are told and the
 *   person gets a confirmation in that language;
 * - a bot that fills the honeypot, answers faster than a person, or sends a
 *   proof of work that does not solve its challenge is refused (422) with
 *   the typing kept and nothing stored; a solved challenge is accepted;
 * - too many answers from one address answer 429 while another address
 *   still gets through; a closed form shows its message and refuses;
 * - each question is checked by its type, and the content API refuses a
 *   form whose questions break the rules.
 */
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { checkFormAnswer, formInputName, formLimits, formPostPath, formRateLimits, personOf, type FormField } from '../src/shared/forms.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import type { Supporter } from '../src/shared/supporters.js';
import { signFormStart } from '../src/server/forms/started.js';
import { youthVolunteerForm } from '../src/server/seed/content/youth.js';
import { buildSeeded, testAuthSecret, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { startSmtp, type TestSmtp } from './helpers/smtp.js';
import { createUser, type TestUser } from './helpers/users.js';

const en = publicWordsFor('en').words.form;
const sw = publicWordsFor('sw').words.form;

/** An answer a person gives: every question of the demo form answered well. */
function goodAnswer(email: string, extra: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    [formInputName('name')]: 'Neema Mollel',
    [formInputName('email')]: email,
    [formInputName('phone')]: '+255 712 345 678',
    [formInputName('age')]: '19',
    [formInputName('district')]: 'bahari',
    [formInputName('roles')]: ['monitor', 'radio'],
    [formInputName('start')]: '2026-01-15',
    [formInputName('message')]: 'I can help on weekends.',
    consent: 'yes',
    website: '',
    ...extra,
  };
}

function encode(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return body.toString();
}

/** A signed start time `agoMs` before now, as the server signs it. */
const startedAgo = (formId: string, agoMs: number) => signFormStart(testAuthSecret, formId, Date.now() - agoMs);

describe('a form’s answer, checked question by question', () => {
  const fields: FormField[] = [
    { id: 'name', type: 'shortText', label: 'Your name', required: true },
    { id: 'email', type: 'email', label: 'E-mail', required: true },
    { id: 'bio', type: 'longText', label: 'About you', required: false },
    { id: 'phone', type: 'phone', label: 'Phone', required: false },
    { id: 'age', type: 'number', label: 'Age', required: false },
    { id: 'day', type: 'date', label: 'Day', required: false },
    { id: 'one', type: 'choice', label: 'One', required: false, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
    { id: 'many', type: 'choices', label: 'Many', required: true, options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }] },
    { id: 'adult', type: 'consent', label: 'I am over 16', required: true },
    { id: 'news', type: 'consent', label: 'Send me news', required: false },
  ];
  const posted = (values: Record<string, string | string[]>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [formInputName(k), v]));

  it('keeps good answers by question id, typed as their questions say', () => {
    const { values, problems } = checkFormAnswer(fields, posted({ name: ' Asha ', email: 'asha@example.org', bio: 'Hello', phone: '+254 (0)700-123 456', age: '17', day: '2026-02-28', one: 'b', many: ['x', 'y', 'x'], adult: 'yes' }));
    expect(problems).toEqual({});
    expect(values).toEqual({ name: 'Asha', email: 'asha@example.org', bio: 'Hello', phone: '+254 (0)700-123 456', age: 17, day: '2026-02-28', one: 'b', many: ['x', 'y'], adult: true, news: false });
    expect(personOf(fields, values)).toEqual({ email: 'asha@example.org', name: 'Asha' });
  });

  it('names each question’s problem by its type', () => {
    const { values, problems } = checkFormAnswer(
      fields,
      posted({ name: '', email: 'asha@example', bio: 'x'.repeat(formLimits.longAnswer + 1), phone: 'call me', age: 'twelve', day: '2026-02-30', one: 'c', many: [], adult: 'on' }),
    );
    expect(problems).toEqual({ name: 'required', email: 'email', bio: 'tooLong', phone: 'phone', age: 'number', day: 'date', one: 'choice', many: 'required', adult: 'consent' });
    expect(values).toEqual({ news: false });
    expect(checkFormAnswer(fields, posted({ name: 'x'.repeat(formLimits.shortAnswer + 1), many: ['z'] })).problems).toMatchObject({ name: 'tooLong', many: 'choice' });
  });
});

describe.each(dialects())('forms on the demo site on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: TestUser;
  let formId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildSeeded(dialect, { render: true, config: { smtpUrl: smtp.url } });
    admin = await createUser(t.app, 'admin');
    const list = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }) });
    formId = list.json<{ documents: ContentDocument[] }>().documents[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (fields: Record<string, string | string[]>, ip: string, json = false) =>
    t.app.inject({
      method: 'POST',
      url: formPostPath(formId),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(json ? { accept: 'application/json' } : {}) },
      payload: encode(fields),
      remoteAddress: ip,
    });
  const peopleWith = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${apiPaths.supporters.list}?q=${encodeURIComponent(q)}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ people: Supporter[] }>().people;
  };
  const mailsTo = (address: string) => smtp.mailsTo(address);

  it('shows the form on the page as plain HTML: a label for every input, help tied to it, the honeypot hidden, a signed start time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/youthleadership' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`action="${formPostPath(formId)}#form-${formId}"`);
    expect(html).toMatch(/<form[^>]*method="post"/);
    for (const f of youthVolunteerForm.fields) expect(html, f.id).toContain(f.label);
    // Each input has its label.
    for (const id of ['name', 'email', 'phone', 'age', 'start', 'message']) expect(html).toContain(`for="form-${formId}-f-${id}"`);
    expect(html).toMatch(new RegExp(`id="form-${formId}-f-phone"[^>]*aria-describedby="form-${formId}-f-phone-help"|aria-describedby="form-${formId}-f-phone-help"[^>]*id="form-${formId}-f-phone"`));
    expect(html).toContain(`id="form-${formId}-f-phone-help"`);
    expect(html).toContain(en.required);
    expect(html).toMatch(/<div class="form-hp" aria-hidden="true">/);
    expect(html).toMatch(/<div class="form-hp" aria-hidden="true"><label[^>]*>[^<]+<\/label><input[^>]*tabindex="-1" autoComplete="off" name="website" value=""\/><\/div>/);
    expect(html).toMatch(/<input type="hidden" name="started" value="\d+\.[A-Za-z0-9_-]{43}"/);
    expect(html).toContain(youthVolunteerForm.consentText);
    // The staff addresses to notify never reach a visitor: neither the page nor the public API.
    expect(html).not.toContain(youthVolunteerForm.notify);
    const bundle = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.pageBundle, { page: 'youthleadership' }) });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toContain(youthVolunteerForm.title);
    expect(bundle.body).not.toContain(youthVolunteerForm.notify);
    const blocks = await t.app.inject({ method: 'GET', url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }) });
    expect(blocks.body).not.toContain(youthVolunteerForm.notify);
  });

  it('stores an answer sent without JavaScript, thanks the person, tells staff and sends the person a confirmation', async () => {
    const email = 'neema.nojs@example.org';
    const before = await t.app.inject({ method: 'GET', url: '/youthleadership' });
    const res = await post({ ...goodAnswer(email), started: startedAgo(formId, 10_000) }, '10.20.0.1');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(303);
    // An answer is not content: the page with the form stays in the cache as it was (a rebuilt page would carry a new signed start time).
    const after = await t.app.inject({ method: 'GET', url: '/youthleadership' });
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.body).toBe(before.body);
    expect(res.headers.location).toBe(`${formPostPath(formId)}?sent=1#form-${formId}`);
    const thanks = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.headers['cache-control']).toBe('no-store');
    expect(thanks.body).toContain(youthVolunteerForm.thankYou);
    expect(thanks.body).toContain('<meta name="robots" content="noindex">');
    expect(thanks.body).not.toMatch(/<form[^>]*action="\/forms\//);

    const [person] = await peopleWith(email);
    expect(person?.name).toBe('Neema Mollel');
    expect(person?.answers).toHaveLength(1);
    expect(person?.answers[0]).toMatchObject({ formId, formTitle: youthVolunteerForm.title, lang: 'en', values: { name: 'Neema Mollel', email, phone: '+255 712 345 678', age: 19, district: 'bahari', roles: ['monitor', 'radio'], start: '2026-01-15', message: 'I can help on weekends.' } });
    expect(person?.answers[0]?.consent?.text).toBe(youthVolunteerForm.consentText);

    await smtp.waitForMail(2);
    const [staff] = mailsTo(youthVolunteerForm.notify);
    expect(staff?.parsed.subject).toContain(youthVolunteerForm.title);
    expect(staff?.parsed.text).toContain('Your district: Bahari');
    expect(staff?.parsed.replyTo?.text).toContain(email);
    const [confirmation] = mailsTo(email);
    expect(confirmation?.parsed.subject).toBe(en.mailSubject(youthVolunteerForm.title));
    expect(confirmation?.parsed.text).toContain('How would you like to take part?: Visit clinics, schools and water points as a youth monitor, Speak on community radio');
  });

  it('shows the form in Kiswahili on the Kiswahili page, and answers, thanks and confirms in Kiswahili', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sw/uongozi-wa-vijana' });
    expect(page.statusCode).toBe(200);
    for (const words of ['Jisajili kujitolea', 'Jina lako', 'Wilaya nyingine', 'Ungependa kushiriki vipi?', sw.send, sw.required]) expect(page.body).toContain(words);
    expect(page.body).toContain('<input type="hidden" name="lang" value="sw"/>');

    const email = 'asha.sw@example.org';
    const res = await post({ ...goodAnswer(email), lang: 'sw', started: startedAgo(formId, 10_000) }, '10.20.0.2');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${formPostPath(formId)}?sent=1&lang=sw#form-${formId}`);
    const thanks = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(thanks.body).toContain('Asante kwa kujisajili!');
    expect(thanks.body).toContain('<html lang="sw"');
    const [person] = await peopleWith(email);
    expect(person?.answers[0]).toMatchObject({ lang: 'sw' });
    expect(person?.answers[0]?.consent?.text).toContain('Ninakubali');
    await smtp.waitForMail(4);
    const [confirmation] = mailsTo(email);
    expect(confirmation?.parsed.subject).toBe(sw.mailSubject('Jisajili kujitolea'));
    expect(confirmation?.parsed.text).toContain(sw.mailIntro);
  });

  it('refuses a bot that fills the honeypot or answers faster than a person, keeps the typing and stores nothing', async () => {
    const honey = await post({ ...goodAnswer('bot1@example.org'), website: 'https://spam.example', started: startedAgo(formId, 10_000) }, '10.20.0.3');
    expect(honey.statusCode).toBe(422);
    expect(honey.headers['content-type']).toContain('text/html');
    expect(honey.body).toContain(en.check);
    expect(honey.body).toMatch(new RegExp(`name="f-name"[^>]*value="Neema Mollel"|value="Neema Mollel"[^>]*name="f-name"`));
    expect(honey.body).toMatch(/<textarea[^>]*name="f-message"[^>]*>I can help on weekends.<\/textarea>/);
    const fast = await post({ ...goodAnswer('bot2@example.org'), started: signFormStart(testAuthSecret, formId) }, '10.20.0.3');
    expect(fast.statusCode).toBe(422);
    expect(fast.body).toContain(en.tooFast);
    expect(fast.body).toMatch(/value="bot2@example.org"/);
    const forged = await post({ ...goodAnswer('bot3@example.org'), started: signFormStart('another secret', formId, Date.now() - 10_000) }, '10.20.0.3');
    expect(forged.statusCode).toBe(422);
    const stale = await post({ ...goodAnswer('bot4@example.org'), started: startedAgo(formId, 25 * 60 * 60 * 1000) }, '10.20.0.3');
    expect(stale.statusCode).toBe(422);
    expect(stale.body).toContain(en.expired);
    expect(await peopleWith('bot')).toEqual([]);
  });

  it('marks each question in error beside it, in the page’s language, keeps the typing and stores nothing', async () => {
    const res = await post({ ...goodAnswer('wrong@example'), [formInputName('age')]: 'old', [formInputName('district')]: 'mars', consent: '', lang: 'sw', started: startedAgo(formId, 10_000) }, '10.20.0.4');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`<p class="field-error" id="form-${formId}-f-email-error">${sw.problems.email}</p>`);
    expect(res.body).toContain(`<p class="field-error" id="form-${formId}-f-age-error">${sw.problems.number}</p>`);
    expect(res.body).toContain(`<p class="field-error" id="form-${formId}-f-district-error">${sw.problems.choice}</p>`);
    expect(res.body).toContain(`<p class="field-error" id="form-${formId}-consent-error">${sw.problems.consent}</p>`);
    expect(res.body).not.toContain(`id="form-${formId}-f-name-error"`);
    expect(res.body).toContain(sw.correctFields);
    expect(res.body).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*f-email-error"|aria-describedby="[^"]*f-email-error"[^>]*aria-invalid="true"/);
    expect(res.body).toMatch(/value="wrong@example"/);
    expect(await peopleWith('wrong@example')).toEqual([]);
    // With JavaScript the same problems come back as JSON, by input name, in the page's words.
    const json = await post({ ...goodAnswer('wrong@example'), started: startedAgo(formId, 10_000) }, '10.20.0.4', true);
    expect(json.statusCode).toBe(422);
    expect(json.json()).toMatchObject({ error: { code: 'invalid-argument', message: en.correctFields, fields: { 'f-email': en.problems.email } } });
  });

  it('refuses a proof of work that does not solve a challenge of this server, and accepts one that does', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${apiPaths.forms.challenge}?form=${formId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const { challenge, started } = res.json<{ challenge: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }; started: string }>();
    // A challenge of another key, solved: not this server's.
    const foreign = await createChallenge({ hmacKey: 'someone else', maxNumber: 1000 });
    const foreignSolution = await solveChallenge(foreign.challenge, foreign.salt, foreign.algorithm, 1000).promise;
    const foreignPayload = Buffer.from(JSON.stringify({ ...foreign, number: foreignSolution?.number })).toString('base64');
    const ownStarted = startedAgo(formId, 10_000);
    const bad = await post({ ...goodAnswer('pow.bad@example.org'), started: ownStarted, altcha: foreignPayload }, '10.20.0.5', true);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: { message: en.check } });
    const wrongNumber = Buffer.from(JSON.stringify({ ...challenge, number: -1 })).toString('base64');
    expect((await post({ ...goodAnswer('pow.bad@example.org'), started: ownStarted, altcha: wrongNumber }, '10.20.0.5', true)).statusCode).toBe(422);
    expect(await peopleWith('pow.bad')).toEqual([]);

    const solved = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const payload = Buffer.from(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solved?.number, salt: challenge.salt, signature: challenge.signature })).toString('base64');
    // The start time the challenge came with is the form's too: signed for this form.
    expect(started).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const good = await post({ ...goodAnswer('pow.good@example.org'), started: ownStarted, altcha: payload }, '10.20.0.5', true);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ result: 'sent' });
    expect(await peopleWith('pow.good@example.org')).toHaveLength(1);
    // A solution counts once.
    const again = await post({ ...goodAnswer('pow.again@example.org'), started: ownStarted, altcha: payload }, '10.20.0.5', true);
    expect(again.statusCode).toBe(422);
    expect(await peopleWith('pow.again')).toEqual([]);
  });

  it('answers too many answers from one address with 429 and the typing kept, while another address still gets through', async () => {
    const ip = '10.20.0.9';
    const statuses: number[] = [];
    for (let i = 0; i < formRateLimits.perAddress.max; i++) statuses.push((await post({ ...goodAnswer(`flood${i}@example.org`), started: startedAgo(formId, 10_000) }, ip)).statusCode);
    expect(statuses).toEqual(Array.from({ length: formRateLimits.perAddress.max }, () => 303));
    const limited = await post({ ...goodAnswer('flood.more@example.org'), started: startedAgo(formId, 10_000) }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.body).toContain(en.tooMany);
    expect(limited.body).toMatch(/value="flood.more@example.org"/);
    expect(await peopleWith('flood.more')).toEqual([]);
    const other = await post({ ...goodAnswer('other.address@example.org'), started: startedAgo(formId, 10_000) }, '10.20.0.10');
    expect(other.statusCode).toBe(303);
  });

  it('lets 1,000 answers from one address in a minute through only up to its allowance, stores nothing of the rest, and keeps the form and the page open to everyone else meanwhile', async () => {
    const ip = '10.20.0.77';
    const flood = Array.from({ length: 1000 }, (_, i) => ({ ...goodAnswer(`torrent${i}@example.org`), started: startedAgo(formId, 10_000) }));
    const statuses: number[] = [];
    const others: number[] = [];
    const pages: number[] = [];
    // In waves of 50 at once, as a script would send them; between waves another visitor reads the page and answers.
    for (let wave = 0; wave < flood.length / 50; wave++) {
      const sent = flood.slice(wave * 50, wave * 50 + 50).map((fields) => post(fields, ip).then((r) => r.statusCode));
      if (wave % 5 === 0) {
        pages.push((await t.app.inject({ method: 'GET', url: '/youthleadership', remoteAddress: `10.21.0.${wave}` })).statusCode);
        others.push((await post({ ...goodAnswer(`neighbour${wave}@example.org`), started: startedAgo(formId, 10_000) }, `10.21.0.${wave}`)).statusCode);
      }
      statuses.push(...(await Promise.all(sent)));
    }
    // Exactly the address's allowance gets through; every other answer is refused with 429.
    const through = statuses.filter((s) => s === 303).length;
    expect(through).toBe(formRateLimits.perAddress.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(flood.length - through);
    // Refused answers use none of the form's own allowance: the neighbours all got through, and read the page.
    expect(others).toEqual(others.map(() => 303));
    expect(pages).toEqual(pages.map(() => 200));
    // Nothing of the refused is stored or mailed.
    expect(await peopleWith('torrent')).toHaveLength(through);
    // At most a notification to staff and a confirmation to the person for each answer let through.
    const queued = await t.app.services.db.kysely.selectFrom('mail_queue').select(['to_address', 'text_body']).execute();
    expect(queued.filter((m) => `${m.to_address} ${m.text_body ?? ''}`.includes('torrent')).length).toBeLessThanOrEqual(formRateLimits.perAddress.max * 2);
  }, 120_000);

  it('takes a form’s answers up to its own allowance, from whatever addresses they come, then refuses them while other forms still take answers', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }),
      headers: admin.headers,
      payload: { data: { title: 'Quick poll', fields: [{ id: 'email', type: 'email', label: 'E-mail address', required: true }] }, status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = created.json<ContentDocument>().id;
    const answerPoll = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: formPostPath(pollId),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: encode({ 'f-email': `poll${i}@example.org`, started: startedAgo(pollId, 10_000), website: '' }),
        remoteAddress: `10.30.${Math.floor(i / 200)}.${i % 200}`,
      });
    const { max } = formRateLimits.perForm;
    // Each from its own address (under that address's allowance), twenty at once.
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 20) statuses.push(...(await Promise.all(Array.from({ length: Math.min(20, max - i) }, (_, k) => answerPoll(i + k).then((r) => r.statusCode)))));
    expect(statuses).toEqual(statuses.map(() => 303));
    const over = await answerPoll(max);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body).toContain(`value="poll${max}@example.org"`);
    expect(await peopleWith(`poll${max}@`)).toEqual([]);
    expect(await peopleWith('poll1@')).toHaveLength(1);
    // The demo form's allowance is its own.
    const other = await post({ ...goodAnswer('after.the.poll@example.org'), started: startedAgo(formId, 10_000) }, '10.30.9.1');
    expect(other.statusCode).toBe(303);
  }, 60_000);

  it('shows a closed form’s message without inputs, and refuses its answers', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }),
      headers: admin.headers,
      payload: { data: { title: 'Mentor sign-up', fields: [{ id: 'email', type: 'email', label: 'E-mail address', required: true }], closed: true, closedMessage: 'Mentor sign-up opens in March.' }, status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const closedId = created.json<ContentDocument>().id;
    const page = await t.app.inject({ method: 'GET', url: '/youthleadership' });
    expect(page.body).toContain('Mentor sign-up opens in March.');
    expect(page.body).not.toContain(`action="${formPostPath(closedId)}`);
    const res = await t.app.inject({
      method: 'POST',
      url: formPostPath(closedId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: encode({ 'f-email': 'late@example.org', started: startedAgo(closedId, 10_000), website: '' }),
      remoteAddress: '10.20.0.11',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Mentor sign-up opens in March.');
    expect(await peopleWith('late@example.org')).toEqual([]);
  });

  it('refuses a form whose questions break the rules, naming the field', async () => {
    const create = (fields: unknown) =>
      t.app.inject({ method: 'POST', url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }), headers: admin.headers, payload: { data: { title: 'Broken', fields }, status: 'draft' } });
    const twoEmails = await create([
      { id: 'email', type: 'email', label: 'E-mail', required: true },
      { id: 'work-email', type: 'email', label: 'Work e-mail', required: false },
    ]);
    expect(twoEmails.statusCode).toBe(400);
    expect(twoEmails.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    expect(JSON.stringify(twoEmails.json())).toContain('exactly one e-mail field');
    const sameIds = await create([
      { id: 'email', type: 'email', label: 'E-mail', required: true },
      { id: 'email', type: 'shortText', label: 'Name', required: true },
    ]);
    expect(sameIds.statusCode).toBe(400);
    expect(JSON.stringify(sameIds.json())).toContain('Two fields share the id');
    const noOptions = await create([
      { id: 'email', type: 'email', label: 'E-mail', required: true },
      { id: 'pick', type: 'choice', label: 'Pick', required: true },
    ]);
    expect(noOptions.statusCode).toBe(400);
    const badNotify = await t.app.inject({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }),
      headers: admin.headers,
      payload: { data: { title: 'Broken', fields: [{ id: 'email', type: 'email', label: 'E-mail', required: true }], notify: 'staff@example.org, not an address' }, status: 'draft' },
    });
    expect(badNotify.statusCode).toBe(400);
    expect(badNotify.json()).toMatchObject({ error: { field: 'data.notify' } });
  });

  it('answers 404 for a form that is not there, and never shows answers to visitors', async () => {
    const missing = await t.app.inject({ method: 'POST', url: formPostPath('no-such-form'), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: encode(goodAnswer('x@example.org')), remoteAddress: '10.20.0.12' });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `${apiPaths.supporters.list}?q=neema` });
    expect(anonymous.statusCode).toBe(401);
  });
});
