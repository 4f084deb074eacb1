/**
 * The backups API as the staff screen and an operator meet it: "Back up now"
 * answers 202 and the backup appears verified; it restores into a fresh
 * database of either kind and equals the site; editors' saves succeed while it
 * reads its snapshot (and do not leak into it); a second start is refused with
 * 409; a download is the file byte for byte; bad and missing names answer 400
 * and 404; a backup damaged between writing and reading back is removed and
 * shown as the last failure, without the passphrase in the log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { backupPageRows } from '../src/server/backup/backup.js';
import { STOPPED_MESSAGE } from '../src/server/backup/service.js';
import type { AppConfig } from '../src/server/config.js';
import { backupListSchema, backupStartedSchema, type BackupList } from '../src/shared/backup-api.js';
import { backupDownloadPath, backupsApiPath, parseBackupName } from '../src/shared/backups.js';
import { getCollection } from '../src/shared/collections.js';
import { addContent, restoreFrom, snapshot, unpack, withoutRenewals, type SiteContent } from './backup-fixtures.js';
import { insertMedia, validData } from './content-fixtures.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';

/** Holds the next backup inside its snapshot until released. */
class SnapshotGate {
  private armed: { reached: () => void; released: Promise<void> } | null = null;

  hold(): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((r) => (reached = r));
    const released = new Promise<void>((r) => (release = r));
    this.armed = { reached, released };
    return { reached: reachedPromise, release };
  }

  async pass(): Promise<void> {
    const armed = this.armed;
    if (!armed) return;
    this.armed = null;
    armed.reached();
    await armed.released;
  }
}

/** Changes one byte in the middle of the next written archive, before it is read back. */
class Damage {
  armed = false;
  async apply(file: string): Promise<void> {
    if (!this.armed) return;
    this.armed = false;
    const bytes = await fs.promises.readFile(file);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0xff;
    await fs.promises.writeFile(file, bytes);
  }
}

interface Site {
  app: FastifyInstance;
  db: TestDatabase;
  config: AppConfig;
  backupDir: string;
  logs: string[];
  gate: SnapshotGate;
  damage: Damage;
  close(): Promise<void>;
}

