/**
 * The Supporters screen in Debian's Chromium against the built app. The built
 * server has no public form yet, so answers to forms are written into its
 * SQLite file as the supporters' repository keeps them (a person, a consent
 * version, answers); contact messages come through the contact function
 * (`submitContact`), which joins them to their person. A super-admin opens the
 * screen from the drawer, finds a person as they type, reads their answers
 * and message, downloads their data (the JSON file) and a form's answers
 * (CSV), then erases another person after typing their address; an admin
 * reads and downloads but is offered no erasure (and the server refuses it);
 * axe finds nothing at 1280 and 375 px; screenshots at both widths.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { supporterExportSchema } from '../src/shared/supporters.js';
import { parseCsv } from '../test/helpers/csv.js';
import { waitForScreen } from './admin-content-support.js';
import { axeViolations } from './helpers/axe.js';
import { setUpSite } from './helpers/fixture.js';
import { focusIsVisible, tabTo } from './helpers/keyboard.js';
import { apiSignIn, createAccount, settle, watchStaffConsole } from './helpers/staff.js';

const site = setUpSite();
const screenshots = path.resolve(__dirname, '../docs/screenshots');
const adminEmail = 'supporters.editor@example.org';
const password = 'a long enough password 42';

const youthForm = { id: 'form-youth-signup', title: 'Youth assembly sign-up' };
const volunteerForm = { id: 'form-volunteer-days', title: 'Volunteer days' };
const consentEn = 'I agree that the organisation keeps my answers for 12 months to invite me to the youth assembly.';
const consentSw = 'Nakubali shirika lihifadhi majibu yangu kwa miezi 12 ili kunialika kwenye baraza la vijana.';
const amina = { email: 'amina.juma@example.org', name: 'Amina Juma' };
const baraka = { email: 'baraka.otieno@example.org', name: 'Baraka Otieno' };
const aminaMessage = 'Please tell me when the next budget hearing in Mkoani takes place.';
/** Wrote through the contact form only. */
const chausiku = { email: 'chausiku.said@example.org', name: 'Chausiku Said', message: 'Could your team visit our school garden in Pemba?' };

