/**
 * The purge and "Empty trash" against a restore running at the same time: a
 * block restored after the purge read the trash, or whose restore holds the
 * row while the trash is emptied, comes back with its history and its preview
 * links, and is not removed. The moments are picked by wrapping two
 * repository functions (the purge's list of candidates; the restore's write
 * of the row, inside its transaction), so each race is run the same way
 * every time. On SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { editorialApi, type PreviewLinkAnswer, type RevisionsAnswer, type TrashAnswer } from '../src/shared/editorial.js';
import type { PreviewLinksAnswer } from '../src/shared/preview-links.js';
import type * as ContentRepository from '../src/server/content/repository.js';
import { listAudit, toAuditEntry } from '../src/server/audit/repository.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

/** What runs at the picked moment (once, then disarmed). */
const hooks = vi.hoisted(() => ({
  /** After the purge has read its candidates, before it removes any. */
  afterPurgeListed: null as null | (() => Promise<void>),
  /** Inside a restore's transaction, once it has written the block's row (and holds it). */
  insideRestore: null as null | { id: string; run: () => Promise<void> },
}));

vi.mock('../src/server/content/repository.js', async (importOriginal) => {
  const real = await importOriginal<typeof ContentRepository>();
  return {
    ...real,
    trashedBefore: async (...args: Parameters<typeof real.trashedBefore>) => {
      const rows = await real.trashedBefore(...args);
      const run = hooks.afterPurgeListed;
      hooks.afterPurgeListed = null;
      if (run) await run();
      return rows;
    },
    writeDocumentIfVersion: async (...args: Parameters<typeof real.writeDocumentIfVersion>) => {
      const row = await real.writeDocumentIfVersion(...args);
      const [, w] = args;
      const armed = hooks.insideRestore;
      if (armed && w.id === armed.id && w.changes.deleted_at === null) {
        hooks.insideRestore = null;
        await armed.run();
      }
      return row;
    },
  };
});

const section = () => getCollection('descriptionhome')!;
const docsUrl = '/api/collections/descriptionhome/documents';
const retentionMs = 30 * 86_400_000;

