/**
 * A backup taken while the site is in use: ten editors save their blocks, one
 * reorders a long collection back and forth, and one uploads pictures, all the
 * time the backup runs. The restored site is the live one at the moment the
 * backup began: no block half-saved or saved later, the order of that moment
 * and not a mix of two, every media row of that moment with its bytes. Then every public page of the restored site is the same
 * HTML as the source's.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { takeBackup } from '../src/server/backup/backup.js';
import { silentProgress } from '../src/server/backup/progress.js';
import type { KyselyPlugin } from 'kysely';
import { openDatabase, type Db } from '../src/server/db/index.js';
import { detailPathOf } from '../src/shared/registry-index.js';
import { seedPages as pages } from '../src/server/structure/default-pages.js';
import { restoreFrom } from './backup-fixtures.js';
import { buildSeeded, testConfig, type TestApp } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { multipartFile } from './helpers/upload.js';

const collection = 'newstory';
/** More blocks than one page of reads, so a backup that read in pages outside one snapshot would mix two orders. */
const longCollection = 2500;
const editors = 10;
/**
 * Saves, reorders or uploads each worker makes at most: the first falls inside the backup's snapshot every time (the
 * backup waits for it), the others land while it reads on; more would only slow the backup (a reorder rewrites 2,500 rows).
 */
const workPerWorker = 4;

interface Doc {
  id: string;
  version: number;
  position: number;
  status: 'draft' | 'published';
  data: Record<string, unknown>;
}