/** Answers as the supporters' repository keeps them (src/server/supporters/repository.ts), written into the built server's database. */
function seedAnswers(): void {
  const db = new Database(path.join(site.server.dataDir, 'site.sqlite'));
  try {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    const expires = (daysAgo: number) => new Date(now - daysAgo * 86_400_000 + 365 * 86_400_000).toISOString();
    const person = db.prepare('insert into supporters (id, email, name, created_at, updated_at) values (?, ?, ?, ?, ?)');
    const consent = db.prepare('insert into consent_versions (id, form_id, lang, version, text, text_hash, created_at) values (?, ?, ?, ?, ?, ?, ?)');
    const answer = db.prepare(
      'insert into form_answers (id, supporter_id, form_id, form_title, lang, "values", consent_version_id, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
    db.transaction(() => {
      const aminaId = crypto.randomUUID();
      const barakaId = crypto.randomUUID();
      person.run(aminaId, amina.email, amina.name, at(10), at(10));
      person.run(barakaId, baraka.email, baraka.name, at(3), at(3));
      const en = crypto.randomUUID();
      const sw = crypto.randomUUID();
      consent.run(en, youthForm.id, 'en', 1, consentEn, hash(consentEn), at(10));
      consent.run(sw, youthForm.id, 'sw', 1, consentSw, hash(consentSw), at(2));
      answer.run(crypto.randomUUID(), aminaId, youthForm.id, youthForm.title, 'en', JSON.stringify({ 'first-name': 'Amina', age: 19, topics: ['Budget', 'Water'], consent: true }), en, at(10), expires(10));
      answer.run(crypto.randomUUID(), aminaId, youthForm.id, 'Usajili wa baraza la vijana', 'sw', JSON.stringify({ 'first-name': 'Amina', age: 19, topics: ['Elimu'], consent: true }), sw, at(2), expires(2));
      answer.run(crypto.randomUUID(), barakaId, volunteerForm.id, volunteerForm.title, 'en', JSON.stringify({ days: ['Saturday'], phone: '+255 700 000 000' }), null, at(3), expires(3));
    })();
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  await createAccount(site.server.url, site.superToken, { email: adminEmail, role: 'admin', password, displayName: 'Supporters Editor' });
  seedAnswers();
  for (const data of [
    { name: amina.name, email: amina.email, message: aminaMessage },
    { name: chausiku.name, email: chausiku.email, message: chausiku.message },
  ]) {
    const res = await fetch(`${site.server.url}${pathTo(apiPaths.function, { name: 'submitContact' })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ...data, consent: true } }),
    });
    expect(res.status).toBe(200);
  }
}, 120_000);

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Staff menu' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Find a person' });
const detail = (page: Page) => page.getByTestId('supporter-detail');

/** Counts what a staff member does by hand: clicks (or Enter on a focused control) and the screens they land on. */
function tally(page: Page) {
  const screens = new Set<string>();
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) screens.add(new URL(f.url()).pathname);
  });
  let clicks = 0;
  return {
    async click(target: Locator) {
      clicks++;
      await target.click();
    },
    async enter(target?: Locator) {
      clicks++;
      await target?.focus();
      await page.keyboard.press('Enter');
    },
    get clicks() {
      return clicks;
    },
    screens,
  };
}

/** Types a search and waits for its answer (the previous one's people stay shown until it comes). */
async function searchFor(page: Page, text: string, first: string): Promise<void> {
  await searchBox(page).fill(text);
  await page.getByTestId('supporters-count').filter({ hasText: /found\.$/ }).waitFor();
  await page.getByTestId('supporter').first().filter({ hasText: first }).waitFor();
}

describe('supporters screen', () => {
  it('a super-admin finds a person as they type, reads their answers and message, downloads their data and a form’s answers, then erases another person', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/dashboard');
    await waitForScreen(page);
    const did = tally(page);

    // From the drawer (one click), the screen says what it is for and that the data is private.
    await did.enter(drawer(page).getByRole('link', { name: /^Supporters/ }));
    await page.waitForURL((u) => u.pathname === '/supporters');
    await page.getByRole('heading', { level: 1, name: 'Supporters' }).waitFor();
    await waitForScreen(page);
    expect(await page.getByTestId('supporters-empty').innerText()).toContain('Everything here is private personal data.');

    // One letter is not searched; two are, as they are typed (no button).
    await searchBox(page).fill('a');
    expect(await page.getByTestId('supporters-empty').isVisible()).toBe(true);
    await searchFor(page, 'amina', amina.email);
    const found = page.getByTestId('supporter');
    expect(await found.count()).toBe(1);
    expect(await found.first().innerText()).toBe(`${amina.name}\n${amina.email}\n2 answers · 1 message`);

    // Her detail (one click): the newest answer first, its form, language, values by field, the consent as it was shown, and her message.
    await did.click(found.first());
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('supporter-heading');
    const answers = detail(page).getByTestId('supporter-answer');
    expect(await answers.count()).toBe(2);
    const sw = await answers.nth(0).innerText();
    expect(sw).toContain('Usajili wa baraza la vijana');
    expect(sw).toContain('in Swahili (sw)');
    expect(sw).toContain(consentSw);
    const en = await answers.nth(1).innerText();
    expect(en).toContain(youthForm.title);
    expect(en).toMatch(/First name\s+Amina/);
    expect(en).toMatch(/Topics\s+Budget, Water/);
    expect(en).toMatch(/Consent\s+Yes/);
    expect(await answers.nth(1).getByTestId('supporter-consent').innerText()).toMatch(new RegExp(`version 1 in English \\(en\\)\\s+${consentEn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(await detail(page).getByTestId('supporter-message').innerText()).toContain(aminaMessage);

    // Her data (one click): everything held about her, as one JSON file.
    const [exported] = await Promise.all([page.waitForEvent('download'), did.click(detail(page).getByRole('button', { name: 'Download their data' }))]);
    expect(exported.suggestedFilename()).toMatch(/^supporter-[A-Za-z0-9-]+-\d{4}-\d{2}-\d{2}\.json$/);
    const file = supporterExportSchema.parse(JSON.parse(fs.readFileSync((await exported.path())!, 'utf8')));
    expect(file.person).toMatchObject({ email: amina.email, name: amina.name });
    expect(file.answers.map((a) => a.consent?.text).sort()).toEqual([consentEn, consentSw].sort());
    expect(file.contactRecords.map((r) => r.fields.message)).toEqual([aminaMessage]);
    await page.getByText(/^Downloaded supporter-/).waitFor();

    // The CSV of the youth form over the last week: only the newer answer (Kiswahili).
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const csvSection = page.getByRole('region', { name: 'A form’s answers (CSV)' });
    // Every form with answers is offered, whoever was searched for: the youth form by both its titles, with its count.
    await csvSection.getByLabel('Form').selectOption({ label: `${youthForm.title} / Usajili wa baraza la vijana (2 answers)` });
    expect(await csvSection.getByLabel('Form').locator('option', { hasText: `${volunteerForm.title} (1 answer)` }).count()).toBe(1);
    await csvSection.getByLabel('From').fill(week);
    const [csv] = await Promise.all([page.waitForEvent('download'), did.click(csvSection.getByRole('button', { name: 'Download answers (CSV)' }))]);
    expect(csv.suggestedFilename()).toBe(`form-${youthForm.id}-answers-from-${week}.csv`);
    const rows = parseCsv(fs.readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, ''));
    expect(rows[0]?.slice(0, 4)).toEqual(['Date (UTC)', 'Language', 'E-mail', 'Name']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([['sw', amina.email, amina.name]]);

    // Erasing Baraka: the button, then his address typed (by keyboard), then Enter.
    await searchFor(page, 'otieno', baraka.email);
    await did.click(page.getByTestId('supporter').first());
    expect(await detail(page).getByRole('heading', { level: 2 }).innerText()).toBe(baraka.name);
    await did.click(detail(page).getByRole('button', { name: 'Erase this person' }));
    const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Everything held about ${baraka.email} is removed for good: their record, 1 answer to a form, and every mail kept for their address.`);
    const confirm = dialog.getByLabel('Type their e-mail address to confirm');
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Erase for good' }).isDisabled()).toBe(true);
    await page.keyboard.type('baraka@example.org');
    expect(await dialog.getByRole('button', { name: 'Erase for good' }).isDisabled()).toBe(true);
    await confirm.fill('');
    await page.keyboard.type(baraka.email.toUpperCase());
    expect(await dialog.getByRole('button', { name: 'Erase for good' }).isDisabled()).toBe(false);
    await did.enter();
    await dialog.waitFor({ state: 'detached' });
    const notice = page.getByTestId('supporters-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/The person was erased\. 1 answer, 0 contact messages and \d+ kept mails? were removed for good\./);
    await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByTestId('supporters-none').waitFor();
    expect(await page.getByTestId('supporters-count').innerText()).toBe('Nobody found.');
    // And the server agrees: nobody by that name any more.
    const after = await fetch(`${site.server.url}${apiPaths.supporters.list}?q=otieno`, { headers: { authorization: `Bearer ${site.superToken}` } });
    expect(((await after.json()) as { people: unknown[] }).people).toEqual([]);

    // Everything on one screen; from the drawer: 3 clicks to her data, 1 more for a form's CSV, 3 and the typed address to erase a person.
    expect([...did.screens].filter((p) => p !== '/dashboard')).toEqual(['/supporters']);
    expect(did.clicks).toBe(7);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('by keyboard alone: finds a person who only wrote a message, opens them, and erases them; focus is always where the work goes on', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/supporters');
    await waitForScreen(page);
    await tabTo(page, searchBox(page));
    await page.keyboard.type('chausiku');
    await page.getByTestId('supporter').first().filter({ hasText: chausiku.email }).waitFor();
    const card = page.getByTestId('supporter').first();
    expect(await card.innerText()).toBe(`${chausiku.name}\n${chausiku.email}\n0 answers · 1 message`);
    await tabTo(page, card);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('supporter-heading');
    expect(await detail(page).getByTestId('supporter-message').innerText()).toContain(chausiku.message);
    expect(await detail(page).innerText()).toContain('No answer to a form.');
    const erase = detail(page).getByRole('button', { name: 'Erase this person' });
    await tabTo(page, erase);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('removed for good: their record, 1 contact message, and every mail kept for their address.');
    await expect.poll(() => dialog.getByLabel('Type their e-mail address to confirm').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(chausiku.email);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const notice = page.getByTestId('supporters-notice');
    await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await notice.innerText()).toMatch(/0 answers, 1 contact message and \d+ kept mails? were removed for good\./);
    await page.getByTestId('supporters-none').waitFor();
    // The message is gone from the customers' list too.
    const customers = await fetch(`${site.server.url}/api/collections/customer/documents?limit=100`, { headers: { authorization: `Bearer ${site.superToken}` } });
    expect(JSON.stringify(await customers.json())).not.toContain(chausiku.email);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('an admin reads and downloads a person’s data but is offered no erasure, which the server refuses', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const watch = watchStaffConsole(page);
    await site.signInAs(page, adminEmail, password, '/supporters');
    await waitForScreen(page);
    expect(await drawer(page).getByRole('link', { name: /^Supporters/ }).getAttribute('aria-current')).toBe('page');
    // "juma" finds Amina, who answered a form, and Halima Juma, who only wrote through the contact form (the demo's contacts).
    await searchBox(page).fill('juma');
    await page.getByTestId('supporters-count').filter({ hasText: /found\.$/ }).waitFor();
    await page.getByTestId('supporter').filter({ hasText: 'halima.juma@example.org' }).waitFor();
    await page.getByTestId('supporter').filter({ hasText: amina.email }).click();
    await detail(page).getByRole('button', { name: 'Download their data' }).waitFor();
    expect(await detail(page).getByRole('button', { name: 'Erase this person' }).count()).toBe(0);
    const [exported] = await Promise.all([page.waitForEvent('download'), detail(page).getByRole('button', { name: 'Download their data' }).click()]);
    expect(supporterExportSchema.parse(JSON.parse(fs.readFileSync((await exported.path())!, 'utf8'))).person.email).toBe(amina.email);

    const { idToken } = await apiSignIn(site.server.url, adminEmail, password);
    const list = (await (await fetch(`${site.server.url}${apiPaths.supporters.list}?q=juma`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as { people: { id: string; email: string }[] };
    const id = list.people.find((p) => p.email === amina.email)?.id ?? '';
    const refused = await fetch(`${site.server.url}${pathTo(apiPaths.supporters.one, { id })}`, { method: 'DELETE', headers: { authorization: `Bearer ${idToken}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('permission-denied');
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('has no axe violation at 1280 and 375 px, empty, with a person open and with the erase dialog; screenshots at both widths', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/supporters');
    fs.mkdirSync(screenshots, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${site.server.url}/supporters`);
      await waitForScreen(page);
      await page.getByTestId('supporters-empty').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(screenshots, `supporters-empty-${width}.png`), fullPage: width === 375 });

      await searchFor(page, 'amina', amina.email);
      await page.getByTestId('supporter').first().click();
      await detail(page).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screenshots, `supporters-person-${width}.png`), fullPage: true });
      expect(fs.statSync(path.join(screenshots, `supporters-person-${width}.png`)).size).toBeGreaterThan(10_000);

      await detail(page).getByRole('button', { name: 'Erase this person' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
      await dialog.waitFor();
      await dialog.getByLabel('Type their e-mail address to confirm').fill('amina@');
      // Once it has faded in: half-way, its text is measured against a half-transparent background.
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(screenshots, `supporters-erase-${width}.png`) });
      // Escape cancels, and focus goes back to the button that opened the dialog.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Erase this person');
    }
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 120_000);
});
