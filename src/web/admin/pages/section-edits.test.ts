import { describe, expect, it } from 'vitest';
import type { PageSection } from '../../../shared/page-sections.js';
import { addRow, limitOf, moveRow, removeRow, rowsChanged, rowsOf, sectionsPatch, setHeading, setOption } from './section-edits.js';

const saved: PageSection[] = [
  { id: 's-aaaaaaaaaa', kind: 'slide', heading: null, collection: 's-aaaaaaaaaa', options: { carousel: true } },
  { id: 'intro', kind: 'section', heading: 'About', collection: 'intro', options: {} },
  { id: 's-bbbbbbbbbb', kind: 'event', heading: 'Coming up', collection: 's-bbbbbbbbbb', options: { limit: 3 } },
];

describe('editing a page’s sections', () => {
  it('keeps the saved sections as they are when nothing changed', () => {
    const rows = rowsOf(saved);
    expect(rowsChanged(rows, saved)).toBe(false);
    expect(sectionsPatch(rows)).toEqual(saved);
  });

  it('moves a section and the patch carries the new order', () => {
    const rows = moveRow(rowsOf(saved), 2, 0);
    expect(rows.map((r) => r.key)).toEqual(['s-bbbbbbbbbb', 's-aaaaaaaaaa', 'intro']);
    expect(rowsChanged(rows, saved)).toBe(true);
    expect(moveRow(rowsOf(saved), 0, 3).map((r) => r.key)).toEqual(rowsOf(saved).map((r) => r.key));
    expect(moveRow(rowsOf(saved), -1, 1).map((r) => r.key)).toEqual(rowsOf(saved).map((r) => r.key));
  });

  it('sends a new section without id or collection, so the server makes them', () => {
    const rows = addRow(addRow(rowsOf(saved), 'story'), 'card');
    expect(new Set(rows.map((r) => r.key)).size).toBe(5);
    const patch = sectionsPatch(rows);
    expect(patch[3]).toEqual({ kind: 'story', heading: null, options: {} });
    expect('collection' in patch[4]!).toBe(false);
    expect('id' in patch[4]!).toBe(false);
  });

  it('removes a section and trims headings (empty is the kind’s default)', () => {
    let rows = removeRow(rowsOf(saved), 'intro');
    expect(rows).toHaveLength(2);
    rows = setHeading(rows, 's-aaaaaaaaaa', '  Our campaign ');
    rows = setHeading(rows, 's-bbbbbbbbbb', '   ');
    expect(sectionsPatch(rows).map((s) => s.heading)).toEqual(['Our campaign', null]);
  });

  it('changes only the options a kind allows', () => {
    let rows = rowsOf(saved);
    rows = setOption(rows, 's-bbbbbbbbbb', 'upcomingOnly', true);
    rows = setOption(rows, 's-bbbbbbbbbb', 'limit', undefined);
    rows = setOption(rows, 'intro', 'limit', 4);
    rows = setOption(rows, 's-aaaaaaaaaa', 'carousel', false);
    expect(sectionsPatch(rows).map((s) => s.options)).toEqual([{ carousel: false }, {}, { upcomingOnly: true }]);
  });

  it('reads "how many" as a whole number within the limit', () => {
    expect(limitOf('6')).toBe(6);
    expect(limitOf('0')).toBeUndefined();
    expect(limitOf('2.5')).toBeUndefined();
    expect(limitOf('')).toBeUndefined();
    expect(limitOf(99)).toBeUndefined();
  });
});