describe.each(dialects())('the trash purge against a restore on %s', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let boss: TestUser;
  let refs: FixtureRefs;

  beforeAll(async () => {
    t = await build(dialect);
    editor = await createUser(t.app, 'admin');
    boss = await createUser(t.app, 'super');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    hooks.afterPurgeListed = null;
    hooks.insideRestore = null;
    await t?.close();
  });

  const db = () => t.app.services.db.kysely;

  async function create(title: string): Promise<ContentDocument> {
    const res = await t.app.inject({ method: 'POST', url: docsUrl, headers: editor.headers, payload: { data: { ...validData(section(), refs), title }, status: 'published' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  async function previewLink(doc: ContentDocument): Promise<PreviewLinkAnswer> {
    const res = await t.app.inject({ method: 'POST', url: editorialApi.preview, headers: editor.headers, payload: { page: 'home', document: doc.id } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PreviewLinkAnswer;
  }

  async function trash(id: string): Promise<void> {
    const row = await db().selectFrom('documents').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'DELETE', url: `${docsUrl}/${id}`, headers: { ...editor.headers, 'if-match': `"${row.version}"` } });
    expect(res.statusCode, res.body).toBe(204);
  }

  /** In the trash for longer than the retention period (a trusted fixture: the mark set back in time). */
  async function trashLongAgo(id: string): Promise<void> {
    await trash(id);
    await db().updateTable('documents').set({ deleted_at: new Date(Date.now() - retentionMs - 10 * 86_400_000).toISOString() }).where('id', '=', id).execute();
  }

  const restore = (id: string) => t.app.inject({ method: 'POST', url: editorialApi.restoreFromTrash(id), headers: editor.headers });

  async function historyOf(id: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: editorialApi.revisions('descriptionhome', id), headers: editor.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RevisionsAnswer).revisions.map((r) => r.action);
  }

  async function liveLinkIds(): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: `${editorialApi.preview}?page=home`, headers: editor.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PreviewLinksAnswer).links.map((l) => l.id);
  }

  async function trashIds(): Promise<string[]> {
    return ((await t.app.inject({ method: 'GET', url: editorialApi.trash, headers: boss.headers })).json() as TrashAnswer).entries.map((e) => e.id);
  }

  async function purgeLines(): Promise<(string | null)[]> {
    const { rows } = await listAudit(db(), { limit: 1000, offset: 0 });
    return rows
      .map(toAuditEntry)
      .filter((e) => e.action === 'content.purge')
      .map((e) => e.subjectId);
  }

  const exists = async (id: string) => (await db().selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  /**
   * Runs `purge` from inside the restore of `id`, while the restore's
   * transaction holds the block's row: on PostgreSQL until the purge waits
   * for that row, on SQLite (one writer) as far as it gets before the commit.
   */
  function purgeDuringRestore(id: string, purge: () => Promise<unknown>): { purged: Promise<unknown> } {
    const out: { purged: Promise<unknown> } = { purged: Promise.resolve() };
    hooks.insideRestore = {
      id,
      run: async () => {
        out.purged = purge();
        if (dialect !== 'postgres') return;
        await vi.waitFor(
          async () => {
            const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
            expect(waiting.rows[0]?.n).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 10 },
        );
      },
    };
    return out;
  }

  it('leaves a block restored after the purge listed it, with its history and preview link, and one deleted again waits its full time', async () => {
    const restored = await create('Restored while the purge ran');
    const link = await previewLink(restored);
    const again = await create('Deleted again while the purge ran');
    const expired = await create('Long forgotten');
    for (const doc of [restored, again, expired]) await trashLongAgo(doc.id);

    hooks.afterPurgeListed = async () => {
      expect((await restore(restored.id)).statusCode).toBe(200);
      expect((await restore(again.id)).statusCode).toBe(200);
      await trash(again.id);
    };
    const removed = await t.app.content.editorial.purgeExpired(new Date());
    expect(hooks.afterPurgeListed).toBeNull();

    // The restored block is back as a draft with all its history and its preview link.
    const read = await t.app.inject({ method: 'GET', url: `${docsUrl}/${restored.id}`, headers: editor.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ status: 'draft', data: { title: 'Restored while the purge ran' } });
    expect(await historyOf(restored.id)).toEqual(['untrash', 'create']);
    expect(await liveLinkIds()).toContain(link.id);

    // Deleted again just now: in the trash for another thirty days, history kept.
    expect(await trashIds()).toContain(again.id);
    const kept = await db().selectFrom('revisions').select('action').where('document_id', '=', again.id).orderBy('number', 'desc').execute();
    expect(kept.map((r) => r.action)).toEqual(['untrash', 'create']);

    // The block nobody touched is gone, and only it has a purge line.
    expect(await exists(expired.id)).toBe(false);
    expect(removed).toBe(1);
    const lines = await purgeLines();
    expect(lines).toContain(expired.id);
    expect(lines).not.toContain(restored.id);
    expect(lines).not.toContain(again.id);
  });

  it.each(['empty the trash', 'purge'] as const)('leaves a block whose restore holds it while the server is asked to %s, with its history and preview link', async (way) => {
    const restored = await create(`Restored during ${way}`);
    const link = await previewLink(restored);
    const doomed = await create(`Doomed by ${way}`);
    const doomedLink = await previewLink(doomed);
    await trashLongAgo(restored.id);
    await trashLongAgo(doomed.id);

    const purge =
      way === 'empty the trash'
        ? () => t.app.inject({ method: 'DELETE', url: editorialApi.trash, headers: boss.headers })
        : () => t.app.content.editorial.purgeExpired(new Date());
    const race = purgeDuringRestore(restored.id, purge);
    const back = await restore(restored.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(hooks.insideRestore).toBeNull();
    const outcome = await race.purged;
    if (way === 'empty the trash') expect((outcome as { statusCode: number }).statusCode).toBe(200);

    expect(await exists(restored.id)).toBe(true);
    expect(await historyOf(restored.id)).toEqual(['untrash', 'create']);
    expect(await liveLinkIds()).toContain(link.id);
    expect(await exists(doomed.id)).toBe(false);
    expect(await liveLinkIds()).not.toContain(doomedLink.id);
    expect(await db().selectFrom('revisions').select('id').where('document_id', '=', doomed.id).execute()).toEqual([]);
  });
});
