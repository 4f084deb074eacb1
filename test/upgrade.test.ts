/**
 * Starting a newer version on an older database: one verified upgrade backup,
 * then the migrations, all or nothing. A failing migration leaves the old
 * level and every row; a backup that cannot be written stops the start before
 * anything changes; instances starting together on one PostgreSQL database
 * back up and migrate once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { verifyArchive } from '../src/server/backup/archive-reader.js';
import { readCatalogue } from '../src/server/db/catalogue.js';
import { migrate, migrationNames, migrationStatus, type ExtraMigrations } from '../src/server/db/index.js';
import { backupListSchema } from '../src/shared/backup-api.js';
import { backupsApiPath, upgradeBackupsKept } from '../src/shared/backups.js';
import { restoreFrom, snapshot, withoutRenewals } from './backup-fixtures.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { createUser } from './helpers/users.js';
import { addedSinceFirst, appliedMigrations, captureLog, expectBroughtForward, expectOldSiteWorks, oldSite, upgradeBackups } from './upgrade-fixtures.js';

const root = path.resolve(import.meta.dirname, '..');
const passphrase = 'upgrade backup passphrase';

/** A good migration (a column filled from the rows, a table with a row) and one that fails after it. */
const goodThenBad: ExtraMigrations = {
  '2099-01-01-good': {
    async up(db) {
      await db.schema.alterTable('users').addColumn('nickname', 'text').execute();
      await db.updateTable('users').set({ nickname: sql`display_name` }).execute();
      await db.schema.createTable('good_notes').addColumn('id', 'text', (c) => c.primaryKey()).execute();
      await db.insertInto('good_notes').values({ id: 'written by the good migration' }).execute();
    },
  },
  '2099-01-02-bad': {
    async up(db) {
      await db.schema.alterTable('no_such_table').addColumn('x', 'text').execute();
    },
  },
};

function upgradeLines(lines: string[]): string[] {
  return lines.filter((l) => l.includes('Upgrade backup written and verified'));
}

