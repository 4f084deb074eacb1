/**
 * Scheduled backups: BACKUP_SCHEDULE is checked at start-up; scheduled times
 * come in the site's time zone (and move when it changes); rotation keeps the
 * newest BACKUP_KEEP of the scheduled, manual and command-line backups and
 * never touches upgrade backups or other files; two instances on one database
 * take exactly one backup per scheduled time. Most tests move a clock by hand
 * (the scheduler waits on it); one runs on the real clock, every second.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { configFromEnv, type AppConfig } from '../src/server/config.js';
import { backupListSchema, type BackupList } from '../src/shared/backup-api.js';
import { backupFileName, backupsApiPath } from '../src/shared/backups.js';
import { testConfig } from './helpers/app.js';
import { ManualClock } from './helpers/clock.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { startBuiltServer } from './support/built-server.js';

const root = path.resolve(import.meta.dirname, '..');

interface Instance {
  app: FastifyInstance;
  /** Every log line, parsed. */
  logs: Record<string, unknown>[];
}

async function instance(config: AppConfig, clock?: ManualClock): Promise<Instance> {
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildApp(config, { logger: true, logStream, render: false, ...(clock ? { backups: { clock } } : {}) });
  await app.ready();
  return { app, logs };
}

async function list(app: FastifyInstance, user: TestUser): Promise<BackupList> {
  const res = await app.inject({ method: 'GET', url: backupsApiPath, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return backupListSchema.parse(res.json());
}

/** What the folder holds, sorted: every file, backups or not. */
function folder(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

const at = (iso: string): Date => new Date(iso);

/** Waits until the scheduler (or each of `count` schedulers) waits for `time`. */
async function plannedFor(clock: ManualClock, time: Date, count = 1): Promise<void> {
  await vi.waitFor(() => expect(clock.planned.filter((p) => p === time.toISOString())).toHaveLength(count), { timeout: 10_000, interval: 20 });
}

describe('BACKUP_SCHEDULE and BACKUP_KEEP at start-up', () => {
  it('refuses an invalid expression with one clear line, before touching the database', async () => {
    const dataDir = tempDir('ngo-schedule-');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PORT: '0', BACKUP_SCHEDULE: 'every night at 3' };
    delete env.DATABASE_URL;
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    try {
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: BACKUP_SCHEDULE: "every night at 3" is not a cron expression such as "0 3 \* \* \*"/);
      expect(fs.existsSync(path.join(dataDir, 'site.sqlite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names what is wrong with BACKUP_SCHEDULE and BACKUP_KEEP, and takes five or six fields (seconds first)', () => {
    const base = { DATA_DIR: tempDir('ngo-schedule-'), AUTH_SECRET: 'a'.repeat(40) };
    expect(() => configFromEnv({ ...base, BACKUP_SCHEDULE: '61 3 * * *' })).toThrow(/^Invalid configuration: BACKUP_SCHEDULE: "61 3 \* \* \*" is not a cron expression/);
    expect(() => configFromEnv({ ...base, BACKUP_SCHEDULE: '0 0 30 2 *' })).toThrow('BACKUP_SCHEDULE: "0 0 30 2 *" never runs');
    for (const keep of ['0', '-3', '2.5', 'all']) expect(() => configFromEnv({ ...base, BACKUP_KEEP: keep })).toThrow('BACKUP_KEEP must be a whole number of at least 1');
    expect(configFromEnv({ ...base, BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '7' })).toMatchObject({ backupSchedule: '0 3 * * *', backupKeep: 7 });
    expect(configFromEnv({ ...base, BACKUP_SCHEDULE: '*/10 * * * * *' })).toMatchObject({ backupSchedule: '*/10 * * * * *', backupKeep: 14 });
    expect(configFromEnv({ ...base, BACKUP_SCHEDULE: '' }).backupSchedule).toBeUndefined();
  });
});

describe.each(dialects())('scheduled backups on %s', (dialect) => {
  let db: TestDatabase;
  let backupDir: string;
  let clock: ManualClock;
  let site: Instance;
  let superUser: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    backupDir = tempDir('ngo-backups-');
    // Already there: a command-line backup, a manual one, an upgrade backup and a file that is no backup.
    fs.writeFileSync(path.join(backupDir, 'site-2026-11-20T12-00-00Z.tar.gz'), 'from the command line');
    fs.writeFileSync(path.join(backupDir, 'site-2026-11-22T12-00-00Z-manual.tar.gz'), 'from Back up now');
    fs.writeFileSync(path.join(backupDir, 'site-2026-11-21T12-00-00Z-upgrade.tar.gz'), 'before a schema upgrade');
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'the operator keeps notes here');
    clock = new ManualClock(at('2026-11-23T00:00:00Z'));
    site = await instance(testConfig(db, { backupDir, backupSchedule: '0 3 * * *', backupKeep: 2, logLevel: 'info' }), clock);
    superUser = await createUser(site.app, 'super');
  });
  afterAll(async () => {
    await site?.app.close();
    await db?.drop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  /** Moves the clock to `time` and waits until the backup scheduled for it is verified. */
  async function runAt(time: Date): Promise<BackupList> {
    await plannedFor(clock, time);
    clock.advanceTo(time);
    const name = backupFileName(time, 'schedule', false);
    return vi.waitFor(
      async () => {
        const l = await list(site.app, superUser);
        expect(l.running).toBeNull();
        expect(l.backups.find((b) => b.name === name)?.verified).toBe(true);
        return l;
      },
      { timeout: 20_000, interval: 50 },
    );
  }

  it('says the schedule, its time zone, what is kept and the next time', async () => {
    await plannedFor(clock, at('2026-11-23T03:00:00Z'));
    expect(await list(site.app, superUser)).toMatchObject({ schedule: '0 3 * * *', timeZone: 'UTC', keep: 2, nextAt: '2026-11-23T03:00:00.000Z', running: null, lastFailure: null });
  });

  it('takes a backup at each scheduled time and keeps the newest BACKUP_KEEP, never an upgrade backup or a file that is no backup', async () => {
    let l = await runAt(at('2026-11-23T03:00:00Z'));
    // The scheduled one and the manual one are the newest two; the command-line one goes.
    expect(folder(backupDir)).toEqual(['notes.txt', 'site-2026-11-21T12-00-00Z-upgrade.tar.gz', 'site-2026-11-22T12-00-00Z-manual.tar.gz', 'site-2026-11-23T03-00-00Z-schedule.tar.gz']);
    expect(l.backups.map((b) => [b.name, b.trigger, b.verified])).toEqual([
      ['site-2026-11-23T03-00-00Z-schedule.tar.gz', 'schedule', true],
      ['site-2026-11-22T12-00-00Z-manual.tar.gz', 'manual', false],
      ['site-2026-11-21T12-00-00Z-upgrade.tar.gz', 'upgrade', false],
    ]);
    expect(l.nextAt).toBe('2026-11-24T03:00:00.000Z');

    await runAt(at('2026-11-24T03:00:00Z'));
    l = await runAt(at('2026-11-25T03:00:00Z'));
    expect(folder(backupDir)).toEqual(['notes.txt', 'site-2026-11-21T12-00-00Z-upgrade.tar.gz', 'site-2026-11-24T03-00-00Z-schedule.tar.gz', 'site-2026-11-25T03-00-00Z-schedule.tar.gz']);
    expect(l.backups.filter((b) => b.trigger !== 'upgrade').map((b) => b.name)).toEqual(['site-2026-11-25T03-00-00Z-schedule.tar.gz', 'site-2026-11-24T03-00-00Z-schedule.tar.gz']);
    expect(l.lastFailure).toBeNull();
  });

  it('plans the next time afresh when the site’s time zone changes, and refuses a zone that does not exist', async () => {
    await plannedFor(clock, at('2026-11-26T03:00:00Z'));
    const current = (await site.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: Record<string, unknown>; version: number };
    const put = (timeZone: string, version: number) =>
      site.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...superUser.headers, 'if-match': String(version) }, payload: { data: { ...current.data, timeZone } } });

    const refused = await put('Mars/Olympus_Mons', current.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.timeZone', message: expect.stringContaining('time zone name such as Africa/Nairobi') } });

    const saved = await put('Africa/Nairobi', current.version);
    expect(saved.statusCode, saved.body).toBe(200);
    // 03:00 in Nairobi (UTC+3) is midnight UTC.
    await plannedFor(clock, at('2026-11-26T00:00:00Z'));
    expect(clock.planned).not.toContain('2026-11-26T03:00:00.000Z');
    expect(await list(site.app, superUser)).toMatchObject({ timeZone: 'Africa/Nairobi', nextAt: '2026-11-26T00:00:00.000Z' });
    const l = await runAt(at('2026-11-26T00:00:00Z'));
    expect(l.backups[0]?.name).toBe('site-2026-11-26T00-00-00Z-schedule.tar.gz');
  });
});

describe.each(dialects())('two instances on one %s database', (dialect) => {
  let db: TestDatabase;
  let backupDir: string;
  let clock: ManualClock;
  let instances: Instance[];
  let superUser: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    backupDir = tempDir('ngo-backups-');
    clock = new ManualClock(at('2026-11-23T00:00:00Z'));
    // One database and one shared BACKUP_DIR, as behind a load balancer.
    const config = testConfig(db, { backupDir, backupSchedule: '0 3 * * *', backupKeep: 10, logLevel: 'info' });
    instances = [await instance(config, clock), await instance(config, clock)];
    superUser = await createUser(instances[0]!.app, 'super');
  });
  afterAll(async () => {
    for (const i of instances ?? []) await i.app.close();
    await db?.drop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  const decisions = (i: Instance, time: Date): string[] => i.logs.filter((l) => l.scheduledFor === time.toISOString()).map((l) => String(l.msg));

  it('takes exactly one backup per scheduled time', async () => {
    const times = [at('2026-11-23T03:00:00Z'), at('2026-11-24T03:00:00Z'), at('2026-11-25T03:00:00Z')];
    for (const time of times) {
      await plannedFor(clock, time, 2);
      clock.advanceTo(time);
      // Each instance decides: it claimed the time, or another instance had.
      await vi.waitFor(
        () => {
          for (const i of instances) expect(decisions(i, time)).toHaveLength(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      const all = instances.flatMap((i) => decisions(i, time)).sort();
      expect(all).toEqual(['scheduled backup claimed', 'scheduled backup taken by another instance']);
      const name = backupFileName(time, 'schedule', false);
      // Both instances idle again (the claimer has rotated and let go of its backup) before the clock moves on.
      await vi.waitFor(
        async () => {
          for (const i of instances) {
            const l = await list(i.app, superUser);
            expect(l.running).toBeNull();
            expect(l.backups.find((b) => b.name === name)?.verified).toBe(true);
          }
        },
        { timeout: 20_000, interval: 50 },
      );
      const runs = await instances[0]!.app.services.db.kysely.selectFrom('backup_runs').select(['name', 'status']).where('scheduled_for', '=', time.toISOString()).execute();
      expect(runs).toEqual([{ name, status: 'verified' }]);
      // Only the instance that claimed the time wrote a backup.
      expect(instances.map((i) => i.logs.filter((l) => l.msg === 'backup taken and read back' && l.backup === name).length).sort()).toEqual([0, 1]);
    }
    expect(folder(backupDir)).toEqual(times.map((t) => backupFileName(t, 'schedule', false)));
  });
});

describe.each(dialects())('scheduled backups on the real clock on %s', (dialect) => {
  let db: TestDatabase;
  let backupDir: string;
  let site: Instance | null = null;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    backupDir = tempDir('ngo-backups-');
  });
  afterEach(async () => {
    await site?.app.close();
    site = null;
  });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('fires every second and rotates to BACKUP_KEEP=1; closing the server leaves no run unfinished', async () => {
    site = await instance(testConfig(db, { backupDir, backupSchedule: '* * * * * *', backupKeep: 1, logLevel: 'info' }));
    const { kysely } = site.app.services.db;
    await vi.waitFor(
      async () => {
        const verified = await kysely.selectFrom('backup_runs').select('name').where('trigger', '=', 'schedule').where('status', '=', 'verified').execute();
        expect(verified.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 30_000, interval: 100 },
    );
    await site.app.close();
    site = null;
    const running = db.open();
    try {
      expect(await running.kysely.selectFrom('backup_runs').select('id').where('status', '=', 'running').execute()).toEqual([]);
      const newest = await running.kysely.selectFrom('backup_runs').select('name').where('status', '=', 'verified').orderBy('scheduled_for', 'desc').limit(1).executeTakeFirstOrThrow();
      // One scheduled backup is kept: the newest verified one.
      expect(folder(backupDir)).toEqual([newest.name]);
    } finally {
      await running.close();
    }
  });
});

describe('the built server', () => {
  it('reads BACKUP_SCHEDULE and BACKUP_KEEP from the environment and lists its scheduled backups verified', async () => {
    const server = await startBuiltServer({ env: { SEED_DEMO: 'false', BACKUP_SCHEDULE: '* * * * * *', BACKUP_KEEP: '2' } });
    try {
      const signIn = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: server.superEmail, password: server.superPassword }) });
      expect(signIn.status).toBe(200);
      const { idToken } = (await signIn.json()) as { idToken: string };
      const l = await vi.waitFor(
        async () => {
          const res = await fetch(`${server.url}${backupsApiPath}`, { headers: { authorization: `Bearer ${idToken}` } });
          const body = backupListSchema.parse(await res.json());
          expect(body.backups.filter((b) => b.trigger === 'schedule' && b.verified).length).toBeGreaterThanOrEqual(2);
          return body;
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(l).toMatchObject({ schedule: '* * * * * *', keep: 2, timeZone: 'UTC', lastFailure: null });
    } finally {
      await server.stop();
    }
  });
});
