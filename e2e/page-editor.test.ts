/**
 * Pages as data in the staff app, in a real browser against the built app.
 * An editor (admin) builds a campaign page from its starting layout at
 * /water-rights: the address is refused when taken (the message under the
 * field, which has focus), the hero slide and the text section are filled
 * through "Edit blocks" (the ordinary list and form screens of the sections'
 * own collections, the media picker for the picture), the sections are
 * reordered by keyboard alone, the preview link shows the draft page, and
 * once published the page answers at its address with its title and blocks
 * in the new order. A super-admin changing a published page's address is told
 * the old one will redirect; a stale save opens the conflict dialog; "Duplicate"
 * proposes `<path>-copy`; deleting a page a block links to lists the links
 * and asks where its address should lead as the dialog opens (focus stays in
 * the dialog), "Gone" is chosen, and the address answers 410. The Pages
 * overview finds pages by title or address and lists a page's blocks only
 * once opened; its "Publish changes…" says what goes live and publishes a
 * page with its blocks in one step, a refusal for the checks (a slide
 * without alt text, shown as an error in its form first) asking "publish
 * anyway". The new page's address follows its title; a taken address lands
 * on the field, in the dialog and on Save; the address notice promises only
 * valid addresses. The editor shows itself once its sections' blocks are
 * there (one list held back keeps it loading), never growing under the hand.
 * axe at 1280 and 375 px on the Pages overview, the New
 * page dialog, the page editor (with the address notice), a section's list
 * screen, the checks question and the delete dialog. Screenshots:
 * docs/screenshots/pages-overview-*.png, pages-list-*.png,
 * pages-publish-checks-*.png, new-page-*.png, page-editor-*.png,
 * page-delete-links-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { previewBannerText, previewPathPrefix } from '../src/shared/editorial.js';
import { siteApi } from '../src/shared/site-structure.js';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { createAccount, settle, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';
import { apiCall, field, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { distinctImage } from './media-support.js';
import { axeViolations } from './helpers/axe.js';
import { moveTo, pickUp, tabTo } from './helpers/keyboard.js';
import { bothWidths, lookAtBothWidths } from './helpers/widths.js';

const site = setUpSite();
const shots = path.resolve(__dirname, '../docs/screenshots');
const sizes = bothWidths;

interface PageAnswer {
  id: string;
  path: string;
  title: string;
  version: number;
  livePath: string | null;
  sections: { id: string; kind: string; heading: string | null; collection: string }[];
}

async function pageById(id: string): Promise<PageAnswer> {
  return apiCall<PageAnswer>(site.server.url, site.superToken, siteApi.page(id));
}

/** axe at both widths on what is on screen now (the width is put back to 1280 after). */
const axeAtBothWidths = (page: Page) => lookAtBothWidths(page, page.url());

