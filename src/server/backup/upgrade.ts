/**
 * Starting on a database with pending migrations: back it up first, then
 * migrate. The server, and the command-line commands that open the database
 * (user add, seed, media prune), call `upgradeDatabase` instead of `migrate`.
 *
 * - A fresh database (no schema level yet) is simply migrated: nothing to back up.
 * - Otherwise a backup (trigger `upgrade`) is written to BACKUP_DIR (encrypted
 *   when BACKUP_PASSPHRASE is set) and verified, only the newest
 *   `upgradeBackupsKept` upgrade backups are kept (no other file is touched),
 *   one line names it, and then the pending migrations run, all or nothing.
 * - If that backup cannot be taken, nothing is migrated and start-up stops with
 *   one line saying why.
 * - On PostgreSQL the whole check, backup and migration runs behind an advisory
 *   lock, so of several instances starting together one backs up and migrates
 *   and the others wait and then find nothing pending. On SQLite one server
 *   owns the file: two processes started at the same moment could both back
 *   up, but the migration itself runs once (it takes the write lock first).
 *
 * Restore does not come through here: it replaces every row anyway, so it
 * migrates its target with plain `migrate` (restore.ts).
 */
import { advisoryLockKeys, withSessionLock } from '../db/session-lock.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { MigrationFailed, migrate, migrationNames, migrationStatus, type Db, type ExtraMigrations } from '../db/index.js';
import { backupFileName, parseBackupName, upgradeBackupsKept } from '../../shared/backups.js';
import { verifyArchive } from './archive-reader.js';
import { takeBackup } from './backup.js';
import { silentProgress } from './progress.js';
import * as runs from './repository.js';

/** Where the one line about the backup goes: the server's logger, or the console for the command line. */
export interface UpgradeLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface UpgradeOptions {
  config: AppConfig;
  db: Db;
  log: UpgradeLog;
  /** Migrations after the site's own. For tests only (a migration that fails). */
  extraMigrations?: ExtraMigrations | undefined;
}

export interface UpgradeResult {
  /** The upgrade backup taken, or null when nothing was pending or the database was fresh. */
  backup: string | null;
  /** The migrations this start applied. */
  applied: string[];
}

/** Start-up stopped before changing anything; the message is the one line to show. */
export class UpgradeStopped extends Error {}

/** PostgreSQL advisory lock key held around backup and migration (seeding uses 7_311_001, the last-super check 7305001). */
export const UPGRADE_LOCK_KEY = advisoryLockKeys.upgrade;

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'unknown error';
}

export function upgradeBackupDir(config: AppConfig): string {
  return config.backupDir ?? path.join(config.dataDir, 'backups');
}

/** Runs `fn` while holding the upgrade lock (waiting for another instance's backup and migration to finish); nothing to hold on SQLite. */
async function withUpgradeLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const done = await withSessionLock(db, UPGRADE_LOCK_KEY, true, fn);
  if (!done.ran) throw new Error('the upgrade lock was not taken');
  return done.value;
}

/** A name no file in `dir` has: the time of `at`, a second later for each clash (names have one-second resolution). */
async function freeName(dir: string, at: Date, encrypted: boolean): Promise<string> {
  for (let t = at.getTime(); ; t += 1000) {
    const file = path.join(dir, backupFileName(new Date(t), 'upgrade', encrypted));
    if (!fs.existsSync(file)) return file;
  }
}

