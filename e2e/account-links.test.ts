/**
 * Password reset and invitations in the browser, with the built server
 * sending mail to a real SMTP server started here: "Forgot your password?"
 * on /login, the mailed link opening the reset screen, the invitation sent
 * from the users screen and accepted by the colleague, who lands signed in.
 * Axe checks each screen at 1280 and 375 px; screenshots go to
 * docs/screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { axeViolations } from './helpers/axe.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountLinkPaths } from '../src/shared/account-links.js';
import { linksOf, startSmtp, type ReceivedMail, type TestSmtp } from '../test/helpers/smtp.js';
import { setUpSite } from './helpers/fixture.js';
import { apiSignIn, createAccount, watchStaffConsole } from './helpers/staff.js';

const shots = path.resolve('docs/screenshots');
const env: Record<string, string> = {};
let smtp: TestSmtp;
// Registered before setUpSite's own hook, so the server starts with SMTP_URL set.
beforeAll(async () => {
  smtp = await startSmtp();
  env.SMTP_URL = smtp.url;
  env.MAIL_FROM = 'website@example.org';
});
afterAll(async () => {
  await smtp?.close();
});
const site = setUpSite({ env });

/** Axe at 1280 px, then at 375 px with a screenshot of each width. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await axeViolations(page)).toEqual([]);
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(shots, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function mailTo(email: string, count = 1): Promise<ReceivedMail> {
  await smtp.waitForMail(1, 30_000);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = smtp.received.filter((m) => m.rcptTo.includes(email));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail ${count} to ${email}; received for ${smtp.received.map((m) => m.rcptTo.join()).join(', ')}`);
    await smtp.waitForMail(smtp.received.length + 1, deadline - Date.now()).catch(() => undefined);
  }
}

describe('password reset from /login', () => {
  it('mails a link that opens the reset screen; the new password signs in, the link then says it was used', async () => {
    const email = 'forgetful@example.org';
    await createAccount(site.server.url, site.superToken, { email, role: 'admin', password: 'the old passphrase 2025' });
    const { page, context } = await site.newPage();
    const { errors } = watchStaffConsole(page, [
      { url: /\/api\/auth\/refresh$/, status: 401 },
      { url: /\/api\/auth\/password-reset\/check$/, status: 400 },
    ]);

    await page.goto(`${site.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((u) => u.pathname === accountLinkPaths.forgotPassword);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await checkScreen(page, 'forgot-password');
    await page.getByLabel(/^E-mail address/).fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'If an account uses this address' }).count()).toBe(1);

    const mail = await mailTo(email);
    expect(mail.parsed.from?.value[0]?.address).toBe('website@example.org');
    const [link] = linksOf(mail);
    expect(link!.startsWith(`${site.server.url}${accountLinkPaths.resetPassword}#token=`)).toBe(true);

    await page.goto(link!);
    await page.getByText(`For the account ${email}.`).waitFor();
    // The token leaves the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    await checkScreen(page, 'reset-password');

    await page.getByLabel(/^New password again/).fill('mismatch');
    await page.getByLabel(/^New password(?! again)/).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel(/^New password again/).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password is changed').waitFor();

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await site.signInAs(page, email, 'a brand new passphrase');
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await expect(apiSignIn(site.server.url, email, 'the old passphrase 2025')).rejects.toThrow(/401/);

    // The same link a second time explains itself.
    const second = await context.newPage();
    await second.goto(link!);
    await second.getByText('This password reset link has already been used.', { exact: false }).waitFor();
    expect(await second.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(1);
    await checkScreen(second, 'reset-password-used');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('invitations', () => {
  it('a super-admin invites a colleague from the users screen; the colleague chooses a name and password and lands signed in as admin', async () => {
    const email = 'new.colleague@example.org';
    const { page, context } = await site.newPage();
    await site.signIn(page, '/user');
    await page.getByRole('heading', { name: 'Invite a colleague' }).waitFor();
    await page.getByLabel(/^Colleague’s e-mail address/).fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const row = page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Admin');
    // The confirmation is a notification; it is dismissed so the screen is checked as it stays.
    await page.getByText('Invitation sent').first().waitFor();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Dismiss notification' }).count()).toBe(0);
    await checkScreen(page, 'users-invitations');

    const mail = await mailTo(email);
    const [link] = linksOf(mail);
    expect(link!.startsWith(`${site.server.url}${accountLinkPaths.acceptInvitation}#token=`)).toBe(true);

    const invitee = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const guest = await invitee.newPage();
    const { errors } = watchStaffConsole(guest);
    await guest.goto(link!);
    await guest.getByText(`You will sign in as ${email}.`, { exact: false }).waitFor();
    await checkScreen(guest, 'accept-invitation');
    await guest.getByLabel(/^Your name/).fill('Neema Otieno');
    await guest.getByLabel(/^Choose a password/).fill('my own good passphrase');
    await guest.getByLabel(/^The password again/).fill('my own good passphrase');
    await guest.getByRole('button', { name: 'Create my account' }).click();
    await guest.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    // Signed in as an admin: the staff layout's navigation is there, without the users screen.
    await guest.getByRole('navigation').first().waitFor();
    expect(await guest.getByRole('link', { name: 'Users' }).count()).toBe(0);
    const session = await apiSignIn(site.server.url, email, 'my own good passphrase');
    expect(session.user).toMatchObject({ displayName: 'Neema Otieno', claims: { admin: true, super: false } });
    expect(errors).toEqual([]);

    // The pending list no longer shows it.
    await page.reload();
    await page.getByRole('heading', { name: 'Invite a colleague' }).waitFor();
    await page.getByText('No invitation is waiting for an answer.').waitFor();
    await invitee.close();
    await context.close();
  }, 120_000);
});
