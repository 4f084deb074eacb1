import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api-client.js';
import { expiryMarginFor, nextRetryMs, refreshDelayMs, StaffSession } from './session.js';
import { loginPathFor, safeNextPath } from './next-path.js';

type Answer = { status: number; body?: unknown } | 'network';

/** A fake server: answers each call to a path in turn, and records the calls. */
function fakeServer(answers: Record<string, Answer[]>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const path = String(input);
    calls.push(path);
    const queue = answers[path];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (path: string) => calls.filter((c) => c === path).length };
}

let tokenNumber = 0;
function session(expiresIn: number, claims: unknown = { admin: true, super: false }) {
  tokenNumber++;
  return { status: 200, body: { idToken: `token-${tokenNumber}`, expiresIn, user: { uid: 'u1', email: 'a@example.org', displayName: 'A', claims } } };
}
const failure = (status: number, code: string) => ({ status, body: { error: { code, message: code } } });

async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  tokenNumber = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('renewal timing', () => {
  it('renews 5 minutes before expiry, or at half the lifetime of a short token', () => {
    expect(refreshDelayMs(3600_000)).toBe(3300_000);
    expect(refreshDelayMs(60_000)).toBe(30_000);
  });
  it('renews before a staff call 30 s before expiry, or a quarter of the lifetime before it for a short token', () => {
    expect(expiryMarginFor(3600_000)).toBe(30_000);
    expect(expiryMarginFor(10_000)).toBe(2_500);
  });
  it('backs off from 30 s, doubling, up to 16 minutes', () => {
    const waits: number[] = [];
    let w: number | null = null;
    for (let i = 0; i < 8; i++) waits.push((w = nextRetryMs(w)));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000]);
  });
});

