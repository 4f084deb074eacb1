/**
 * Pictures uploaded before AVIF copies were made on upload get them: from the
 * job a server runs after it starts, and from `npm run cli -- media avif`.
 * "Older" pictures are made here by taking the AVIF copies off a row, which
 * leaves it as rows were written before.
 */
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOfVariant, type MediaInfo } from '../src/shared/media.js';
import { buildApp } from '../src/server/app.js';
import { ingestMedia, keysOf } from '../src/server/media/ingest.js';
import { removeMedia } from '../src/server/media/lifecycle.js';
import { findMediaById } from '../src/server/media/repository.js';
import { addMissingAvif, AVIF_JOB_LOCK_KEY } from '../src/server/media/avif-job.js';
import { createMediaStore, type MediaStore } from '../src/server/media/store.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { dialects } from './helpers/databases.js';
import { seededPhoto } from './helpers/images.js';

describe.each(dialects())('AVIF copies of older pictures on %s', (dialect) => {
  let t: TestApp;
  let store: MediaStore;

  beforeAll(async () => {
    t = await build(dialect);
    store = createMediaStore(t.app.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A picture as rows were before AVIF: only its WebP copies. */
  async function olderPicture(seed: number): Promise<MediaInfo> {
    const { info } = await ingestMedia(t.app.services, store, { bytes: await seededPhoto(seed, 1200, 800), originalName: `photo-${seed}.jpg` });
    expect(info.avif.length).toBe(2);
    const media = await findMediaById(t.app.services.db, info.id);
    const webpOnly = (media?.variants ?? []).filter((v) => formatOfVariant(v.name) === 'webp');
    await t.app.services.db.kysely.updateTable('media').set({ variants: JSON.stringify(webpOnly), avif_checked: 0 }).where('id', '=', info.id).execute();
    return info;
  }

  it('leaves no bytes behind when the picture is deleted while its copies are made', async () => {
    const { info } = await ingestMedia(t.app.services, store, { bytes: await seededPhoto(9, 1200, 800), originalName: 'photo-9.jpg' });
    const media = await findMediaById(t.app.services.db, info.id);
    if (!media) throw new Error('the picture is not stored');
    const avifKeys = media.variants.filter((v) => formatOfVariant(v.name) === 'avif').map((v) => v.key);
    expect(avifKeys.length).toBe(2);
    await t.app.services.db.kysely.updateTable('media').set({ variants: JSON.stringify(media.variants.filter((v) => formatOfVariant(v.name) === 'webp')), avif_checked: 0 }).where('id', '=', info.id).execute();
    // Stored as uploads left them before AVIF: no AVIF bytes.
    for (const key of avifKeys) await store.delete(key);
    // The job reads the original; at that moment an editor deletes the picture.
    const put: string[] = [];
    const racing: MediaStore = Object.assign(Object.create(store) as MediaStore, {
      async put(key: string, bytes: Buffer, contentType: string) {
        put.push(key);
        await store.put(key, bytes, contentType);
      },
      async get(key: string) {
        const object = await store.get(key);
        const current = await findMediaById(t.app.services.db, info.id);
        if (current) expect((await removeMedia(t.app.services, store, current)).outcome).toBe('removed');
        return object;
      },
    });
    const report = await addMissingAvif(t.app.services, racing);
    expect(report).toMatchObject({ updated: 0, failed: 0 });
    expect(await findMediaById(t.app.services.db, info.id)).toBeUndefined();
    // The copies it made are nobody's: gone, not left for `media prune`.
    expect(put.length).toBe(2);
    for (const key of put) expect(await store.has(key), key).toBe(false);
    for (const key of keysOf(media)) expect(await store.has(key), key).toBe(false);
  });

  it('a server that starts makes the missing copies in the background and says so in the log', async () => {
    const info = await olderPicture(1);
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    const second = await buildApp(testConfig(t.db, { logLevel: 'info' }), { logStream, render: false });
    const done = new Promise<void>((resolve) => {
      second.services.changes.subscribe((event) => {
        if (event.type === 'media' && event.id === info.id) resolve();
      });
    });
    try {
      await second.ready();
      await done;
      const after = (await second.inject({ method: 'GET', url: `/api/media/${info.id}` })).json() as MediaInfo;
      expect(after.avif.map((v) => [v.name, v.width, v.height])).toEqual([
        ['480.avif', 480, 320],
        ['960.avif', 960, 640],
      ]);
      expect(after.variants).toEqual(info.variants);
      for (const v of after.avif) {
        const res = await second.inject({ method: 'GET', url: v.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/avif');
        expect((await sharp(res.rawPayload).metadata()).compression).toBe('av1');
      }
      expect((await findMediaById(t.app.services.db, info.id))?.avifChecked).toBe(true);
      const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
      expect(messages).toContain('media: AVIF copies for picture 1 of 1: 2 made');
      expect(messages).toContain('media: AVIF copies made for 1 of 1 pictures');
    } finally {
      await second.close();
    }
  });

  it('runs now as `npm run cli -- media avif`, a line per picture, and has nothing to do the second time', async () => {
    const info = await olderPicture(2);
    const env = { MEDIA_STORE: t.app.services.config.mediaStore };
    const first = await runCli(t.db, ['media', 'avif'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('1/1 photo-2.jpg: 2 AVIF copies made');
    expect(first.stdout).toContain('AVIF copies made for 1 of 1 pictures.');
    const media = await findMediaById(t.app.services.db, info.id);
    expect(media?.variants.map((v) => v.name).sort()).toEqual(['480', '480.avif', '960', '960.avif']);
    const second = await runCli(t.db, ['media', 'avif'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Every picture has its AVIF copies.');
  });

  it('announces the pictures that gained copies together, not one page render per picture', async () => {
    const older = [await olderPicture(3), await olderPicture(4), await olderPicture(5)];
    const timeline: string[] = [];
    const unsubscribe = t.app.services.changes.subscribe((event) => {
      if (event.type === 'media') timeline.push(`event ${event.id}`);
    });
    try {
      const report = await addMissingAvif(t.app.services, store, (step) => timeline.push(`step ${step.index}`));
      expect(report).toEqual({ total: 3, updated: 3, failed: 0 });
    } finally {
      unsubscribe();
    }
    // Encoding three pictures takes well under the five seconds between announcements: all three come after the last step.
    expect(timeline.slice(0, 3)).toEqual(['step 1', 'step 2', 'step 3']);
    expect(timeline.slice(3).sort()).toEqual(older.map((o) => `event ${o.id}`).sort());
  });

  it.runIf(dialect === 'postgres')('runs on one server at a time: another holds the job, so the command does nothing and says why', async () => {
    const info = await olderPicture(6);
    const pool = t.app.services.db.pool;
    expect(pool).toBeTruthy();
    const holder = await pool!.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [AVIF_JOB_LOCK_KEY]);
      const busy = await runCli(t.db, ['media', 'avif'], { env: { MEDIA_STORE: t.app.services.config.mediaStore } });
      expect(busy.code, busy.stderr).toBe(0);
      expect(busy.stdout).toContain('A server is making the AVIF copies now');
      expect((await findMediaById(t.app.services.db, info.id))?.avifChecked).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [AVIF_JOB_LOCK_KEY]);
    } finally {
      holder.release();
    }
    const after = await addMissingAvif(t.app.services, store);
    expect(after).toEqual({ total: 1, updated: 1, failed: 0 });
  });
});
