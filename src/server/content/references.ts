/** What a block's data points at: uploaded media (image and file fields) and categories. */
import { mediaFields, type FieldDef } from '../../shared/fields.js';

export interface MediaReference {
  /** The field's name, e.g. `image`. */
  field: string;
  /** What the field holds: an image field must point at an image, a file field at a PDF. */
  expects: 'image' | 'pdf';
  mediaId: string;
}

export function mediaIdsOf(fields: readonly FieldDef[], data: Record<string, unknown>): MediaReference[] {
  const refs: MediaReference[] = [];
  for (const f of mediaFields(fields)) {
    const value = data[f.name];
    if (value && typeof value === 'object' && typeof (value as { mediaId?: unknown }).mediaId === 'string') {
      refs.push({ field: f.name, expects: f.type === 'image' ? 'image' : 'pdf', mediaId: (value as { mediaId: string }).mediaId });
    }
  }
  return refs;
}

export function categoryIdsOf(fields: readonly FieldDef[], data: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const f of fields) {
    if (f.type !== 'category') continue;
    const value = data[f.name];
    if (typeof value === 'string' && value !== '') ids.push(value);
  }
  return ids;
}