async function site(dialect: TestDatabase['dialect'], overrides: Partial<AppConfig> = {}): Promise<Site> {
  const db = await createTestDatabase(dialect);
  const backupDir = tempDir('ngo-backups-');
  const config = testConfig(db, { backupDir, logLevel: 'info', ...overrides });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const gate = new SnapshotGate();
  const damage = new Damage();
  const app = await buildApp(config, { logger: true, logStream, render: false, backups: { duringSnapshot: () => gate.pass(), afterWrite: (file) => damage.apply(file) } });
  await app.ready();
  return {
    app,
    db,
    config,
    backupDir,
    logs,
    gate,
    damage,
    close: async () => {
      await app.close();
      await db.drop();
      fs.rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

async function list(s: Site, user: TestUser): Promise<BackupList> {
  const res = await s.app.inject({ method: 'GET', url: backupsApiPath, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return backupListSchema.parse(res.json());
}

async function backUpNow(s: Site, user: TestUser): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url: backupsApiPath, headers: user.headers });
  expect(res.statusCode, res.body).toBe(202);
  return backupStartedSchema.parse(res.json()).name;
}

/** Waits until nothing runs and the backup is listed (verified or not). */
async function settled(s: Site, user: TestUser, name: string): Promise<BackupList> {
  return vi.waitFor(
    async () => {
      const l = await list(s, user);
      expect(l.running).toBeNull();
      expect(l.backups.map((b) => b.name)).toContain(name);
      return l;
    },
    { timeout: 20_000, interval: 50 },
  );
}

describe.each(dialects())('the backups API on %s', (dialect) => {
  let s: Site;
  let content: SiteContent;
  let superUser: TestUser;
  let admin: TestUser;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    s = await site(dialect);
    content = await addContent(s.app);
    superUser = content.super;
    admin = content.admin;
  });
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await s?.close();
  });

  it('lists nothing at first, with the configuration: no schedule, UTC, keep 14', async () => {
    expect(await list(s, superUser)).toEqual({ backups: [], running: null, lastFailure: null, schedule: null, timeZone: 'UTC', keep: 14, nextAt: null });
  });

  it('records a run left "running" by a stopped server as failed, and it blocks nothing', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await s.app.services.db.kysely
      .insertInto('backup_runs')
      .values({ id: 'crashed', trigger: 'manual', scheduled_for: null, name: 'site-2026-01-01T00-00-00Z-manual.tar.gz', instance: 'gone', started_at: hourAgo, heartbeat_at: hourAgo, finished_at: null, status: 'running', bytes: null, message: null })
      .execute();
    const l = await list(s, superUser);
    expect(l.running).toBeNull();
    expect(l.lastFailure).toEqual({ at: hourAgo, trigger: 'manual', message: STOPPED_MESSAGE });
  });

  it('refuses "Back up now" with 409 while another instance is taking one', async () => {
    const now = new Date().toISOString();
    await s.app.services.db.kysely
      .insertInto('backup_runs')
      .values({ id: 'elsewhere', trigger: 'schedule', scheduled_for: now, name: 'site-2026-01-02T00-00-00Z-schedule.tar.gz', instance: 'other', started_at: now, heartbeat_at: now, finished_at: null, status: 'running', bytes: 1234, message: null })
      .execute();
    try {
      expect((await list(s, superUser)).running).toEqual({ name: 'site-2026-01-02T00-00-00Z-schedule.tar.gz', startedAt: now, phase: 'writing', rows: 0, bytes: 1234 });
      const res = await s.app.inject({ method: 'POST', url: backupsApiPath, headers: superUser.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'aborted', message: expect.stringContaining('already being taken') } });
    } finally {
      await s.app.services.db.kysely.deleteFrom('backup_runs').where('id', '=', 'elsewhere').execute();
    }
  });

  it('"Back up now" answers 202; the backup is verified, clears the last failure, and restores into fresh SQLite and PostgreSQL databases equal to the site', async () => {
    const name = await backUpNow(s, superUser);
    expect(parseBackupName(name)).toMatchObject({ trigger: 'manual', encrypted: false });
    const l = await settled(s, superUser, name);
    const entry = l.backups.find((b) => b.name === name);
    expect(entry).toMatchObject({ verified: true, encrypted: false, trigger: 'manual', bytes: fs.statSync(path.join(s.backupDir, name)).size });
    expect(l.lastFailure).toBeNull();

    const source = await snapshot(s.config, s.app.services.db);
    for (const targetDialect of dialects()) {
      const target = await createTestDatabase(targetDialect);
      targets.push(target);
      const config = testConfig(target);
      const db = target.open();
      try {
        await restoreFrom(config, db, path.join(s.backupDir, name));
        expect(withoutRenewals(await snapshot(config, db))).toEqual(withoutRenewals(source));
      } finally {
        await db.close();
      }
    }
  });

  it('writes and reads back the backup in a worker thread, not on the thread that answers editors', async () => {
    const name = await backUpNow(s, superUser);
    const l = await settled(s, superUser, name);
    expect(l.backups.find((b) => b.name === name)?.verified).toBe(true);
    const line = s.logs
      .join('')
      .split('\n')
      .filter((t) => t.includes('"msg":"backup taken and read back"'))
      .map((t) => JSON.parse(t) as { backup?: string; thread?: unknown })
      .find((entry) => entry.backup === name);
    // The server runs in this test's thread; the backup reports the thread it ran in.
    expect(line?.thread).toEqual(expect.any(Number));
    expect(line?.thread).not.toBe(threadId);
  });

  it('serves a download that is the file byte for byte, privately and not cached', async () => {
    const [backup] = (await list(s, superUser)).backups;
    if (!backup) throw new Error('no backup to download');
    const res = await s.app.inject({ method: 'GET', url: backupDownloadPath(backup.name), headers: superUser.headers });
    expect(res.statusCode).toBe(200);
    const file = fs.readFileSync(path.join(s.backupDir, backup.name));
    expect(res.rawPayload.equals(file)).toBe(true);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(res.headers['content-length']).toBe(String(file.length));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    const head = await s.app.inject({ method: 'HEAD', url: backupDownloadPath(backup.name), headers: superUser.headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(file.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 400 for names that are not backups, 404 for missing ones, and never serves what lies outside BACKUP_DIR', async () => {
    for (const bad of ['not-a-backup.txt', '..%2Fsite.sqlite', '..%2F..%2Fetc%2Fpasswd', 'site-2026-13-45T99-99-99Z.tar.gz.zip', '.site-2026-11-23T10-00-00Z.tar.gz.1a2b3c4d.partial']) {
      const res = await s.app.inject({ method: 'GET', url: `${backupsApiPath}/${bad}`, headers: superUser.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    }
    const missing = await s.app.inject({ method: 'GET', url: backupDownloadPath('site-2020-01-01T00-00-00Z-manual.tar.gz'), headers: superUser.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not-found' } });

    // A link named like a backup, pointing at a secret outside BACKUP_DIR: neither listed nor served.
    const secret = path.join(s.db.dataDir, 'auth-secret-copy');
    fs.writeFileSync(secret, 'not for download');
    const link = 'site-2020-01-02T00-00-00Z.tar.gz';
    fs.symlinkSync(secret, path.join(s.backupDir, link));
    try {
      const res = await s.app.inject({ method: 'GET', url: backupDownloadPath(link), headers: superUser.headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('not for download');
      expect((await list(s, superUser)).backups.map((b) => b.name)).not.toContain(link);
    } finally {
      fs.rmSync(path.join(s.backupDir, link));
    }
  });

  it('keeps editors saving while a backup reads its snapshot; a second "Back up now" meanwhile is 409; the backup holds the blocks as they were when it began', async () => {
    const newstory = getCollection('newstory');
    if (!newstory) throw new Error('newstory is not a collection');
    const refs = { imageId: await insertMedia(s.app), fileId: await insertMedia(s.app, 'pdf') };
    const created: { id: string; version: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/collections/newstory/documents',
        headers: admin.headers,
        payload: { data: { ...validData(newstory, refs, 'Backup'), title: `Before the backup ${i}` }, status: 'published' },
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json() as { id: string; version: number });
    }
    const held = s.gate.hold();
    const name = await backUpNow(s, superUser);
    await held.reached;
    try {
      // The backup is inside its snapshot now; every save must still go through.
      for (const [i, doc] of created.entries()) {
        const res = await s.app.inject({
          method: 'PATCH',
          url: `/api/collections/newstory/documents/${doc.id}`,
          headers: { ...admin.headers, 'if-match': String(doc.version) },
          payload: { data: { title: `Saved during the backup ${i}` } },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const during = await list(s, superUser);
      expect(during.running).toMatchObject({ name, phase: 'writing' });
      const second = await s.app.inject({ method: 'POST', url: backupsApiPath, headers: superUser.headers });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: { code: 'aborted', message: expect.stringContaining(name) } });
    } finally {
      held.release();
    }
    const l = await settled(s, superUser, name);
    expect(l.backups.find((b) => b.name === name)?.verified).toBe(true);
    const lines = (await unpack(path.join(s.backupDir, name))).get('tables/documents.jsonl')?.toString('utf8').trim().split('\n') ?? [];
    const archived = new Map(lines.map((line) => JSON.parse(line) as { id: string; data: string }).map((r) => [r.id, JSON.parse(r.data) as { title: string }]));
    for (const [i, doc] of created.entries()) expect(archived.get(doc.id)?.title).toBe(`Before the backup ${i}`);
  });

  it('reads a table of several pages whole: every row once, in key order', async () => {
    const newstory = getCollection('newstory');
    if (!newstory) throw new Error('newstory is not a collection');
    const refs = { imageId: await insertMedia(s.app), fileId: await insertMedia(s.app, 'pdf') };
    const data = JSON.stringify(validData(newstory, refs, 'Paged'));
    const at = new Date().toISOString();
    // Ids chosen to sort differently as text and as numbers, and more rows than two pages of 500.
    const ids = Array.from({ length: backupPageRows * 2 + 37 }, (_, i) => `paged-${i}`);
    await s.app.services.db.kysely.transaction().execute(async (trx) => {
      for (const [i, id] of ids.entries()) {
        await trx
          .insertInto('documents')
          .values({ id, collection: 'newstory', data, position: 10_000 + i, status: 'draft', version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null })
          .execute();
      }
    });
    const name = await backUpNow(s, superUser);
    expect((await settled(s, superUser, name)).backups.find((b) => b.name === name)?.verified).toBe(true);
    const lines = (await unpack(path.join(s.backupDir, name))).get('tables/documents.jsonl')?.toString('utf8').trim().split('\n') ?? [];
    const archived = lines.map((line) => (JSON.parse(line) as { id: string }).id);
    const stored = (await s.app.services.db.kysely.selectFrom('documents').select('id').execute()).map((r) => r.id);
    expect(archived).toHaveLength(stored.length);
    expect([...archived].sort()).toEqual([...stored].sort());
    // Key order as the database sorts it, the same order a one-query read gives.
    const ordered = (await s.app.services.db.kysely.selectFrom('documents').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(archived).toEqual(ordered);
  });

  it('records a backup damaged between writing and reading back as the last failure and removes it; the next good one clears it', async () => {
    s.damage.armed = true;
    const name = await backUpNow(s, superUser);
    const failed = await vi.waitFor(
      async () => {
        const l = await list(s, superUser);
        expect(l.running).toBeNull();
        expect(l.lastFailure).not.toBeNull();
        return l;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failed.lastFailure).toMatchObject({ trigger: 'manual', message: expect.stringContaining('did not read back intact and was removed') });
    expect(failed.lastFailure?.message).not.toContain(s.backupDir);
    expect(failed.backups.map((b) => b.name)).not.toContain(name);
    expect(fs.existsSync(path.join(s.backupDir, name))).toBe(false);
    expect(s.logs.join('')).toContain('"msg":"backup failed"');

    const next = await backUpNow(s, superUser);
    const l = await settled(s, superUser, next);
    expect(l.lastFailure).toBeNull();
    expect(l.backups.find((b) => b.name === next)?.verified).toBe(true);
  });
});

describe.each(dialects())('encrypted backups through the API on %s', (dialect) => {
  const passphrase = 'correct horse battery staple 42';
  let s: Site;
  let superUser: TestUser;

  beforeAll(async () => {
    s = await site(dialect, { backupPassphrase: passphrase });
    superUser = await createUser(s.app, 'super');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('writes .enc backups that restore with the passphrase; a damaged one fails without the passphrase in the log or the answer', async () => {
    const name = await backUpNow(s, superUser);
    expect(name).toMatch(/-manual\.tar\.gz\.enc$/);
    const l = await settled(s, superUser, name);
    expect(l.backups.find((b) => b.name === name)).toMatchObject({ verified: true, encrypted: true });
    const download = await s.app.inject({ method: 'GET', url: backupDownloadPath(name), headers: superUser.headers });
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.rawPayload.equals(fs.readFileSync(path.join(s.backupDir, name)))).toBe(true);
    const target = await createTestDatabase(dialect);
    const config = testConfig(target);
    const db = target.open();
    try {
      await restoreFrom(config, db, path.join(s.backupDir, name), { passphrase });
      expect(withoutRenewals(await snapshot(config, db))).toEqual(withoutRenewals(await snapshot(s.config, s.app.services.db)));
    } finally {
      await db.close();
      await target.drop();
    }

    s.damage.armed = true;
    const damaged = await backUpNow(s, superUser);
    const failed = await vi.waitFor(
      async () => {
        const f = (await list(s, superUser)).lastFailure;
        expect(f).not.toBeNull();
        return f;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failed?.message).toContain('did not read back intact');
    expect(fs.existsSync(path.join(s.backupDir, damaged))).toBe(false);
    const log = s.logs.join('');
    expect(log).toContain('"msg":"backup failed"');
    expect(log).not.toContain(passphrase);
    expect(JSON.stringify(failed)).not.toContain(passphrase);
  });
});

describe('a BACKUP_DIR that is not a folder', () => {
  let s: Site;
  let superUser: TestUser;

  beforeAll(async () => {
    const file = path.join(tempDir('ngo-backup-file-'), 'backups');
    fs.writeFileSync(file, 'not a folder');
    s = await site('sqlite', { backupDir: file });
    superUser = (await addContent(s.app)).super;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is answered in plain words: the list says what to fix (412), and "Back up now" fails saying a folder is a file', async () => {
    const res = await s.app.inject({ method: 'GET', url: backupsApiPath, headers: superUser.headers });
    expect(res.statusCode, res.body).toBe(412);
    expect(res.json()).toMatchObject({ error: { code: 'failed-precondition' } });
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/^The backup folder cannot be read: a path that should be a folder is a file \(.*\)\. Point BACKUP_DIR at a folder/);

    const started = await s.app.inject({ method: 'POST', url: backupsApiPath, headers: superUser.headers });
    expect(started.statusCode, started.body).toBe(202);
    const failure = await vi.waitFor(
      async () => {
        const runs = await s.app.services.db.kysely.selectFrom('backup_runs').select(['status', 'message']).execute();
        expect(runs.map((r) => r.status)).toEqual(['failed']);
        return runs[0]?.message ?? '';
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failure).toMatch(/^a path that should be a folder is a file \(/);
  });
});
