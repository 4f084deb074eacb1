/**
 * The role matrix: every role against every endpoint and every collection of
 * the registry. Allowed calls succeed (2xx); the others answer 401
 * `unauthenticated` (signed out) or 403 `permission-denied` (signed in), and a
 * disabled account's token is refused everywhere with 403 `auth/user-disabled`.
 * The expectations are written from design.md sections 5 and 6, not read from
 * the policy table under test.
 */
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, type ContentDocument } from '../src/shared/collections.js';
import { pages } from '../src/shared/pages.js';
import { insertDocument } from '../src/server/content/repository.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

type MatrixRole = 'anonymous' | 'none' | 'admin' | 'super' | 'disabled';
const matrixRoles: readonly MatrixRole[] = ['anonymous', 'none', 'admin', 'super', 'disabled'];

const everyone: readonly MatrixRole[] = ['anonymous', 'none', 'admin', 'super'];
const staff: readonly MatrixRole[] = ['admin', 'super'];
const superOnly: readonly MatrixRole[] = ['super'];

/** design.md section 5: customers are never public; items are super-only; every other collection is public to read and staff to write. */
function collectionReaders(name: string): readonly MatrixRole[] {
  return name === 'customer' ? staff : everyone;
}
function collectionWriters(name: string): readonly MatrixRole[] {
  return name === 'item' ? superOnly : staff;
}

interface Env {
  t: TestApp;
  users: Record<Exclude<MatrixRole, 'anonymous'>, TestUser>;
  refs: FixtureRefs;
  /** A published document per collection, for reads. */
  published: Map<string, string>;
}

interface Row {
  endpoint: string;
  /** Which collection, page or resource the row is about. */
  target: string;
  allowed: readonly MatrixRole[];
  /** Builds the request; may create what it needs first (as a trusted fixture, not through the API). */
  request: (env: Env, role: MatrixRole) => Promise<InjectOptions>;
}

/** A draft at version 1, written straight to the database. */
async function freshDocumentId(env: Env, collection: string): Promise<string> {
  const c = collections.find((x) => x.name === collection)!;
  const row = await insertDocument(env.t.app.services.db.kysely, {
    id: crypto.randomUUID(),
    collection,
    data: JSON.stringify(validData(c, env.refs, 'Matrix')),
    status: 'draft',
    at: new Date().toISOString(),
    by: null,
  });
  return row.id;
}

