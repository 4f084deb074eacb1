/**
 * The staff API's bearer tokens as an attacker would try them: only an
 * idToken this server signed (HS256 with its AUTH_SECRET), for the staff
 * audience, from this site as issuer and not expired opens a staff endpoint;
 * anything else is 401 (ASVS 9.1.1, 9.1.2, 9.1.3, 9.2.1, 9.2.3).
 */
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, testAuthSecret, type TestApp } from './helpers/app.js';
import { createUser, type TestUser } from './helpers/users.js';

const key = new TextEncoder().encode(testAuthSecret);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('idTokens', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let claims: Record<string, unknown>;

  /** The claims of a real token, signed again as given (a forged token that is right in every other way). */
  const forged = (change: Record<string, unknown>, options: { key?: Uint8Array; header?: { alg: string } } = {}) =>
    new SignJWT({ ...claims, ...change })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(options.header ?? {}) })
      .sign(options.key ?? key);
  const status = async (token: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, code: res.json<{ error?: { code: string } }>().error?.code };
  };

  beforeAll(async () => {
    t = await build('sqlite');
    app = t.app;
    admin = await createUser(app, 'admin');
    claims = decodeJwt(admin.token) as Record<string, unknown>;
  });
  afterAll(async () => t?.close());

  it('opens a staff endpoint with the token the server signed, and with the same claims signed again with its key', async () => {
    expect((await status(admin.token)).status).toBe(200);
    expect((await status(await forged({}))).status).toBe(200);
  });

  it('refuses a token signed with another key, one made super-admin without a new signature, and one with no signature ("alg": "none")', async () => {
    expect(await status(await forged({}, { key: new TextEncoder().encode('another-secret-another-secret-another-secret') }))).toEqual({ status: 401, code: 'unauthenticated' });
    const [header, , signature] = admin.token.split('.');
    expect(await status(`${header}.${b64({ ...claims, super: true })}.${signature}`)).toEqual({ status: 401, code: 'unauthenticated' });
    expect(await status(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toEqual({ status: 401, code: 'unauthenticated' });
  });

  it('refuses a token of another algorithm, another audience or another issuer', async () => {
    expect(await status(await forged({}, { header: { alg: 'HS512' } }))).toEqual({ status: 401, code: 'unauthenticated' });
    expect(await status(await forged({ aud: 'public' }))).toEqual({ status: 401, code: 'unauthenticated' });
    expect(await status(await forged({ iss: 'https://another-site.example.org' }))).toEqual({ status: 401, code: 'unauthenticated' });
  });

  it('refuses an expired token, or one not yet valid, as expired or invalid', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await status(await forged({ iat: now - 7200, exp: now - 3600 }))).toEqual({ status: 401, code: 'auth/user-token-expired' });
    expect(await status(await forged({ nbf: now + 3600 }))).toEqual({ status: 401, code: 'unauthenticated' });
  });
});
