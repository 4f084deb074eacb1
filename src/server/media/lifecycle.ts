/** Removing media: a row and the bytes only it used, announced to every server; and pruning what nothing uses. */
import type { Services } from '../services.js';
import { keysOf } from './ingest.js';
import { allMentionedIds, deleteMediaRowIn, listMedia, recordsMentioningIn, type Media, type ReferencingRecord } from './repository.js';
import { appendAudit, type AuditActorRef } from '../audit/repository.js';
import { transaction } from '../db/index.js';
import type { MediaStore } from './store.js';

/** Deletes stored bytes at these keys, except those a media row uses (identical variants are stored once). */
export async function deleteUnusedKeys(services: Pick<Services, 'db'>, store: MediaStore, keys: readonly string[]): Promise<void> {
  const stillUsed = new Set((await listMedia(services.db)).flatMap(keysOf));
  for (const key of keys) {
    if (!stillUsed.has(key)) await store.delete(key);
  }
}

/** Deletes the bytes of a removed media, except those another media still uses. */
async function deleteBytes(services: Pick<Services, 'db'>, store: MediaStore, media: Media): Promise<void> {
  await deleteUnusedKeys(services, store, keysOf(media));
}

/** Who removes a media, for its `media.delete` line in the audit log (actor null: the command line). */
export interface RemovalAudit {
  actor: AuditActorRef | null;
  ip: string | null;
}

/** What a removal did: removed it; left it because something uses it now (those uses); or nothing, it was already gone. */
export type Removal = { outcome: 'removed' } | { outcome: 'used'; uses: ReferencingRecord[] } | { outcome: 'gone' };

/**
 * Removes a media and its bytes unless a block or setting uses it: the uses
 * are read in the transaction that deletes the row, so one saved since the
 * caller last looked keeps the file. With `audit`, its line in the audit log
 * is written in that transaction too.
 */
export async function removeMedia(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, media: Media, audit?: RemovalAudit): Promise<Removal> {
  const removal = await transaction(services.db, async (trx): Promise<Removal> => {
    const uses = await recordsMentioningIn(trx, media.id);
    if (uses.length > 0) return { outcome: 'used', uses };
    if (!(await deleteMediaRowIn(trx, media.id))) return { outcome: 'gone' };
    if (audit) await appendAudit(trx, { action: 'media.delete', actor: audit.actor, subjectId: media.id, subject: media.originalName ?? '(a file without a name)', ip: audit.ip });
    return { outcome: 'removed' };
  });
  if (removal.outcome !== 'removed') return removal;
  await deleteBytes(services, store, media);
  services.changes.publish({ type: 'media', id: media.id });
  return removal;
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
    // `mentioned` was read before the loop: removeMedia looks again, so a file put to use since stays.
    if ((await removeMedia(services, store, media, { actor: null, ip: null })).outcome !== 'removed') continue;
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
