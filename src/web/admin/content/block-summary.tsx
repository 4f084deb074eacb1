/** How staff screens name a block and show whether it is published. */
import { Badge, type MantineSize } from '@mantine/core';
import type { CollectionDef, DocumentStatus } from '../../../shared/collections.js';

/** The Published badge's green: dark enough for white 12 px text (7:1), where Mantine's green 9 reaches only 4.4:1. */
const publishedGreen = '#17602d';

/** A block's title field, trimmed, or "Untitled". */
export function blockTitle(collection: CollectionDef, data: Record<string, unknown>): string {
  const t = data[collection.titleField];
  return typeof t === 'string' && t.trim() ? t.trim() : 'Untitled';
}

export function PublishStatusBadge({ status, size }: { status: DocumentStatus; size?: MantineSize }) {
  const published = status === 'published';
  return (
    <Badge size={size} variant={published ? 'filled' : 'light'} color={published ? publishedGreen : 'gray'}>
      {published ? 'Published' : 'Draft'}
    </Badge>
  );
}
