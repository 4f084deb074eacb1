/**
 * The one fetch client of the browser app: JSON in and out, the Bearer token
 * when signed in, and every failure as an ApiError carrying the catalogue's
 * code, the message staff read, and per-field messages. A conditional write
 * (sent with If-Match) carries an Idempotency-Key and is resent with it when
 * its answer never came (shared/request-key.ts).
 */
import { isErrorCode, messageByCode, type ErrorCode } from '../shared/errors.js';
import { requestKeyHeader, resendDelaysMs, resentAfterStatuses } from '../shared/request-key.js';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly fields?: Record<string, string>,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Seconds to wait before trying again, from a Retry-After header (429). */
  retryAfter?: number;

  /** The whole JSON answer (a sign-in that needs a second step carries its challenge beside the error). */
  body?: unknown;
}

type ApiErrorListener = (err: ApiError) => void;
let apiErrorListener: ApiErrorListener = () => undefined;

/** The auth client listens for failures that end the session (a disabled account, an expired session). */
export function setApiErrorListener(fn: ApiErrorListener): void {
  apiErrorListener = fn;
}

type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider = async () => null;

/** The auth client registers how to get a fresh idToken. */
export function setTokenProvider(fn: TokenProvider): void {
  tokenProvider = fn;
}

/** The current idToken, for the few calls fetch cannot make (upload progress needs XMLHttpRequest). */
export function getIdToken(): Promise<string | null> {
  return tokenProvider();
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Optimistic concurrency: the version the edit started from. */
  ifMatch?: number | string;
  signal?: AbortSignal;
  /** Skip the Authorization header (public calls). */
  anonymous?: boolean;
  headers?: Record<string, string>;
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
}

/** How long a call may take before it counts as failed (docs/spec-conformance.md, "Business constants and limits"). */
export const requestTimeoutMs = 30_000;

/** A fresh Idempotency-Key: 16 random bytes, base64url (crypto.getRandomValues works on plain-HTTP pages too, where randomUUID does not). */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Waits `ms`, or less when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // A conditional write carries a key and is resent when its answer never came (shared/request-key.ts).
  const resendable = options.ifMatch !== undefined;
  if (options.ifMatch !== undefined) headers['if-match'] = String(options.ifMatch);
  if (resendable) headers[requestKeyHeader] = newRequestKey();
  let res: Response | undefined;
  // A call that takes longer than 30 s has failed, resends included.
  const deadline = AbortSignal.timeout(options.timeoutMs ?? requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  for (let attempt = 0; ; attempt++) {
    if (!options.anonymous) {
      const token = await tokenProvider();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    const wait = resendable ? resendDelaysMs[attempt] : undefined;
    try {
      res = await fetch(path, { method: options.method ?? 'GET', headers, body, signal, credentials: 'same-origin' });
    } catch (err) {
      if (deadline.aborted && !options.signal?.aborted) throw new ApiError('deadline-exceeded', messageByCode['deadline-exceeded'], 0);
      if ((err as Error).name === 'AbortError') throw err;
      if (wait === undefined) throw new ApiError('unavailable', messageByCode.unavailable, 0);
      await pause(wait, signal);
      continue;
    }
    if (wait === undefined || !resentAfterStatuses.includes(res.status)) break;
    await res.body?.cancel();
    await pause(wait, signal);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: handled below.
  }
  if (!res.ok) {
    const error = apiErrorOf(res, json);
    if (!options.anonymous) apiErrorListener(error);
    throw error;
  }
  return json as T;
}

/** A failed answer as an ApiError: the catalogue's code, the server's words, the fields it names, Retry-After. */
export function apiErrorOf(res: Pick<Response, 'status' | 'headers'>, json: unknown): ApiError {
  const e = (json as { error?: { code?: unknown; message?: unknown; field?: unknown; fields?: unknown; details?: unknown } } | undefined)?.error;
  const code: ErrorCode = isErrorCode(e?.code) ? e.code : res.status >= 500 ? 'internal' : 'unknown';
  const message = typeof e?.message === 'string' ? e.message : messageByCode[code];
  const error = new ApiError(
    code,
    message,
    res.status,
    typeof e?.field === 'string' ? e.field : undefined,
    e?.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : undefined,
    e?.details,
  );
  const retryAfter = Number(res.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = retryAfter;
  error.body = json;
  return error;
}

/**
 * Starts a file download with the staff member's token (a plain link cannot
 * carry it). Only the wait for the answer's headers is limited (30 s); the
 * body may take as long as it needs. Resolves with the answer once it is ok,
 * else throws its ApiError; `release()` stops following `signal` once the body
 * is read.
 */
export async function fetchFile(path: string, accept: string, signal?: AbortSignal): Promise<{ res: Response; release(): void }> {
  const token = await tokenProvider();
  const headers: Record<string, string> = { accept };
  if (token) headers.authorization = `Bearer ${token}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  const release = () => signal?.removeEventListener('abort', cancel);
  let res: Response;
  try {
    res = await fetch(path, { headers, credentials: 'same-origin', signal: controller.signal });
  } catch (err) {
    release();
    if (timedOut) throw new ApiError('deadline-exceeded', messageByCode['deadline-exceeded'], 0);
    if (signal?.aborted) throw err;
    throw new ApiError('unavailable', messageByCode.unavailable, 0);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    release();
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    throw apiErrorOf(res, json);
  }
  return { res, release };
}