/** Removes all but the newest `upgradeBackupsKept` upgrade backups in `dir`; returns the names removed. Other files stay. */
export async function pruneUpgradeBackups(dir: string): Promise<string[]> {
  const upgrades = (await fs.promises.readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => ({ name: e.name, parsed: parseBackupName(e.name) }))
    .filter((e) => e.parsed?.trigger === 'upgrade')
    .sort((a, b) => (b.parsed?.at.getTime() ?? 0) - (a.parsed?.at.getTime() ?? 0) || b.name.localeCompare(a.name));
  const removed: string[] = [];
  for (const { name } of upgrades.slice(upgradeBackupsKept)) {
    await fs.promises.rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Takes and verifies the upgrade backup; any failure becomes one UpgradeStopped line. */
async function upgradeBackup(config: AppConfig, db: Db, level: string): Promise<string> {
  const dir = upgradeBackupDir(config);
  const passphrase = config.backupPassphrase;
  let file: string | null = null;
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    file = await freeName(dir, new Date(), !!passphrase);
    await takeBackup({ config, db, out: file, passphrase, progress: silentProgress });
    await verifyArchive(file, { passphrase, authSecret: config.authSecret });
    return file;
  } catch (err) {
    // A backup that did not verify is no backup: it must not count among the ones kept.
    if (file) await fs.promises.rm(file, { force: true }).catch(() => undefined);
    throw new UpgradeStopped(
      `Not upgrading the database from schema level ${level}: the backup before the upgrade failed (${firstLine(err)}). ` +
        `Nothing was changed. Make ${dir} a writable folder with room for a backup (BACKUP_DIR) and start again; ` +
        'until then the previous version of the site still runs on this database.',
    );
  }
}

/** Backs up (unless the database is fresh) and migrates; see the top of this file. */
export async function upgradeDatabase(options: UpgradeOptions): Promise<UpgradeResult> {
  const { config, db, log, extraMigrations } = options;
  return withUpgradeLock(db, async () => {
    const { applied, pending, unknown } = await migrationStatus(db, extraMigrations);
    if (unknown.length > 0) {
      const latest = migrationNames(db.dialect, extraMigrations).at(-1) ?? 'none';
      throw new UpgradeStopped(
        `This database is at schema level ${applied.at(-1) ?? unknown.join(', ')}, newer than this version of the site knows (${latest}): ` +
          'start the newer version, or restore a backup taken at this level into an empty database.',
      );
    }
    if (pending.length === 0) return { backup: null, applied: [] };
    const level = applied.at(-1);
    if (level === undefined) return { backup: null, applied: await migrate(db, { extraMigrations }) };

    const backup = await upgradeBackup(config, db, level);
    try {
      const removed = await pruneUpgradeBackups(path.dirname(backup));
      log.info(`Upgrade backup written and verified: ${backup} (schema level ${level}${removed.length ? `; older upgrade backups removed: ${removed.join(', ')}` : ''}); applying ${pending.join(', ')}`);
    } catch (err) {
      // Pruning is housekeeping: the new backup is safe, so the upgrade goes on.
      log.info(`Upgrade backup written and verified: ${backup} (schema level ${level}); applying ${pending.join(', ')}`);
      log.warn(`Could not remove older upgrade backups: ${firstLine(err)}`);
    }
    let ran: string[];
    try {
      ran = await migrate(db, { extraMigrations });
    } catch (err) {
      if (!(err instanceof MigrationFailed)) throw err;
      throw new MigrationFailed(`${err.message} The backup taken before it is ${backup}; the previous version of the site still runs on this database.`, err.migration, err.level);
    }
    // Recorded once the run records' table surely exists (the migrations just made it): the backups screen then lists it as verified.
    await recordUpgradeBackup(db, backup).catch((err: unknown) => log.warn(`The upgrade backup ${path.basename(backup)} is not recorded as verified: ${firstLine(err)}`));
    return { backup, applied: ran };
  });
}

async function recordUpgradeBackup(db: Db, file: string): Promise<void> {
  const name = path.basename(file);
  const at = parseBackupName(name)?.at ?? new Date();
  const { size } = await fs.promises.stat(file);
  const run: runs.NewRun = { id: crypto.randomUUID(), trigger: 'upgrade', name, instance: `${os.hostname()}#${process.pid}#upgrade`, at };
  await runs.insertRun(db.kysely, run);
  await runs.finishRun(db.kysely, run.id, { status: 'verified', at: new Date(), bytes: size, message: null });
}

/** The command line's log: stderr, so what a command prints on stdout stays its answer alone. */
export const consoleUpgradeLog: UpgradeLog = {
  info: (line) => console.error(line),
  warn: (line) => console.error(line),
};
