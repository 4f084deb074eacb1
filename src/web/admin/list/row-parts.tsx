/** The parts of a list row that show a block: its icons, thumbnail and last change. */
import { Text } from '@mantine/core';
import type { CollectionDef } from '../../../shared/collections.js';
import { objectPositionOf } from '../../../shared/media.js';
import type { StaffDocument } from '../content/documents.js';
import { useAuthorName } from '../content/authors.js';
import { previewUrl, useMediaInfo } from '../content/media.js';
import { absoluteTime, relativeTime } from '../content/relative-time.js';
import { scheduleSentences } from '../editorial/state-line.js';

/* Small inline icons: the staff app needs four, not an icon library. */
export function Icon({ path, label }: { path: string; label?: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label}>
      <path d={path} />
    </svg>
  );
}
export const icons = {
  grip: 'M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01',
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  remove: 'M18 6 6 18M6 6l12 12',
};

export function Thumbnail({ collection, doc }: { collection: CollectionDef; doc: StaffDocument }) {
  const value = collection.imageField ? doc.data[collection.imageField] : null;
  const image = value && typeof value === 'object' ? (value as { mediaId?: unknown; alt?: unknown; decorative?: unknown }) : null;
  const mediaId = image && typeof image.mediaId === 'string' ? image.mediaId : null;
  // The media info says which variants exist (small originals have no 480), so no request ever 404s.
  const info = useMediaInfo(mediaId);
  const box = { width: 72, height: 54, borderRadius: 4, flex: '0 0 auto', background: info.data?.dominantColor ?? 'var(--mantine-color-gray-1)' } as const;
  if (!collection.imageField) return null;
  if (!mediaId || !info.data) return <div style={box} aria-hidden="true" />;
  return (
    <img
      src={previewUrl(mediaId, info.data)}
      alt={image?.decorative === true ? '' : (typeof image?.alt === 'string' && image.alt) || info.data.alt}
      width={72}
      height={54}
      loading="lazy"
      style={{ ...box, objectFit: 'cover', objectPosition: objectPositionOf(info.data.focalPoint) }}
    />
  );
}

/** "Goes live at …" / "Comes off the site at …" on a scheduled row. */
export function ScheduleLine({ doc, timeZone }: { doc: StaffDocument; timeZone: string }) {
  const lines = scheduleSentences(doc, timeZone);
  if (lines.length === 0) return null;
  return (
    <Text size="xs" data-testid="row-schedule">
      {lines.join(' · ')}
    </Text>
  );
}

export function LastChange({ doc }: { doc: StaffDocument }) {
  const who = useAuthorName(doc.updatedBy ?? doc.createdBy);
  return (
    <Text size="xs" c="dimmed">
      Changed{' '}
      <time dateTime={doc.updatedAt} title={absoluteTime(doc.updatedAt)}>
        {relativeTime(doc.updatedAt)}
      </time>
      {who ? ` by ${who}` : ''}
    </Text>
  );
}
