/** Which blocks (and settings) still use a media, named as staff know them. */
import { getCollection } from '../../shared/collections.js';
import type { MediaUse } from '../../shared/media-library.js';
import type { Db } from '../db/index.js';
import { recordsMentioning, type ReferencingRecord } from './repository.js';

/** A block (collection name, or `settings` for the site settings) that uses a media, with its title. */
export type MediaReference = MediaUse;

function titleOf(record: ReferencingRecord): string {
  if (record.collection === 'settings') return 'Site settings';
  const def = getCollection(record.collection);
  const value = record.data[def?.titleField ?? 'title'];
  const label = def?.label ?? record.collection;
  return typeof value === 'string' && value.trim() ? value.trim() : `Untitled block in ${label}`;
}

/** A referencing record as staff read it. */
export function referenceOf(record: ReferencingRecord): MediaReference {
  return { collection: record.collection, id: record.id, title: titleOf(record) };
}

/** The blocks (and settings) that still use this media, read from the database now. */
export async function findReferences(db: Db, id: string): Promise<MediaReference[]> {
  const records = await recordsMentioning(db, id);
  return records.map(referenceOf);
}

/** Blocks and settings as staff read them in a sentence: at most five named, then how many more. */
export function describeUses(refs: readonly MediaReference[]): string {
  const names = refs.slice(0, 5).map((r) => (r.collection === 'settings' ? 'the site settings' : `“${r.title}” (${getCollection(r.collection)?.label ?? r.collection})`));
  const more = refs.length > 5 ? ` and ${refs.length - 5} more` : '';
  return `${names.join(', ')}${more}`;
}

/** The refusal staff read: which blocks to edit first. */
export function describeReferences(refs: readonly MediaReference[]): string {
  return `This file is still used by ${describeUses(refs)}. Remove it there first.`;
}
