/**
 * /media (staff): every upload as a card, newest first; search by name and
 * alt text, filter by type and "Not used anywhere", sort by date or size,
 * pages of `mediaPageSize` with the total; all of it kept in the address. A
 * card opens the details (preview, alt text, focal point, uses, replace,
 * download, delete). New files are uploaded here too, several at once.
 */
import { Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mediaKindFilterLabels, mediaKindFilters, mediaPageSize, mediaSortLabels, mediaSorts, type MediaLibraryItem } from '../../../shared/media-library.js';
import { acceptedTypesText, imageTypes, maxUploadText, pdfTypes } from '../../../shared/media.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { mediaListQuery, refreshMedia, rememberMedia } from './api.js';
import { DetailsPanel } from './details-panel.js';
import { displayName, showingText } from './format.js';
import { MediaCard } from './media-card.js';
import { Pager } from '../content/pager.js';
import { StaffModal, wideDialog } from '../content/staff-modal.js';
import { UploadFiles, UploadList, useUploadQueue } from './upload-queue.js';
import { isNarrowed, libraryParams, viewFromParams, type LibraryView } from './view.js';

const kindOptions = [{ value: '', label: 'Every type' }, ...mediaKindFilters.map((k) => ({ value: k, label: mediaKindFilterLabels[k] }))];
const sortOptions = mediaSorts.map((s) => ({ value: s, label: mediaSortLabels[s] }));
const everyType = [...imageTypes, ...pdfTypes];

function SearchField({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  // The address changed (Back, a bookmark): the field shows what is searched.
  useEffect(() => setText(value), [value]);
  const search = useDebouncedCallback(onSearch, 300);
  return (
    <TextInput
      type="search"
      label="Search"
      description="By file name or alt text"
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        search(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          search.cancel?.();
          onSearch(e.currentTarget.value);
        }
      }}
      style={{ flex: '1 1 240px' }}
      data-testid="media-search"
    />
  );
}

/**
 * The type, sort and "Not used anywhere" controls. They show the choice at
 * once: the address (and so the view) follows a moment later, as a navigation.
 */
function Filters({ view, onView }: { view: LibraryView; onView(v: LibraryView): void }) {
  const [shown, setShown] = useState(view);
  useEffect(() => setShown(view), [view]);
  const change = (next: LibraryView) => {
    setShown(next);
    onView(next);
  };
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField value={view.q} onSearch={(q) => onView({ ...view, q, page: 1 })} />
        <NativeSelect label="Type" data={kindOptions} value={shown.kind} onChange={(e) => change({ ...view, kind: e.currentTarget.value as LibraryView['kind'], page: 1 })} />
        <NativeSelect label="Sort" data={sortOptions} value={shown.sort} onChange={(e) => change({ ...view, sort: e.currentTarget.value as LibraryView['sort'], page: 1 })} />
      </Group>
      <Checkbox label="Not used anywhere" checked={shown.unused} onChange={(e) => change({ ...view, unused: e.currentTarget.checked, page: 1 })} />
    </>
  );
}


function Library({ view, onView }: { view: LibraryView; onView(v: LibraryView): void }) {
  const client = useQueryClient();
  const { timeZone } = useSiteTimeZone();
  const list = useQuery(mediaListQuery(view, mediaPageSize));
  const [open, setOpen] = useState<MediaLibraryItem | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const [message, setMessage] = useState('');
  const searchHeading = useRef<HTMLHeadingElement>(null);
  const uploads = useUploadQueue(everyType, () => void refreshMedia(client));

  const items = list.data?.media ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / mediaPageSize));

  return (
    <Stack gap="md">
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {message}
      </VisuallyHidden>
      <Stack gap="xs">
        <UploadFiles label="Upload files" accept={everyType} onFiles={uploads.add} hint={`Several at once, or drop them here: ${acceptedTypesText}, up to ${maxUploadText} each.`} />
        <UploadList items={uploads.items} onCancel={uploads.cancel} />
      </Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="media-find-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="media-find-heading" ref={searchHeading} tabIndex={-1}>
            Find files
          </Title>
          <Filters view={view} onView={onView} />
        </Stack>
      </Paper>
      {list.isPending ? (
        <ContentLoader label="Loading the media library" />
      ) : list.isError ? (
        <LoadFailed title="The media library could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite" data-testid="media-showing">
            {showingText(view.page, mediaPageSize, items.length, total)}
            {list.isFetching ? ' (updating…)' : ''}
          </Text>
          {items.length === 0 ? (
            <Paper withBorder p="xl" radius="md" data-testid="media-empty">
              <Text fw={600}>{total > 0 ? 'There are no files on this page.' : isNarrowed(view) ? 'No file matches.' : 'The library is empty.'}</Text>
              <Text size="sm" mt={4}>
                {total > 0
                  ? 'Go back to the first page.'
                  : isNarrowed(view)
                    ? 'Try other words, or clear the type and “Not used anywhere” filters.'
                    : 'Upload pictures and PDF documents above, or from any form: they all appear here.'}
              </Text>
            </Paper>
          ) : (
            <ul className="media-grid" aria-label="Files">
              {items.map((item) => (
                <li key={item.id}>
                  <MediaCard item={item} timeZone={timeZone} action="Details of" onPress={setOpen} />
                </li>
              ))}
            </ul>
          )}
          <Pager label="Media library pages" page={view.page} pages={pages} onPage={(page) => onView({ ...view, page })} />
        </Stack>
      )}
      <StaffModal size={wideDialog} opened={open !== null} title={open ? displayName(open) : 'Details'} onClose={() => setOpen(null)} fallbackFocus={() => searchHeading.current}>
        {open && (
          <DetailsPanel
            item={open}
            timeZone={timeZone}
            announce={setMessage}
            onChanged={(next) => {
              rememberMedia(client, next, openRef.current?.id);
              // A save's answer can arrive after the dialog was closed: it updates an open dialog, never opens a closed one.
              setOpen((current) => (current ? next : null));
            }}
            onDeleted={(gone) => {
              setOpen(null);
              setMessage(`${displayName(gone)} is deleted.`);
            }}
          />
        )}
      </StaffModal>
    </Stack>
  );
}

export function MediaScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const onView = (next: LibraryView) => {
    // A new search replaces the address entry while typing; a page or filter change is a step Back returns from.
    setParams(libraryParams(next), { replace: next.q !== view.q });
    if (next.page !== view.page) window.scrollTo({ top: 0 });
  };
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Media library">
          Every picture and document uploaded to the site. Open one to set its default alt text and focal point, see where it is used, replace or delete it.
        </ScreenHeading>
        <Library view={view} onView={onView} />
      </Stack>
    </Screen>
  );
}
