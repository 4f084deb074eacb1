/**
 * The library as a picker, opened from a form's image or PDF field: search,
 * a grid of the files of that kind (a card is picked with a click or Enter),
 * and "Upload new" for several files at once, each on its own progress bar;
 * an uploaded file shows in the grid at once, ready to be picked.
 */
import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mediaLibraryItemSchema, type MediaLibraryItem } from '../../../shared/media-library.js';
import { imageTypes, imageTypesText, maxUploadText, pdfTypes, type MediaInfo } from '../../../shared/media.js';
import { ContentLoader, LoadFailed } from '../content/screen.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { mediaListQuery, refreshMedia } from './api.js';
import { showingText } from './format.js';
import { MediaCard } from './media-card.js';
import { Pager } from '../content/pager.js';
import { StaffModal, wideDialog } from '../content/staff-modal.js';
import { UploadFiles, UploadList, useUploadQueue } from './upload-queue.js';
import { defaultView } from './view.js';

/** A picker page is smaller than the library's: it sits in a dialog. */
const pickerPageSize = 24;

export type PickerKind = 'image' | 'pdf';

interface MediaPickerProps {
  opened: boolean;
  kind: PickerKind;
  /** The field's label, for the dialog's title ("Choose the Photo"). */
  fieldLabel: string;
  onClose(): void;
  onPick(item: MediaLibraryItem): void;
  /** Where focus goes once the file is picked, when the button that opened the picker is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

/** A file just uploaded, as a library row (nothing uses it yet). */
function uploadedItem(info: MediaInfo, file: File): MediaLibraryItem {
  return mediaLibraryItemSchema.parse({ ...info, byteSize: info.bytes, name: file.name, createdAt: new Date().toISOString(), usedBy: [] });
}

function PickerBody({ kind, onPick }: Pick<MediaPickerProps, 'kind' | 'onPick'>) {
  const client = useQueryClient();
  const { timeZone } = useSiteTimeZone();
  const [q, setQ] = useState('');
  const [query] = useDebouncedValue(q, 300);
  const [page, setPage] = useState(1);
  const [uploaded, setUploaded] = useState<MediaLibraryItem[]>([]);
  const view = { ...defaultView, q: query, kind: kind === 'image' ? ('image' as const) : ('file' as const), page };
  const list = useQuery(mediaListQuery(view, pickerPageSize));
  const accept = kind === 'image' ? imageTypes : pdfTypes;
  const uploads = useUploadQueue(accept, (info, file) => {
    setUploaded((list) => [uploadedItem(info, file), ...list.filter((i) => i.id !== info.id)]);
    void refreshMedia(client);
  });

  const listed = list.data?.media ?? [];
  // Fresh uploads first, until the list itself has them (on its first page).
  const items = [...uploaded.filter((u) => !listed.some((i) => i.id === u.id)), ...listed];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pickerPageSize));
  const what = kind === 'image' ? 'pictures' : 'PDF documents';

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <UploadFiles
          label="Upload new"
          accept={accept}
          onFiles={uploads.add}
          hint={`Several at once, or drop them here: ${kind === 'image' ? imageTypesText : 'PDF'}, up to ${maxUploadText} each.`}
        />
        <UploadList items={uploads.items} onCancel={uploads.cancel} />
      </Stack>
      <TextInput
        type="search"
        label={`Search the ${what}`}
        description="By file name or alt text"
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
        data-testid="picker-search"
      />
      {list.isPending ? (
        <ContentLoader label={`Loading the ${what}`} />
      ) : list.isError ? (
        <LoadFailed title={`The ${what} could not be loaded`} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {items.length === 0 ? (query ? `No ${what} match “${query}”.` : `There are no ${what} yet: upload one above.`) : showingText(page, pickerPageSize, listed.length, total)}
          </Text>
          {items.length > 0 && (
            <ul className="media-grid" aria-label={`${what[0]?.toUpperCase()}${what.slice(1)} to choose from`}>
              {items.map((item) => (
                <li key={item.id}>
                  <MediaCard item={item} timeZone={timeZone} action="Choose" onPress={onPick} />
                </li>
              ))}
            </ul>
          )}
          <Pager label="Pages of the library" page={page} pages={pages} onPage={setPage} />
        </Stack>
      )}
    </Stack>
  );
}

export function MediaPicker({ opened, kind, fieldLabel, onClose, onPick, fallbackFocus }: MediaPickerProps) {
  return (
    <StaffModal size={wideDialog} opened={opened} title={kind === 'image' ? `Choose the ${fieldLabel.toLowerCase()} from the library` : 'Choose a PDF from the library'} onClose={onClose} fallbackFocus={fallbackFocus}>
      {opened && (
        <PickerBody
          kind={kind}
          onPick={(item) => {
            onPick(item);
            onClose();
          }}
        />
      )}
    </StaffModal>
  );
}
