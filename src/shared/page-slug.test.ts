import { describe, expect, it } from 'vitest';
import { pathFromTitle, slugOf } from './page-slug.js';
import { pagePathMax, pagePathPattern } from './site-structure.js';

describe('an address suggested from a page title', () => {
  it.each([
    ['Water rights', '/water-rights'],
    ['  Water   rights  ', '/water-rights'],
    ['Water rights & wells: 2026!', '/water-rights-wells-2026'],
    ['Café für Straße', '/cafe-fur-strasse'],
    ['Žena a voda — Œuvre', '/zena-a-voda-oeuvre'],
    ['Who we are?', '/who-we-are'],
    ['--Campaigns--', '/campaigns'],
  ])('%s → %s', (title, path) => {
    expect(pathFromTitle(title)).toBe(path);
    expect(path).toMatch(pagePathPattern);
  });

  it('gives nothing for a title without a letter or digit', () => {
    expect(pathFromTitle('')).toBe('');
    expect(pathFromTitle('— ! —')).toBe('');
    expect(pathFromTitle('水')).toBe('');
  });

  it('stays within the address length, cut at the end of a word', () => {
    const title = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const path = pathFromTitle(title);
    expect(path.length).toBeLessThanOrEqual(pagePathMax);
    expect(path).toMatch(pagePathPattern);
    expect(path.endsWith('-')).toBe(false);
    expect(title.replace(/ /g, '-').startsWith(slugOf(title))).toBe(true);
  });

  it('cuts a single word longer than an address', () => {
    const path = pathFromTitle('a'.repeat(400));
    expect(path).toBe(`/${'a'.repeat(pagePathMax - 1)}`);
  });
});
