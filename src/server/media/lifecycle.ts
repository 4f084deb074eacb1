/** Removing media: a row and the bytes only it used, announced to every server; and pruning what nothing uses. */
import type { Services } from '../services.js';
import { keysOf } from './ingest.js';
import { allMentionedIds, deleteMediaRow, deleteMediaRowIn, listMedia, type Media } from './repository.js';
import { appendAudit, type AuditActorRef } from '../audit/repository.js';
import { transaction } from '../db/index.js';
import type { MediaStore } from './store.js';

/** Deletes the bytes of a removed media, except those another media still uses (identical variants are stored once). */
async function deleteBytes(services: Pick<Services, 'db'>, store: MediaStore, media: Media): Promise<void> {
  const stillUsed = new Set((await listMedia(services.db)).flatMap(keysOf));
  for (const key of keysOf(media)) {
    if (!stillUsed.has(key)) await store.delete(key);
  }
}

/** Who removes a media, for its `media.delete` line in the audit log (actor null: the command line). */
export interface RemovalAudit {
  actor: AuditActorRef | null;
  ip: string | null;
}

/**
 * Removes a media and its bytes; false when it was already gone. The caller
 * has checked that nothing uses it. With `audit`, the row goes and its line
 * in the audit log is written in one transaction.
 */
export async function removeMedia(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, media: Media, audit?: RemovalAudit): Promise<boolean> {
  const removed = audit
    ? await transaction(services.db, async (trx) => {
        if (!(await deleteMediaRowIn(trx, media.id))) return false;
        await appendAudit(trx, { action: 'media.delete', actor: audit.actor, subjectId: media.id, subject: media.originalName ?? '(a file without a name)', ip: audit.ip });
        return true;
      })
    : await deleteMediaRow(services.db, media.id);
  if (!removed) return false;
  await deleteBytes(services, store, media);
  services.changes.publish({ type: 'media', id: media.id });
  return true;
}

export interface PruneReport {
  media: { id: string; name: string | null; contentType: string; bytes: number; createdAt: string }[];
  /** Stored bytes no media row pointed to (left by an interrupted upload). */
  orphanKeys: string[];
}

export const pruneMinAgeMs = 24 * 60 * 60 * 1000;

export interface PruneOptions {
  now?: Date;
  minAgeMs?: number;
}

/** Removes media nothing references and that are older than `minAgeMs`, and orphaned bytes as old. */
export async function pruneMedia(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, options: PruneOptions = {}): Promise<PruneReport> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? pruneMinAgeMs);
  const mentioned = await allMentionedIds(services.db);
  const report: PruneReport = { media: [], orphanKeys: [] };
  for (const media of await listMedia(services.db)) {
    if (mentioned.has(media.id) || Date.parse(media.createdAt) >= cutoff) continue;
    if (!(await removeMedia(services, store, media, { actor: null, ip: null }))) continue;
    report.media.push({ id: media.id, name: media.originalName, contentType: media.contentType, bytes: media.byteSize, createdAt: media.createdAt });
  }
  const used = new Set((await listMedia(services.db)).flatMap(keysOf));
  for await (const { key, createdAt } of store.list()) {
    if (used.has(key) || createdAt.getTime() >= cutoff) continue;
    await store.delete(key);
    report.orphanKeys.push(key);
  }
  return report;
}