describe.each(dialects())('starting on an older database on %s', (dialect) => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of databases) await t.drop();
  });
  async function database(): Promise<TestDatabase> {
    const t = await createTestDatabase(dialect);
    databases.push(t);
    return t;
  }

  it('takes one verified upgrade backup, then migrates; the backup holds the old data and restores it', async () => {
    const t = await database();
    const config = testConfig(t, { logLevel: 'info', backupPassphrase: passphrase });
    const site = await oldSite(t, config);
    const log = captureLog();
    const app = await buildApp(config, { logger: true, logStream: log.stream, render: false });
    let backup: string;
    try {
      const backups = upgradeBackups(path.join(t.dataDir, 'backups'));
      expect(backups).toHaveLength(1);
      backup = backups[0] ?? '';
      expect(backup).toMatch(/-upgrade\.tar\.gz\.enc$/);
      const lines = upgradeLines(log.lines());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(backup);
      expect(log.lines().join('\n')).not.toContain(passphrase);

      expect(await migrationStatus(app.services.db)).toEqual({ applied: migrationNames(dialect), pending: [], unknown: [] });
      expect(await appliedMigrations(app.services.db)).toEqual(migrationNames(dialect));
      await expectOldSiteWorks(app, site);
      // The backups screen lists it as verified and made before an upgrade.
      const owner = await createUser(app, 'super', { email: 'upgrade-owner@example.org' });
      const list = backupListSchema.parse((await app.inject({ method: 'GET', url: backupsApiPath, headers: owner.headers })).json());
      expect(list.backups.map((b) => ({ name: b.name, trigger: b.trigger, verified: b.verified }))).toEqual([{ name: path.basename(backup), trigger: 'upgrade', verified: true }]);
    } finally {
      await app.close();
    }

    // The backup is the database as it was before the upgrade: its level, and exactly the old rows.
    const archive = await verifyArchive(backup, { passphrase, authSecret: config.authSecret });
    expect(archive.manifest.schemaLevel).toBe(site.level);
    for (const [table, rows] of Object.entries(site.before.tables)) {
      expect((archive.rows.get(table) ?? []).map((r) => JSON.stringify(r)).sort(), table).toEqual(rows);
    }
    // And it restores: into a fresh database every old row comes back, with the later columns' defaults.
    const target = await database();
    const targetConfig = testConfig(target);
    const db = target.open();
    try {
      const result = await restoreFrom(targetConfig, db, backup, { passphrase });
      expect(result.broughtForwardFrom).toBe(site.level);
      expectBroughtForward(site.before, await snapshot(targetConfig, db), addedSinceFirst, withoutRenewals);
    } finally {
      await db.close();
    }
  });

  it(`keeps only the newest ${upgradeBackupsKept} upgrade backups and leaves every other file in BACKUP_DIR alone`, async () => {
    const backupDir = tempDir('ngo-upgrade-backups-');
    const others: Record<string, string> = {
      'site-2026-01-01T00-00-00Z.tar.gz': 'a command-line backup',
      'site-2026-01-02T00-00-00Z-manual.tar.gz': 'a "Back up now" backup',
      'site-2026-01-03T00-00-00Z-schedule.tar.gz.enc': 'a scheduled backup',
      'notes.txt': 'the operator keeps notes here',
    };
    for (const [name, text] of Object.entries(others)) fs.writeFileSync(path.join(backupDir, name), text);
    fs.mkdirSync(path.join(backupDir, 'site-2026-01-04T00-00-00Z-upgrade.tar.gz'));
    const taken: string[] = [];
    for (let i = 0; i < upgradeBackupsKept + 1; i++) {
      const t = await database();
      const config = testConfig(t, { backupDir, logLevel: 'info' });
      await oldSite(t, config);
      const log = captureLog();
      const app = await buildApp(config, { logger: true, logStream: log.stream, render: false });
      await app.close();
      const line = upgradeLines(log.lines())[0] ?? '';
      const file = upgradeBackups(backupDir).find((f) => line.includes(f) && !taken.includes(f));
      expect(file, line).toBeDefined();
      taken.push(file ?? '');
    }
    expect(upgradeBackups(backupDir).filter((f) => fs.statSync(f).isFile())).toEqual(taken.slice(1).sort());
    for (const [name, text] of Object.entries(others)) expect(fs.readFileSync(path.join(backupDir, name), 'utf8')).toBe(text);
    // A folder that merely has a backup's name is not a backup: left alone.
    expect(fs.statSync(path.join(backupDir, 'site-2026-01-04T00-00-00Z-upgrade.tar.gz')).isDirectory()).toBe(true);
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('a fresh database is migrated without a backup', async () => {
    const t = await database();
    const config = testConfig(t);
    const app = await buildApp(config, { logger: false, render: false });
    await app.close();
    expect(upgradeBackups(path.join(t.dataDir, 'backups'))).toEqual([]);
  });

  it('a migration that fails after a good one: start-up names it, the old level and every row stay, and the site starts without it', async () => {
    const t = await database();
    const config = testConfig(t);
    const site = await oldSite(t, config);
    const attempt = buildApp(config, { logger: false, render: false, migrations: goodThenBad });
    await expect(attempt).rejects.toThrow(`Database migration 2099-01-02-bad failed`);
    await expect(attempt).rejects.toThrow(`Nothing was changed: the database is still at schema level ${site.level}.`);
    await expect(attempt).rejects.toThrow(/The backup taken before it is .*-upgrade\.tar\.gz/);

    const db = t.open();
    try {
      expect(await appliedMigrations(db)).toEqual([site.level]);
      // The good migration and the site's own pending ones were rolled back with it: no new column, no new table, same rows.
      const catalogue = await readCatalogue(db.kysely, db.dialect);
      expect(catalogue.map((c) => c.name)).not.toContain('good_notes');
      expect(catalogue.find((c) => c.name === 'users')?.columns.map((c) => c.name)).not.toContain('nickname');
      expect(catalogue.find((c) => c.name === 'users')?.columns.map((c) => c.name)).not.toContain('tokens_valid_after');
      expect(await snapshot(config, db)).toEqual(site.before);
    } finally {
      await db.close();
    }

    const app = await buildApp(config, { logger: false, render: false });
    try {
      expect(await appliedMigrations(app.services.db)).toEqual(migrationNames(dialect));
      expectBroughtForward(site.before, await snapshot(config, app.services.db), addedSinceFirst);
      await expectOldSiteWorks(app, site);
    } finally {
      await app.close();
    }
  });

  it('refuses to start an older version on a database a newer one upgraded, without a backup or a change', async () => {
    const t = await database();
    const config = testConfig(t);
    const later = { '2099-02-01-from-a-later-version': { up: async () => undefined } };
    const newer = await buildApp(config, { logger: false, render: false, migrations: later });
    const held = await snapshot(config, newer.services.db);
    await newer.close();

    await expect(buildApp(config, { logger: false, render: false })).rejects.toThrow(
      `This database is at schema level 2099-02-01-from-a-later-version, newer than this version of the site knows (${migrationNames(dialect).at(-1)})`,
    );
    expect(upgradeBackups(path.join(t.dataDir, 'backups'))).toEqual([]);
    const db = t.open();
    try {
      expect(await appliedMigrations(db)).toEqual([...migrationNames(dialect), '2099-02-01-from-a-later-version']);
      expect(await snapshot(config, db)).toEqual(held);
    } finally {
      await db.close();
    }
  });

  it('refuses to migrate when the backup folder cannot be written, says why in one line, and changes nothing', async () => {
    const t = await database();
    // A folder under a plain file cannot be created, even by root.
    const blocker = path.join(t.dataDir, 'not-a-folder');
    fs.writeFileSync(blocker, 'a file where the backup folder should be');
    const backupDir = path.join(blocker, 'backups');
    const config = testConfig(t, { backupDir });
    const site = await oldSite(t, config);

    const attempt = buildApp(config, { logger: false, render: false });
    await expect(attempt).rejects.toThrow(`Not upgrading the database from schema level ${site.level}: the backup before the upgrade failed (`);
    await expect(attempt).rejects.toThrow(`Nothing was changed. Make ${backupDir} a writable folder`);

    // The server itself stops with that one line and exit code 1.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.dataDir, BACKUP_DIR: backupDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' };
    for (const name of ['DATABASE_URL', 'BOOTSTRAP_SUPER_EMAIL', 'BOOTSTRAP_SUPER_PASSWORD', 'BACKUP_PASSPHRASE', 'MEDIA_STORE']) delete env[name];
    if (dialect === 'postgres') env.DATABASE_URL = t.url;
    const run = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve, reject) => {
      // The signal only ends a server that wrongly started; the assertions below say what should have happened.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], signal: AbortSignal.timeout(120_000) });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', (err) => (err.name === 'AbortError' ? undefined : reject(err)));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Not upgrading the database from schema level .*: the backup before the upgrade failed \(.*\)\. Nothing was changed\./);

    const db = t.open();
    try {
      expect(await appliedMigrations(db)).toEqual([site.level]);
      expect(await snapshot(config, db)).toEqual(site.before);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!dialects().includes('postgres'))('instances starting together on one PostgreSQL database', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of databases) await t.drop();
  });

  it("Kysely's migration lock: two migrate() runs at once apply each migration once", async () => {
    const t = await createTestDatabase('postgres');
    databases.push(t);
    await oldSite(t, testConfig(t));
    const a = t.open();
    const b = t.open();
    try {
      const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ranA, ...ranB].sort()).toEqual(migrationNames('postgres').slice(1));
      expect(await appliedMigrations(a)).toEqual(migrationNames('postgres'));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two app instances at an older level: one upgrade backup, each migration applied once, both serve the site', async () => {
    const t = await createTestDatabase('postgres');
    databases.push(t);
    const config = testConfig(t, { logLevel: 'info' });
    const site = await oldSite(t, config);
    const logs = [captureLog(), captureLog()];
    const apps = await Promise.all(logs.map((log) => buildApp(config, { logger: true, logStream: log.stream, render: false })));
    try {
      expect(upgradeBackups(path.join(t.dataDir, 'backups'))).toHaveLength(1);
      expect(logs.flatMap((log) => upgradeLines(log.lines()))).toHaveLength(1);
      expect(await appliedMigrations(apps[0]!.services.db)).toEqual(migrationNames('postgres'));
      for (const app of apps) await expectOldSiteWorks(app, site);
    } finally {
      for (const app of apps) await app.close();
    }
    const backup = upgradeBackups(path.join(t.dataDir, 'backups'))[0] ?? '';
    expect((await verifyArchive(backup, { authSecret: config.authSecret })).manifest.schemaLevel).toBe(site.level);
  });
});
