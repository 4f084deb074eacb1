/**
 * The public site's own words: every dictionary says everything English says,
 * puts each changing part (a name, a number) into its words, keeps the
 * contact form's limits, and leaves no English behind; a language without a
 * dictionary gets English marked as English; dates are written in the
 * page's language, English ones exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../shared/contact.js';
import { isDetailKind, kinds } from '../../shared/kinds.js';
import { detailCollections } from '../../shared/registry-index.js';
import { contactMessageIn, publicDictionaries, publicWordsFor, type PublicWords } from '../../shared/public-words.js';
import { formatDate, formatDateTime, formatInstant } from './format.js';

type Leaf = string | ((...args: never[]) => string);

/** Every word of a dictionary by its dotted key ("header.menu"). */
function leaves(words: object, prefix = ''): Map<string, Leaf> {
  const found = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(words) as [string, unknown][]) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || typeof value === 'function') found.set(path, value as Leaf);
    else if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, path)) found.set(k, v);
    else throw new Error(`${path} is neither words nor a group of them`);
  }
  return found;
}

/** Words with parameters called with markers in place of each: what a visitor would read, with the markers where the name or number goes. */
function said(leaf: Leaf): string {
  if (typeof leaf === 'string') return leaf;
  const call = leaf as (...args: string[]) => string;
  return call(...Array.from({ length: leaf.length }, (_, i) => `⟨${i + 1}⟩`));
}

const english = leaves(publicDictionaries.en as PublicWords);
const others = Object.entries(publicDictionaries).filter(([code]) => code !== 'en');

describe('the dictionaries', () => {
  it('has a dictionary besides English (Kiswahili)', () => {
    expect(others.map(([code]) => code)).toContain('sw');
  });

  it.each(others)('%s has every key of English, and no other, each of the same kind and taking the same parameters', (_code, words) => {
    const own = leaves(words);
    expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, en] of english) {
      const mine = own.get(key);
      expect(typeof mine, key).toBe(typeof en);
      if (typeof en === 'function' && typeof mine === 'function') expect(mine.length, key).toBe(en.length);
    }
  });

  it.each([['en', publicDictionaries.en as PublicWords] as const, ...others])('%s puts every parameter into its words, and says something everywhere', (_code, words) => {
    for (const [key, leaf] of leaves(words)) {
      const text = said(leaf);
      expect(text.trim(), key).not.toBe('');
      for (let i = 1; typeof leaf === 'function' && i <= leaf.length; i++) expect(text, `${key} leaves out its parameter ${i}`).toContain(`⟨${i}⟩`);
    }
  });

  it.each(others)('%s leaves nothing in English but what is the same in every language', (_code, words) => {
    // A full stop after the address and "© year name" read the same in Kiswahili.
    const same = new Set(['contact.writeToEnd', 'footer.copyright']);
    for (const [key, leaf] of leaves(words)) {
      if (!same.has(key)) expect(said(leaf), key).not.toBe(said(english.get(key) as Leaf));
    }
  });

  it.each(others)("%s keeps the contact form's limits in its messages", (_code, words) => {
    const numbers = (s: string) => s.match(/\d+/g) ?? [];
    for (const [key, message] of Object.entries(words.contact.messages)) {
      expect(numbers(message), key).toEqual(numbers(contactMessages[key as keyof typeof contactMessages]));
    }
  });

  it('names the lists of story and event pages in English as their kinds head them by default (a breadcrumb to a list on the home page says the same with either)', () => {
    const en = publicDictionaries.en as PublicWords;
    expect(detailCollections.length).toBeGreaterThan(0);
    for (const c of detailCollections) {
      if (!isDetailKind(c.kind)) throw new Error(`${c.name} has detail pages but is no detail kind`);
      const heading = kinds[c.kind].heading;
      if (heading) expect(en.detail.list[c.kind], c.name).toBe(heading);
    }
  });

  it("gives the server's English messages in other words, and leaves any other message as it is", () => {
    const { words } = publicWordsFor('sw');
    expect(contactMessageIn(contactMessages.emailInvalid, words.contact.messages)).toBe(words.contact.messages.emailInvalid);
    expect(contactMessageIn('Something else went wrong.', words.contact.messages)).toBe('Something else went wrong.');
  });
});

describe('publicWordsFor', () => {
  it('gives a language its own words, unmarked, also for a regional tag', () => {
    expect(publicWordsFor('sw')).toMatchObject({ lang: undefined, code: 'sw' });
    expect(publicWordsFor('sw').words.header.menu).toBe('Menyu');
    expect(publicWordsFor('sw-ke')).toMatchObject({ lang: undefined, code: 'sw-ke' });
    expect(publicWordsFor('sw-ke').words.header.menu).toBe('Menyu');
    expect(publicWordsFor('en-gb')).toMatchObject({ lang: undefined });
    expect(publicWordsFor('en').words.skipToContent).toBe('Skip to content');
  });

  it('gives a language without a dictionary the English words, marked as English', () => {
    const fr = publicWordsFor('fr');
    expect(fr.lang).toBe('en');
    expect(fr.code).toBe('fr');
    expect(fr.words.skipToContent).toBe('Skip to content');
    // Not a key of the dictionaries' object either.
    expect(publicWordsFor('constructor')).toMatchObject({ lang: 'en' });
  });
});

describe('dates in the page language', () => {
  it('writes English dates exactly as before', () => {
    for (const lang of [undefined, 'en']) {
      expect(formatDate('2026-11-16', lang)).toBe('16 November 2026');
      expect(formatDateTime('2026-11-16T09:30:00Z', false, lang)).toBe('16 November 2026, 09:30 UTC');
      expect(formatInstant('2027-01-08T23:30:00Z', 'day', false, lang)).toBe('8');
      expect(formatInstant('2027-01-08T23:30:00Z', 'month', false, lang)).toBe('Jan 2027');
    }
  });

  it('writes Kiswahili and French dates with their own month names, times in UTC on the server', () => {
    expect(formatDate('2026-11-16', 'sw')).toBe('16 Novemba 2026');
    expect(formatDate('2026-10-01', 'fr')).toBe('1 octobre 2026');
    const time = formatDateTime('2026-11-16T09:30:00Z', false, 'sw');
    expect(time).toContain('16 Novemba 2026');
    expect(time).toContain('09:30');
    expect(time).toContain('UTC');
    expect(formatInstant('2027-01-08T23:30:00Z', 'month', false, 'sw')).toBe('Jan 2027');
    expect(formatInstant('2027-08-08T23:30:00Z', 'month', false, 'sw')).toBe('Ago 2027');
    expect(formatInstant('2027-01-08T23:30:00Z', 'day', false, 'sw')).toBe('8');
  });

  it('falls back to English for a language the runtime has no dates for, or a tag it does not take', () => {
    expect(formatDate('2026-11-16', 'zz')).toBe('16 November 2026');
    expect(formatDate('2026-11-16', 'zz-abc')).toBe('16 November 2026');
    expect(formatDateTime('not a date', false, 'sw')).toBe('not a date');
  });
});
