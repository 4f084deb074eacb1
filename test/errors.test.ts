import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app.js';
import { createUser } from './helpers/users.js';
import type { InjectOptions } from 'fastify';
import { getCollection } from '../src/shared/collections.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

describe('error answers', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let superUid: string;
  let refs: FixtureRefs;
  beforeAll(async () => {
    t = await build('sqlite');
    ({ headers, uid: superUid } = await createUser(t.app, 'super'));
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One request, answered in the error shape: its status and its code, as a client reads them. */
  async function failure(request: InjectOptions): Promise<[number, string]> {
    const res = await t.app.inject(request);
    const body = res.json() as { error?: { code?: string; message?: string } };
    return [res.statusCode, `${body.error?.code ?? '(no code)'}${body.error?.message ? '' : ' (no message)'}`];
  }

  it('answers each failure a client can cause with its code and the status the catalogue gives it', async () => {
    const admin = await createUser(t.app, 'admin');
    const doc = await t.app.inject({ method: 'POST', url: '/api/collections/aboutvision/documents', headers: admin.headers, payload: { data: validData(getCollection('aboutvision')!, refs, 'Errors') } });
    expect(doc.statusCode).toBe(201);
    const { id } = doc.json() as { id: string };
    const answers = {
      // Nobody signed in writes a block.
      unauthenticated: await failure({ method: 'POST', url: '/api/collections/aboutvision/documents', payload: { data: { title: 'x' } } }),
      // An admin opens the super-admins' backups.
      permissionDenied: await failure({ method: 'GET', url: '/api/backups', headers: admin.headers }),
      notFound: await failure({ method: 'GET', url: '/api/collections/aboutvision/documents/no-such-block', headers }),
      // An edit made from a version someone else has saved over.
      aborted: await failure({ method: 'PATCH', url: `/api/collections/aboutvision/documents/${id}`, headers: { ...headers, 'if-match': '7' }, payload: { data: { title: 'Late' } } }),
      // A super-admin resets their own second factor from the users screen (that is done from their account, with a code).
      failedPrecondition: await failure({ method: 'DELETE', url: `/api/users/${superUid}/second-factor`, headers }),
      invalidCredential: await failure({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nobody@example.org', password: 'not the password' } }),
      emailInUse: await failure({ method: 'POST', url: '/api/users/invitations', headers, payload: { email: admin.email, role: 'admin' } }),
    };
    expect(answers).toEqual({
      unauthenticated: [401, 'unauthenticated'],
      permissionDenied: [403, 'permission-denied'],
      notFound: [404, 'not-found'],
      aborted: [409, 'aborted'],
      failedPrecondition: [412, 'failed-precondition'],
      invalidCredential: [401, 'auth/invalid-credential'],
      emailInUse: [409, 'auth/email-already-in-use'],
    });
  });

  it('answers malformed JSON with 400 invalid-argument in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"data": {',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it('answers an oversized JSON body with 413 and a message, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { title: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/collections/home/documents', headers });
    expect((list.json() as { total: number }).total).toBe(0);
  });

  it('answers an unsupported content type with the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: { ...headers, 'content-type': 'text/xml' },
      payload: '<data/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });
});
