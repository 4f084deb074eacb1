/**
 * The site in Kiswahili in the browser, and a translator at work. The demo's
 * Kiswahili pages pass the Nu Html Checker and axe at 375 and 1280 px; the
 * language switcher leads by keyboard to the same page in the other
 * language; the islands of the Kiswahili home page start in the browser in
 * Kiswahili (the carousel's buttons, the contact form's checks and thanks);
 * an Arabic page is laid out right to left and holds at both widths. A translator opens the Translations screen, fixes an outdated
 * block with the original beside it (its change word by word), publishes, and the Kiswahili page shows
 * it; translates a whole page on one screen, moving between its parts by
 * keyboard. A page not translated says so in the switcher. Screenshots of each screen and page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations } from './helpers/axe.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, settle, watchStaffConsole } from './helpers/staff.js';
import { waitForScreen } from './admin-content-support.js';
import { staffApi, watchIslandHydration } from './public-helpers.js';
import { watchConsole } from './helpers/browser.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import { setUpSite } from './helpers/fixture.js';
import { nuHtmlErrors } from './helpers/nu-html.js';
import type { ContentDocument } from '../src/shared/collections.js';
import type { TranslationReading, TranslationReport } from '../src/shared/translations.js';

const site = setUpSite();
const shots = path.resolve('docs/screenshots');

/** Axe at 1280 and 375 px, no sideways scrolling, and the screenshots at each width. */
async function checkBothWidths(page: Page, shot: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await settle(page);
    expect(await axeViolations(page), `${shot} at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${shot} fits ${width} px`).toBe(true);
    fs.mkdirSync(shots, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${shot}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
}

const html = async (pathname: string) => {
  const res = await fetch(`${site.server.url}${pathname}`);
  expect(res.status, pathname).toBe(200);
  return res.text();
};

/** The journeys that check at two widths with axe, or walk the staff app and then the site: 30 to 60 s on two busy cores. */
const journeyTimeout = 120_000;

describe('the site in Kiswahili', () => {
  it('passes the Nu Html Checker on the Kiswahili pages and their English twins', async () => {
    // /history is not translated: its switcher says so.
    const pages = { 'sw-home': await html('/sw/'), 'sw-about': await html('/sw/kuhusu'), home: await html('/'), about: await html('/about'), history: await html('/history') };
    expect(await nuHtmlErrors(pages)).toEqual([]);
  });

  it('passes axe at both widths, and the switcher leads by keyboard to the same page in the other language', async () => {
    const { context, page } = await site.newPage();
    try {
      await page.goto(`${site.server.url}/sw/`);
      expect(await page.getAttribute('html', 'lang')).toBe('sw');
      await checkBothWidths(page, 'public-sw-home');
      await page.goto(`${site.server.url}/about`);
      const kiswahili = page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Kiswahili' });
      expect(await kiswahili.getAttribute('lang')).toBe('sw');
      for (let i = 0; i < 60 && !(await kiswahili.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.server.url}/sw/kuhusu`);
      expect(await page.getAttribute('html', 'lang')).toBe('sw');
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe('Kuhusu sisi');
      await checkBothWidths(page, 'public-sw-about');
      // Back to English from there (the switcher is named in Kiswahili on a Kiswahili page).
      await page.getByRole('navigation', { name: 'Lugha' }).getByRole('link', { name: 'English' }).click();
      await page.waitForURL(`${site.server.url}/about`);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
    } finally {
      await context.close();
    }
  }, journeyTimeout);

  it('starts the islands of the Kiswahili home page in Kiswahili: the carousel’s buttons, the contact form’s checks and thanks', async () => {
    const sw = publicWordsFor('sw').words;
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await context.addInitScript(watchIslandHydration);
    const watch = watchConsole(page);
    try {
      await page.goto(`${site.server.url}/sw/`, { waitUntil: 'networkidle' });
      const islands = page.locator('[data-island]');
      await expect(islands.count()).resolves.toBe(2);
      for (let i = 0; i < 2; i++) await islands.nth(i).and(page.locator('[data-hydrated]')).waitFor({ timeout: 10_000 });
      // Hydrating with the words in its props took the server's Kiswahili markup as it was.
      await expect(page.evaluate(() => (window as unknown as { hydrationChanges: string[] }).hydrationChanges)).resolves.toEqual([]);

      const carousel = page.locator('.carousel[data-ready]');
      await carousel.waitFor();
      const count = await carousel.locator('.carousel-slide').count();
      // With reduced motion the slideshow does not play by itself: the button offers to start it.
      await expect(carousel.getByRole('button', { name: sw.carousel.play }).count()).resolves.toBe(1);
      await carousel.getByRole('button', { name: sw.carousel.next }).click();
      await expect.poll(() => carousel.locator('.carousel-slide[data-active]').getAttribute('aria-label')).toBe(sw.carousel.slideOf(2, count));

      const form = page.locator('form.contact-form');
      await form.getByRole('button', { name: sw.contact.send }).click();
      const m = sw.contact.messages;
      await expect(form.locator('.field-error').allTextContents()).resolves.toEqual([m.nameRequired, m.emailRequired, m.messageTooShort, m.consentRequired]);
      await form.getByLabel(sw.contact.name).fill('Neema Mollel');
      await form.getByLabel(sw.contact.email).fill('neema@example.org');
      await form.getByLabel(sw.contact.message, { exact: true }).fill('Tungependa kujiunga na mikutano ya bajeti.');
      await form.getByLabel(sw.contact.consent).check();
      await form.getByRole('button', { name: sw.contact.send }).click();
      await expect.poll(() => form.getByRole('status').innerText(), { timeout: 10_000 }).toBe(sw.contact.thanks('Neema Mollel'));
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a super-admin adds Arabic in the site settings; a page in Arabic is laid out right to left and holds at both widths', async () => {
    const { context: staff, page: settingsPage } = await site.newPage();
    settingsPage.setDefaultTimeout(10_000);
    try {
      await site.signIn(settingsPage, '/settings');
      await waitForScreen(settingsPage);
      const languages = settingsPage.getByRole('region', { name: 'Languages' });
      await languages.getByRole('button', { name: 'Add a language' }).click();
      const codes = languages.getByLabel('Code');
      await codes.last().fill('ar');
      await languages.getByLabel('Name in itself').last().fill('العربية');
      await languages.getByLabel('Direction').last().click();
      await settingsPage.getByRole('option', { name: /^Right to left/ }).click();
      await languages.getByRole('button', { name: 'Save languages' }).click();
      await settingsPage.getByRole('status').filter({ hasText: 'Languages saved.' }).waitFor();
      await languages.scrollIntoViewIfNeeded();
      await checkBothWidths(settingsPage, 'settings-languages');
    } finally {
      await staff.close();
    }
    const settings = await staffApi<{ data: { languages: { code: string; dir: string }[] } }>(site.server, site.superToken, '/api/settings');
    expect(settings.body.data.languages.map((l) => `${l.code} ${l.dir}`)).toEqual(['en ltr', 'sw ltr', 'ar rtl']);
    const about = await staffApi<TranslationReading>(site.server, site.superToken, '/api/site/pages/about?lang=ar');
    const published = await staffApi(site.server, site.superToken, '/api/site/pages/about?lang=ar', {
      method: 'PATCH',
      body: { translation: { path: '/man-nahnu', title: 'من نحن', description: 'من نحن وماذا نفعل' }, status: 'published' },
      ifMatch: about.body.version,
    });
    expect(published.status).toBe(200);
    const body = await html('/ar/man-nahnu');
    expect(body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(await nuHtmlErrors({ 'ar-about': body })).toEqual([]);
    const { context, page } = await site.newPage();
    try {
      await page.goto(`${site.server.url}/ar/man-nahnu`);
      expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
      await checkBothWidths(page, 'public-ar-about');
    } finally {
      await context.close();
    }
  }, journeyTimeout);
});

describe('a translator at work', () => {
  it('opens Translations, fixes an outdated block with the original beside it, publishes, and the Kiswahili page shows it', async () => {
    // An English block of the home page changes and is published: its Kiswahili translation is now outdated.
    const list = await staffApi<{ documents: ContentDocument[] }>(site.server, site.superToken, '/api/collections/descriptionhome/documents?limit=50');
    const join = list.body.documents.find((d) => d.data.title === 'Join us')!;
    expect(join.translations?.sw).toBe('current');
    const changed = await staffApi<ContentDocument>(site.server, site.superToken, `/api/collections/descriptionhome/documents/${join.id}`, {
      method: 'PATCH',
      body: { data: { title: 'Join the alliance' }, status: 'published' },
      ifMatch: join.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.translations?.sw ?? (await staffApi<ContentDocument>(site.server, site.superToken, `/api/collections/descriptionhome/documents/${join.id}`)).body.translations?.sw).toBe('outdated');

    const translator = await createAccount(site.server.url, site.superToken, { email: 'translator@example.org', role: 'admin', password: 'a long translator password 1' });
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    page.setDefaultTimeout(10_000);
    try {
      await site.signInAs(page, translator.email, 'a long translator password 1', '/translations');
      await waitForScreen(page);
      await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
      // The drawer counts what is left to translate.
      await expect.poll(() => page.getByTestId('translations-count').count(), { timeout: 10_000 }).toBe(1);
      const outdated = page.getByRole('list', { name: 'Outdated in Kiswahili' });
      await outdated.getByText('Join the alliance').waitFor();
      await checkBothWidths(page, 'translations-screen');

      await outdated.getByRole('link', { name: 'Translate: Join the alliance' }).click();
      await page.getByRole('heading', { name: 'Translate “Join the alliance” into Kiswahili', level: 1 }).waitFor();
      // The original beside the translation, its old and new words as a difference: "removed" and "added" said in words, not only shown.
      await page.getByText('The English original changed since the translation was made:').waitFor();
      const diff = page.getByTestId('word-diff').locator('p, div').last();
      expect((await diff.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Join [removed: us] [added: the alliance]');
      expect(await page.getByTestId('word-diff').locator('del').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
      expect(await page.getByTestId('word-diff').locator('ins').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('underline');
      const title = page.getByLabel('Title in Kiswahili', { exact: true });
      expect(await title.inputValue()).toBe('Jiunge nasi');
      await checkBothWidths(page, 'translation-editor');
      await title.fill('Jiunge na muungano');
      await page.getByRole('button', { name: 'Publish in Kiswahili' }).click();
      await page.getByRole('status').filter({ hasText: 'Published in Kiswahili. Visitors see it now.' }).waitFor();
      await page.getByText('Up to date', { exact: true }).first().waitFor();

      // The history lists the step just taken, with its words to take back.
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const history = page.getByRole('list', { name: 'History of the translation' });
      await history.getByText(/Published/).first().waitFor();
      expect(await history.getByRole('listitem').first().innerText()).toContain('translator@example.org');

      const report = await staffApi<TranslationReport>(site.server, site.superToken, '/api/translations?lang=sw');
      expect(report.body.outdated.map((i) => i.id)).not.toContain(join.id);
      expect(await html('/sw/')).toContain('Jiunge na muungano');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, journeyTimeout);

  it('translates a whole page on one screen: every part named once, the outdated one as a difference, Next and Previous by keyboard, progress counted', async () => {
    // The About page's "Our mission" changes in English and is published: its Kiswahili is outdated.
    const list = await staffApi<{ documents: ContentDocument[] }>(site.server, site.superToken, '/api/collections/aboutvision/documents?limit=50');
    const mission = list.body.documents.find((d) => d.data.title === 'Our mission')!;
    const changed = await staffApi<ContentDocument>(site.server, site.superToken, `/api/collections/aboutvision/documents/${mission.id}`, {
      method: 'PATCH',
      body: { data: { title: 'Our shared mission' }, status: 'published' },
      ifMatch: mission.version,
    });
    expect(changed.status).toBe(200);

    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    page.setDefaultTimeout(10_000);
    try {
      await site.signIn(page, '/translations?lang=sw');
      await waitForScreen(page);
      const outdated = page.getByRole('list', { name: 'Outdated in Kiswahili' });
      await outdated.getByText('Our shared mission').waitFor();
      await outdated.getByRole('link', { name: 'Translate the whole page: About us' }).first().click();
      await page.getByRole('heading', { name: 'Translate the page “About us” into Kiswahili', level: 1 }).waitFor();

      const parts = page.getByRole('navigation', { name: 'Parts of the page' }).getByRole('link');
      const labels = (await parts.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      // The page's own words first, each block under its section's heading, the two menu labels leading to the page: no two alike.
      expect(labels[0]).toMatch(/^The page “About us”: title, menu label, description, address/);
      expect(labels.some((l) => l.startsWith('Menu label · Top bar › About Us › About'))).toBe(true);
      expect(labels.some((l) => l.startsWith('Menu label · Footer › About Us › About'))).toBe(true);
      expect(new Set(labels).size).toBe(labels.length);
      const total = labels.length;
      const progress = page.getByTestId('page-translation-progress');
      const before = Number(/^(\d+) of (\d+) translated$/.exec(await progress.innerText())?.[1]);
      expect(await progress.innerText()).toBe(`${before} of ${total} translated`);

      // The outdated part, chosen in the list: focus goes to its heading; its English shows what changed, word by word.
      const index = labels.findIndex((l) => l.includes('› Our shared mission'));
      expect(index).toBeGreaterThan(0);
      await parts.nth(index).click();
      const heading = page.getByRole('heading', { level: 2, name: /› Our shared mission$/ });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      const diff = page.getByTestId('word-diff').first();
      expect((await diff.locator('p, div').last().textContent())?.replace(/\s+/g, ' ').trim()).toBe('Our [added: shared] mission');
      await checkBothWidths(page, 'translate-page');

      const title = page.getByLabel('Title in Kiswahili', { exact: true });
      await title.fill('Dhamira yetu ya pamoja');
      await page.getByRole('button', { name: 'Publish in Kiswahili' }).click();
      await page.getByRole('status').filter({ hasText: 'Published in Kiswahili. Visitors see it now.' }).waitFor();
      await expect.poll(() => progress.innerText()).toBe(`${before + 1} of ${total} translated`);

      // Next and Previous by keyboard: the next part's heading gets focus, and back.
      const next = page.getByRole('button', { name: 'Next' });
      await next.focus();
      await page.keyboard.press('Enter');
      const nextHeading = page.getByRole('heading', { level: 2, name: labels[index + 1]!.replace(/ (Not translated|Up to date|Outdated)$/, '') });
      await nextHeading.waitFor();
      await expect.poll(() => nextHeading.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByRole('button', { name: 'Previous' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator('#part-heading').innerText()).toMatch(/› Our shared mission$/);
      // Words typed and not saved: Next asks first, and staying keeps the part and its words.
      await title.fill('Dhamira yetu, bado haijahifadhiwa');
      const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))));
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await asked).toBe('This part has words that are not saved. Leave it without saving them?');
      expect(await page.locator('#part-heading').innerText()).toMatch(/› Our shared mission$/);
      expect(await title.inputValue()).toBe('Dhamira yetu, bado haijahifadhiwa');

      expect(await html('/sw/kuhusu')).toContain('Dhamira yetu ya pamoja');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, journeyTimeout);
});

describe('a page not translated into a language', () => {
  it('has a switcher that says so in that language, by keyboard and screen reader, and leads to its home page', async () => {
    const { context, page } = await site.newPage();
    try {
      await page.goto(`${site.server.url}/history`);
      // What a screen reader says of the link (spaces as the browser puts them between its parts).
      const kiswahili = page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: /^Kiswahili\s*\(\s*ukurasa huu\s*haujatafsiriwa\s*:\s*ukurasa wa mwanzo\s*\)$/ });
      // What is seen: the name and "(not translated)" in Kiswahili.
      const seen = await kiswahili.evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        for (const hidden of copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]')) hidden.remove();
        return copy.textContent?.replace(/\s+/g, ' ').trim();
      });
      expect(seen).toBe('Kiswahili (haujatafsiriwa)');
      expect(await kiswahili.locator('.language-note').isVisible()).toBe(true);
      await checkBothWidths(page, 'public-switcher-untranslated');
      for (let i = 0; i < 60 && !(await kiswahili.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.server.url}/sw/`);
      expect(await page.getAttribute('html', 'lang')).toBe('sw');
    } finally {
      await context.close();
    }
  }, journeyTimeout);
});
