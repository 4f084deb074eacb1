/**
 * The account screen in a browser: a staff member turns two-factor sign-in on
 * (the key read from the page, the code computed as an authenticator app
 * would), sees the ten recovery codes once, signs out, and signs in again
 * through the code step, by keyboard. Takes the account and second-step
 * screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations } from './helpers/axe.js';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { apiSignIn, createAccount, watchStaffConsole } from './helpers/staff.js';

const site = setUpSite();
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
const email = 'wanjiru@example.org';
const password = 'Baobab-shade-at-noon-2026';

let page: Page;
let errors: string[];
let uid = '';

beforeAll(async () => {
  ({ uid } = await createAccount(site.server.url, site.superToken, { email, password, role: 'admin', displayName: 'Wanjiru Kamau' }));
  ({ page } = await site.newPage());
  // Expected refusals: no session to restore, the first step of a sign-in with two-factor on, and the wrong code the test types.
  errors = watchStaffConsole(page, [
    { url: /\/api\/auth\/refresh$/, status: 401 },
    { url: /\/api\/auth\/sign-in$/, status: 401 },
    { url: /\/api\/auth\/sign-in\/second-factor$/, status: 401 },
    // The wrong current password typed on purpose when turning two-factor sign-in on.
    { url: /\/api\/auth\/second-factor\/enable$/, status: 401 },
  ]).errors;
  fs.mkdirSync(shots, { recursive: true });
});

function codeFor(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
}

describe('own account and two-factor sign-in', () => {
  let secret = '';

  it('turns two-factor sign-in on from /account and shows the recovery codes once', async () => {
    await site.signInAs(page, email, password, '/account');
    await waitForScreen(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
    // The shell's menu leads here.
    expect(await page.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/account');

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await page.getByRole('img', { name: /QR code/ }).locator('svg').count()).toBe(1);
    secret = (await page.locator('#two-factor-key').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The set-up as the user sees it: the QR code, the key as text and the code field.
    await page.getByRole('img', { name: /QR code/ }).locator('xpath=ancestor::section[1]').screenshot({ path: path.join(shots, 'account-two-factor-setup-1280.png') });

    const code = page.getByLabel('2. Enter the 6-digit code the app shows');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await code.fill(codeFor(secret, Date.now()));
    // The current password is asked again; a wrong one is said on its field and turns nothing on.
    const current = page.getByLabel(/^3\. Your current password/);
    expect(await current.getAttribute('autocomplete')).toBe('current-password');
    await current.fill('not my password');
    await code.press('Enter');
    await page.getByText('Your current password is not correct.').waitFor();
    await current.fill(password);
    await current.press('Enter');

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    for (const text of await codes.allTextContents()) expect(text).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByRole('button', { name: 'Download as a text file' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Done' }).click();

    // The codes are gone from the page; the section says it is on.
    await page.getByText('You have 10 unused recovery codes.', { exact: false }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    await page.getByText('This device').waitFor();

    // From the top, so the fixed header sits where it belongs in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'account-1280.png'), fullPage: true });
    // A phone opens the page afresh (the drawer starts closed).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${site.server.url}/account`);
    await waitForScreen(page);
    await page.getByText('This device').waitFor();
    await page.screenshot({ path: path.join(shots, 'account-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.server.url}/account`);
    await waitForScreen(page);
    expect(errors).toEqual([]);
  }, 60_000);

  it('signs in again through the code step, by keyboard, with a wrong code explained first', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Password/).press('Enter');

    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    const field = page.getByLabel('6-digit code');
    // The field has the focus: typing goes straight in.
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'login-second-factor-1280.png') });
    expect(await axeViolations(page)).toEqual([]);

    // A code from another time is refused in plain words.
    await page.keyboard.type(codeFor(secret, Date.now() + 10 * 60_000));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('That code is not correct.', { exact: false }).waitFor();

    // The code of the next 30 seconds: the server allows one step of drift, and the one used to turn it on is spent.
    await field.fill(codeFor(secret, Date.now() + 30_000));
    await field.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
    await page.goto(`${site.server.url}/account`);
    await waitForScreen(page);
    await page.getByText('You have 10 unused recovery codes.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  it('lets a super-admin reset a colleague\'s two-factor sign-in from the user form', async () => {
    await expect(apiSignIn(site.server.url, email, password)).rejects.toThrow(/401/);
    const { page: admin } = await site.newPage();
    const adminErrors = watchStaffConsole(admin).errors;
    await site.signIn(admin, `/user-form/${uid}`);
    await admin.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await admin.getByRole('button', { name: 'Reset two-factor sign-in…' }).click();
    await admin.getByRole('button', { name: 'Yes, turn it off' }).click();
    await admin.getByText('Two-factor sign-in reset').waitFor();
    // The colleague signs in with the password alone again.
    expect((await apiSignIn(site.server.url, email, password)).user.uid).toBe(uid);
    expect(adminErrors).toEqual([]);
  }, 60_000);

  it('signs another browser out from the sessions list, and changes the password while staying signed in here', async () => {
    const account = { email: 'baraka@example.org', password: 'Mango-tree-by-the-lake-31' };
    await createAccount(site.server.url, site.superToken, { ...account, role: 'admin', displayName: 'Baraka Mwangi' });
    const { page: laptop } = await site.newPage();
    const { page: phone } = await site.newPage({ viewport: { width: 375, height: 812 } });
    const laptopErrors = watchStaffConsole(laptop).errors;
    await site.signInAs(phone, account.email, account.password, '/account');
    await site.signInAs(laptop, account.email, account.password, '/account');
    await waitForScreen(laptop);

    const sessions = laptop.locator('.account-session');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await laptop.getByText('This device').count()).toBe(1);
    // Only the other session has a Sign out button; this one signs out with Logout.
    const signOut = laptop.getByRole('button', { name: /^Sign out Chrome on Linux/ });
    expect(await signOut.count()).toBe(1);
    await signOut.click();
    await expect.poll(() => sessions.count()).toBe(1);

    // The phone's session is over: reloading cannot restore it.
    await phone.reload();
    await phone.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });

    // A new password: the current one is asked for, and this browser stays signed in.
    await laptop.getByLabel('Current password').fill('not my password');
    await laptop.getByLabel('New password').fill('Savanna-rain-in-April-2027');
    await laptop.getByRole('button', { name: 'Change password' }).click();
    await laptop.getByText('Your current password is not correct.').waitFor();
    await laptop.getByLabel('Current password').fill(account.password);
    await laptop.getByRole('button', { name: 'Change password' }).click();
    await laptop.getByText('Password changed').waitFor();
    await laptop.reload();
    await waitForScreen(laptop);
    expect(new URL(laptop.url()).pathname).toBe('/account');
    await expect(apiSignIn(site.server.url, account.email, account.password)).rejects.toThrow(/401/);
    // The refused current password is an expected 401 of the page.
    expect(laptopErrors.filter((e) => !/\/api\/account\/password/.test(e))).toEqual([]);
  }, 60_000);

  // Last: once the site requires it, the bootstrap super-admin (without it) can no longer call the API.
  it('takes a staff member the site requires to use it to /account, and nowhere else until it is on', async () => {
    const other = { email: 'otieno@example.org', password: 'Acacia-river-morning-77' };
    await createAccount(site.server.url, site.superToken, { ...other, role: 'admin', displayName: 'Otieno Ouma' });
    const settings = await apiCall<{ data: Record<string, unknown>; version: number }>(site.server.url, site.superToken, '/api/settings');
    await apiCall(site.server.url, site.superToken, '/api/settings', { method: 'PUT', ifMatch: settings.version, body: { data: { ...settings.data, requireTwoFactor: 'all' } } });

    const { page: phone } = await site.newPage({ viewport: { width: 375, height: 812 } });
    const phoneErrors = watchStaffConsole(phone).errors;
    await site.signInAs(phone, other.email, other.password, '/home');
    await phone.waitForURL((u) => u.pathname === '/account');
    await waitForScreen(phone);
    await phone.getByText('Turn on two-factor sign-in to continue').waitFor();
    await phone.goto(`${site.server.url}/home`);
    await phone.waitForURL((u) => u.pathname === '/account');

    await phone.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const key = (await phone.locator('#two-factor-key').textContent())!.replace(/\s/g, '');
    await phone.getByLabel('2. Enter the 6-digit code the app shows').fill(codeFor(key, Date.now()));
    await phone.getByLabel(/^3\. Your current password/).fill(other.password);
    await phone.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await phone.getByLabel('I have saved my recovery codes').check();
    await phone.getByRole('button', { name: 'Done' }).click();
    await phone.getByText('Turn on two-factor sign-in to continue').waitFor({ state: 'detached' });

    // Now the rest of the content manager opens.
    await phone.goto(`${site.server.url}/home`);
    await waitForScreen(phone);
    expect(new URL(phone.url()).pathname).toBe('/home');
    expect(phoneErrors).toEqual([]);
  }, 60_000);
});
