/** Deleting and pruning media: never while something still shows it, never leaving bytes behind. */
import { getCollection } from '../../shared/collections.js';
import { AppError } from '../../shared/errors.js';
import type { Services } from '../services.js';
import { keysOfRow } from './ingest.js';
import { allMentionedIds, deleteMediaRow, findMediaById, listMedia, textsMentioning, type MediaRow } from './repository.js';
import type { MediaStore } from './store.js';

export interface MediaReference {
  /** The collection name, or `settings` for the site settings. */
  collection: string;
  id: string;
  title: string;
}

function titleOf(collection: string, data: string): string {
  if (collection === 'settings') return 'Site settings';
  const def = getCollection(collection);
  let value: unknown;
  try {
    value = (JSON.parse(data) as Record<string, unknown>)[def?.titleField ?? 'title'];
  } catch {
    value = undefined;
  }
  const label = def?.label ?? collection;
  return typeof value === 'string' && value.trim() ? value.trim() : `Untitled block in ${label}`;
}

/** The blocks (and settings) that still use this media. */
export async function findReferences(services: Pick<Services, 'db'>, id: string): Promise<MediaReference[]> {
  const texts = await textsMentioning(services.db, id);
  return texts.map((t) => ({ collection: t.collection, id: t.id, title: titleOf(t.collection, t.data) }));
}

function describe(refs: MediaReference[]): string {
  const names = refs.slice(0, 5).map((r) => (r.collection === 'settings' ? 'the site settings' : `“${r.title}” (${getCollection(r.collection)?.label ?? r.collection})`));
  const more = refs.length > 5 ? ` and ${refs.length - 5} more` : '';
  return `This file is still used by ${names.join(', ')}${more}. Remove it there first.`;
}

/** Deletes a row's bytes, except those another row still uses (identical variants are stored once). */
async function deleteBytes(services: Pick<Services, 'db'>, store: MediaStore, row: MediaRow): Promise<void> {
  const stillUsed = new Set((await listMedia(services.db)).flatMap((r) => keysOfRow(r)));
  for (const key of keysOfRow(row)) {
    if (!stillUsed.has(key)) await store.delete(key);
  }
}

export async function deleteMedia(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, id: string): Promise<void> {
  const row = await findMediaById(services.db, id);
  if (!row) throw new AppError('not-found', 'There is no such file. It may already have been deleted.');
  const refs = await findReferences(services, id);
  if (refs.length > 0) throw new AppError('failed-precondition', describe(refs), { details: { blocks: refs } });
  if (!(await deleteMediaRow(services.db, id))) throw new AppError('not-found', 'There is no such file. It may already have been deleted.');
  await deleteBytes(services, store, row);
  services.changes.publish({ type: 'media', id });
}

export interface PruneReport {
  media: { id: string; name: string | null; contentType: string; bytes: number; createdAt: string }[];
  /** Stored bytes no media row pointed to (left by an interrupted upload). */
  orphanKeys: string[];
}

export const pruneMinAgeMs = 24 * 60 * 60 * 1000;

/** Removes media nothing references and that are older than `minAgeMs`, and orphaned bytes as old. */
export async function pruneMedia(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, options: { now?: Date; minAgeMs?: number } = {}): Promise<PruneReport> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? pruneMinAgeMs);
  const mentioned = await allMentionedIds(services.db);
  const report: PruneReport = { media: [], orphanKeys: [] };
  for (const row of await listMedia(services.db)) {
    if (mentioned.has(row.id) || Date.parse(row.created_at) >= cutoff) continue;
    if (!(await deleteMediaRow(services.db, row.id))) continue;
    await deleteBytes(services, store, row);
    services.changes.publish({ type: 'media', id: row.id });
    report.media.push({ id: row.id, name: row.original_name, contentType: row.content_type, bytes: row.byte_size, createdAt: row.created_at });
  }
  const used = new Set((await listMedia(services.db)).flatMap((r) => keysOfRow(r)));
  for await (const { key, createdAt } of store.list()) {
    if (used.has(key) || createdAt.getTime() >= cutoff) continue;
    await store.delete(key);
    report.orphanKeys.push(key);
  }
  return report;
}
