/** Staff-app helpers for browser tests: sign in through /login, and accounts through the API. */
import type { Page } from 'playwright-core';

/**
 * Signs in through the /login form and waits until the app has left /login.
 * `next` opens /login?next=… so the app lands there afterwards.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, next?: string): Promise<void> {
  const url = next ? `${baseUrl}/login?next=${encodeURIComponent(next)}` : `${baseUrl}/login`;
  await page.goto(url);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
}

export interface ApiSession {
  idToken: string;
  expiresIn: number;
  user: { uid: string; email: string; displayName: string; claims: { admin: boolean; super: boolean } };
}

/** Signs in through the API (no browser): the idToken for fetch calls. */
export async function apiSignIn(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApiSession;
}

export interface StaffAccount {
  uid: string;
  email: string;
  displayName: string;
  role: 'super' | 'admin' | 'none';
  disabled: boolean;
}

/** Creates an account through the users API with a super-admin's token. */
export async function createAccount(
  baseUrl: string,
  superToken: string,
  account: { email: string; role: 'super' | 'admin' | 'none'; password: string; displayName?: string },
): Promise<StaffAccount> {
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${superToken}` },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw new Error(`creating ${account.email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StaffAccount;
}

/** Changes an account through the users API (role, disabled, password, name). */
export async function updateAccount(
  baseUrl: string,
  superToken: string,
  uid: string,
  patch: { displayName?: string; role?: 'super' | 'admin' | 'none'; disabled?: boolean; password?: string },
): Promise<StaffAccount> {
  const res = await fetch(`${baseUrl}/api/users/${encodeURIComponent(uid)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${superToken}` },
    body: JSON.stringify(patch),
  });
  if (!res.ok) throw new Error(`updating ${uid} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StaffAccount;
}
