/**
 * With a 10 s token lifetime (AUTH_TOKEN_TTL=10, the shortest the server takes)
 * the staff app in use renews its token (in the background after a staff call,
 * or before the next call once it expired) and stays signed in across three
 * expiries without a visible error; disabling the account then signs the open
 * app out with a message at its next staff call. A short lifetime makes the
 * same journey as an hour-long one (renewal at half the life, a quarter kept
 * as a margin before staff calls) in about 40 s.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, createAccount, updateAccount, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite({ env: { AUTH_TOKEN_TTL: '10' } });

/** A search in the users list: a staff call that needs a valid token. */
async function searchFor(page: Page, text: string, expectedEmail: string): Promise<void> {
  await page.getByLabel('Search by e-mail or name').fill(text);
  await page.getByRole('link', { name: `Edit ${expectedEmail}` }).waitFor({ timeout: 10_000 });
}

it('stays signed in across three token expiries, then a disabled account is signed out with a message', async () => {
  const password = 'a long enough password 42';
  const me = await createAccount(site.server.url, site.superToken, { email: 'long.session@example.org', role: 'super', password });

  const { context, page } = await site.newPage();
  // Expected refusals: renewals, and the disabled account's staff call at the end.
  const watch = watchStaffConsole(page, [{ url: /\/api\/auth\/refresh$/ }, { url: /\/api\/users\?.*q=anyone/, status: 403 }]);
  const renewals: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) renewals.push(r.status());
  });
  await site.signInAs(page, me.email, password, '/user');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  // Only renewals of this session count (not the 401 of the signed-out start).
  renewals.length = 0;

  // Three token lifetimes, each followed by a staff call that must succeed.
  for (const i of [0, 1, 2]) {
    // Expiry is server time: wait until a token issued now is refused, and the app has renewed twice more.
    const probe = (await apiSignIn(site.server.url, me.email, password)).idToken;
    const probeStatus = async () => (await fetch(`${site.server.url}/api/users?limit=1`, { headers: { authorization: `Bearer ${probe}` } })).status;
    await expect.poll(probeStatus, { timeout: 30_000, interval: 250 }).toBe(401);
    // The page was used since its last renewal (sign-in or search): it renewed in the background.
    await expect.poll(() => renewals.length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(i + 1);
    await searchFor(page, i % 2 === 0 ? 'super@' : 'long.session', i % 2 === 0 ? site.server.superEmail : me.email);
    expect(new URL(page.url()).pathname).toBe('/user');
    // No error anywhere: no notification, no alert.
    expect(await page.getByRole('alert').count()).toBe(0);
  }
  // Renewed as it was used, always successfully.
  expect(renewals.length).toBeGreaterThanOrEqual(3);
  expect(renewals.every((s) => s === 200)).toBe(true);

  // Disabled by another super-admin: the next staff call (or its renewal) ends the session and says so.
  const freshToken = (await apiSignIn(site.server.url, site.server.superEmail, site.server.superPassword)).idToken;
  await updateAccount(site.server.url, freshToken, me.uid, { disabled: true });
  await page.getByLabel('Search by e-mail or name').fill('anyone');
  await page.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
  const message = page.getByRole('alert').filter({ hasText: 'You have been signed out' });
  await message.first().waitFor();
  expect(await message.first().innerText()).toMatch(/This account has been disabled|Your session has ended/);
  expect(watch.errors).toEqual([]);
  await context.close();
}, 150_000);
