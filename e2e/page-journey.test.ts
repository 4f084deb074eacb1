/**
 * A new editor's journey, as a communications officer who has never seen the
 * app would make it, in a real browser against the built app: sign in, create
 * a campaign page, fill its picture slide (the media picker), its text and
 * its call to action on the page's own screen, publish once, and the public
 * page shows all three at 1280 and 375 px. The test counts the clicks and the
 * screens (goal: at most 12 clicks; the way in from the site's home page and
 * its staff bar through the dashboard, then one screen for the page, the
 * media picker a dialog on it). Then: a block that fails the checks is named in one
 * dialog for the whole page, "Go back and fix" opens that block with focus on
 * the field, and Publish takes the fix live. axe at both widths on the page
 * screen with a block open and on the publish question; screenshots
 * docs/screenshots/page-screen-*.png, page-publish-question-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { siteApi } from '../src/shared/site-structure.js';
import { pageTranslationPathOf } from '../src/shared/translations.js';
import { createAccount, settle, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';
import { apiCall, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { distinctImage } from './media-support.js';
import { axeViolations } from './helpers/axe.js';
import { bothWidths, lookAtBothWidths } from './helpers/widths.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');
const sizes = bothWidths;

/** Counts what the user does: each click, and each screen (path) the app shows. */
function journey(page: Page) {
  let clicks = 0;
  const screens = new Set<string>();
  const note = () => screens.add(new URL(page.url()).pathname);
  return {
    async click(target: Locator) {
      clicks += 1;
      await target.click();
    },
    note,
    get clicks() {
      return clicks;
    },
    get screens() {
      return [...screens];
    },
  };
}

/** A field of the block open on the page screen (the page's own fields have the same labels). */
function blockField(page: Page, label: string): Locator {
  return page.getByRole('group', { name: /^(New|Editing) / }).getByLabel(new RegExp(`^${label}( \\*)?$`));
}


