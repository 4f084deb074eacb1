import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/fields.js';
import { compareRevision, plainText, shownText, shownValue } from './compare.js';

const fields: FieldDef[] = [
  { name: 'title', type: 'text', label: 'Title', required: true },
  { name: 'body', type: 'richText', label: 'Story' },
  { name: 'image', type: 'image', label: 'Image' },
  { name: 'featured', type: 'switch', label: 'Featured' },
  { name: 'source', type: 'select', label: 'Source', options: [{ value: 'contact-form', label: 'Contact form' }] },
  { name: 'category', type: 'category', label: 'Category' },
  { name: 'report', type: 'file', label: 'Report' },
];

describe('comparing a revision with the working copy', () => {
  it('reads rich text as plain text', () => {
    expect(plainText('<p>Clean <strong>water</strong> &amp; soap</p><p>for&nbsp;all&#39;s&#x21;</p>')).toBe("Clean water & soap for all's!");
    expect(plainText('<p></p>')).toBe('');
    expect(plainText('one<br>two')).toBe('one two');
  });

  it('marks only the fields that changed, in the form’s order, with their labels', () => {
    const revision = { title: 'Old title', body: '<p>Same words</p>', image: { mediaId: 'm1', alt: 'A pump', decorative: false }, source: 'contact-form' };
    const current = { title: 'New title', body: '<p>Same <em>words</em></p>', image: { mediaId: 'm2', alt: 'A pump', decorative: false }, featured: false, source: 'contact-form' };
    const rows = compareRevision(fields, revision, current);
    expect(rows.map((r) => r.name)).toEqual(fields.map((f) => f.name));
    expect(rows.filter((r) => r.changed).map((r) => r.label)).toEqual(['Title', 'Image']);
    expect(rows[0]).toMatchObject({ before: { kind: 'text', text: 'Old title' }, after: { kind: 'text', text: 'New title' } });
    // Markup alone is not a change a reader sees; an unset switch is the form's "No".
    expect(rows.find((r) => r.name === 'body')?.changed).toBe(false);
    expect(rows.find((r) => r.name === 'featured')?.changed).toBe(false);
    expect(rows.find((r) => r.name === 'source')?.before).toEqual({ kind: 'text', text: 'Contact form' });
  });

  it('sees alt text, a removed image and an emptied field as changes', () => {
    const img = { mediaId: 'm1', alt: 'A pump', decorative: false };
    expect(compareRevision(fields, { image: img }, { image: { ...img, alt: 'A hand pump' } }).find((r) => r.name === 'image')?.changed).toBe(true);
    const removed = compareRevision(fields, { image: img, title: 'x' }, { image: null, title: '  ' });
    expect(removed.filter((r) => r.changed).map((r) => r.name)).toEqual(['title', 'image']);
    expect(shownText(removed[0]!.after)).toBe('Empty');
    expect(shownText(removed[2]!.before)).toBe('An image: A pump');
  });

  it('names categories and files in words', () => {
    const names = (id: string) => (id === 'c1' ? 'Water and sanitation' : undefined);
    expect(shownValue(fields[5]!, 'c1', names)).toEqual({ kind: 'text', text: 'Water and sanitation' });
    expect(shownValue(fields[5]!, 'c9', names)).toEqual({ kind: 'text', text: 'c9' });
    expect(shownValue(fields[6]!, { mediaId: 'p', name: 'Scorecard (PDF)' })).toEqual({ kind: 'text', text: 'Scorecard (PDF)' });
    expect(shownText(shownValue(fields[2]!, { mediaId: 'm', alt: '', decorative: true }))).toBe('A decorative image');
  });
});
