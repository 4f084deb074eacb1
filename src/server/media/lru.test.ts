import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

const keys = (lru: Lru<string>, all: readonly string[]) => all.filter((key) => lru.get(key) !== undefined);

describe('Lru', () => {
  it('lets the least recently read entries go first when over budget', () => {
    const lru = new Lru<string>(8, () => 1);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) lru.set(key, key.toUpperCase());
    // Read in this order: b and a are now the most recent, c the least.
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'b', 'a']) expect(lru.get(key)).toBe(key.toUpperCase());
    lru.set('i', 'I');
    // Over budget (9 of 8): it goes down to 7, the two least recently read leaving.
    expect(keys(lru, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])).toEqual(['a', 'b', 'e', 'f', 'g', 'h', 'i']);
  });

  it('counts cost, not entries, and never keeps an entry above an eighth of the budget', () => {
    const lru = new Lru<string>(80, (value) => value.length);
    lru.set('big', 'x'.repeat(11));
    expect(lru.get('big')).toBeUndefined();
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) lru.set(key, 'x'.repeat(10));
    lru.get('a');
    lru.set('i', 'x'.repeat(10));
    // 90 of 80: down to 70, b and c (the least recently used) leaving, a kept by its read.
    expect(keys(lru, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])).toEqual(['a', 'd', 'e', 'f', 'g', 'h', 'i']);
  });

  it('replaces a value under the same key at its new cost, and forgets on delete and clear', () => {
    const lru = new Lru<string>(16, (value) => value.length);
    lru.set('a', 'xx');
    lru.set('a', 'y');
    expect(lru.get('a')).toBe('y');
    lru.set('b', 'zz');
    lru.delete('a');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('b')).toBe('zz');
    lru.clear();
    expect(lru.get('b')).toBeUndefined();
  });
});
