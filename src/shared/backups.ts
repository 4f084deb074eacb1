/**
 * Backups: the staff screen's and the API's paths and the rule for a backup's
 * file name. Plain code, no zod, because the route table imports it; the API's
 * answers are in backup-api.ts.
 */
import { apiPaths, pathTo } from './api-paths.js';

/** The staff screen (super-admins only). */
export const backupsScreenPath = '/backups';
/** `GET` lists, `POST` starts "Back up now"; `backupDownloadPath` downloads one (patterns in api-paths.ts). */
export const backupsApiPath = apiPaths.backups.list;

/**
 * A backup's file name: `site-<UTC time>[-<trigger>].tar.gz[.enc]`. Names sort by
 * time, and nothing but this pattern is ever read from or served out of BACKUP_DIR.
 */
export const backupNamePattern = /^site-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(?:-(schedule|manual|upgrade))?\.tar\.gz(\.enc)?$/;

export function backupDownloadPath(name: string): string {
  return pathTo(apiPaths.backups.one, { name });
}

/** How a backup came about: BACKUP_SCHEDULE, "Back up now", or the server before it migrates the schema. The command line's backups have none. */
export const backupTriggers = ['schedule', 'manual', 'upgrade'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

/** Backups taken before a schema upgrade are kept apart from BACKUP_KEEP's rotation: the newest this many. */
export const upgradeBackupsKept = 3;

/** `site-2026-11-23T10-15-00Z-schedule.tar.gz`: sorts by time and is a valid file name everywhere. */
export function backupFileName(at: Date, trigger: BackupTrigger | null, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `site-${stamp}${trigger ? `-${trigger}` : ''}.tar.gz${encrypted ? '.enc' : ''}`;
}

/** What a backup's name says of it, or null when the name is not a backup's. */
export function parseBackupName(name: string): { at: Date; trigger: BackupTrigger | null; encrypted: boolean } | null {
  const m = backupNamePattern.exec(name);
  if (!m) return null;
  const [date, time] = m[1]!.split('T') as [string, string];
  const at = new Date(`${date}T${time.replace(/-/g, ':')}`);
  if (Number.isNaN(at.getTime())) return null;
  return { at, trigger: (m[2] as BackupTrigger | undefined) ?? null, encrypted: m[3] === '.enc' };
}
