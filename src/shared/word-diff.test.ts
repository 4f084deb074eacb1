import { describe, expect, it } from 'vitest';
import { plainText, wordDiff, wordDiffMaxWords } from './word-diff.js';

const joined = (parts: ReturnType<typeof wordDiff>, kinds: string[]) =>
  parts
    .filter((p) => kinds.includes(p.kind))
    .map((p) => p.text)
    .join('');

describe('the word difference of an outdated original', () => {
  it('marks a replaced word as removed then added, the words around it kept', () => {
    expect(wordDiff('Clean water for every village', 'Clean water for every town')).toEqual([
      { kind: 'same', text: 'Clean water for every' },
      { kind: 'removed', text: ' village' },
      { kind: 'added', text: ' town' },
    ]);
  });

  it('keeps words apart: an insertion and a deletion in the middle never join their neighbours', () => {
    const parts = wordDiff('We train young leaders in Arusha', 'We train women and young leaders');
    expect(parts).toEqual([
      { kind: 'same', text: 'We train' },
      { kind: 'added', text: ' women and' },
      { kind: 'same', text: ' young leaders' },
      { kind: 'removed', text: ' in Arusha' },
    ]);
    expect(joined(parts, ['same', 'added'])).toBe('We train women and young leaders');
    expect(joined(parts, ['same', 'removed'])).toBe('We train young leaders in Arusha');
  });

  it('says nothing changed for the same text, and all added or all removed against an empty one', () => {
    expect(wordDiff('Our history', 'Our history')).toEqual([{ kind: 'same', text: 'Our history' }]);
    expect(wordDiff('', 'Our history')).toEqual([{ kind: 'added', text: 'Our history' }]);
    expect(wordDiff('Our history', '')).toEqual([{ kind: 'removed', text: 'Our history' }]);
  });

  it('compares words, not spacing: a line break where a space was is no change', () => {
    expect(wordDiff('one two three', 'one\ntwo three')).toEqual([{ kind: 'same', text: 'one\ntwo three' }]);
  });

  it('compares very long texts as a whole (one removed, one added run) rather than word by word', () => {
    const long = Array.from({ length: wordDiffMaxWords + 1 }, (_, i) => `w${i}`).join(' ');
    expect(wordDiff(long, `${long} more`).map((p) => p.kind)).toEqual(['removed', 'added']);
  });

  it('reads a rich text as its words', () => {
    expect(plainText('<p>Water &amp; land</p><p>for&nbsp;all</p>')).toBe('Water & land for all');
  });
});
