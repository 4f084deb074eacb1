/**
 * A form from the editor's first click to the staff's download: an editor
 * adds a Form section to the home page in the page editor, writes the form
 * (a name question beside the e-mail question every form has, the consent
 * wording), publishes it with the page; a visitor on the Kiswahili home page,
 * without JavaScript, answers it and is thanked in Kiswahili; staff find the
 * person on the Supporters screen, see the answer in Kiswahili with the
 * consent as it was shown, and download the form's answers as CSV. Clicks and
 * screens are counted; axe at 375 and 1280 px on the public form and the
 * thanks; screenshots docs/screenshots/form-journey-*.png.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formMinimumFillMs } from '../src/shared/forms.js';
import { watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';
import { apiCall, field, waitForScreen } from './admin-content-support.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { siteApi } from '../src/shared/site-structure.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { bothWidths, lookAtBothWidths, screenshotsDir as shots } from './helpers/widths.js';

const site = setUpSite();
const sizes = bothWidths;


describe('a form from the page editor to the staff’s download', () => {
  it('an editor adds a form to the home page, a visitor answers it in Kiswahili, staff find the person and download the answers', async () => {
    fs.mkdirSync(shots, { recursive: true });
    const staff = await site.newPage();
    const errors = watchStaffConsole(staff.page, [{ url: /\/api\/auth\/refresh$/, status: 401 }]).errors;
    const page = staff.page;
    let clicks = 0;
    const click = async (target: ReturnType<Page['getByRole']>) => {
      clicks += 1;
      await target.click();
    };
    const screens = new Set<string>();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) screens.add(new URL(frame.url()).pathname.replace(/\/[^/]*-form\/.+$/, '/…-form').replace(/^\/pages\/.+$/, '/pages/…'));
    });

    // The editor: the home page's editor, a Form section added and the page saved.
    await site.signIn(page, '/pages/home');
    await page.getByRole('heading', { level: 1, name: /^Edit page: Home/ }).waitFor();
    await waitForScreen(page);
    const rows = page.locator('[data-testid=section-row]');
    // The page's sections are drawn (the editor is ready) before a section is added.
    await rows.first().waitFor();
    const before = await rows.count();
    await click(page.getByRole('textbox', { name: 'Kind of section to add' }).or(page.getByRole('combobox', { name: 'Kind of section to add' })).first());
    await click(page.getByRole('option', { name: 'Form', exact: true }));
    await click(page.getByRole('button', { name: 'Add section' }));
    await expect.poll(() => rows.count()).toBe(before + 1);
    await click(page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Saved “Home”.').first().waitFor();

    // The form, through the new section's own list: a name question beside the e-mail question, and the consent wording.
    await click(rows.last().getByRole('link', { name: /^Open as a list/ }));
    await waitForScreen(page);
    await click(page.getByRole('link', { name: /^New / }).first());
    await waitForScreen(page);
    await field(page, 'Title').fill('Join the county budget watch');
    await click(page.getByRole('button', { name: 'Add a question' }));
    const second = page.getByRole('group', { name: /^Question 2/ });
    await second.getByLabel(/^Question/).fill('Your name');
    await click(second.getByLabel('An answer is required'));
    await field(page, 'Consent wording').fill('I agree that my answer is kept for 12 months to invite me to the budget watch.');
    await field(page, 'Thank-you message').fill('Asante: tutakuandikia kabla ya kikao kijacho.');
    await click(page.getByRole('button', { name: 'Save', exact: true }));
    await page.waitForURL((u) => !u.pathname.includes('-form/'));
    await waitForScreen(page);
    // The page and its new block go live in one step.
    await click(page.getByRole('link', { name: '← Back to the page' }));
    await page.getByRole('heading', { level: 1, name: /^Edit page: Home/ }).waitFor();
    // The home page is live already: its button publishes the changes, and the question says what goes live.
    await click(page.getByRole('button', { name: 'Publish changes', exact: true }));
    const question = page.getByRole('dialog', { name: /^Publish / });
    await question.getByText('Join the county budget watch', { exact: false }).waitFor();
    await click(question.getByRole('button', { name: 'Publish', exact: true }));
    await page.getByText(/^Published “Home”/).first().waitFor();
    const editorClicks = clicks;
    const editorScreens = screens.size;

    // The form's words in Kiswahili, saved and published as the Translations screen does (through the block's
    // translation; its own journey is e2e/translations.test.ts). Untranslated, the section would show in English
    // on the Kiswahili page, the answer recorded in English with the consent as shown.
    const home = await apiCall<{ sections: { kind: string; collection: string }[] }>(site.server.url, site.superToken, siteApi.page('home'));
    const formSection = home.sections.find((s) => s.kind === 'form');
    if (!formSection) throw new Error('the home page has no form section');
    const { documents } = await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, `${pathTo(apiPaths.collections.documents, { name: formSection.collection })}?limit=10`);
    const formBlock = documents.find((d) => d.data.title === 'Join the county budget watch');
    if (!formBlock) throw new Error('the form block is not in its section');
    const inSwahili = `${pathTo(apiPaths.collections.document, { name: formSection.collection, id: formBlock.id })}?lang=sw`;
    const reading = await apiCall<{ version: number }>(site.server.url, site.superToken, inSwahili);
    await apiCall(site.server.url, site.superToken, inSwahili, {
      method: 'PATCH',
      ifMatch: reading.version,
      body: {
        status: 'published',
        translation: {
          title: 'Jiunge na uangalizi wa bajeti ya kaunti',
          'fields.email.label': 'Anwani ya barua pepe',
          'fields.question.label': 'Jina lako',
          consentText: 'Ninakubali jibu langu lihifadhiwe kwa miezi 12 ili mnialike kwenye uangalizi wa bajeti.',
          thankYou: 'Asante: tutakuandikia kabla ya kikao kijacho.',
        },
      },
    });

    // A visitor on the Kiswahili home page, without JavaScript: the plain form, its words in Kiswahili.
    const visitorContext = await site.browser.newContext({ viewport: sizes[0], javaScriptEnabled: false });
    let thanksUrl: string;
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${site.server.url}/sw/`);
      const form = visitor.locator('form.public-form', { has: visitor.getByLabel('Jina lako') });
      await form.waitFor();
      expect(await visitor.locator('html').getAttribute('lang')).toBe('sw');
      const typingStarted = Date.now();
      await form.getByLabel('Jina lako').fill('Zawadi Mwende');
      await form.getByLabel(/^Anwani ya barua pepe/).fill('zawadi.mwende@example.org');
      await form.getByLabel(/Ninakubali jibu langu/).check();
      // A person takes at least the minimum fill time (an answer sooner is a bot's, and is refused).
      await visitor.waitForTimeout(Math.max(0, formMinimumFillMs + 500 - (Date.now() - typingStarted)));
      await form.locator('button[type=submit]').click();
      await visitor.getByText('Asante: tutakuandikia kabla ya kikao kijacho.').waitFor();
      expect(await visitor.locator('html').getAttribute('lang')).toBe('sw');
      thanksUrl = visitor.url();
    } finally {
      await visitorContext.close();
    }
    // The same form and thanks as a browser with JavaScript shows them: axe and screenshots at both widths.
    const looking = await site.newPage();
    try {
      await looking.page.goto(`${site.server.url}/sw/`);
      await looking.page.locator('form.public-form', { has: looking.page.getByLabel('Jina lako') }).scrollIntoViewIfNeeded();
      await lookAtBothWidths(looking.page, 'the Kiswahili form', { shot: 'form-journey-form-sw' });
      await looking.page.goto(thanksUrl);
      await looking.page.getByText('Asante: tutakuandikia kabla ya kikao kijacho.').waitFor();
      await lookAtBothWidths(looking.page, 'the Kiswahili thanks', { shot: 'form-journey-thanks-sw' });
    } finally {
      await looking.context.close();
    }

    // Staff: the person on the Supporters screen, the answer in Kiswahili, the form's answers as CSV.
    await page.goto(`${site.server.url}/supporters`);
    await waitForScreen(page);
    await page.getByLabel(/^Find a person/).fill('zawadi');
    await click(page.getByRole('button', { name: /Zawadi Mwende/ }));
    const answer = page.getByTestId('supporter-answer').filter({ hasText: /county budget watch|uangalizi wa bajeti/ });
    await answer.waitFor();
    await expect(answer.innerText()).resolves.toMatch(/Swahili \(sw\)/);
    await expect(answer.innerText()).resolves.toContain('Ninakubali jibu langu lihifadhiwe kwa miezi 12');
    const formChoice = page.getByLabel('Form', { exact: true });
    await formChoice.selectOption((await formChoice.locator('option', { hasText: /county budget watch|uangalizi wa bajeti/ }).first().getAttribute('value'))!);
    const download = page.waitForEvent('download');
    await click(page.getByRole('button', { name: 'Download answers (CSV)' }));
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('"zawadi.mwende@example.org"');
    expect(csv).toContain('"Zawadi Mwende"');
    expect(csv).toContain('"sw"');

    // What it took: the editor's part and the staff's, counted (the visitor's typing is not).
    expect({ editorClicks, editorScreens, staffClicks: clicks - editorClicks }).toEqual({ editorClicks: 12, editorScreens: 4, staffClicks: 2 });
    expect(errors).toEqual([]);
    await staff.context.close();
  }, 240_000);
});
