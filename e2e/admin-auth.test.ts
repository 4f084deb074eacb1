/**
 * The staff app's sign-in, layouts and guards in Debian's Chromium against the
 * built app: who sees which layout, where every admin path sends whom, and how
 * /login behaves (errors in plain words, next path, keyboard, axe).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, goInApp, inPath, staffPathsToGuard, updateAccount, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const adminEmail = 'admin@example.org';
const noneEmail = 'nobody@example.org';
const disabledEmail = 'second-super@example.org';
const password = 'a long enough password 42';

beforeAll(async () => {
  await createAccount(site.server.url, site.superToken, { email: adminEmail, role: 'admin', password, displayName: 'Ada Admin' });
  await createAccount(site.server.url, site.superToken, { email: noneEmail, role: 'none', password, displayName: 'No Claims' });
});

async function freshPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await site.newPage({ viewport: { width, height } });
  return { context, page };
}

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Staff menu' });

describe('layouts by role', () => {
  it('a super-admin signs in and sees the Super Layout with every drawer entry, without console errors', async () => {
    const { context, page } = await freshPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${site.server.url}/home`);
    await expect.poll(() => page.getByText('Super Layout', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    // Each label's own words (a count badge may follow), folded groups' entries included; the collections' groups
    // come once the site's pages have loaded (the drawer shows the screens and tools first).
    const readLabels = () => drawer(page).locator('a .staff-link-label').evaluateAll((els) => els.map((e) => (e.firstChild?.textContent ?? '').trim()));
    await expect.poll(readLabels, { timeout: 10_000 }).toContain('News & Story');
    const labels = await readLabels();
    // Made of the site: its screens first, then its tools, then the specified entries by the page that shows them (Home, Description…, News & Story; First/Second/Third of each group; eight Youth blocks).
    expect(labels.slice(0, 6)).toEqual(['Dashboard', 'Pages', 'Navigation', 'Media library', 'Translations', 'Redirects']);
    expect(labels).toContain('User');
    const home = labels.indexOf('Home');
    expect(labels.slice(home, home + 3)).toEqual(['Home', 'Description Something at Home page', 'News & Story']);
    const vision = labels.indexOf('First Vision & Mission & Core value');
    expect(labels.slice(vision, vision + 3)).toEqual(['First Vision & Mission & Core value', 'Second Vision & Mission & Core value', 'Third Vision & Mission & Core value']);
    for (const label of ['First History', 'Third Leadership', 'Second gender', 'First Socio-Economic Rights', 'Third Democratic Good Governance', 'First Social Accountability', 'Second Our Strategy', 'Third Events', 'Eighth Youth', 'Publications', 'Site settings', 'Categories', 'Supporters & contacts', 'About slides', 'First Partners']) {
      expect(labels).toContain(label);
    }
    const youth = labels.filter((l) => l?.endsWith('Youth'));
    expect(youth).toEqual(['First Youth', 'Second Youth', 'Third Youth', 'Fourth Youth', 'Fifth Youth', 'Sixth Youth', 'Seventh Youth', 'Eighth Youth']);
    expect(labels.length).toBeGreaterThanOrEqual(40);
    await expect.poll(() => drawer(page).getByRole('button', { name: 'Logout' }).isVisible(), { timeout: 10_000 }).toBe(true);
    // The entry of the open screen is marked as the current page.
    expect(await drawer(page).locator('[aria-current="page"]').innerText()).toContain('Home');
    expect(await drawer(page).locator('[aria-current="page"]').getAttribute('href')).toBe('/home');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('an admin sees the Admin Layout App without User, Publications or Site settings, and /user sends them to /', async () => {
    const { context, page } = await freshPage();
    const watch = watchStaffConsole(page);
    await site.signInAs(page, adminEmail, password, '/descriptionhome');
    expect(new URL(page.url()).pathname).toBe('/descriptionhome');
    await expect.poll(() => page.getByText('Admin Layout App', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    // Every entry, those of folded groups included.
    const readHrefs = () => drawer(page).locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    await expect.poll(readHrefs, { timeout: 10_000 }).toContain('/home');
    const hrefs = await readHrefs();
    expect(hrefs[0]).toBe('/dashboard');
    expect(hrefs).toContain('/');
    expect(hrefs).toContain('/home');
    expect(hrefs).toContain('/category');
    expect(hrefs).toContain('/customer');
    expect(hrefs).toContain('/eighthyouth');
    expect(hrefs).not.toContain('/user');
    expect(hrefs).not.toContain('/item');
    expect(hrefs).not.toContain('/settings');
    expect(await drawer(page).getByRole('link', { name: /^User/ }).count()).toBe(0);
    for (const p of ['/user', '/user-form/x', '/user-form/new', '/item', '/settings']) {
      await page.goto(`${site.server.url}${p}`);
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    }
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});

describe('guards', () => {
  it('signed out, every admin list and form path of the route table sends to /login and comes back after signing in', async () => {
    const { context, page } = await freshPage();
    const watch = watchStaffConsole(page);
    const paths = await staffPathsToGuard();
    expect(paths.length).toBeGreaterThan(90);
    // The first path is opened by its address, while the app still restores the session; the others from inside
    // the app, as its links would (the server answers the app at each: src/server/site/site.test.ts).
    for (const [i, { path: p }] of paths.entries()) {
      if (i === 0) await page.goto(`${site.server.url}${p}`);
      else await goInApp(page, p);
      await inPath(page, '/login').catch(() => undefined);
      const landed = await page.evaluate(() => `${window.location.pathname}?next=${new URLSearchParams(window.location.search).get('next')}`);
      expect({ path: p, landed }).toEqual({ path: p, landed: `/login?next=${p}` });
    }
    // The login form was never flashed while the session was being checked: it is there now.
    await page.getByLabel('E-mail address').fill(site.server.superEmail);
    await page.getByLabel(/^Password/).fill(site.server.superPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === paths[paths.length - 1]!.path, { timeout: 10_000 });
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('signed in, /login sends to /, and a next path to another site is ignored', async () => {
    const { context, page } = await freshPage();
    await site.signIn(page, 'https://evil.example/steal');
    expect(page.url()).toBe(`${site.server.url}/`);
    await page.goto(`${site.server.url}/login`);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    await context.close();
  });

  it('a user with no claims signs in without a console error and reaches nothing admin', async () => {
    const { context, page } = await freshPage();
    const watch = watchStaffConsole(page);
    await site.signInAs(page, noneEmail, password);
    expect(new URL(page.url()).pathname).toBe('/');
    const paths = await staffPathsToGuard();
    for (const [i, { path: p }] of paths.entries()) {
      if (i === 0) await page.goto(`${site.server.url}${p}`);
      else await goInApp(page, p);
      await inPath(page, '/');
    }
    expect(await page.getByText('Super Layout', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Admin Layout App', { exact: true }).count()).toBe(0);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('/login', () => {
  it('checks the form before sending, says what went wrong in plain words and moves focus to it', async () => {
    const { context, page } = await freshPage();
    const signInCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/sign-in')) signInCalls.push(r.url());
    });
    await page.goto(`${site.server.url}/login`);
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByLabel(/^Password/).press('Enter');
    await expect.poll(() => page.getByText('That e-mail address does not look right.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('Enter your password.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(signInCalls).toEqual([]);

    await page.getByLabel('E-mail address').fill(adminEmail);
    await page.getByLabel(/^Password/).fill('wrong password here');
    await page.getByLabel(/^Password/).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'The e-mail address or password is not correct.' });
    await expect.poll(() => alert.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(signInCalls.length).toBe(1);
    await context.close();
  });

  it('says how long to wait when throttled, and when the server cannot be reached', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${site.server.url}/login`);
    await page.getByLabel('E-mail address').fill(adminEmail);
    await page.getByLabel(/^Password/).fill('whatever it is');
    // The server's throttle answers 429 with Retry-After; here it is simulated to keep the test quick.
    await page.route('**/api/auth/sign-in', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '120', 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'auth/too-many-requests', message: 'x' } }) }),
    );
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Too many attempts. Wait 2 minutes and try again.' }).waitFor();
    await page.unroute('**/api/auth/sign-in');
    await page.route('**/api/auth/sign-in', (route) => route.abort('internetdisconnected'));
    await page.getByLabel(/^Password/).fill('whatever it is');
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'The server cannot be reached. Check your connection.' }).waitFor();
    await context.close();
  });

  it('shows a loader, not the sign-in form, while the session is being restored', async () => {
    const { context, page } = await freshPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.server.url}/user`);
    const loader = page.getByRole('status', { name: /Restoring your session|Checking your sign-in/ });
    await loader.waitFor();
    expect(await page.getByLabel('E-mail address').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/user');
    release();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('E-mail address').waitFor();
    await context.close();
  });

  it('tells a disabled account why it cannot sign in', async () => {
    const second = await createAccount(site.server.url, site.superToken, { email: disabledEmail, role: 'super', password });
    await updateAccount(site.server.url, site.superToken, second.uid, { disabled: true });
    const { context, page } = await freshPage();
    await page.goto(`${site.server.url}/login`);
    await page.getByLabel('E-mail address').fill(disabledEmail);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This account has been disabled. Contact your administrator.' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await updateAccount(site.server.url, site.superToken, second.uid, { disabled: false });
    await context.close();
  });

  it('works by keyboard alone and has no axe violation', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${site.server.url}/login`);
    await page.getByLabel('E-mail address').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The e-mail field has focus on arrival; Tab reaches the password; Enter signs in.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    await page.keyboard.type(site.server.superEmail);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type(site.server.superPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    await context.close();
  });

  it('looks right at 375 px and 1280 px (screenshots)', async () => {
    const dir = path.resolve(__dirname, '../docs/screenshots');
    fs.mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [375, 740],
      [1280, 800],
    ] as const) {
      const { context, page } = await freshPage(width, height);
      await page.goto(`${site.server.url}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      const box = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
      // The form fits the narrow screen without sideways scrolling.
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(dir, `login-${width}.png`) });
      await context.close();
    }
  });
});
