/**
 * Pruning: unused media older than a day go, with their bytes; used or recent
 * media stay, including one put to use after the prune read what is used.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaInfo } from '../src/shared/media.js';
import { ingestMedia } from '../src/server/media/ingest.js';
import { pruneMedia } from '../src/server/media/lifecycle.js';
import type * as MediaRepository from '../src/server/media/repository.js';
import { createMediaStore, FsMediaStore, keyFor, type MediaStore } from '../src/server/media/store.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { seededPhoto } from './helpers/images.js';

/** Runs once, after the prune has read which files are used and before it removes any. */
const afterUsesRead = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
vi.mock('../src/server/media/repository.js', async (importOriginal) => {
  const real = await importOriginal<typeof MediaRepository>();
  return {
    ...real,
    allMentionedIds: async (...args: Parameters<typeof real.allMentionedIds>) => {
      const ids = await real.allMentionedIds(...args);
      const run = afterUsesRead.run;
      afterUsesRead.run = null;
      if (run) await run();
      return ids;
    },
  };
});

const run = promisify(execFile);
const twoDaysAgo = () => new Date(Date.now() - 2 * 86_400_000);

const photo = (seed: number) => seededPhoto(seed);

describe.each(dialects())('media prune on %s', (dialect) => {
  let t: TestApp;
  let store: MediaStore;

  beforeAll(async () => {
    t = await build(dialect);
    store = createMediaStore(t.app.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ingest(seed: number): Promise<MediaInfo> {
    return (await ingestMedia(t.app.services, store, { bytes: await photo(seed), originalName: `photo-${seed}.jpg` })).info;
  }

  async function age(id: string): Promise<void> {
    await t.app.services.db.kysely.updateTable('media').set({ created_at: twoDaysAgo().toISOString() }).where('id', '=', id).execute();
  }

  async function keys(): Promise<string[]> {
    const out: string[] = [];
    for await (const k of store.list()) out.push(k.key);
    return out;
  }

  async function ageBlob(key: string): Promise<void> {
    if (store instanceof FsMediaStore) {
      const file = path.join(store.root, key.slice(0, 2), key);
      await fs.promises.utimes(file, twoDaysAgo(), twoDaysAgo());
    } else {
      await t.app.services.db.kysely.updateTable('media_blobs').set({ created_at: twoDaysAgo().toISOString() }).where('key', '=', key).execute();
    }
  }

  it('removes old unused media and orphaned bytes, keeps used and recent ones', async () => {
    const used = await ingest(1);
    const unused = await ingest(2);
    const recent = await ingest(3);
    const inSettings = await ingest(4);
    await age(used.id);
    await age(unused.id);
    await age(inSettings.id);
    const now = new Date().toISOString();
    await t.app.services.db.kysely
      .insertInto('documents')
      .values({
        id: crypto.randomUUID(),
        collection: 'historypicture',
        data: JSON.stringify({ image: { mediaId: used.id, alt: 'First office', decorative: false }, caption: 'Our first office' }),
        position: 0,
        status: 'draft',
        version: 1,
        created_at: now,
        updated_at: now,
        created_by: null,
        updated_by: null,
      })
      .execute();
    await t.app.services.db.kysely
      .insertInto('settings')
      .values({ key: 'site', data: JSON.stringify({ organisationName: 'T', contactEmail: 'a@b.org', logo: { mediaId: inSettings.id, alt: 'Logo', decorative: false } }), version: 1, updated_at: now, updated_by: null })
      .execute();
    // Bytes an interrupted upload left behind: one old, one fresh (an upload may be in flight).
    const oldOrphan = Buffer.from('orphan-old');
    const freshOrphan = Buffer.from('orphan-fresh');
    await store.put(keyFor(oldOrphan, 'image/webp'), oldOrphan, 'image/webp');
    await store.put(keyFor(freshOrphan, 'image/webp'), freshOrphan, 'image/webp');
    await ageBlob(keyFor(oldOrphan, 'image/webp'));

    const report = await pruneMedia(t.app.services, store);
    expect(report.media.map((m) => m.id)).toEqual([unused.id]);
    expect(report.orphanKeys).toEqual([keyFor(oldOrphan, 'image/webp')]);

    const left = await keys();
    expect(left.some((k) => k.startsWith(unused.id))).toBe(false);
    for (const v of unused.variants) expect(left).not.toContain(v.url.split('/')[3]);
    expect(left).toContain(keyFor(freshOrphan, 'image/webp'));
    for (const kept of [used, recent, inSettings]) {
      expect((await t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
      for (const v of kept.variants) expect((await t.app.inject({ method: 'GET', url: v.url })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: unused.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${unused.id}` })).statusCode).toBe(404);

    // A second prune finds nothing more.
    expect(await pruneMedia(t.app.services, store)).toEqual({ media: [], orphanKeys: [] });
  });

  it('keeps a file a block started using after the prune read what is used', async () => {
    const picked = await ingest(5);
    await age(picked.id);
    const block = crypto.randomUUID();
    afterUsesRead.run = async () => {
      const now = new Date().toISOString();
      await t.app.services.db.kysely
        .insertInto('documents')
        .values({
          id: block,
          collection: 'historypicture',
          data: JSON.stringify({ image: { mediaId: picked.id, alt: 'The new office', decorative: false }, caption: 'Our new office' }),
          position: 1,
          status: 'draft',
          version: 1,
          created_at: now,
          updated_at: now,
          created_by: null,
          updated_by: null,
        })
        .execute();
    };
    const report = await pruneMedia(t.app.services, store);
    expect(afterUsesRead.run).toBeNull();
    expect(report.media.map((m) => m.id)).not.toContain(picked.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${picked.id}` })).statusCode).toBe(200);
    for (const v of picked.variants) expect((await t.app.inject({ method: 'GET', url: v.url })).statusCode).toBe(200);
    const lines = await t.app.services.db.kysely.selectFrom('audit_log').select('subject_id').where('action', '=', 'media.delete').execute();
    expect(lines.map((l) => l.subject_id)).not.toContain(picked.id);
  });

  it('runs as `npm run cli -- media prune` and prints what it removed', async () => {
    const old = await ingest(7);
    await age(old.id);
    const env = {
      ...process.env,
      DATABASE_URL: t.db.url,
      DATA_DIR: t.db.dataDir,
      MEDIA_STORE: t.app.services.config.mediaStore,
      LOG_LEVEL: 'silent',
    };
    const cli = path.resolve('src/server/cli.ts');
    const tsx = path.resolve('node_modules/.bin/tsx');
    const first = await run(tsx, [cli, 'media', 'prune'], { env, timeout: 60_000 });
    expect(first.stdout).toContain(`removed ${old.id} photo-7.jpg image/jpeg`);
    expect(first.stdout).toMatch(/Pruned 1 unused file/);
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${old.id}` })).statusCode).toBe(404);
    const second = await run(tsx, [cli, 'media', 'prune'], { env, timeout: 60_000 });
    expect(second.stdout).toContain('Nothing to prune');
  });
});
