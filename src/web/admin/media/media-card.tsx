/**
 * One file of the library as a card: its thumbnail (cropped at the focal
 * point; a document icon for a PDF), name, type, size, dimensions and date.
 * The whole card is one button: it opens the details, or picks the file.
 */
import { Badge, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { forwardRef } from 'react';
import type { MediaLibraryItem } from '../../../shared/media-library.js';
import { objectPositionOf } from '../../../shared/media.js';
import { previewUrl } from '../content/media.js';
import { formatWhen } from '../backups/format.js';
import { dimensionsInWords, displayName, sizeInWords, typeInWords } from './format.js';

export function DocumentIcon({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      <path d="M9 13h6M9 17h4" />
    </svg>
  );
}

/** The square thumbnail: the 480 px WebP cropped at the focal point, or the document icon. */
export function Thumbnail({ item }: { item: Pick<MediaLibraryItem, 'id' | 'kind' | 'variants' | 'url' | 'focalPoint' | 'dominantColor'> & Partial<MediaLibraryItem> }) {
  return (
    <div className="media-thumb" style={{ background: item.dominantColor ?? undefined }}>
      {item.kind === 'pdf' ? (
        <DocumentIcon />
      ) : (
        <img src={previewUrl(item.id, item as MediaLibraryItem)} alt="" loading="lazy" decoding="async" style={{ objectPosition: objectPositionOf(item.focalPoint) }} />
      )}
    </div>
  );
}

interface MediaCardProps {
  item: MediaLibraryItem;
  timeZone: string;
  /** What pressing the card does, for screen readers ("Open details of", "Choose"). */
  action: string;
  onPress(item: MediaLibraryItem): void;
  selected?: boolean;
}

export const MediaCard = forwardRef<HTMLButtonElement, MediaCardProps>(function MediaCard({ item, timeZone, action, onPress, selected }, ref) {
  const name = displayName(item);
  const dims = dimensionsInWords(item.width, item.height);
  return (
    <UnstyledButton ref={ref} className="media-card" onClick={() => onPress(item)} aria-pressed={selected} data-media-id={item.id} data-testid="media-card">
      <Thumbnail item={item} />
      <Stack gap={2} p="xs">
        <Text size="sm" fw={600} className="media-card-name" title={name}>
          <VisuallyHidden>{action} </VisuallyHidden>
          {name}
        </Text>
        <Text size="xs">
          {typeInWords(item.contentType)} · {sizeInWords(item.byteSize)}
        </Text>
        {dims && <Text size="xs">{dims}</Text>}
        <Text size="xs" c="dimmed">
          <time dateTime={item.createdAt}>{formatWhen(item.createdAt, timeZone)}</time>
        </Text>
        {item.usedBy.length === 0 && (
          <Badge variant="outline" color="gray.8" tt="none" bg="white" size="sm" mt={2}>
            Not used
          </Badge>
        )}
      </Stack>
    </UnstyledButton>
  );
});
