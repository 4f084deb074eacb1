/**
 * Where each rich text sits on its public page, declared once: the highest
 * heading its text may use. The public renderer puts a section's body under
 * the block's own h2 title (blocks/sections.tsx), so its headings start at h3;
 * a story's or an event's text sits on its own page under the h1 title
 * (detail-view.tsx), so its headings start at h2. A rich-text field missing
 * here is a mistake the unit test catches.
 */
import type { CollectionKind } from '../kinds.js';

export const richTextHeadingStart: Partial<Record<CollectionKind, Record<string, 2 | 3 | 4>>> = {
  section: { body: 3 },
  story: { body: 2 },
  event: { description: 2 },
};

/** The highest heading level a rich-text field may use (h2 when undeclared: under a page's h1). */
export function headingStartOf(kind: CollectionKind | null, field: string): number {
  return (kind ? richTextHeadingStart[kind]?.[field] : undefined) ?? 2;
}