describe('StaffSession', () => {
  it('restores the session from the refresh cookie and renews it in the background before expiry', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), session(3600), session(3600)] });
    const s = new StaffSession();
    expect(s.getSnapshot().status).toBe('loading');
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email: 'a@example.org', claims: { admin: true, super: false } } });
    expect(await s.getToken()).toBe('token-1');
    await vi.advanceTimersByTimeAsync(3299_000);
    expect(server.count('/api/auth/refresh')).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.count('/api/auth/refresh')).toBe(2);
    expect(await s.getToken()).toBe('token-2');
  });

  it('lets an unused session lapse: no renewal in the background, and the next staff call signs out when the server ended it', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), failure(401, 'auth/user-token-expired')], '/api/auth/sign-out': [{ status: 204 }] });
    const s = new StaffSession();
    const ended: string[] = [];
    s.onSessionEnded((reason) => ended.push(reason));
    await s.start();
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(server.count('/api/auth/refresh')).toBe(1);
    // Back after more than the idle time: the renewal is refused and the app says why.
    expect(await s.getToken()).toBeNull();
    expect(s.getSnapshot()).toMatchObject({ status: 'signed-out', reason: 'auth/user-token-expired' });
    expect(ended).toEqual(['auth/user-token-expired']);
  });

  it('renews a session in use every 5 minutes of calls, so the server counts idle time from the last use', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), session(3600), session(3600)] });
    const s = new StaffSession();
    await s.start();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(await s.getToken()).toBe('token-1');
    expect(server.count('/api/auth/refresh')).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await s.getToken()).toBe('token-1');
    await flush();
    expect(server.count('/api/auth/refresh')).toBe(2);
    expect(await s.getToken()).toBe('token-2');
  });

  it('renews in the background at the next call a session whose timer passed unused', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(10), session(10)] });
    const s = new StaffSession();
    await s.start();
    // The timer at 5 s finds the session unused and lets it be.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(server.count('/api/auth/refresh')).toBe(1);
    // A call with 4 s of the token left: handed out, and renewed behind it.
    expect(await s.getToken()).toBe('token-1');
    await flush();
    expect(server.count('/api/auth/refresh')).toBe(2);
    expect(await s.getToken()).toBe('token-2');
  });

  it('treats a token as expired 30 s early and renews it before handing it out', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), session(3600)] });
    const s = new StaffSession();
    await s.start();
    // Past the renewal, but pretend the timer was missed (a sleeping laptop).
    vi.setSystemTime(Date.now() + 3600_000 - 29_000);
    expect(await s.getToken()).toBe('token-2');
    expect(server.count('/api/auth/refresh')).toBe(2);
  });

  it('hands out a short token until a quarter of its life is left, renewing it in the background at half', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(10), session(10), session(10)] });
    const s = new StaffSession();
    await s.start();
    // 3 s into a 10 s token: 7 s left, more than a quarter (2.5 s), so no renewal (a 30 s margin would renew every call).
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await s.getToken()).toBe('token-1');
    expect(server.count('/api/auth/refresh')).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.count('/api/auth/refresh')).toBe(2);
    expect(await s.getToken()).toBe('token-2');
  });

  it('makes one renewal call for many callers at once', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(60), session(60)] });
    const s = new StaffSession();
    await s.start();
    vi.setSystemTime(Date.now() + 45_000);
    const tokens = await Promise.all([s.getToken(), s.getToken(), s.getToken(), s.refresh().then(() => s.getToken())]);
    expect(tokens).toEqual(['token-2', 'token-2', 'token-2', 'token-2']);
    expect(server.count('/api/auth/refresh')).toBe(2);
  });

  it('stays signed in across a network failure and retries after 30 s, then 60 s', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), 'network', 'network', session(3600)] });
    const s = new StaffSession();
    await s.start();
    // A screen's staff call: the session is in use, so the timer renews it.
    expect(await s.getToken()).toBe('token-1');
    await vi.advanceTimersByTimeAsync(3300_000);
    expect(server.count('/api/auth/refresh')).toBe(2);
    expect(s.getSnapshot().status).toBe('signed-in');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.count('/api/auth/refresh')).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.count('/api/auth/refresh')).toBe(3);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(server.count('/api/auth/refresh')).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.count('/api/auth/refresh')).toBe(4);
    expect(s.getSnapshot().status).toBe('signed-in');
    expect(await s.getToken()).toBe('token-2');
  });

  it('signs out and says why when the renewal finds the account disabled', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(60), failure(403, 'auth/user-disabled')], '/api/auth/sign-out': [{ status: 204 }] });
    const s = new StaffSession();
    const ended: string[] = [];
    s.onSessionEnded((r) => ended.push(r));
    await s.start();
    expect(await s.getToken()).toBe('token-1');
    await vi.advanceTimersByTimeAsync(30_000);
    await flush();
    expect(s.getSnapshot()).toEqual({ status: 'signed-out', user: null, reason: 'auth/user-disabled' });
    expect(ended).toEqual(['auth/user-disabled']);
    expect(await s.getToken()).toBeNull();
    expect(server.count('/api/auth/sign-out')).toBe(1);
  });

  it('starts signed out, without a notification, when there is no session to restore', async () => {
    fakeServer({ '/api/auth/refresh': [failure(401, 'auth/user-token-expired')] });
    const s = new StaffSession();
    const ended: string[] = [];
    s.onSessionEnded((r) => ended.push(r));
    await s.start();
    expect(s.getSnapshot()).toEqual({ status: 'signed-out', user: null, reason: null });
    expect(ended).toEqual([]);
  });

  it('signs out when any staff call answers that the account is disabled', async () => {
    fakeServer({ '/api/auth/refresh': [session(3600)], '/api/auth/sign-out': [{ status: 204 }] });
    const s = new StaffSession();
    const ended: string[] = [];
    s.onSessionEnded((r) => ended.push(r));
    await s.start();
    s.handleApiError(new ApiError('auth/user-disabled', 'disabled', 403));
    expect(s.getSnapshot().reason).toBe('auth/user-disabled');
    expect(ended).toEqual(['auth/user-disabled']);
  });

  it('renews first when a staff call says the token expired, and signs out only if the session is gone', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), session(3600), failure(401, 'auth/user-token-expired')], '/api/auth/sign-out': [{ status: 204 }] });
    const s = new StaffSession();
    await s.start();
    s.handleApiError(new ApiError('auth/user-token-expired', 'expired', 401));
    await flush();
    expect(s.getSnapshot().status).toBe('signed-in');
    expect(await s.getToken()).toBe('token-2');
    s.handleApiError(new ApiError('auth/user-token-expired', 'expired', 401));
    await flush();
    expect(s.getSnapshot()).toMatchObject({ status: 'signed-out', reason: 'auth/user-token-expired' });
    expect(server.count('/api/auth/refresh')).toBe(3);
  });

  it('re-reads the claims, at most once a minute, when a staff call is refused', async () => {
    const server = fakeServer({ '/api/auth/refresh': [session(3600), session(3600, { admin: true, super: false }), session(3600)] });
    const s = new StaffSession();
    await s.start();
    const refused = new ApiError('permission-denied', 'no', 403);
    s.handleApiError(refused);
    s.handleApiError(refused);
    await flush();
    expect(server.count('/api/auth/refresh')).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    s.handleApiError(refused);
    await flush();
    expect(server.count('/api/auth/refresh')).toBe(3);
    expect(s.getSnapshot().status).toBe('signed-in');
  });

  it('gives a user without claims no rights instead of failing', async () => {
    fakeServer({ '/api/auth/refresh': [session(3600, null)] });
    const s = new StaffSession();
    await s.start();
    expect(s.getSnapshot().user?.claims).toEqual({ admin: false, super: false });
  });

  it('signs in, and signing out forgets the token at once', async () => {
    const server = fakeServer({ '/api/auth/refresh': [failure(401, 'auth/user-token-expired')], '/api/auth/sign-in': [session(3600)], '/api/auth/sign-out': [{ status: 204 }] });
    const s = new StaffSession();
    await s.start();
    const user = await s.signIn('a@example.org', 'pw');
    expect(user.email).toBe('a@example.org');
    expect(await s.getToken()).toBe('token-1');
    const out = s.signOut();
    expect(s.getSnapshot()).toEqual({ status: 'signed-out', user: null, reason: 'user' });
    await out;
    expect(await s.getToken()).toBeNull();
    expect(server.count('/api/auth/sign-out')).toBe(1);
  });
});

describe('the next path after sign-in', () => {
  it('accepts only paths on this site', () => {
    expect(safeNextPath('/home-form/new?x=1')).toBe('/home-form/new?x=1');
    expect(safeNextPath('https://evil.example/')).toBeNull();
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    // Paths that normalise into another origin.
    expect(safeNextPath('/..//evil.example')).toBeNull();
    expect(safeNextPath('/.//evil.example/x')).toBeNull();
    expect(safeNextPath('/%2e%2e//evil.example')).toBeNull();
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/x\n')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(loginPathFor('/user')).toBe('/login?next=%2Fuser');
    expect(loginPathFor('/')).toBe('/login');
  });
});
