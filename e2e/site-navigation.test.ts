/**
 * The navigation editor and the Redirects screen in the browser: an editor
 * adds a published page under "Our Work" with the keyboard alone (open the
 * menu, add a link, choose the page, move it), publishes, and the public
 * header's Our Work menu shows it (its disclosure button behaves as before);
 * a link to a draft page is flagged before publishing, one to a page in the
 * Trash as such; a super-admin redirects
 * a missing path from the "Not found" list and the old path answers 301. Axe
 * on each screen and dialog at 1280 and 375 px; screenshots of both screens.
 */
import path from 'node:path';
import fs from 'node:fs';
import { axeViolations } from './helpers/axe.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, settle, watchStaffConsole } from './helpers/staff.js';
import { waitForScreen } from './admin-content-support.js';
import { staffApi } from './public-helpers.js';
import { setUpSite } from './helpers/fixture.js';
import type { NavigationAnswer } from '../src/shared/site-navigation.js';
import { moveTo, pickUp, tabTo } from './helpers/keyboard.js';

const site = setUpSite();
const shots = path.resolve('docs/screenshots');

/** Axe at 1280 and 375 px (and the screenshots of the screen at each, when named). */
async function checkBothWidths(page: Page, shot?: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await settle(page);
    expect(await axeViolations(page), `${width} px`).toEqual([]);
    if (shot) {
      fs.mkdirSync(shots, { recursive: true });
      // From the top: the staff header and drawer are fixed, and a full-page shot paints them where the window is.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(shots, `${shot}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
}

const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label') ?? (document.activeElement as HTMLElement | null)?.textContent ?? '');

interface PageAnswer {
  id: string;
  version: number;
}

/** A page made through the structure API, published or left a draft. */
async function makePage(pathname: string, title: string, publish: boolean): Promise<PageAnswer> {
  const made = await staffApi<PageAnswer>(site.server, site.superToken, '/api/site/pages', { method: 'POST', body: { path: pathname, title, preset: 'blank' } });
  expect(made.status).toBe(201);
  if (!publish) return made.body;
  const published = await staffApi<PageAnswer>(site.server, site.superToken, `/api/site/pages/${made.body.id}/publish`, { method: 'POST', body: {}, ifMatch: made.body.version });
  expect(published.status).toBe(200);
  return published.body;
}

async function navigation(): Promise<NavigationAnswer> {
  return (await staffApi<NavigationAnswer>(site.server, site.superToken, '/api/site/navigation')).body;
}

describe('navigation editor', () => {
  it('an editor adds a published page under Our Work by keyboard alone, publishes, and the public menu shows it', async () => {
    const water = await makePage('/water-rights', 'Water rights', true);
    const editor = await createAccount(site.server.url, site.superToken, { email: 'editor@example.org', role: 'admin', password: 'a long editor password 1' });
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signInAs(page, editor.email, 'a long editor password 1', '/navigation');
      await waitForScreen(page);
      // The drawer leads here: Navigation among the site's screens, after the dashboard and Pages.
      const drawerLinks = await page.getByRole('navigation', { name: 'Staff menu' }).locator('a .staff-link-label').allInnerTexts();
      const at = drawerLinks.map((t) => t.trim()).indexOf('Navigation');
      expect(drawerLinks.map((t) => t.trim()).slice(at - 2, at + 1)).toEqual(['Dashboard', 'Pages', 'Navigation']);
      expect(drawerLinks.map((t) => t.trim())).not.toContain('Redirects');

      const skip = page.getByRole('link', { name: 'Skip to content' });
      await tabTo(page, skip, { max: 5 });
      await page.keyboard.press('Enter');

      // Open the Our Work menu, add a link, choose the page: its label follows the page.
      const openWork = page.getByRole('button', { name: 'Open “Our Work”' });
      await tabTo(page, openWork);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('button', { name: 'Close “Our Work”' }).getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
      await tabTo(page, page.getByRole('button', { name: 'Add link to the “Our Work” menu' }));
      await page.keyboard.press('Enter');
      const links = page.getByRole('list', { name: 'Links of the “Our Work” menu' }).locator('[data-testid="nav-link"]');
      const count = await links.count();
      expect(count).toBeGreaterThan(2);
      const added = links.nth(count - 1);
      // Focus is on the new link's Label; the next field is Goes to, a select the keyboard sets by typing.
      await expect.poll(() => added.getByLabel('Label').evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
      await page.keyboard.press('Tab');
      await expect.poll(() => added.getByLabel('Goes to').evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
      await page.keyboard.type('Water rights');
      await expect.poll(() => added.getByLabel('Label').inputValue(), { timeout: 10_000 }).toBe('Water rights');

      // Move it up by its drag handle (Space, ArrowUp, Space), then once more with Move up.
      const handle = page.getByRole('button', { name: /^Drag “Water rights” to reorder/ });
      await tabTo(page, handle);
      await pickUp(page, handle);
      await moveTo(page, 'ArrowUp', '“Water rights”', count - 1, count);
      await page.keyboard.press('Space');
      await page.getByRole('status').filter({ hasText: `“Water rights” moved to position ${count - 1} of ${count}.` }).waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Move “Water rights” up' }));
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: `“Water rights” moved to position ${count - 2} of ${count}.` }).waitFor();
      // Focus stays on the button that was pressed, in the link's new place.
      await expect.poll(() => focusedLabel(page), { timeout: 10_000 }).toBe('Move “Water rights” up');

      await checkBothWidths(page, 'navigation-editor');

      // Save, then publish: nothing to fix, so the dialog only asks.
      await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), { back: true });
      await page.keyboard.press('Enter');
      await page.getByTestId('nav-state').getByText('Saved changes not published yet').waitFor();
      const saved = await navigation();
      const work = saved.navigation.header.find((i) => i.label === 'Our Work');
      expect(work?.children?.[count - 3]).toEqual({ label: 'Water rights', page: water.id });
      expect(saved.live?.header.find((i) => i.label === 'Our Work')?.children?.some((c) => c.page === water.id)).toBe(false);

      await tabTo(page, page.getByRole('button', { name: 'Publish…' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Publish the navigation?' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('nav-problems').count()).toBe(0);
      await checkBothWidths(page);
      await tabTo(page, dialog.getByRole('button', { name: 'Publish', exact: true }), { max: 5 });
      await page.keyboard.press('Enter');
      await page.getByTestId('nav-state').getByText('Published: visitors see this navigation').waitFor();
      expect((await navigation()).live?.header.find((i) => i.label === 'Our Work')?.children?.[count - 3]).toEqual({ label: 'Water rights', page: water.id });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The public header: Our Work's disclosure button opens its menu with the new page, in its place.
    const visitor = await site.newPage();
    try {
      await visitor.page.goto(`${site.server.url}/`);
      const workButton = visitor.page.getByRole('button', { name: 'Our Work' });
      await expect(workButton.getAttribute('aria-expanded')).resolves.toBe('false');
      await workButton.focus();
      await visitor.page.keyboard.press('Enter');
      await expect.poll(() => workButton.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
      const menuId = await workButton.getAttribute('aria-controls');
      const menuLinks = visitor.page.locator(`#${menuId} a`);
      const texts = (await menuLinks.allInnerTexts()).map((t) => t.trim());
      expect(texts.indexOf('Water rights')).toBe(texts.length - 3);
      expect(await menuLinks.nth(texts.length - 3).getAttribute('href')).toBe('/water-rights');
      await visitor.page.keyboard.press('Escape');
      await expect.poll(() => workButton.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('false');
      await expect.poll(() => visitor.page.evaluate(() => document.activeElement?.textContent), { timeout: 10_000 }).toBe('Our Work');
    } finally {
      await visitor.context.close();
    }
  }, 180_000);

  it('flags a menu link to a draft page before publishing', async () => {
    await makePage('/water-campaign', 'Water campaign', false);
    const { context, page } = await site.newPage();
    // The 409 of the save that meets someone else's change is expected; nothing else may fail.
    const { errors } = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      { url: /\/api\/site\/navigation$/, status: 409 },
    ]);
    try {
      await site.signIn(page, '/navigation');
      await waitForScreen(page);
      await page.getByRole('button', { name: 'Open “Our Work”' }).click();
      await page.getByRole('button', { name: 'Add link to the “Our Work” menu' }).click();
      const links = page.getByRole('list', { name: 'Links of the “Our Work” menu' }).locator('[data-testid="nav-link"]');
      const added = links.last();
      // The select marks drafts as such; choosing one shows the warning at once.
      const option = added.getByLabel('Goes to').locator('option', { hasText: 'Water campaign' });
      expect(await option.innerText()).toBe('Water campaign (/water-campaign) (draft)');
      await added.getByLabel('Goes to').selectOption({ label: 'Water campaign (/water-campaign) (draft)' });
      await added.getByTestId('link-warning').getByText('Draft page').waitFor();
      await page.getByTestId('nav-item').filter({ hasText: 'Our Work' }).getByText('Links to a draft page').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByTestId('nav-state').getByText('Saved changes not published yet').waitFor();

      await page.getByRole('button', { name: 'Publish…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish the navigation?' });
      await dialog.waitFor();
      const problems = dialog.getByTestId('nav-problems');
      await problems.getByText('“Water campaign”').waitFor();
      expect(await problems.innerText()).toContain('One item points to a page visitors cannot open');
      expect(await dialog.getByRole('button', { name: 'Publish anyway' }).count()).toBe(1);
      await checkBothWidths(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Nothing was published: visitors still see the navigation without it.
      const answer = await navigation();
      expect(answer.hasPendingChanges).toBe(true);
      expect(answer.problems.map((p) => p.label)).toEqual(['Water campaign']);
      expect(JSON.stringify(answer.live)).not.toContain('Water campaign');

      // Someone else saves meanwhile: Save says so and changes nothing; Reload shows their version.
      const theirs = { ...answer.navigation, header: answer.navigation.header.map((i) => (i.label === 'Events' ? { ...i, label: 'Events and meetings' } : i)) };
      expect((await staffApi(site.server, site.superToken, '/api/site/navigation', { method: 'PUT', body: { navigation: theirs }, ifMatch: answer.version })).status).toBe(200);
      await page.getByRole('button', { name: 'Remove “Water campaign”' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const conflict = page.getByTestId('nav-conflict');
      await conflict.getByText('Someone else changed the navigation').waitFor();
      expect(await conflict.getAttribute('role')).toBe('alert');
      expect((await navigation()).navigation).toEqual(theirs);
      await conflict.getByRole('button', { name: 'Reload' }).click();
      await conflict.waitFor({ state: 'hidden' });
      await page.getByTestId('nav-item').getByText('Events and meetings', { exact: true }).waitFor();
      // Their version, with the draft link saved before: focus waits at the top bar's heading.
      const work = theirs.header.find((i) => i.label === 'Our Work');
      await page.getByTestId('nav-item').filter({ hasText: 'Our Work' }).getByText(`Menu · ${work?.children?.length ?? 0} links`).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 10_000 }).toBe('Top bar');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('flags a menu link to a page in the Trash as such, not as a draft', async () => {
    const made = await makePage('/seed-bank', 'Seed bank', true);
    const current = await navigation();
    const header = current.navigation.header.map((i) => (i.label === 'Our Work' && i.children ? { ...i, children: [...i.children, { label: 'Seeds', page: made.id }] } : i));
    expect((await staffApi(site.server, site.superToken, '/api/site/navigation', { method: 'PUT', body: { navigation: { ...current.navigation, header } }, ifMatch: current.version })).status).toBe(200);
    const deleted = await staffApi(site.server, site.superToken, `/api/site/pages/${made.id}`, { method: 'DELETE', body: { gone: true }, ifMatch: made.version });
    expect(deleted.status).toBe(204);
    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page, [{ url: /\/api\/auth\/refresh$/, status: 401 }]);
    try {
      await site.signIn(page, '/navigation');
      await waitForScreen(page);
      const work = page.getByTestId('nav-item').filter({ hasText: 'Our Work' });
      await work.getByText('Links to a page in the Trash').waitFor();
      expect(await work.getByText('Links to a draft page').count()).toBe(0);
      await page.getByRole('button', { name: 'Open “Our Work”' }).click();
      const seeds = page.getByRole('list', { name: 'Links of the “Our Work” menu' }).locator('[data-testid="nav-link"]').last();
      await seeds.getByTestId('link-warning').getByText('Page in the Trash').waitFor();
      await seeds.getByText('“Seed bank”, deleted').waitFor();
      await checkBothWidths(page, 'navigation-trashed-page');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('redirects screen', () => {
  it('a super-admin redirects a missing path from the Not found list, and the old path answers 301', async () => {
    const target = await makePage('/clean-water', 'Clean water', true);
    // A visitor asks for an address that leads nowhere: it joins the Not found list.
    expect((await fetch(`${site.server.url}/old-water-page`, { redirect: 'manual' })).status).toBe(404);
    await expect
      .poll(async () => (await staffApi<{ paths: { path: string }[] }>(site.server, site.superToken, '/api/site/not-found')).body.paths.map((p) => p.path), { timeout: 10_000 })
      .toContain('/old-water-page');

    const { context, page } = await site.newPage();
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/redirects');
      await waitForScreen(page);
      const redirect = page.getByRole('button', { name: 'Redirect this: /old-water-page' });
      await redirect.waitFor();
      await checkBothWidths(page);
      await redirect.click();
      const dialog = page.getByRole('dialog', { name: 'Add redirect' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Old address').inputValue()).toBe('/old-water-page');
      await expect.poll(() => dialog.getByLabel('Send visitors to').evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
      await checkBothWidths(page);
      await dialog.getByLabel('Send visitors to').selectOption({ label: 'Clean water (/clean-water)' });
      await dialog.getByRole('button', { name: 'Add redirect' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('region', { name: 'Redirects' }).getByRole('row').filter({ hasText: '/old-water-page' });
      await row.waitFor();
      expect(await row.innerText()).toContain('Clean water (/clean-water)');
      expect(await row.innerText()).toContain('Manual');

      const answer = await fetch(`${site.server.url}/old-water-page`, { redirect: 'manual' });
      expect(answer.status).toBe(301);
      expect(new URL(answer.headers.get('location') ?? '', site.server.url).pathname).toBe('/clean-water');

      // A published page's new address leaves an automatic redirect; another missing path joins the list.
      const moved = await staffApi<PageAnswer>(site.server, site.superToken, `/api/site/pages/${target.id}`, { method: 'PATCH', body: { path: '/clean-water-for-all' }, ifMatch: target.version });
      expect(moved.status).toBe(200);
      expect((await staffApi(site.server, site.superToken, `/api/site/pages/${target.id}/publish`, { method: 'POST', body: {}, ifMatch: moved.body.version })).status).toBe(200);
      expect((await fetch(`${site.server.url}/annual-report-2019`, { redirect: 'manual' })).status).toBe(404);
      await expect
        .poll(async () => (await staffApi<{ paths: { path: string }[] }>(site.server, site.superToken, '/api/site/not-found')).body.paths.map((p) => p.path), { timeout: 10_000 })
        .toContain('/annual-report-2019');
      await page.reload();
      await waitForScreen(page);
      const automatic = page.getByRole('region', { name: 'Redirects' }).getByRole('row').filter({ hasText: '/clean-water' }).filter({ hasText: 'Automatic' });
      await automatic.waitFor();
      expect(await automatic.innerText()).toContain('Clean water (/clean-water-for-all)');
      // The old path's redirect follows the page: no chain through /clean-water.
      const followed = await fetch(`${site.server.url}/old-water-page`, { redirect: 'manual' });
      expect(followed.status).toBe(301);
      expect(new URL(followed.headers.get('location') ?? '', site.server.url).pathname).toBe('/clean-water-for-all');
      await page.getByRole('button', { name: 'Redirect this: /annual-report-2019' }).waitFor();
      await checkBothWidths(page, 'redirects');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