async function pngBytes(): Promise<Buffer> {
  const [r, g, b] = crypto.randomBytes(3);
  return sharp({ create: { width: 24, height: 16, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

function multipart(file: Buffer, name: string, contentType: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----matrix${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads an image through the media API as the super-admin; falls back to a bare row while that API is missing. */
async function uploadedMedia(env: Env): Promise<string> {
  const form = multipart(await pngBytes(), 'matrix.png', 'image/png');
  const res = await env.t.app.inject({ method: 'POST', url: '/api/media', headers: { ...env.users.super.headers, ...form.headers }, payload: form.payload });
  if (res.statusCode === 201 || res.statusCode === 200) return (res.json() as { id: string }).id;
  return insertMedia(env.t.app);
}

let ipCounter = 0;

const rows: Row[] = [
  ...collections.flatMap((c): Row[] => [
    {
      endpoint: 'list documents',
      target: c.name,
      allowed: collectionReaders(c.name),
      request: async () => ({ method: 'GET', url: `/api/collections/${c.name}/documents` }),
    },
    {
      endpoint: 'read a document',
      target: c.name,
      allowed: collectionReaders(c.name),
      request: async (env) => ({ method: 'GET', url: `/api/collections/${c.name}/documents/${env.published.get(c.name)}` }),
    },
    {
      endpoint: 'create a document',
      target: c.name,
      allowed: collectionWriters(c.name),
      request: async (env) => ({ method: 'POST', url: `/api/collections/${c.name}/documents`, payload: { data: validData(c, env.refs, 'Created') } }),
    },
    {
      endpoint: 'update a document',
      target: c.name,
      allowed: collectionWriters(c.name),
      request: async (env) => {
        const id = await freshDocumentId(env, c.name);
        return { method: 'PATCH', url: `/api/collections/${c.name}/documents/${id}`, headers: { 'if-match': '1' }, payload: { status: 'published' } };
      },
    },
    {
      endpoint: 'delete a document',
      target: c.name,
      allowed: collectionWriters(c.name),
      request: async (env) => {
        const id = await freshDocumentId(env, c.name);
        return { method: 'DELETE', url: `/api/collections/${c.name}/documents/${id}`, headers: { 'if-match': '1' } };
      },
    },
    {
      endpoint: 'reorder',
      target: c.name,
      allowed: collectionWriters(c.name),
      request: async (env) => {
        const ids = await env.t.app.services.db.kysely.selectFrom('documents').select('id').where('collection', '=', c.name).orderBy('id').execute();
        return { method: 'POST', url: `/api/collections/${c.name}/reorder`, payload: { ids: ids.map((r) => r.id) } };
      },
    },
  ]),
  ...pages.map(
    (p): Row => ({
      endpoint: 'page bundle',
      target: p.name,
      allowed: everyone,
      request: async () => ({ method: 'GET', url: `/api/pages/${p.name}` }),
    }),
  ),
  { endpoint: 'read settings', target: 'settings', allowed: everyone, request: async () => ({ method: 'GET', url: '/api/settings' }) },
  {
    endpoint: 'save settings',
    target: 'settings',
    allowed: superOnly,
    request: async (env) => {
      const current = (await env.t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: unknown; version: number };
      return { method: 'PUT', url: '/api/settings', headers: { 'if-match': String(current.version) }, payload: { data: current.data } };
    },
  },
  { endpoint: 'list users', target: 'users', allowed: superOnly, request: async () => ({ method: 'GET', url: '/api/users' }) },
  {
    endpoint: 'create a user',
    target: 'users',
    allowed: superOnly,
    request: async () => ({
      method: 'POST',
      url: '/api/users',
      payload: { email: `new-${crypto.randomUUID().slice(0, 8)}@example.org`, displayName: 'New Editor', role: 'admin', password: `Tq7-${crypto.randomBytes(9).toString('base64url')}!` },
    }),
  },
  {
    endpoint: 'read a user',
    target: 'users',
    allowed: superOnly,
    request: async (env) => ({ method: 'GET', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}` }),
  },
  {
    endpoint: 'update a user',
    target: 'users',
    allowed: superOnly,
    request: async (env) => ({ method: 'PATCH', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}`, payload: { displayName: 'Renamed Editor' } }),
  },
  {
    endpoint: 'delete a user',
    target: 'users',
    allowed: superOnly,
    request: async (env) => ({ method: 'DELETE', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}` }),
  },
  {
    endpoint: 'upload media',
    target: 'media',
    allowed: staff,
    request: async () => {
      const form = multipart(await pngBytes(), 'upload.png', 'image/png');
      return { method: 'POST', url: '/api/media', headers: form.headers, payload: form.payload };
    },
  },
  {
    endpoint: 'delete media',
    target: 'media',
    allowed: staff,
    request: async (env) => ({ method: 'DELETE', url: `/api/media/${await uploadedMedia(env)}` }),
  },
  {
    endpoint: 'download media',
    target: 'media',
    allowed: everyone,
    request: async (env) => ({ method: 'GET', url: `/media/${await uploadedMedia(env)}/original` }),
  },
  {
    endpoint: 'submit the contact form',
    target: 'functions',
    allowed: everyone,
    request: async () => ({
      method: 'POST',
      url: '/api/functions/submitContact',
      // Each call from its own address, so the form's rate limit does not decide the answer.
      headers: { 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` },
      payload: { data: { name: 'Amina Juma', email: 'amina@example.org', message: 'I would like to volunteer at the next community hearing.', consent: true } },
    }),
  },
];

describe.each(dialects())('role matrix on %s', (dialect) => {
  const env = {} as Env;

  beforeAll(async () => {
    env.t = await build(dialect);
    env.users = {
      none: await createUser(env.t.app, 'none'),
      admin: await createUser(env.t.app, 'admin'),
      super: await createUser(env.t.app, 'super'),
      disabled: await createUser(env.t.app, 'super', { disabled: true }),
    };
    env.refs = { imageId: await insertMedia(env.t.app), fileId: await insertMedia(env.t.app, 'pdf') };
    env.published = new Map();
    for (const c of collections) {
      const res = await env.t.app.inject({
        method: 'POST',
        url: `/api/collections/${c.name}/documents`,
        headers: env.users.super.headers,
        payload: { data: validData(c, env.refs, 'Published'), status: 'published' },
      });
      expect(res.statusCode, res.body).toBe(201);
      env.published.set(c.name, (res.json() as ContentDocument).id);
    }
  });
  afterAll(async () => {
    await env.t?.close();
  });

  it('covers every collection of the registry and every page', () => {
    for (const c of collections) expect(rows.filter((r) => r.target === c.name && r.endpoint !== 'page bundle')).toHaveLength(6);
    for (const p of pages) expect(rows.some((r) => r.endpoint === 'page bundle' && r.target === p.name)).toBe(true);
  });

  it.each(matrixRoles)('%s: every endpoint answers as the policy says', async (role) => {
    const mismatches: string[] = [];
    for (const row of rows) {
      const opts = await row.request(env, role);
      const auth = role === 'anonymous' ? {} : env.users[role].headers;
      const res = await env.t.app.inject({ ...opts, headers: { ...(opts.headers as Record<string, string> | undefined), ...auth } });
      const code = res.statusCode >= 400 ? ((res.json() as { error?: { code?: string } }).error?.code ?? '?') : '';
      let expected: string;
      if (role === 'disabled') expected = '403 auth/user-disabled';
      else if (row.allowed.includes(role)) expected = '2xx';
      else expected = role === 'anonymous' ? '401 unauthenticated' : '403 permission-denied';
      const actual = res.statusCode < 300 ? '2xx' : `${res.statusCode} ${code}`;
      if (actual !== expected) mismatches.push(`${row.endpoint} ${row.target}: expected ${expected}, got ${actual}${actual === '2xx' ? '' : ` (${res.body.slice(0, 120)})`}`);
    }
    expect(mismatches).toEqual([]);
  });
});
