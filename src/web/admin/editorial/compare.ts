/**
 * The History panel's comparison: one row per field of the collection, each
 * value of an earlier revision and of the current working copy in a form a
 * person can compare (rich text as its plain text, images by their picture
 * and alt text, choices by their label), and whether the field changed.
 */
import type { FieldDef } from '../../../shared/fields.js';
import { plainTextOf } from '../../../shared/html.js';

export type ShownValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'image'; mediaId: string; alt: string; decorative: boolean };

export interface FieldComparison {
  name: string;
  label: string;
  changed: boolean;
  before: ShownValue;
  after: ShownValue;
}

/** Rich text as the words a reader sees (shared/html.ts). */
export const plainText = plainTextOf;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How one stored value reads; `categoryName` names a category id when it is known. */
export function shownValue(field: FieldDef, value: unknown, categoryName?: (id: string) => string | undefined): ShownValue {
  if (value === null || value === undefined) return { kind: 'empty' };
  switch (field.type) {
    case 'richText': {
      const text = typeof value === 'string' ? plainText(value) : '';
      return text ? { kind: 'text', text } : { kind: 'empty' };
    }
    case 'image': {
      if (!isRecord(value) || typeof value.mediaId !== 'string') return { kind: 'empty' };
      return { kind: 'image', mediaId: value.mediaId, alt: typeof value.alt === 'string' ? value.alt : '', decorative: value.decorative === true };
    }
    case 'file': {
      if (!isRecord(value) || typeof value.mediaId !== 'string') return { kind: 'empty' };
      return { kind: 'text', text: typeof value.name === 'string' && value.name ? value.name : 'A file' };
    }
    case 'switch':
      return { kind: 'text', text: value === true ? 'Yes' : 'No' };
    case 'select': {
      const option = field.options?.find((o) => o.value === value);
      return { kind: 'text', text: option?.label ?? String(value) };
    }
    case 'category': {
      if (typeof value !== 'string' || !value) return { kind: 'empty' };
      return { kind: 'text', text: categoryName?.(value) ?? value };
    }
    default: {
      const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
      return text ? { kind: 'text', text } : { kind: 'empty' };
    }
  }
}

function sameShown(a: ShownValue, b: ShownValue): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'text' && b.kind === 'text') return a.text === b.text;
  if (a.kind === 'image' && b.kind === 'image') return a.mediaId === b.mediaId && a.alt === b.alt && a.decorative === b.decorative;
  return true;
}

/**
 * Every field of the collection, in the form's order: an earlier revision's
 * value (`before`) against the working copy (`after`). A switch that is unset
 * reads as "No", as the form shows it.
 */
export function compareRevision(
  fields: readonly FieldDef[],
  revision: Record<string, unknown>,
  current: Record<string, unknown>,
  categoryName?: (id: string) => string | undefined,
): FieldComparison[] {
  return fields.map((f) => {
    const before = shownValue(f, f.type === 'switch' ? revision[f.name] === true : revision[f.name], categoryName);
    const after = shownValue(f, f.type === 'switch' ? current[f.name] === true : current[f.name], categoryName);
    return { name: f.name, label: f.label, changed: !sameShown(before, after), before, after };
  });
}

/** A shown value as one line of words (for a screen reader's summary and for tests). */
export function shownText(v: ShownValue): string {
  switch (v.kind) {
    case 'empty':
      return 'Empty';
    case 'text':
      return v.text;
    case 'image':
      return v.decorative ? 'A decorative image' : `An image: ${v.alt || 'no alt text'}`;
  }
}
