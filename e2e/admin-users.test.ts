/**
 * The users screens (super only) in Debian's Chromium against the built app:
 * list with search and pages, create, change role, disable, delete by
 * keyboard alone, server refusals on their fields, the last super-admin, axe,
 * and an open app signed out when its account is disabled.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.js';
import type { Page } from 'playwright-core';
import { apiSignIn, createAccount, updateAccount, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
const password = 'a long enough password 42';

beforeAll(async () => {
  // Enough accounts for a second page (20 a page).
  for (let i = 1; i <= 24; i++) {
    await createAccount(site.server.url, site.superToken, { email: `editor${String(i).padStart(2, '0')}@example.org`, role: 'admin', password, displayName: `Editor ${i}` });
  }
});

/** Presses Tab until the focused element's text or label matches: proves it is reachable by keyboard. */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : '';
      return [el.getAttribute('aria-label'), label, el.innerText, el.getAttribute('placeholder')].filter(Boolean).join(' | ');
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: `Edit ${email}` }) });

describe('users screens', () => {
  it('lists accounts with role, status and last sign-in, searches and pages, with no axe violation', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/user');
    expect(new URL(page.url()).pathname).toBe('/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('status').filter({ hasText: '25 accounts' }).waitFor();
    // Sorted by e-mail, 20 a page: editor01…editor20 first.
    await rowOf(page, 'editor01@example.org').waitFor();
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(20);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const superRow = rowOf(page, site.server.superEmail);
    await superRow.waitFor();
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(5);
    const cells = await superRow.getByRole('cell').allTextContents();
    expect(cells[0]).toContain(site.server.superEmail);
    expect(cells[2]).toBe('Super-admin');
    expect(cells[3]).toBe('Active');
    expect(cells[4]).not.toBe('Never');
    expect(await rowOf(page, 'editor24@example.org').getByRole('cell').nth(4).textContent()).toBe('Never');

    await page.getByLabel('Search by e-mail or name').fill('Editor 7');
    await page.getByRole('status').filter({ hasText: '1 account matching “Editor 7”' }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByRole('link', { name: /^Edit / }).allInnerTexts()).toEqual(['editor07@example.org']);
    // On a phone the table scrolls sideways inside a region the keyboard can reach.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5000 }).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('creates, changes and deletes a user by keyboard alone', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

    await tabTo(page, /^New user$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/user-form/new');
    await page.getByRole('heading', { level: 1, name: 'New user' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, /E-mail address/);
    await page.keyboard.type('keyboard.user@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard User');
    await page.keyboard.press('Tab');
    // The role select: the arrow keys choose No access (options: Super-admin, Admin, No access; Admin selected).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/user');
    await page.getByRole('alert').filter({ hasText: 'User created' }).waitFor();
    await page.getByLabel('Search by e-mail or name').fill('keyboard');
    await rowOf(page, 'keyboard.user@example.org').waitFor();
    expect(await rowOf(page, 'keyboard.user@example.org').getByRole('cell').nth(2).textContent()).toBe('No access');

    // Open it, make it an admin.
    await tabTo(page, /Edit keyboard\.user@example\.org/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Edit keyboard.user@example.org' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, /^Role/);
    await page.keyboard.press('ArrowUp');
    await tabTo(page, /^Save changes$/);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Changes saved' }).waitFor();
    await page.getByText('Role: Admin').waitFor();

    // Delete it: the confirmation dialog opens with focus on Cancel and keeps focus inside.
    await tabTo(page, /^Delete user$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this user?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement?.closest('[role="dialog"]') ? document.activeElement.textContent : 'outside'))).toBe('Delete user');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/user');
    await page.getByRole('alert').filter({ hasText: 'User deleted' }).waitFor();
    const res = await fetch(`${site.server.url}/api/users?q=keyboard`, { headers: { authorization: `Bearer ${site.superToken}` } });
    expect(((await res.json()) as { total: number }).total).toBe(0);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows the server’s refusals on their fields, and explains the last super-admin refusal', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      { url: /\/api\/users/, status: 409 },
      { url: /\/api\/users/, status: 400 },
      { url: /\/api\/users/, status: 412 },
    ]);
    await site.signIn(page, '/user-form/new');
    await page.getByRole('heading', { level: 1, name: 'New user' }).waitFor();
    // A password that is too short never leaves the browser.
    await page.getByLabel('E-mail address').fill('editor01@example.org');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('The password must be at least 8 characters long.').waitFor();
    // A taken e-mail is refused by the server and shown on the e-mail field.
    await page.getByLabel(/^Password/).fill(password);
    // Enter submits (a notification may cover the button).
    await page.getByLabel(/^Password/).press('Enter');
    const emailField = page.getByLabel('E-mail address');
    await expect.poll(() => emailField.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    const describedBy = (await emailField.getAttribute('aria-describedby')) ?? '';
    const fieldMessage = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy);
    expect(fieldMessage).toContain('An account with this e-mail address already exists.');
    // …and in a notification at the bottom centre of the screen that closes itself after 5 s.
    const note = page.getByRole('alert').filter({ hasText: 'The user was not created' });
    await note.waitFor();
    const shownAt = Date.now();
    const noteBox = await note.boundingBox();
    expect(noteBox && noteBox.y > 900 / 2).toBe(true);
    expect(noteBox && Math.abs(noteBox.x + noteBox.width / 2 - 1280 / 2)).toBeLessThan(20);
    await note.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);
    // A common password is refused by the server and shown on the password field.
    await emailField.fill('fresh@example.org');
    await page.getByLabel(/^Password/).fill('password123');
    // Enter submits (a notification may cover the button).
    await page.getByLabel(/^Password/).press('Enter');
    await expect.poll(() => page.getByLabel(/^Password/).getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');

    // The only active super-admin cannot make themselves an admin.
    const me = (await apiSignIn(site.server.url, site.server.superEmail, site.server.superPassword)).user;
    await page.goto(`${site.server.url}/user-form/${me.uid}`);
    await page.getByRole('heading', { level: 1, name: `Edit ${site.server.superEmail}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete user' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Role/).selectOption('admin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'This is the last active super-admin' }).first().waitFor();
    expect(await page.getByText('Super Layout', { exact: true }).isVisible()).toBe(true);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('an open app whose role was lowered to admin switches to the admin layout and leaves the users screen', async () => {
    const demoted = await createAccount(site.server.url, site.superToken, { email: 'soon.admin@example.org', role: 'super', password });
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      { url: /\/api\/users/, status: 403 },
    ]);
    await site.signInAs(page, demoted.email, password, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await page.getByText('Super Layout', { exact: true }).isVisible()).toBe(true);
    // Every API answer the open app gets, to say what happened should the layout not switch.
    const trail: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/')) trail.push(`${res.request().method()} ${url.pathname}${url.search} ${res.status()}`);
    });
    await updateAccount(site.server.url, site.superToken, demoted.uid, { role: 'admin' });
    // The next users call is refused; the app re-reads the claims, changes layout and the guard sends the user to /.
    await page.getByLabel('Search by e-mail or name').fill('editor');
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 }).catch((err: unknown) => {
      throw new Error(`the app stayed at ${page.url()} after the role change; its API calls since: ${trail.join('; ') || 'none'}`, { cause: err });
    });
    await page.goto(`${site.server.url}/home`);
    await page.getByText('Admin Layout App', { exact: true }).waitFor();
    expect(watch.errors).toEqual([]);
    await context.close();
    // Two sign-ins (argon2id) and a page load of the staff app: slow on a busy machine.
  }, 60_000);

  /**
   * Watches an open app whose account is about to be disabled: every 403 an API call gets, what it said, and any
   * call still carrying a token once the app is on /login. A call already on its way when the account was disabled
   * is refused too (the drawer's translation count, say): the console's 403s are checked here, not listed ahead.
   */
  /** A refusal whose body the browser no longer held when it was read (the page had moved on). */
  const unread = 'body gone with the page';

  function watchRefusals(page: Page) {
    const refusals: { path: string; code: string }[] = [];
    const authorisedAfterSignOut: string[] = [];
    const state = { signedOut: false };
    page.on('response', (res) => {
      if (res.status() !== 403 || !res.url().includes('/api/')) return;
      const path = new URL(res.url()).pathname;
      // The body is read after the fact: when the app has already left for /login the browser may have let it go,
      // and such a refusal is counted (its path) without a code to check; a body read that is not the error's JSON fails.
      void res.body().then(
        (bytes) => {
          let code = 'no JSON';
          try {
            code = (JSON.parse(bytes.toString('utf8')) as { error?: { code?: string } }).error?.code ?? '';
          } catch {
            // Left as 'no JSON': the check below names it.
          }
          refusals.push({ path, code });
        },
        () => refusals.push({ path, code: unread }),
      );
    });
    page.on('request', (req) => {
      if (state.signedOut && req.url().includes('/api/') && req.headers().authorization) authorisedAfterSignOut.push(new URL(req.url()).pathname);
    });
    const watch = watchStaffConsole(page, [{ url: /\/api\/auth\/refresh$/ }, { url: /\/api\//, status: 403 }]);
    return { refusals, authorisedAfterSignOut, state, watch };
  }

  async function expectSignedOutForGood(page: Page, seen: ReturnType<typeof watchRefusals>): Promise<void> {
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    seen.state.signedOut = true;
    await page.getByText('This account has been disabled. Contact your administrator.').first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'You have been signed out' }).count()).toBeGreaterThan(0);
    // Reloading does not bring the session back.
    await page.reload();
    await page.getByLabel('E-mail address').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Every refusal says why (the account is disabled), and once signed out the app asks nothing with the token.
    expect(seen.refusals.length).toBeGreaterThan(0);
    expect(seen.refusals.filter((r) => r.code !== 'auth/user-disabled' && r.code !== unread)).toEqual([]);
    expect(seen.refusals.some((r) => r.code === 'auth/user-disabled')).toBe(true);
    expect(seen.authorisedAfterSignOut).toEqual([]);
    expect(seen.watch.errors).toEqual([]);
  }

  it('signs the open app out with a message when its account is disabled', async () => {
    const second = await createAccount(site.server.url, site.superToken, { email: 'second.super@example.org', role: 'super', password });
    const { context, page } = await site.newPage();
    const seen = watchRefusals(page);
    await site.signInAs(page, second.email, password, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await updateAccount(site.server.url, site.superToken, second.uid, { disabled: true });
    // The next call the open app makes is refused: it signs out and says why.
    await page.getByLabel('Search by e-mail or name').fill('editor');
    await expectSignedOutForGood(page, seen);
    expect(seen.refusals.map((r) => r.path)).toContain('/api/users');
    await context.close();
  });

  it('signs the open app out when the first call refused is one of its own (the drawer\'s translation count)', async () => {
    const third = await createAccount(site.server.url, site.superToken, { email: 'third.super@example.org', role: 'super', password });
    const { context, page } = await site.newPage();
    const seen = watchRefusals(page);
    // The drawer's count is held on its way until the account is disabled: it reaches the server after that.
    let release: () => void = () => undefined;
    const disabled = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/api\/translations(\?|$)/, async (route) => {
      held++;
      await disabled;
      await route.continue().catch(() => undefined);
    });
    await site.signInAs(page, third.email, password, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await updateAccount(site.server.url, site.superToken, third.uid, { disabled: true });
    expect(held).toBeGreaterThan(0);
    release();
    await expectSignedOutForGood(page, seen);
    // Every refusal was one of the app's own calls (the test made none after disabling the account): which of them reaches the
    // server first (the drawer's counts, the held translations', the screen's own) is the app's race, and any one signs it out.
    expect(seen.refusals.length).toBeGreaterThan(0);
    await context.close();
  });
});
