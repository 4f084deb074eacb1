/**
 * Editorial safety on the API: live stays live until published, history and
 * restore, the trash and its purge, scheduling (clock injected; one real short
 * schedule; two instances on one PostgreSQL database), and the audit lines of
 * each step. On SQLite and PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { editorialApi, type AuditEntry, type RevisionDetail, type RevisionsAnswer, type TrashAnswer } from '../src/shared/editorial.js';
import type { PageBundle } from '../src/shared/page-bundle.js';
import { buildApp } from '../src/server/app.js';
import { listAudit, toAuditEntry } from '../src/server/audit/repository.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

const section = () => getCollection('descriptionhome')!;
const docsUrl = '/api/collections/descriptionhome/documents';

describe.each(dialects())('editorial safety on %s', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let colleague: TestUser;
  let boss: TestUser;
  let refs: FixtureRefs;

  const inject = (opts: InjectOptions) => t.app.inject(opts);

  async function create(title: string, status: 'draft' | 'published' = 'published', user = editor): Promise<ContentDocument> {
    const res = await inject({ method: 'POST', url: docsUrl, headers: user.headers, payload: { data: { ...validData(section(), refs), title }, status } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  async function save(doc: { id: string; version: number }, data: Record<string, unknown>, user = editor) {
    return inject({ method: 'PATCH', url: `${docsUrl}/${doc.id}`, headers: { ...user.headers, 'if-match': `"${doc.version}"` }, payload: { data } });
  }

  async function step(path: string, doc: { version: number }, body: Record<string, unknown> = {}, user = editor) {
    return inject({ method: 'POST', url: path, headers: { ...user.headers, 'if-match': `"${doc.version}"` }, payload: body });
  }

  async function read(id: string, user = editor): Promise<ContentDocument> {
    const res = await inject({ method: 'GET', url: `${docsUrl}/${id}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContentDocument;
  }

  /** The titles visitors get on the home page's bundle. */
  async function publicTitles(): Promise<string[]> {
    const res = await inject({ method: 'GET', url: '/api/pages/home' });
    expect(res.statusCode).toBe(200);
    return ((res.json() as PageBundle).sections.descriptionhome ?? []).map((d) => String(d.data.title));
  }

  async function auditOf(id: string): Promise<AuditEntry[]> {
    const { rows } = await listAudit(t.app.services.db.kysely, { limit: 1000, offset: 0 });
    return rows.map(toAuditEntry).filter((e) => e.subjectId === id);
  }

  beforeAll(async () => {
    t = await build(dialect);
    editor = await createUser(t.app, 'admin');
    colleague = await createUser(t.app, 'admin');
    boss = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the public page as it was while an editor saves a published block, and shows the change once published', async () => {
    const doc = await create('Live words');
    expect(await publicTitles()).toContain('Live words');

    const saved = await save(doc, { title: 'New words' });
    expect(saved.statusCode, saved.body).toBe(200);
    const pending = saved.json() as ContentDocument;
    expect(pending).toMatchObject({ status: 'published', hasPendingChanges: true, publishAt: null, version: doc.version + 1 });
    expect(pending.data.title).toBe('New words');
    expect(pending.liveData?.title).toBe('Live words');
    expect(await publicTitles()).toContain('Live words');
    expect(await publicTitles()).not.toContain('New words');
    // Visitors reading the block through the API get the live version too.
    const visitor = await inject({ method: 'GET', url: `${docsUrl}/${doc.id}` });
    expect((visitor.json() as { data: { title: string } }).data.title).toBe('Live words');

    // A preview link of the page (test/preview.test.ts shows what it renders): made by the same editor.
    const preview = await inject({ method: 'POST', url: editorialApi.preview, headers: editor.headers, payload: { page: 'home' } });
    expect(preview.statusCode, preview.body).toBe(201);

    const published = await step(editorialApi.publish('descriptionhome', doc.id), pending);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', hasPendingChanges: false, liveData: null });
    expect(await publicTitles()).toContain('New words');
    expect(await publicTitles()).not.toContain('Live words');

    const lines = await auditOf(doc.id);
    expect(lines.map((l) => l.action).reverse()).toEqual(['content.create', 'content.save', 'content.publish']);
    // The three steps of the editor's journey, in order, with their name: save, preview, publish.
    const { rows: journey } = await listAudit(t.app.services.db.kysely, { actor: editor.uid, limit: 1000, offset: 0 });
    const steps = journey
      .map(toAuditEntry)
      .filter((e) => (e.subjectId === doc.id && e.action !== 'content.create') || (e.action === 'preview.create' && e.subjectId === (preview.json() as { id: string }).id))
      .reverse();
    expect(steps.map((e) => [e.action, e.actor?.name])).toEqual([
      ['content.save', editor.displayName],
      ['preview.create', editor.displayName],
      ['content.publish', editor.displayName],
    ]);
    for (const line of lines) {
      expect(line.actor?.uid).toBe(editor.uid);
      expect(line.actor?.name).toBe(editor.displayName);
      expect(line.ip).toBe('127.0.0.1');
    }
    // The publish line links to the revision it made.
    const { revisions } = (await inject({ method: 'GET', url: editorialApi.revisions('descriptionhome', doc.id), headers: editor.headers })).json() as RevisionsAnswer;
    expect(lines[0]!.revisionId).toBe(revisions[0]!.id);
    expect(revisions[0]!.action).toBe('publish');
  });

  it('saves a draft in place and publishes it; PATCH with status published still saves and publishes in one step', async () => {
    const draft = await create('Draft words', 'draft');
    const saved = (await save(draft, { title: 'Draft words, edited' })).json() as ContentDocument;
    expect(saved).toMatchObject({ status: 'draft', hasPendingChanges: false });
    expect(await publicTitles()).not.toContain('Draft words, edited');

    const both = await inject({
      method: 'PATCH',
      url: `${docsUrl}/${draft.id}`,
      headers: { ...editor.headers, 'if-match': `"${saved.version}"` },
      payload: { data: { title: 'Draft words, live' }, status: 'published' },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ status: 'published', hasPendingChanges: false });
    expect(await publicTitles()).toContain('Draft words, live');
  });

  it('discards pending changes back to the live version', async () => {
    const doc = await create('Keep me');
    const pending = (await save(doc, { title: 'Throw me away' })).json() as ContentDocument;
    const discarded = await step(editorialApi.discard('descriptionhome', doc.id), pending);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({ hasPendingChanges: false, data: { title: 'Keep me' } });
    expect((await read(doc.id)).data.title).toBe('Keep me');
  });

  it('unpublishes at once: the block leaves the page and its pending changes become the draft', async () => {
    const doc = await create('Going away');
    const pending = (await save(doc, { title: 'Going away, edited' })).json() as ContentDocument;
    const res = await step(editorialApi.unpublish('descriptionhome', doc.id), pending);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', hasPendingChanges: false, data: { title: 'Going away, edited' } });
    const titles = await publicTitles();
    expect(titles).not.toContain('Going away');
    expect(titles).not.toContain('Going away, edited');
  });

  it('refuses a stale If-Match with 409 aborted and a publish of invalid pending data with 400 naming the field, changing nothing', async () => {
    const doc = await create('Contested');
    const mine = (await save(doc, { title: 'Mine' })).json() as ContentDocument;
    // A colleague publishes while this editor still holds the older version.
    const theirs = await step(editorialApi.publish('descriptionhome', doc.id), mine, {}, colleague);
    expect(theirs.statusCode).toBe(200);
    const stale = await save(mine, { title: 'Lost?' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'aborted' } });
    const stalePublish = await step(editorialApi.publish('descriptionhome', doc.id), mine);
    expect(stalePublish.statusCode).toBe(409);
    expect((await read(doc.id)).data.title).toBe('Mine');

    // Pending data that no longer passes the rules (written around the API, as an older version of the rules would have let it).
    const current = await read(doc.id);
    await t.app.services.db.kysely
      .updateTable('documents')
      .set({ pending_data: JSON.stringify({ ...current.data, title: '' }) })
      .where('id', '=', doc.id)
      .execute();
    const refused = await step(editorialApi.publish('descriptionhome', doc.id), current);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.title' } });
    expect(await publicTitles()).toContain('Mine');
  });

  it('keeps a revision of every step, compares none away, and restores an old one as pending changes, never live', async () => {
    const doc = await create('First version');
    const second = (await save(doc, { title: 'Second version' })).json() as ContentDocument;
    const live = (await step(editorialApi.publish('descriptionhome', doc.id), second)).json() as ContentDocument;
    const third = (await save(live, { title: 'Third version' })).json() as ContentDocument;

    const list = await inject({ method: 'GET', url: editorialApi.revisions('descriptionhome', doc.id), headers: editor.headers });
    expect(list.statusCode).toBe(200);
    const { revisions } = list.json() as RevisionsAnswer;
    expect(revisions.map((r) => [r.number, r.action])).toEqual([
      [4, 'save'],
      [3, 'publish'],
      [2, 'save'],
      [1, 'create'],
    ]);
    expect(revisions[0]!.by).toEqual({ uid: editor.uid, name: editor.displayName });

    const first = await inject({ method: 'GET', url: editorialApi.revision('descriptionhome', doc.id, revisions[3]!.id), headers: editor.headers });
    expect(first.statusCode).toBe(200);
    expect((first.json() as RevisionDetail).data.title).toBe('First version');

    const restored = await step(editorialApi.restoreRevision('descriptionhome', doc.id, revisions[3]!.id), third);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'published', hasPendingChanges: true, data: { title: 'First version' }, liveData: { title: 'Second version' } });
    expect(await publicTitles()).toContain('Second version');
    expect(await publicTitles()).not.toContain('First version');

    const missing = await inject({ method: 'GET', url: editorialApi.revision('descriptionhome', doc.id, '00000000-0000-4000-8000-000000000000'), headers: editor.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not-found' } });
    const restoreMissing = await step(editorialApi.restoreRevision('descriptionhome', doc.id, '00000000-0000-4000-8000-000000000000'), restored.json() as ContentDocument);
    expect(restoreMissing.statusCode).toBe(404);
    const lines = await auditOf(doc.id);
    expect(lines[0]).toMatchObject({ action: 'content.restore-revision' });
    expect(lines[0]!.revisionId).not.toBeNull();
  });

  it('moves a deleted block to the trash, hidden at once, and restores it where it was, as a draft, with its history', async () => {
    const doc = await create('Trashed words');
    const res = await inject({ method: 'DELETE', url: `${docsUrl}/${doc.id}`, headers: { ...editor.headers, 'if-match': `"${doc.version}"` } });
    expect(res.statusCode).toBe(204);
    expect(await publicTitles()).not.toContain('Trashed words');
    expect((await inject({ method: 'GET', url: `${docsUrl}/${doc.id}`, headers: editor.headers })).statusCode).toBe(404);
    const list = (await inject({ method: 'GET', url: docsUrl, headers: editor.headers })).json() as { documents: ContentDocument[] };
    expect(list.documents.map((d) => d.id)).not.toContain(doc.id);

    const trash = (await inject({ method: 'GET', url: editorialApi.trash, headers: editor.headers })).json() as TrashAnswer;
    const entry = trash.entries.find((e) => e.id === doc.id);
    expect(entry).toMatchObject({ collection: 'descriptionhome', title: 'Trashed words', deletedBy: { uid: editor.uid, name: editor.displayName } });
    expect(Date.parse(entry!.purgeAt) - Date.parse(entry!.deletedAt)).toBe(30 * 86_400_000);

    const back = await inject({ method: 'POST', url: editorialApi.restoreFromTrash(doc.id), headers: editor.headers });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ id: doc.id, status: 'draft', position: doc.position, data: { title: 'Trashed words' } });
    const { revisions } = (await inject({ method: 'GET', url: editorialApi.revisions('descriptionhome', doc.id), headers: editor.headers })).json() as RevisionsAnswer;
    expect(revisions.map((r) => r.action)).toEqual(['untrash', 'create']);
    expect((await auditOf(doc.id)).map((l) => l.action)).toEqual(['content.restore', 'content.delete', 'content.create']);
    // Not in the trash any more.
    expect((await inject({ method: 'POST', url: editorialApi.restoreFromTrash(doc.id), headers: editor.headers })).statusCode).toBe(404);
  });

  it('lets only a super-admin empty the trash, and removes blocks past the retention period for good', async () => {
    const old = await create('Old trash');
    await inject({ method: 'DELETE', url: `${docsUrl}/${old.id}`, headers: { ...editor.headers, 'if-match': `"${old.version}"` } });
    const refused = await inject({ method: 'DELETE', url: editorialApi.trash, headers: editor.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'permission-denied' } });

    // Thirty days later (the clock injected), the server's pass removes it with its revisions.
    expect(await t.app.content.editorial.purgeExpired(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await t.app.content.editorial.purgeExpired(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const trash = (await inject({ method: 'GET', url: editorialApi.trash, headers: boss.headers })).json() as TrashAnswer;
    expect(trash.entries.map((e) => e.id)).not.toContain(old.id);
    const left = await t.app.services.db.kysely.selectFrom('revisions').select('id').where('document_id', '=', old.id).execute();
    expect(left).toEqual([]);
    expect((await auditOf(old.id))[0]).toMatchObject({ action: 'content.purge', actor: null });

    const doomed = await create('Doomed');
    await inject({ method: 'DELETE', url: `${docsUrl}/${doomed.id}`, headers: { ...editor.headers, 'if-match': `"${doomed.version}"` } });
    const emptied = await inject({ method: 'DELETE', url: editorialApi.trash, headers: boss.headers });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((emptied.json() as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    expect(((await inject({ method: 'GET', url: editorialApi.trash, headers: boss.headers })).json() as TrashAnswer).entries).toEqual([]);
  });

  it('schedules a publish: nothing happens before its time, the pass after it publishes the pending changes once', async () => {
    const doc = await create('Before the launch');
    const pending = (await save(doc, { title: 'After the launch' })).json() as ContentDocument;
    const at = new Date(Date.now() + 60_000);
    const scheduled = await step(editorialApi.publish('descriptionhome', doc.id), pending, { at: at.toISOString().replace('Z', '+00:00') });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const s = scheduled.json() as ContentDocument;
    expect(s.publishAt).toBe(at.toISOString());
    const filtered = (await inject({ method: 'GET', url: `${docsUrl}?state=scheduled`, headers: editor.headers })).json() as { documents: ContentDocument[] };
    expect(filtered.documents.map((d) => d.id)).toContain(doc.id);
    const drafts = (await inject({ method: 'GET', url: `${docsUrl}?state=draft`, headers: editor.headers })).json() as { documents: ContentDocument[] };
    expect(drafts.documents.map((d) => d.id)).not.toContain(doc.id);

    expect(await t.app.content.editorial.runDue(new Date(at.getTime() - 1000))).toBe(0);
    expect(await publicTitles()).toContain('Before the launch');
    expect(await t.app.content.editorial.runDue(new Date(at.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await publicTitles()).toContain('After the launch');
    const after = await read(doc.id);
    expect(after).toMatchObject({ publishAt: null, hasPendingChanges: false, version: s.version + 1 });
    // A second pass finds nothing left to do.
    await t.app.content.editorial.runDue(new Date(at.getTime() + 2000));
    expect((await read(doc.id)).version).toBe(after.version);
    const lines = await auditOf(doc.id);
    expect(lines.filter((l) => l.action === 'content.publish')).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'content.publish', actor: null });
  });

  it('schedules an unpublish, and cancels a schedule', async () => {
    const doc = await create('Until Friday');
    const at = new Date(Date.now() + 120_000).toISOString();
    const scheduled = (await step(editorialApi.unpublish('descriptionhome', doc.id), doc, { at })).json() as ContentDocument;
    expect(scheduled.unpublishAt).toBe(at);
    await t.app.content.editorial.runDue(new Date(Date.parse(at) + 1000));
    expect(await publicTitles()).not.toContain('Until Friday');
    expect((await read(doc.id)).status).toBe('draft');

    const other = await create('Maybe later', 'draft');
    const set = (await step(editorialApi.publish('descriptionhome', other.id), other, { at: new Date(Date.now() + 60_000).toISOString() })).json() as ContentDocument;
    const cancel = await inject({ method: 'DELETE', url: editorialApi.schedule('descriptionhome', other.id), headers: { ...editor.headers, 'if-match': `"${set.version}"` } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ publishAt: null, unpublishAt: null, status: 'draft' });
    await t.app.content.editorial.runDue(new Date(Date.now() + 120_000));
    expect((await read(other.id)).status).toBe('draft');
  });

  it('refuses a schedule time that is not a date and time', async () => {
    const doc = await create('Badly scheduled');
    const res = await step(editorialApi.publish('descriptionhome', doc.id), doc, { at: 'next Tuesday' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'at' } });
    expect((await read(doc.id)).version).toBe(doc.version);
  });
});

describe.each(dialects())('the scheduler inside the server on %s', (dialect) => {
  it('publishes a block scheduled a moment ahead without anyone asking', async () => {
    const t = await build(dialect, {}, { editorial: { intervalMs: 200 } });
    try {
      const editor = await createUser(t.app, 'admin');
      const refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
      const created = await t.app.inject({ method: 'POST', url: docsUrl, headers: editor.headers, payload: { data: { ...validData(section(), refs), title: 'On the hour' } } });
      const doc = created.json() as ContentDocument;
      const at = new Date(Date.now() + 1500).toISOString();
      const res = await t.app.inject({ method: 'POST', url: editorialApi.publish('descriptionhome', doc.id), headers: { ...editor.headers, 'if-match': `"${doc.version}"` }, payload: { at } });
      expect(res.statusCode, res.body).toBe(200);
      await expect
        .poll(
          async () => {
            const bundle = (await t.app.inject({ method: 'GET', url: '/api/pages/home' })).json() as PageBundle;
            return (bundle.sections.descriptionhome ?? []).map((d) => d.data.title);
          },
          { timeout: 20_000, interval: 100 },
        )
        .toContain('On the hour');
      // Not before its time.
      const { rows } = await listAudit(t.app.services.db.kysely, { action: 'content.publish', limit: 10, offset: 0 });
      expect(rows).toHaveLength(1);
      expect(Date.parse(rows[0]!.at)).toBeGreaterThanOrEqual(Date.parse(at));
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!dialects().includes('postgres'))('two instances on one PostgreSQL database', () => {
  it('publish a scheduled block exactly once: one revision, one audit line, one version bump', async () => {
    const t = await build('postgres');
    const second = await buildApp(testConfig(t.db), { logger: false, render: false });
    await second.ready();
    try {
      const editor = await createUser(t.app, 'admin');
      const refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
      const ids: string[] = [];
      const at = new Date(Date.now() + 60_000);
      for (let i = 0; i < 12; i += 1) {
        const created = (await t.app.inject({ method: 'POST', url: docsUrl, headers: editor.headers, payload: { data: { ...validData(section(), refs), title: `Race ${i}` } } })).json() as ContentDocument;
        const res = await t.app.inject({
          method: 'POST',
          url: editorialApi.publish('descriptionhome', created.id),
          headers: { ...editor.headers, 'if-match': `"${created.version}"` },
          payload: { at: at.toISOString() },
        });
        expect(res.statusCode).toBe(200);
        ids.push(created.id);
      }
      const later = new Date(at.getTime() + 1000);
      const [a, b] = await Promise.all([t.app.content.editorial.runDue(later), second.content.editorial.runDue(later)]);
      expect(a + b).toBe(12);
      const db = t.app.services.db.kysely;
      for (const id of ids) {
        const publishes = await db.selectFrom('revisions').select('id').where('document_id', '=', id).where('action', '=', 'publish').execute();
        expect(publishes).toHaveLength(1);
        const lines = await db.selectFrom('audit_log').select('id').where('subject_id', '=', id).where('action', '=', 'content.publish').execute();
        expect(lines).toHaveLength(1);
        const row = await db.selectFrom('documents').select(['version', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
        // Created (1), scheduled (2), published (3).
        expect(row).toEqual({ version: 3, status: 'published' });
      }
    } finally {
      await second.close();
      await t.close();
    }
  });
});
