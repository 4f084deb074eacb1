/**
 * A page's address suggested from its title: "Water rights & wells 2026"
 * becomes `/water-rights-wells-2026`. Accents are dropped (é → e), anything
 * that is not a letter or digit separates words, and the result follows the
 * address rule of site-structure.ts (lower-case words joined by `-`) and its
 * length limit, cut at a word's end.
 */
import { pagePathMax } from './site-structure.js';

/** Letters that do not decompose into a base letter and an accent. */
const ligatures: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd' };

/** The words of a title as an address segment (`water-rights`), '' when it has none. */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłþð]/g, (c) => ligatures[c] ?? c)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  // One character goes to the leading `/` of the address.
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > pagePathMax - 1) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, pagePathMax - 1) ?? '');
}

/** The address suggested for a page of this title: `/` and its slug ('' when the title has no letter or digit). */
export function pathFromTitle(title: string): string {
  const slug = slugOf(title);
  return slug ? `/${slug}` : '';
}
