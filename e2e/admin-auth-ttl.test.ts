/**
 * With a 60 s token lifetime (AUTH_TOKEN_TTL=60) the open staff app renews its
 * token in the background and stays signed in across three expiries without a
 * visible error; disabling the account then signs the open app out with a message.
 * Takes about four minutes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { apiSignIn, createAccount, signIn, updateAccount, watchStaffConsole } from './helpers/staff.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ AUTH_TOKEN_TTL: '60' });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A search in the users list: a staff call that needs a valid token. */
async function searchFor(page: Page, text: string, expectedEmail: string): Promise<void> {
  await page.getByLabel('Search by e-mail or name').fill(text);
  await page.getByRole('link', { name: `Edit ${expectedEmail}` }).waitFor({ timeout: 10_000 });
}

it('stays signed in across three token expiries, then a disabled account is signed out with a message', async () => {
  const superToken = (await apiSignIn(server.url, server.superEmail, server.superPassword)).idToken;
  const password = 'a long enough password 42';
  const me = await createAccount(server.url, superToken, { email: 'long.session@example.org', role: 'super', password });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watch = watchStaffConsole(page, [{ url: /\/api\/auth\/refresh$/ }]);
  const renewals: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) renewals.push(r.status());
  });
  await signIn(page, server.url, me.email, password, '/user');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  // Only renewals of this session count (not the 401 of the signed-out start).
  renewals.length = 0;
  const started = Date.now();

  // Three expiries of the first token's 60 s, each followed by a staff call that must succeed.
  for (const [i, at] of [65, 130, 195].entries()) {
    await page.waitForTimeout(Math.max(0, started + at * 1000 - Date.now()));
    await searchFor(page, i % 2 === 0 ? 'super@' : 'long.session', i % 2 === 0 ? server.superEmail : me.email);
    expect(new URL(page.url()).pathname).toBe('/user');
    // No error anywhere: no notification, no alert.
    expect(await page.getByRole('alert').count()).toBe(0);
  }
  // Renewed about every 30 s (half of the short lifetime), always successfully.
  expect(renewals.length).toBeGreaterThanOrEqual(6);
  expect(renewals.every((s) => s === 200)).toBe(true);

  // Disabled by another super-admin: the next background renewal ends the session and says so.
  const freshToken = (await apiSignIn(server.url, server.superEmail, server.superPassword)).idToken;
  await updateAccount(server.url, freshToken, me.uid, { disabled: true });
  await page.waitForURL((u) => u.pathname === '/login', { timeout: 45_000 });
  const message = page.getByRole('alert').filter({ hasText: 'You have been signed out' });
  await message.first().waitFor();
  expect(await message.first().innerText()).toMatch(/This account has been disabled|Your session has ended/);
  expect(watch.errors).toEqual([]);
  await context.close();
}, 330_000);
