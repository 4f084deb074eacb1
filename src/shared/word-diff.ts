/**
 * The difference between two texts word by word: what an outdated
 * translation's original read then and reads now, as runs of words kept,
 * removed and added (in reading order: a removed run before the run that
 * replaced it). Each word keeps the space before it, so the runs never run
 * words together: joining the `same` and `added` runs gives the new text
 * back, the `same` and `removed` runs the old words.
 */
import { plainTextOf } from './html.js';

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/** Texts longer than this many words are compared as one removed and one added run (the table would be too big). */
export const wordDiffMaxWords = 2000;

/** Words with the spaces before them (`" water"`), so a diff never runs words together. */
function tokens(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** The same comparison as `wordDiff` on plain words: a rich text's markup left out (shared/html.ts). */
export const plainText = plainTextOf;

/** Old text against new, word by word (the longest run of words both share kept; the rest removed or added). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const out: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
  };
  // Words compared without the spaces before them: a word moved to a line's start is the same word.
  const same = (x: string, y: string) => x.trim() === y.trim();
  if (a.length > wordDiffMaxWords || b.length > wordDiffMaxWords) {
    push('removed', before);
    push('added', after);
    return out;
  }
  // The common prefix and suffix first: most edits touch a few words.
  let start = 0;
  while (start < a.length && start < b.length && same(a[start]!, b[start]!)) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same(a[endA - 1]!, b[endB - 1]!)) {
    endA -= 1;
    endB -= 1;
  }
  for (let i = 0; i < start; i += 1) push('same', b[i]!);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  // Longest common subsequence of the middle words.
  const rows = midA.length + 1;
  const cols = midB.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = midA.length - 1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      table[i * cols + j] = same(midA[i]!, midB[j]!) ? table[(i + 1) * cols + j + 1]! + 1 : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && same(midA[i]!, midB[j]!)) {
      push('same', midB[j]!);
      i += 1;
      j += 1;
    } else if (j >= midB.length || (i < midA.length && table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!)) {
      push('removed', midA[i]!);
      i += 1;
    } else {
      push('added', midB[j]!);
      j += 1;
    }
  }
  for (let k = endB; k < b.length; k += 1) push('same', b[k]!);
  return out;
}
