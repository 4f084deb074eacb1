/** Helpers for the identity tests: an app with auth options, sign-in and the refresh cookie. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { BuildOptions } from '../src/server/app.js';
import { refreshCookieName } from '../src/server/auth/sessions/refresh-tokens.js';
import type { AppConfig } from '../src/server/config.js';
import type { Dialect } from '../src/server/db/index.js';
import { serverOn, testConfig, type TestApp } from './helpers/app.js';
import { createMigratedTestDatabase } from './helpers/databases.js';

export async function buildAuthApp(dialect: Dialect, overrides: Partial<AppConfig> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const db = await createMigratedTestDatabase(dialect);
  return serverOn(db, testConfig(db, overrides), options);
}

export function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });
}

/** A refresh with this token in the refresh cookie (named `__Secure-refresh_token` when the site is https: `secure`). */
export function refresh(app: FastifyInstance, token: string | undefined, secure = false): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/refresh', ...(token !== undefined ? { cookies: { [refreshCookieName(secure)]: token } } : {}) });
}

/** The refresh token a response set, or undefined. */
export function refreshCookie(res: LightMyRequestResponse, secure = false): string | undefined {
  const c = res.cookies.find((k) => k.name === refreshCookieName(secure));
  return c && c.value !== '' ? c.value : undefined;
}

export function setCookieHeader(res: LightMyRequestResponse): string {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h.join('\n') : (h ?? '');
}