async function listAll(app: TestApp['app'], user: TestUser): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (let offset = 0; ; offset += 500) {
    const res = await app.inject({ method: 'GET', url: `/api/collections/${collection}/documents?limit=500&offset=${offset}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = (res.json() as { documents: Doc[] }).documents;
    docs.push(...page);
    if (page.length < 500) return docs;
  }
}

const multipart = (bytes: Buffer, name: string) => multipartFile(bytes, name, 'image/png');

/** The page says when it was rendered (event times compare with it); everything else must be equal. */
function withoutRenderTime(html: string): string {
  // A form's `started` token (forms/started.ts) is the time its page's bundle was built, signed: a restored site builds its own.
  return html.replace(/"now":"[^"]+"/g, '"now":"…"').replace(/\b\d{13}\.[A-Za-z0-9_-]{43}\b/g, '…');
}

/**
 * The backup's connection, paused once inside its snapshot (after its second
 * query) until `resume` is called: what the editors do meanwhile happens
 * while the backup runs, every time, however fast the machine.
 */
function pausedOnce(db: Db): { db: Db; paused: Promise<void>; resume: () => void } {
  let queries = 0;
  let resume = () => undefined as void;
  let reached = () => undefined as void;
  const paused = new Promise<void>((r) => (reached = r));
  const gate = new Promise<void>((r) => (resume = r));
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries += 1;
      if (queries === 2) {
        reached();
        await gate;
      }
      return args.result;
    },
  };
  return { db: { ...db, kysely: db.kysely.withPlugin(plugin) }, paused, resume };
}

describe.each(dialects())('a backup while editors work, on %s', (dialect) => {
  let source: TestApp;
  let admin: TestUser;
  let orderA: string[];
  let orderB: string[];
  let archive: string;
  let savesDuringBackup = 0;
  let reordersDuringBackup = 0;
  let uploadsDuringBackup = 0;
  let mediaAtStart: string[] = [];
  const targets: TestDatabase[] = [];

  // Seeding the demo encodes its 37 pictures: on two busy cores that alone can take most of the default 180 s.
  beforeAll(async () => {
    source = await buildSeeded(dialect, { render: true });
    admin = await createUser(source.app, 'admin');
    const template = (await listAll(source.app, admin))[0];
    if (!template) throw new Error(`the demo site has no ${collection} block`);
    const now = new Date().toISOString();
    const rows = Array.from({ length: longCollection }, (_, i) => ({
      id: `many${String(i).padStart(5, '0')}`,
      collection,
      data: JSON.stringify({ ...template.data, title: `Story ${i}`, summary: `Story ${i}` }),
      position: 1000 + i,
      status: 'draft' as const,
      version: 1,
      created_at: now,
      updated_at: now,
      created_by: null,
      updated_by: null,
    }));
    for (let i = 0; i < rows.length; i += 250) await source.app.services.db.kysely.insertInto('documents').values(rows.slice(i, i + 250)).execute();
    orderA = (await listAll(source.app, admin)).map((d) => d.id).sort();
    orderB = [...orderA].reverse();

    // The moment the backup begins: each editor's block saved once, the long collection in order B, some pictures.
    for (let e = 0; e < editors; e++) {
      const id = orderA[e * 97]!;
      const doc = (await source.app.inject({ method: 'GET', url: `/api/collections/${collection}/documents/${id}`, headers: admin.headers })).json() as Doc;
      const mark = `Editor ${e}, save 0`;
      const res = await source.app.inject({ method: 'PATCH', url: `/api/collections/${collection}/documents/${id}`, headers: { ...admin.headers, 'if-match': String(doc.version) }, payload: { data: { ...doc.data, title: mark, summary: mark } } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const reordered = await source.app.inject({ method: 'POST', url: `/api/collections/${collection}/reorder`, headers: admin.headers, payload: { ids: orderB } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    mediaAtStart = (await source.app.services.db.kysely.selectFrom('media').select('id').execute()).map((m) => m.id).sort();

    // The backup reads through its own connection, as `npm run cli -- backup` beside a running server does.
    const backupDb = openDatabase({ databaseUrl: source.db.url, dataDir: source.db.dataDir });
    const pause = pausedOnce(backupDb);
    archive = `${tempDir('ngo-editors-')}/site.tar.gz`;
    let inSnapshot = false;
    let backupRunning = true;
    const backup = takeBackup({ config: source.app.services.config, db: pause.db, out: archive, progress: silentProgress }).finally(() => (backupRunning = false));
    await pause.paused;
    inSnapshot = true;
    let saves = 0;
    const waiting: { until: number; wake: () => void }[] = [];
    const saved = () => {
      saves += 1;
      for (const w of waiting.splice(0)) {
        if (saves >= w.until) w.wake();
        else waiting.push(w);
      }
    };
    const savesSince = (n: number) => (backupRunning ? new Promise<void>((wake) => waiting.push({ until: saves + n, wake })) : Promise.resolve());
    void backup.finally(() => waiting.splice(0).forEach((w) => w.wake()));
    // Each worker does its part while the backup is inside its snapshot; the backup goes on once all have.
    let pending = editors + 2;
    const didWork = (count: () => void) => {
      let first = true;
      return () => {
        if (!inSnapshot || !backupRunning) return;
        count();
        if (first) {
          first = false;
          pending -= 1;
          if (pending === 0) pause.resume();
        }
      };
    };
    const editing = Array.from({ length: editors }, async (_, e) => {
      const id = orderA[e * 97]!;
      let doc = (await source.app.inject({ method: 'GET', url: `/api/collections/${collection}/documents/${id}`, headers: admin.headers })).json() as Doc;
      const counted = didWork(() => (savesDuringBackup += 1));
      for (let n = 1; backupRunning && n <= workPerWorker; n++) {
        // Title and summary carry the same mark: a block restored with two different marks was half-saved.
        const mark = `Editor ${e}, save ${n}`;
        const res = await source.app.inject({
          method: 'PATCH',
          url: `/api/collections/${collection}/documents/${id}`,
          headers: { ...admin.headers, 'if-match': String(doc.version) },
          payload: { data: { ...doc.data, title: mark, summary: mark } },
        });
        if (res.statusCode === 409) {
          // A reorder changed the block's version meanwhile: read it again, as the staff form does.
          doc = (await source.app.inject({ method: 'GET', url: `/api/collections/${collection}/documents/${id}`, headers: admin.headers })).json() as Doc;
          continue;
        }
        if (res.statusCode !== 200) throw new Error(`save ${mark}: ${res.statusCode} ${res.body}`);
        doc = res.json() as Doc;
        counted();
        saved();
      }
    });
    const reordering = (async () => {
      const counted = didWork(() => (reordersDuringBackup += 1));
      for (let n = 0; backupRunning && n < workPerWorker; n++) {
        const res = await source.app.inject({ method: 'POST', url: `/api/collections/${collection}/reorder`, headers: admin.headers, payload: { ids: n % 2 === 0 ? orderA : orderB } });
        if (res.statusCode !== 200) throw new Error(`reorder: ${res.statusCode} ${res.body}`);
        counted();
        // A reorder changes every block's version; the editors get to save between two, as people would.
        await savesSince(editors);
      }
    })();
    const uploading = (async () => {
      const counted = didWork(() => (uploadsDuringBackup += 1));
      for (let n = 0; backupRunning && n < workPerWorker; n++) {
        const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: n % 256, g: 90, b: 200 } } }).png().toBuffer();
        const body = multipart(png, `upload-${n}.png`);
        const res = await source.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...admin.headers } });
        if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
        counted();
      }
    })();
    const work = Promise.all([...editing, reordering, uploading]);
    // A worker's failure lets the backup go on and end, then fails the set-up with its reason.
    work.catch(() => pause.resume());
    try {
      await backup;
    } finally {
      await backupDb.close();
    }
    await work;
  }, 300_000);
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await source?.close();
  });

  it('saved, reordered and uploaded while the backup read the database', () => {
    // Without work during the backup, the checks below would prove nothing.
    expect(savesDuringBackup).toBeGreaterThan(0);
    expect(reordersDuringBackup).toBeGreaterThan(0);
    expect(uploadsDuringBackup).toBeGreaterThan(0);
  });

  it.each(dialects())('restores into %s the site as it was when the backup began: no half-saved block, one whole order, every picture with its bytes', async (targetDialect) => {
    const target = await createTestDatabase(targetDialect);
    targets.push(target);
    const config = testConfig(target);
    const db = target.open();
    try {
      await restoreFrom(config, db, archive);
    } finally {
      await db.close();
    }
    const app = await buildApp(config, { logger: false, render: false });
    try {
      const reader = await createUser(app, 'admin', { email: 'reader@example.org' });
      const docs = await listAll(app, reader);
      const edited = docs.filter((d) => String(d.data.title).startsWith('Editor '));
      expect(edited.map((d) => d.data.title).sort()).toEqual(Array.from({ length: editors }, (_, e) => `Editor ${e}, save 0`).sort());
      for (const doc of edited) expect(doc.data.summary, `block ${doc.id}`).toBe(doc.data.title);
      expect(docs.map((d) => d.id)).toEqual(orderB);

      const media = await app.services.db.kysely.selectFrom('media').select('id').execute();
      expect(media.map((m) => m.id).sort()).toEqual(mediaAtStart);
      for (const { id } of media) {
        const info = await app.inject({ method: 'GET', url: `/api/media/${id}`, headers: reader.headers });
        expect(info.statusCode, info.body).toBe(200);
        const body = info.json() as { url: string; variants?: { url: string }[] };
        for (const url of [body.url, ...(body.variants ?? []).map((v) => v.url)]) {
          const file = await app.inject({ method: 'GET', url });
          expect(file.statusCode, `${url} of media ${id}`).toBe(200);
          expect(file.rawPayload.length).toBeGreaterThan(0);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('restores a site whose every public page is the same HTML', async () => {
    const target = await createTestDatabase(dialect);
    targets.push(target);
    const config = testConfig(target);
    // A backup of the site as it is now, after the editors stopped.
    const now = `${tempDir('ngo-pages-')}/site.tar.gz`;
    const backupDb = openDatabase({ databaseUrl: source.db.url, dataDir: source.db.dataDir });
    try {
      await takeBackup({ config: source.app.services.config, db: backupDb, out: now, progress: silentProgress });
    } finally {
      await backupDb.close();
    }
    const db = target.open();
    try {
      await restoreFrom(config, db, now);
    } finally {
      await db.close();
    }
    const app = await buildApp(config, { logger: false, render: true });
    try {
      const published = (await listAll(source.app, admin)).filter((d) => d.status === 'published').slice(0, 3);
      const details = published.map((d) => detailPathOf(collection, d.id)).filter((p): p is string => p !== null);
      expect(details).toHaveLength(published.length);
      const paths = [...pages.map((p) => p.path), ...details];
      for (const url of paths) {
        const before = await source.app.inject({ method: 'GET', url });
        const after = await app.inject({ method: 'GET', url });
        expect(after.statusCode, url).toBe(before.statusCode);
        expect(before.statusCode, url).toBe(200);
        expect(withoutRenderTime(after.body), url).toBe(withoutRenderTime(before.body));
      }
    } finally {
      await app.close();
    }
  });
});
