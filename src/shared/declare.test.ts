import { describe, expect, it } from 'vitest';
import { declare } from './declare.js';
import { declarations, systemDeclarations } from './declarations.js';

describe('a collection declaration', () => {
  it('says what a collection is, never which page shows it: no `page` is accepted', () => {
    // @ts-expect-error `page` is no property of a declaration: the site's structure says which page shows a collection.
    expect(() => declare({ name: 'pressrelease', label: 'Press releases', group: 'About', kind: 'section', page: 'about' })).toThrow(/no `page`/);
    // @ts-expect-error nor how a page shows it (a carousel is a section's option on the page).
    expect(() => declare({ name: 'pressslides', label: 'Press slides', group: 'About', kind: 'slide', carousel: true })).toThrow(/no `carousel`/);
    for (const d of [...declarations, ...systemDeclarations]) expect('page' in d, d.name).toBe(false);
  });

  it('gives detail pages a path and no fixed way back (the breadcrumb asks the structure)', () => {
    for (const d of declarations) if ('detail' in d && d.detail) expect(Object.keys(d.detail), d.name).toEqual(['path']);
  });
});
