import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { writeDocumentIfVersion } from '../src/server/content/repository.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

describe.each(dialects())('two editors on one block on %s', (dialect) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let refs: FixtureRefs;

  beforeAll(async () => {
    t = await build(dialect);
    alice = await createUser(t.app, 'admin');
    bob = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newBlock(): Promise<ContentDocument> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/aboutvision/documents',
      headers: alice.headers,
      payload: { data: validData(getCollection('aboutvision')!, refs, 'Shared'), status: 'published' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as ContentDocument;
  }

  const patch = (user: TestUser, id: string, version: number, data: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/collections/aboutvision/documents/${id}`, headers: { ...user.headers, 'if-match': String(version) }, payload: { data } });
  const read = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/collections/aboutvision/documents/${id}`, headers: alice.headers })).json() as ContentDocument;

  it('lets exactly one of two simultaneous saves win; the other gets 409 and can reload and reapply', async () => {
    const doc = await newBlock();
    const [a, b] = await Promise.all([patch(alice, doc.id, 1, { title: 'Alice’s title' }), patch(bob, doc.id, 1, { subtitle: 'Bob’s subtitle' })]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(loser.json()).toMatchObject({ error: { code: 'aborted' } });

    // The winner's change is stored; the loser's is not.
    const stored = await read(doc.id);
    expect(stored.version).toBe(2);
    expect(stored.data).toEqual((winner.json() as ContentDocument).data);
    const winnerIsAlice = winner === a;
    expect(stored.data.title).toBe(winnerIsAlice ? 'Alice’s title' : doc.data.title);
    expect(stored.data.subtitle).toBe(winnerIsAlice ? doc.data.subtitle : 'Bob’s subtitle');

    // The loser reloads and reapplies on the new version: now both edits are kept.
    const retry = winnerIsAlice ? await patch(bob, doc.id, stored.version, { subtitle: 'Bob’s subtitle' }) : await patch(alice, doc.id, stored.version, { title: 'Alice’s title' });
    expect(retry.statusCode, retry.body).toBe(200);
    const final = await read(doc.id);
    expect(final).toMatchObject({ version: 3, data: { title: 'Alice’s title', subtitle: 'Bob’s subtitle' } });
  });

  it('lets exactly one of many simultaneous saves from the same version win', async () => {
    const doc = await newBlock();
    const editors = [alice, bob, alice, bob, alice, bob];
    const results = await Promise.all(editors.map((u, i) => patch(u, doc.id, 1, { title: `Edit ${i}` })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(editors.length - 1);
    const stored = await read(doc.id);
    expect(stored.version).toBe(2);
    expect(stored.data.title).toBe((ok[0]!.json() as ContentDocument).data.title);
  });

  it('writes only when the version still matches, in one statement (no read-then-write gap)', async () => {
    const doc = await newBlock();
    const db = t.app.services.db.kysely;
    const update = (title: string) =>
      writeDocumentIfVersion(db, {
        collection: 'aboutvision',
        id: doc.id,
        expectedVersion: 1,
        changes: { data: JSON.stringify({ ...doc.data, title }), status: 'published' },
        current: { data: JSON.stringify(doc.data), pending_data: null },
        at: new Date().toISOString(),
        by: alice.uid,
        requestKey: null,
      });
    // Both pass any earlier check; the conditional UPDATE itself decides.
    const [first, second] = await Promise.all([update('first'), update('second')]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const stored = await read(doc.id);
    expect(stored.version).toBe(2);
    expect(stored.data.title).toBe((first ?? second)!.data.includes('"first"') ? 'first' : 'second');
  });

  it('refuses a delete from a stale version and keeps the block', async () => {
    const doc = await newBlock();
    const [edit, del] = await Promise.all([
      patch(alice, doc.id, 1, { title: 'Edited' }),
      t.app.inject({ method: 'DELETE', url: `/api/collections/aboutvision/documents/${doc.id}`, headers: { ...bob.headers, 'if-match': '1' } }),
    ]);
    if (edit.statusCode === 200) {
      expect(del.statusCode).toBe(409);
      expect((await read(doc.id)).data.title).toBe('Edited');
    } else {
      // The delete came first: the edit finds nothing to change.
      expect(del.statusCode).toBe(204);
      expect([404, 409]).toContain(edit.statusCode);
    }
  });
});
