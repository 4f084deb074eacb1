/** The Trash's words: a page record is a page, anything else a block. */
import { describe, expect, it } from 'vitest';
import { sitePageCollection } from '../../../shared/declarations.js';
import { trashCountInWords, trashNounsOf } from './words.js';

describe('the words of the Trash', () => {
  it('calls a page a page and anything else a block', () => {
    expect(trashNounsOf(sitePageCollection).one).toBe('page');
    expect(trashNounsOf('story').one).toBe('block');
    expect(trashCountInWords([sitePageCollection])).toBe('1 page');
    expect(trashCountInWords(['story', 'story'])).toBe('2 blocks');
    expect(trashCountInWords([sitePageCollection, 'story', sitePageCollection, 'aboutvision'])).toBe('2 pages and 2 blocks');
  });
});
