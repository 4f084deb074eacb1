/**
 * How the Trash names what is in it: a page record is "a page" (the nouns
 * its declaration gives the collection `sitepage`, the navigation's likewise),
 * anything else "a block"; a count says how many of each ("1 page and 2 blocks").
 */
import { getCollection } from '../../../shared/collections.js';
import { structureCollections } from '../../../shared/declarations.js';

export interface Nouns {
  one: string;
  many: string;
}

const blockNouns: Nouns = { one: 'block', many: 'blocks' };

/** What one entry of a collection is called in the Trash. */
export function trashNounsOf(collection: string): Nouns {
  return (structureCollections.includes(collection) ? getCollection(collection)?.nouns : undefined) ?? blockNouns;
}

/** `1 block`, `2 pages`, `1 page and 3 blocks`: how many entries of these collections, by what each is called. */
export function trashCountInWords(collections: readonly string[]): string {
  const counts = new Map<string, { nouns: Nouns; n: number }>();
  for (const c of collections) {
    const nouns = trashNounsOf(c);
    const seen = counts.get(nouns.one);
    counts.set(nouns.one, { nouns, n: (seen?.n ?? 0) + 1 });
  }
  if (counts.size === 0) return `0 ${blockNouns.many}`;
  const parts = [...counts.values()].map(({ nouns, n }) => `${n} ${n === 1 ? nouns.one : nouns.many}`);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
