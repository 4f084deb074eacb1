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
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
}

/**
 * Goes to `path` inside the staff app already open in `page`, as its own links do: a history entry and the
 * popstate event the router listens to, without loading the app again. A test that walks many screens opens
 * the first by its address (as a bookmark would) and the others this way; `inPath` waits until the app's
 * address is one the test expects (the router may send it on at once, to /login or /).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits, in the page, until the app's address has the pathname `pathname`. */
export async function inPath(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((p) => window.location.pathname === p, pathname, { timeout });
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

/**
 * Console errors of the staff app. Chromium logs every HTTP error status as a
 * console error; the ones a test expects (the 401 of restoring a session that
 * does not exist, a refusal the test provokes) are passed as `expected`.
 */
export function watchStaffConsole(page: Page, expected: { url: RegExp; status?: number }[] = [{ url: /\/api\/auth\/refresh$/, status: 401 }]): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    // The router's start-up warnings count too (a route tree without a fallback while lazy code loads).
    if (msg.type() === 'warning' && /HydrateFallback|hydrat/i.test(text)) {
      errors.push(`warning: ${text}`);
      return;
    }
    if (msg.type() !== 'error') return;
    const url = msg.location().url;
    if (/^Failed to load resource/.test(text) && expected.some((e) => e.url.test(url) && (e.status === undefined || text.includes(`status of ${e.status}`)))) return;
    errors.push(`${text} (${url})`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { errors };
}

/** Every staff screen's path of the route table (lists, forms, and every screen of staff-screens.ts), with `new` as the form id. */
export async function staffPathsToGuard(): Promise<{ path: string; marks: readonly string[] }[]> {
  const { isStaffScreenRoute, routeTable } = await import('../../src/shared/routes.js');
  const out: { path: string; marks: readonly string[] }[] = [];
  for (const r of routeTable) {
    if (r.kind === 'list' || r.kind === 'form' || isStaffScreenRoute(r)) {
      out.push({ path: r.path.replace(':id', 'new'), marks: r.marks });
    }
  }
  return out;
}

/** Waits for a transition (the drawer, a dialog) to finish: two frames for it to start, then until no CSS transition runs. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 5000 });
  } catch (error) {
    // Says which transitions never ended, so a failure names the element and property rather than only the timeout.
    const running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a): a is CSSTransition => a instanceof CSSTransition && a.playState === 'running')
        .map((a) => {
          const el = a.effect instanceof KeyframeEffect ? a.effect.target : null;
          const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}` : '?';
          return `${name} ${a.transitionProperty} at ${String(a.currentTime)} ms of ${String(a.effect?.getComputedTiming().endTime)} ms`;
        }),
    );
    throw new Error(`transitions still running after 5 s: ${running.join('; ') || '(none by now)'}`, { cause: error });
  }
}