describe('an editor makes a page as a page', () => {
  it('signs in, builds a campaign page with a picture slide, a text and a call to action on one screen, publishes once: the public page shows all three', async () => {
    fs.mkdirSync(shots, { recursive: true });
    await createAccount(site.server.url, site.superToken, { email: 'comms@example.org', role: 'admin', password: 'wells-for-every-ward-2026', displayName: 'Chris Comms' });
    await uploadViaApi(site.server.url, site.superToken, await distinctImage(1200, 600, 'png'), 'village-well.png', 'image/png');
    const { page } = await site.newPage();
    const errors = watchStaffConsole(page).errors;
    const user = journey(page);

    // Sign in (Enter would do; a newcomer clicks the button): the site's home page, with the staff bar at once.
    await page.goto(`${site.server.url}/login`);
    await page.getByLabel('E-mail address').fill('comms@example.org');
    await page.getByLabel(/^Password/).fill('wells-for-every-ward-2026');
    await user.click(page.getByRole('button', { name: 'Sign in' }));
    await page.waitForURL((u) => u.pathname === '/');
    user.note();
    await user.click(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Dashboard' }));
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await waitForScreen(page);
    user.note();

    // A new page from the campaign layout.
    await user.click(page.getByRole('button', { name: 'New page' }));
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await user.click(dialog.getByRole('radio', { name: /^Campaign/ }));
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Clean water for every ward');
    await dialog.getByRole('textbox', { name: /^Address/ }).fill('/clean-water');
    await user.click(dialog.getByRole('button', { name: 'Create page' }));
    await page.getByRole('heading', { level: 1, name: 'Edit page: Clean water for every ward' }).waitFor();
    user.note();

    // The slide, in place: its title, a picture from the library, its alt text.
    const sections = page.locator('[data-testid=section-row]');
    await user.click(sections.nth(0).getByRole('button', { name: 'Add slide' }));
    await blockField(page, 'Title').fill('Water is a right, not a privilege');
    await user.click(page.getByRole('button', { name: 'Choose image from library' }));
    const picker = page.getByRole('dialog', { name: 'Choose the image from the library' });
    await picker.waitFor();
    await user.click(picker.getByRole('button', { name: /^Choose village-well\.png/ }));
    await picker.waitFor({ state: 'hidden' });
    await blockField(page, 'Alt text').fill('Women carrying water from a well');
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({ path: path.join(shots, `page-screen-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(sizes[0]);
    await lookAtBothWidths(page, 'the page screen with a slide open');

    // The text: opening it keeps the slide (saved as it is).
    await user.click(sections.nth(1).getByRole('button', { name: 'Add text block' }));
    await sections.nth(0).getByText('Water is a right, not a privilege').waitFor();
    await blockField(page, 'Title').fill('Two hours a day to fetch water');
    // The call to action.
    await user.click(sections.nth(3).getByRole('button', { name: 'Add text block' }));
    await sections.nth(1).getByText('Two hours a day to fetch water').waitFor();
    await blockField(page, 'Title').fill('Sign the letter to the water board');
    await blockField(page, 'Link label').fill('Sign the letter');
    await blockField(page, 'Link address').fill('https://example.org/letter');
    expect((await fetch(`${site.server.url}/clean-water`)).status).toBe(404);

    // One Publish: it says what goes live (the open block is kept first), then takes it all live.
    await user.click(page.getByRole('button', { name: 'Publish', exact: true }));
    const question = page.getByRole('dialog', { name: 'Publish the page and 3 blocks?' });
    await question.waitFor();
    // The call to action, still open, was kept on the way: its button now saves it rather than adding it again.
    expect(await page.getByRole('group', { name: 'New text block' }).getByRole('button', { name: 'Save text block', includeHidden: true }).count()).toBe(1);
    for (const title of ['Water is a right, not a privilege', 'Two hours a day to fetch water', 'Sign the letter to the water board']) await question.getByText(`“${title}”`).waitFor();
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      expect(await axeViolations(page), `the publish question at ${size.width} px`).toEqual([]);
      await page.screenshot({ path: path.join(shots, `page-publish-question-${size.width}.png`) });
    }
    await page.setViewportSize(sizes[0]);
    await user.click(question.getByRole('button', { name: 'Publish', exact: true }));
    await page.getByText('Published “Clean water for every ward” and 3 blocks. The website shows them now.').first().waitFor();
    user.note();

    // The preview beside the page shows the page as visitors will see it: its blocks, and no staff bar inside it.
    const preview = page.frameLocator('iframe[title^="Preview of"]');
    await preview.getByText('Two hours a day to fetch water').first().waitFor();
    expect(await preview.locator('.staff-bar').count()).toBe(0);

    // The clicks and screens of the whole journey.
    // The way in (the home page's staff bar, the dashboard), then one screen for the whole page (the media picker is a dialog on it).
    expect(user.clicks).toBeLessThanOrEqual(12);
    expect(user.screens).toEqual(['/', '/dashboard', expect.stringMatching(/^\/pages\/[^/]+$/)]);

    // The public page, at both widths, shows all three.
    const { page: visitor } = await site.newPage();
    for (const size of sizes) {
      await visitor.setViewportSize(size);
      const res = await visitor.goto(`${site.server.url}/clean-water`);
      expect(res?.status()).toBe(200);
      for (const text of ['Water is a right, not a privilege', 'Two hours a day to fetch water', 'Sign the letter to the water board']) {
        await visitor.getByText(text).first().waitFor();
        expect(await visitor.getByText(text).first().isVisible(), `${text} at ${size.width} px`).toBe(true);
      }
      await visitor.getByRole('link', { name: 'Sign the letter' }).first().waitFor();
      await visitor.getByRole('img', { name: 'Women carrying water from a well' }).first().waitFor();
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('names a block that fails the checks in one dialog for the whole page; "Go back and fix" opens it with focus on the field, and Publish takes the fix live', async () => {
    const created = await apiCall<{ id: string; version: number; sections: { collection: string }[] }>(site.server.url, site.superToken, siteApi.pages, {
      method: 'POST',
      body: { path: '/dry-season', title: 'Dry season appeal', preset: 'campaign' },
    });
    const image = await uploadViaApi(site.server.url, site.superToken, await distinctImage(1000, 500, 'png'), 'dry-river.png', 'image/png');
    const slides = created.sections[0]?.collection ?? '';
    await apiCall(site.server.url, site.superToken, `/api/collections/${slides}/documents`, { method: 'POST', body: { status: 'draft', data: { title: 'The river ran dry', image: { mediaId: image.id, alt: '', decorative: false } } } });
    const { page } = await site.newPage();
    const errors = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      // The publish the checks refuse (400) is expected.
      { url: /\/publish$/, status: 400 },
    ]).errors;
    await site.signIn(page, `/pages/${encodeURIComponent(created.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Edit page: Dry season appeal' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish the page and 1 block?' }).getByRole('button', { name: 'Publish', exact: true }).click();
    const checks = page.getByRole('dialog', { name: 'Publish with 1 accessibility error?' });
    await checks.waitFor();
    expect(await checks.textContent()).toContain('Image');
    // On a slow device (the CPU twenty times slower) the block takes a while to open: focus still lands on the field once it is there.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await checks.getByRole('button', { name: 'Go back and fix' }).click();
    await checks.waitFor({ state: 'hidden' });
    const alt = blockField(page, 'Alt text');
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement), { timeout: 20_000 }).toBe(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await alt.fill('A dry riverbed under a hot sun');
    // A change to the page itself too: Publish saves both first, and says one thing, not "saved" beside "published".
    await page.getByRole('textbox', { name: 'Search-engine description' }).fill('Help families through the dry season.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish the page and 1 block?' }).getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published “Dry season appeal” and 1 block. The website shows them now.').first().waitFor();
    expect(await page.getByText(/^Saved “Dry season appeal”/).count()).toBe(0);
    // The page is translated from its screen too: one link to the whole page in Kiswahili.
    expect(await page.getByRole('link', { name: 'Translate this page' }).getAttribute('href')).toBe(pageTranslationPathOf(created.id, 'sw'));
    const html = await (await fetch(`${site.server.url}/dry-season`)).text();
    expect(html).toContain('A dry riverbed under a hot sun');
    expect(html).toContain('Help families through the dry season.');
    expect(errors).toEqual([]);
  }, 120_000);
});