/** Fills a new block of a section's list through its form: title, text, and (for slides) a picture from the library. */
async function addBlock(page: Page, title: string, picture: string | null): Promise<void> {
  await page.getByRole('link', { name: /^New / }).first().click();
  await waitForScreen(page);
  await field(page, 'Title').fill(title);
  if (picture) {
    await page.getByRole('button', { name: 'Choose image from library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the image from the library' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: new RegExp(`^Choose ${picture.replace('.', '\\.')}`) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await field(page, 'Alt text').fill('Women carrying water from a well');
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.includes('-form/'));
  await waitForScreen(page);
  await page.getByRole('button', { name: `Publish “${title}”` }).click();
  await page.locator('[data-testid=block-row]', { hasText: title }).getByText('Published').first().waitFor();
}

describe('pages in the staff app', () => {
  it('an editor builds a campaign page from its layout, fills it through its sections’ lists (which lead back to the page), reorders its sections by keyboard, previews and publishes it', async () => {
    fs.mkdirSync(shots, { recursive: true });
    await createAccount(site.server.url, site.superToken, { email: 'editor@example.org', role: 'admin', password: 'rivers-and-wells-2026', displayName: 'Edna Editor' });
    await uploadViaApi(site.server.url, site.superToken, await distinctImage(1200, 600, 'png'), 'village-well.png', 'image/png');
    const { page } = await site.newPage();
    const errors = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      { url: /\/api\/site\/pages$/, status: 409 },
    ]).errors;
    await site.signInAs(page, 'editor@example.org', 'rivers-and-wells-2026', '/pages');
    await waitForScreen(page);
    // The cards are closed: no block is listed until a page is opened.
    const about = page.locator('section[data-page=about]');
    await about.waitFor();
    expect(await page.locator('[data-testid=page-block]').count()).toBe(0);
    const total = await page.getByTestId('page-section').count();
    await page.getByTestId('pages-count').getByText(`${total} pages.`).waitFor();
    // Found as one types, by title or address, with how many match.
    const search = page.getByRole('searchbox', { name: /^Find a page/ });
    await search.fill('abo');
    await page.getByTestId('pages-count').getByText(`1 of ${total} pages match “abo”.`).waitFor();
    expect(await page.getByTestId('page-section').count()).toBe(1);
    await search.fill('/history');
    await page.getByTestId('pages-count').getByText(`1 of ${total} pages match “/history”.`).waitFor();
    await search.fill('about');
    const open = about.getByRole('button', { name: /^Sections and blocks/ });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    await about.locator('[data-testid=page-block]').first().waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    await axeAtBothWidths(page);
    await search.fill('');
    await expect.poll(() => page.getByTestId('page-section').count(), { timeout: 10_000 }).toBe(total);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({ path: path.join(shots, `pages-list-${size.width}.png`) });
    }
    await page.setViewportSize(sizes[0]);

    // New page: the title first, the address suggested from it until the editor writes their own.
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /^Campaign/ }).check();
    const address = dialog.getByRole('textbox', { name: /^Address/ });
    const title = dialog.getByRole('textbox', { name: /^Title/ });
    const [titleBox, addressBox] = [await title.boundingBox(), await address.boundingBox()];
    expect(titleBox && addressBox && titleBox.y < addressBox.y).toBe(true);
    await title.fill('Water rights & wells');
    expect(await address.inputValue()).toBe('/water-rights-wells');
    await axeAtBothWidths(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      await dialog.screenshot({ path: path.join(shots, `new-page-${size.width}.png`) });
    }
    await page.setViewportSize(sizes[0]);
    // Written by the editor: the address no longer follows the title.
    await address.fill('/about');
    await title.fill('Water rights');
    expect(await address.inputValue()).toBe('/about');
    // A taken address is refused under the field, which takes focus.
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await dialog.getByText('Another page already has this address.').waitFor();
    await expect.poll(() => address.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await address.fill('/water-rights');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/pages\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByRole('heading', { level: 1, name: 'Edit page: Water rights' }).waitFor();
    let record = await pageById(id);
    expect(record.sections.map((s) => s.kind)).toEqual(['slide', 'section', 'story', 'section']);
    const [slides, text, , action] = record.sections;
    if (!slides || !text || !action) throw new Error('the campaign layout has four sections');

    // The editor, with its sections in words.
    const rows = page.locator('[data-testid=section-row]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(4);
    expect(await rows.nth(0).getByRole('heading').textContent()).toBe('1. Slides');
    expect(await rows.nth(2).getByRole('heading').textContent()).toBe('3. Stories');
    expect(await rows.nth(3).getByRole('textbox', { name: /^Heading/ }).inputValue()).toBe('Take action');
    await axeAtBothWidths(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({ path: path.join(shots, `page-editor-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(sizes[0]);

    // The hero slide through "Edit blocks": the section's own list and form, the media picker for the picture.
    await rows.nth(0).getByRole('link', { name: /^Open as a list/ }).click();
    await page.waitForURL(`${site.server.url}/${slides.collection}`);
    await waitForScreen(page);
    // The list leads back to its page.
    expect(await page.getByRole('link', { name: '← Back to the page' }).getAttribute('href')).toBe(`/pages/${encodeURIComponent(id)}`);
    await axeAtBothWidths(page);
    await addBlock(page, 'Water is a right, not a privilege', 'village-well.png');
    // The text section, opened afresh at its address (the server sends the staff app for it).
    await page.goto(`${site.server.url}/${text.collection}`);
    await waitForScreen(page);
    await addBlock(page, 'Two hours a day to fetch water', null);
    // A block in "Take action" too, so its place on the public page shows.
    await apiCall(site.server.url, site.superToken, `/api/collections/${action.collection}/documents`, { method: 'POST', body: { status: 'published', data: { title: 'Sign the letter to the water board' } } });

    // Keyboard only: "Take action" (4th) goes to 2nd place, by the drag handle's keyboard moves and a Move button.
    await page.goto(`${site.server.url}/pages/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { level: 1, name: 'Edit page: Water rights' }).waitFor();
    await page.locator('body').focus();
    const handle = rows.nth(3).getByRole('button', { name: /^Drag “Take action”/ });
    await tabTo(page, handle);
    await handle.scrollIntoViewIfNeeded();
    // Picked up: the handle is pressed. Moved: the page says it is over the place above. Then dropped.
    await pickUp(page, handle);
    // Screen readers hear where it is (dnd-kit's live region, in words).
    await moveTo(page, 'ArrowUp', '“Take action”', 3, 4);
    await page.keyboard.press('Space');
    await expect.poll(() => rows.nth(2).getByRole('textbox', { name: /^Heading/ }).inputValue(), { timeout: 10_000 }).toBe('Take action');
    const moveUp = rows.nth(2).getByRole('button', { name: 'Move “Take action” up' });
    await tabTo(page, moveUp);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(1).getByRole('textbox', { name: /^Heading/ }).inputValue(), { timeout: 10_000 }).toBe('Take action');
    await page.getByText('“Take action” moved to position 2 of 4. Save the page to keep the new order.').waitFor();
    // Focus stays on the Move button of the moved section.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move “Take action” up');
    // The description, with its count.
    const description = page.getByRole('textbox', { name: 'Search-engine description' });
    const words = 'Everyone has a right to clean water close to home. Join our campaign.';
    await description.fill(words);
    await page.getByText(`${words.length} / 300 characters`).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved “Water rights”.').first().waitFor();
    // Saved: nothing is left unsaved (the form starts from the saved page).
    await expect.poll(() => page.getByText('Unsaved changes').count(), { timeout: 10_000 }).toBe(0);
    record = await pageById(id);
    expect(record.sections.map((s) => s.collection)).toEqual([slides.collection, action.collection, text.collection, record.sections[3]?.collection]);

    // Preview: the link opens the draft page in a new tab.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(new RegExp(`^${previewPathPrefix}`));
    await tab.getByText(previewBannerText).first().waitFor();
    await tab.getByText('Water is a right, not a privilege').first().waitFor();
    await tab.getByText('Two hours a day to fetch water').first().waitFor();
    expect(await tab.title()).toContain('Water rights');
    await tab.close();
    expect((await fetch(`${site.server.url}/water-rights`)).status).toBe(404);

    // Publish: the page answers at its address with its title and its blocks in the new order.
    // By keyboard: the notifications sit over the buttons' row at the bottom of the window.
    await page.getByRole('button', { name: 'Publish', exact: true }).focus();
    await page.keyboard.press('Enter');
    // It says what goes live (its blocks were published on their list): the page alone.
    await page.getByRole('dialog', { name: 'Publish the page?' }).getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published “Water rights”. The website shows it now.').first().waitFor();
    const res = await fetch(`${site.server.url}/water-rights`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]*Water rights/);
    expect(html).toContain('Everyone has a right to clean water close to home.');
    const at = (s: string) => html.indexOf(s);
    expect(at('Water is a right, not a privilege')).toBeGreaterThan(0);
    expect(at('Sign the letter to the water board')).toBeGreaterThan(at('Water is a right, not a privilege'));
    expect(at('Two hours a day to fetch water')).toBeGreaterThan(at('Sign the letter to the water board'));

    // The overview follows the data: the new page with its state, address and sections.
    await page.goto(`${site.server.url}/pages#${encodeURIComponent(id)}`);
    await waitForScreen(page);
    const section = page.locator(`section[data-page="${id}"]`);
    await section.locator('[data-testid=page-block]').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 10_000 }).toBe(`page-${id}-title`);
    expect(await section.textContent()).toContain('Published');
    expect(await section.getByRole('link', { name: /^\/water-rights/ }).count()).toBe(1);
    expect(await section.locator('[data-testid=page-section-row]').count()).toBe(4);
    await axeAtBothWidths(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(shots, `pages-overview-${size.width}.png`) });
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('the page editor appears whole: it waits for its sections’ blocks, so nothing moves under the editor’s hand as they arrive', async () => {
    const home = await pageById('home');
    const held = home.sections[0];
    if (!held) throw new Error('the home page has no sections');
    const { context, page } = await site.newPage();
    try {
      // The first section's blocks are held back at the server's door until the test lets them through.
      const listPath = pathTo(apiPaths.collections.documents, { name: held.collection });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await page.route((u) => u.pathname === listPath, async (route) => {
        asked = true;
        await released;
        await route.continue();
      });
      await site.signIn(page, '/pages/home');
      await expect.poll(() => asked).toBe(true);
      // The page itself has loaded (its editor would be drawable) but the screen still says it is loading.
      await page.getByRole('progressbar', { name: 'Loading the page' }).or(page.getByLabel('Loading the page')).first().waitFor();
      expect(await page.getByRole('heading', { level: 1, name: /^Edit page: Home/ }).count()).toBe(0);
      release();
      await page.getByRole('heading', { level: 1, name: /^Edit page: Home/ }).waitFor();
      // Shown, it is whole: no section is still loading its blocks.
      expect(await page.getByText(/^Loading the .+…$/).count()).toBe(0);
      expect(await page.locator('[data-testid=section-row]').count()).toBe(home.sections.length);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a dialog appears at once, without fading in, for someone whose system asks for less motion', async () => {
    const durations: Record<string, string> = {};
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const { context, page } = await site.newPage({ reducedMotion });
      try {
        await site.signIn(page, '/pages');
        await page.getByRole('button', { name: 'New page' }).click();
        const dialog = page.getByRole('dialog', { name: 'New page' });
        await dialog.waitFor();
        durations[reducedMotion] = await dialog.evaluate((el) => getComputedStyle(el).transitionDuration);
      } finally {
        await context.close();
      }
    }
    expect(durations).toEqual({ reduce: '0s', 'no-preference': expect.stringMatching(/^0?\.\d+s$/) });
  }, 120_000);

  it('a super-admin is told a new address redirects the old one, meets the conflict dialog on a stale save, duplicates a page, and deleting a linked page is shown the links and chooses "Gone"', async () => {
    const created = await apiCall<PageAnswer>(site.server.url, site.superToken, siteApi.pages, { method: 'POST', body: { path: '/old-campaign', title: 'Old campaign', preset: 'blank' } });
    await apiCall(site.server.url, site.superToken, siteApi.pageStep(created.id, 'publish'), { method: 'POST', body: {}, ifMatch: created.version });
    const target = (await pageById(created.id)).sections;
    expect(target).toEqual([]);
    await apiCall(site.server.url, site.superToken, '/api/collections/aboutvision/documents', { method: 'POST', body: { status: 'published', data: { title: 'Read about our old campaign', linkLabel: 'The old campaign', linkUrl: '/old-campaign' } } });

    const { page } = await site.newPage();
    const errors = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      // The refused delete and the stale save are expected.
      { url: /\/api\/site\/pages\/[^/]+$/, status: 409 },
    ]).errors;
    await site.signIn(page, `/pages/${encodeURIComponent(created.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Edit page: Old campaign' }).waitFor();

    // The title comes before the address.
    const address = page.getByRole('textbox', { name: /^Address/ });
    const [titleBox, addressBox] = [await page.getByRole('textbox', { name: /^Title/ }).boundingBox(), await address.boundingBox()];
    expect(titleBox && addressBox && titleBox.y < addressBox.y).toBe(true);
    // An address another page has: Save puts the server's words under the field, which takes focus.
    await address.fill('/about');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const describedBy = () => address.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    await expect.poll(describedBy, { timeout: 10_000 }).toContain('Another page already has the address /about. Choose another address.');
    await expect.poll(() => address.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    // An address the server would refuse promises nothing.
    await page.getByTestId('path-notice').waitFor();
    await address.fill('/Older Campaign!');
    await expect.poll(() => page.getByTestId('path-notice').count(), { timeout: 10_000 }).toBe(0);
    // A published page's new address is explained before it is saved.
    await address.fill('/older-campaign');
    await page.getByText('Visitors see it at /old-campaign until you publish the changes. From then on it is at /older-campaign, and the old address /old-campaign leads there').waitFor();
    expect(await page.getByTestId('path-notice').count()).toBe(1);
    await axeAtBothWidths(page);
    // Someone else saves first: Save opens the conflict dialog, and "Reload their version" shows theirs.
    const current = await pageById(created.id);
    await apiCall(site.server.url, site.superToken, siteApi.page(created.id), { method: 'PATCH', body: { title: 'Old campaign (archive)' }, ifMatch: current.version });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('dialog', { name: 'Someone else changed this page' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit page: Old campaign (archive)' }).waitFor();
    expect(await address.inputValue()).toBe('/old-campaign');

    // "Duplicate" proposes a draft at <path>-copy titled "… (copy)".
    await page.goto(`${site.server.url}/pages`);
    await waitForScreen(page);
    await page.getByRole('button', { name: 'New page' }).click();
    const newPage = page.getByRole('dialog', { name: 'New page' });
    await newPage.getByRole('radio', { name: /^Duplicate an existing page/ }).check();
    await newPage.getByRole('combobox', { name: 'Page to duplicate' }).click();
    await page.getByRole('option', { name: 'Old campaign (archive) (/old-campaign)' }).click();
    expect(await newPage.getByRole('textbox', { name: /^Address/ }).inputValue()).toBe('/old-campaign-copy');
    expect(await newPage.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe('Old campaign (archive) (copy)');
    await newPage.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit page: Old campaign (archive) (copy)' }).waitFor();
    expect(await page.getByText('Draft').first().isVisible()).toBe(true);

    await page.goto(`${site.server.url}/pages/${encodeURIComponent(created.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Edit page: Old campaign (archive)' }).waitFor();
    await page.getByRole('button', { name: 'Delete page…' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this page?' });
    await ask.waitFor();
    // The links and the question come up front, before any "Delete".
    const links = ask.getByRole('list', { name: 'Links to this page' });
    await links.waitFor();
    expect(await links.textContent()).toContain('“Read about our old campaign” (linkUrl)');
    await ask.getByRole('group', { name: 'Where should its address lead?' }).waitFor();
    const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await focusInDialog()).toBe(true);
    await axeAtBothWidths(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      await page.screenshot({ path: path.join(shots, `page-delete-links-${size.width}.png`) });
    }
    await page.setViewportSize(sizes[0]);
    // "Delete" without a page to lead to: told so, and focus stays on the button, in the dialog.
    await ask.getByRole('button', { name: 'Delete page' }).click();
    await ask.getByRole('alert').getByText('Choose the page its address should lead to, or choose “Gone”.').waitFor();
    expect(await focusInDialog()).toBe(true);
    await ask.getByRole('radio', { name: /gone/ }).check();
    await ask.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForURL(`${site.server.url}/pages`);
    await page.getByText('“Old campaign (archive)” is in the Trash.').first().waitFor();
    expect((await fetch(`${site.server.url}/old-campaign`)).status).toBe(410);
    // The Trash calls it a page, as its collection's declaration does.
    await page.goto(`${site.server.url}/trash`);
    await waitForScreen(page);
    await page.getByText(/^1 page( and \d+ blocks?)? in the trash/).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
  it('a super-admin publishing a page at an address a redirect holds is asked first, replaces it in one click, and the page answers there', async () => {
    await apiCall(site.server.url, site.superToken, siteApi.redirects, { method: 'POST', body: { fromPath: '/give', url: 'https://pay.example.org/give' } });
    const created = await apiCall<PageAnswer>(site.server.url, site.superToken, siteApi.pages, { method: 'POST', body: { path: '/give', title: 'Give to the campaign', preset: 'blank' } });
    const { page } = await site.newPage();
    const errors = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      // The first publish is answered with the question (409).
      { url: /\/publish$/, status: 409 },
    ]).errors;
    await site.signIn(page, `/pages/${encodeURIComponent(created.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Edit page: Give to the campaign' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    // A page with nothing on it is asked about first.
    const empty = page.getByRole('dialog', { name: 'Publish the page?' });
    await empty.getByText('This page shows nothing yet').waitFor();
    await empty.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the redirect at this address?' });
    await dialog.waitFor();
    await dialog.getByText('The address /give is a redirect set up by hand (it leads to https://pay.example.org/give).').waitFor();
    expect((await fetch(`${site.server.url}/give`, { redirect: 'manual' })).status).toBe(301);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      expect(await axeViolations(page), `the redirect question at ${size.width} px`).toEqual([]);
      await page.screenshot({ path: path.join(shots, `page-publish-replace-redirect-${size.width}.png`) });
    }
    await page.setViewportSize(sizes[0]);
    await dialog.getByRole('button', { name: 'Replace the redirect and publish' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await fetch(`${site.server.url}/give`, { redirect: 'manual' })).status, { timeout: 10_000 }).toBe(200);
    expect((await pageById(created.id)).livePath).toBe('/give');
    expect(errors).toEqual([]);
  });

  it('the Pages screen publishes a page with its blocks in one step, saying first what goes live; a slide without alt text, an error in its form before any publish, asks "publish anyway" instead of failing', async () => {
    const picture = await uploadViaApi(site.server.url, site.superToken, await distinctImage(1000, 500, 'png'), 'river-crossing.png', 'image/png');
    const created = await apiCall<PageAnswer>(site.server.url, site.superToken, siteApi.pages, { method: 'POST', body: { path: '/river-crossings', title: 'River crossings', preset: 'campaign' } });
    const [slides, text] = created.sections;
    if (!slides || !text) throw new Error('the campaign layout starts with slides and text');
    const add = (collection: string, data: Record<string, unknown>) => apiCall<{ id: string }>(site.server.url, site.superToken, `/api/collections/${collection}/documents`, { method: 'POST', body: { status: 'draft', data } });
    const bare = await add(slides.collection, { title: 'A bridge for the school run', image: { mediaId: picture.id, alt: '', decorative: false } });
    const named = await add(slides.collection, { title: 'The ford in the rainy season', image: { mediaId: picture.id, alt: 'river-crossing', decorative: false } });
    await add(text.collection, { title: 'Why crossings matter' });

    const { page } = await site.newPage();
    const errors = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      // The first publish is refused for the checks' errors.
      { url: /\/publish$/, status: 400 },
    ]).errors;
    // Before any publish, each slide's form shows its error: no alt text; alt text that is the file's own name.
    await site.signIn(page, `/${slides.collection}-form/${bare.id}`);
    await waitForScreen(page);
    const checks = page.getByTestId('form-checks');
    await checks.getByText(/This picture has no alt text/).waitFor();
    await checks.getByText('1 error').waitFor();
    await page.goto(`${site.server.url}/${slides.collection}-form/${named.id}`);
    await waitForScreen(page);
    await checks.getByText(/“river-crossing” is a file name/).waitFor();
    await checks.getByText('1 error').waitFor();

    // On the Pages screen: found by its title, "Publish changes…" says what goes live.
    await page.goto(`${site.server.url}/pages`);
    await waitForScreen(page);
    await page.getByRole('searchbox', { name: /^Find a page/ }).fill('river');
    const card = page.locator(`section[data-page="${created.id}"]`);
    await card.getByRole('button', { name: 'Publish changes to River crossings…' }).click();
    const question = page.getByRole('dialog', { name: 'Publish “River crossings”?' });
    await question.getByText('This takes the page and 3 blocks live, all together.').waitFor();
    expect(await question.getByRole('list', { name: 'Blocks that go live' }).textContent()).toContain('“A bridge for the school run” (new on the site)');
    await question.getByRole('button', { name: 'Publish', exact: true }).click();
    // Refused for the errors: the question to publish anyway, never a bare message.
    const anyway = page.getByRole('dialog', { name: 'Publish with 2 accessibility errors?' });
    await anyway.waitFor();
    await anyway.getByText(/, “A bridge for the school run”: Image/).waitFor();
    await anyway.getByText(/, “The ford in the rainy season”: Image/).waitFor();
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      expect(await axeViolations(page), `the checks question at ${size.width} px`).toEqual([]);
      await page.screenshot({ path: path.join(shots, `pages-publish-checks-${size.width}.png`) });
    }
    await page.setViewportSize(sizes[0]);
    expect((await fetch(`${site.server.url}/river-crossings`)).status).toBe(404);
    // "Go back and fix": the card opens on the first block at fault, its Edit link focused.
    await anyway.getByRole('button', { name: 'Go back and fix' }).click();
    await anyway.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 10_000 }).toBe('Edit “A bridge for the school run”');

    // Publish anyway: the page and its blocks go live together.
    await card.getByRole('button', { name: 'Publish changes to River crossings…' }).click();
    await question.getByRole('button', { name: 'Publish', exact: true }).click();
    await anyway.getByRole('button', { name: 'Publish anyway' }).click();
    await anyway.waitFor({ state: 'detached' });
    await page.getByText('Published the page and 3 blocks of “River crossings”. Visitors see them now.', { exact: false }).first().waitFor();
    const res = await fetch(`${site.server.url}/river-crossings`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('A bridge for the school run');
    expect(html).toContain('Why crossings matter');
    // Nothing is left to publish.
    await card.getByRole('button', { name: 'Publish changes to River crossings…' }).click();
    const nothing = page.getByRole('dialog', { name: 'Nothing to publish' });
    await nothing.getByText('Visitors already see this page and its blocks as they are.').waitFor();
    await nothing.getByRole('button', { name: 'Back to the pages' }).click();
    expect(errors).toEqual([]);
  }, 180_000);
});
