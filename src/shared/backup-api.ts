/**
 * The backups API's answers (`GET /api/backups`, `POST /api/backups`): the list
 * entry, the running backup's progress and the last failure. The server builds
 * its answers to these schemas and the staff app parses them with the same.
 */
import { z } from 'zod';
import { backupNamePattern, backupTriggers } from './backups.js';

export const backupNameSchema = z.string().regex(backupNamePattern, 'not the name of a backup');

export const backupEntrySchema = z.object({
  name: backupNameSchema,
  /** When it was taken (ISO 8601, UTC). */
  at: z.string().datetime(),
  bytes: z.number().int().nonnegative(),
  /** Read back in full and every checksum matched. */
  verified: z.boolean(),
  encrypted: z.boolean(),
  trigger: z.enum(backupTriggers).nullable(),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

export const backupProgressSchema = z.object({
  name: backupNameSchema,
  startedAt: z.string().datetime(),
  phase: z.enum(['writing', 'verifying']),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type BackupProgress = z.infer<typeof backupProgressSchema>;

export const backupFailureSchema = z.object({
  at: z.string().datetime(),
  trigger: z.enum(backupTriggers),
  /** One line saying what went wrong; never a secret or a path outside BACKUP_DIR. */
  message: z.string(),
});
export type BackupFailure = z.infer<typeof backupFailureSchema>;

export const backupListSchema = z.object({
  backups: z.array(backupEntrySchema),
  /** The backup being taken now, if any: this server's with its progress, or another instance's (rows 0, bytes at its last heartbeat). */
  running: backupProgressSchema.nullable(),
  /** The most recent backup that failed, when no backup has succeeded since. */
  lastFailure: backupFailureSchema.nullable(),
  /** BACKUP_SCHEDULE as configured (null: no scheduled backups), its time zone, and BACKUP_KEEP. */
  schedule: z.string().nullable(),
  timeZone: z.string(),
  keep: z.number().int().positive(),
  /** The next scheduled time (ISO 8601), when scheduled. */
  nextAt: z.string().datetime().nullable(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupStartedSchema = z.object({ name: backupNameSchema });
export type BackupStarted = z.infer<typeof backupStartedSchema>;
