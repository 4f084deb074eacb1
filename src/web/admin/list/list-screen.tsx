/**
 * The list screen of one collection: heading and New button, search and pages
 * where the collection can grow, the rows in page order, and the live region
 * that tells each move.
 */
import { Anchor, Button, Group, NativeSelect, Pagination, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { stateFilterSchema, type DocumentState } from '../../../shared/editorial.js';
import type { CollectionDef } from '../../../shared/collections.js';
import { formPathOf } from '../../../shared/routes.js';
import { pageEditorPathOf } from '../../../shared/staff-screens.js';
import { useCan } from '../content/abilities.js';
import { useDocuments, type ListParams, type StaffDocument } from '../content/documents.js';
import { ContentLoader, LoadFailed } from '../content/screen.js';
import { DeleteDialog } from './delete-dialog.js';
import { useBlockChanges } from './mutations.js';
import { SortableRows } from './sortable-rows.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { useReorder } from './use-reorder.js';
import { useStaffTitle } from '../layouts/staff-title.js';
import { usePageShowing } from '../pages/site-pages.js';

const pageSize = 20;

/** The list filter's choices, in the words of the shared contract's states. */
const stateChoices: { value: DocumentState | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'changed', label: 'Unpublished changes' },
  { value: 'scheduled', label: 'Scheduled' },
];
/** Lists that do not grow are shown whole, so they can be reordered as one. */
const wholeListLimit = 100;

function EmptyState({ collection, canCreate }: { collection: CollectionDef; canCreate: boolean }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>No {collection.nouns.many} yet.</Text>
        <Text>{collection.description}</Text>
        {canCreate && (
          <Button component={Link} to={formPathOf(collection.name, 'new')}>
            Create the first one
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function ListScreen({ collection }: { collection: CollectionDef }) {
  const { one, many } = collection.nouns;
  const can = useCan({ type: 'collection', name: collection.name });
  const { timeZone } = useSiteTimeZone();
  const canWrite = can('update');
  const canCreate = can('create');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // The state filter lives in the URL (`?state=scheduled`), so it survives a reload and can be shared.
  const [searchParams, setSearchParams] = useSearchParams();
  const parsedState = stateFilterSchema.safeParse(searchParams.get('state'));
  const state = parsedState.success ? parsedState.data : undefined;
  const params: ListParams = collection.growing
    ? { q: q || undefined, state, limit: pageSize, offset: (page - 1) * pageSize }
    : { state, limit: wholeListLimit, offset: 0 };
  const query = useDocuments(collection.name, params);
  const { docs, move, announcement, saving } = useReorder(collection, params, query.data);
  const [toDelete, setToDelete] = useState<StaffDocument | null>(null);
  const { toggleStatus, remove } = useBlockChanges(collection, params, docs, () => setToDelete(null));

  const total = query.data?.total ?? 0;
  // Reordering is about the whole page: only offered when every block is on screen and no search filters them.
  const canReorder = canWrite && !q && !state && docs.length > 1 && total <= docs.length;

  useEffect(() => setPage(1), [q, state]);
  const stateLabel = stateChoices.find((c) => c.value === (state ?? ''))?.label ?? 'All';

  const pages = Math.max(1, Math.ceil(total / pageSize));
  useStaffTitle(collection.label);
  const shownOn = usePageShowing(collection.name);
  const busy = saving || toggleStatus.isPending || remove.isPending;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          {shownOn && (
            // A page's blocks are edited on the page: the way back to it, whichever list this is.
            <Anchor component={Link} to={pageEditorPathOf(shownOn)} size="sm">
              ← Back to the page
            </Anchor>
          )}
          <Title order={1}>{collection.label}</Title>
          {total > 0 && (
            <Text c="dimmed" size="sm" mt={4}>
              {collection.description}
            </Text>
          )}
        </div>
        {canCreate && (
          <Button component={Link} to={formPathOf(collection.name, 'new')}>
            New {one}
          </Button>
        )}
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        {collection.growing && (
          <TextInput type="search" label={`Search ${many}`} placeholder="Type a few words" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={420} maw="100%" />
        )}
        <NativeSelect
          label="Show"
          data={stateChoices}
          value={state ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setSearchParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (value) next.set('state', value);
                else next.delete('state');
                return next;
              },
              { replace: true },
            );
          }}
          w={240}
          maw="100%"
        />
      </Group>

      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>

      {query.isPending ? (
        <ContentLoader label={`Loading ${many}`} />
      ) : query.isError ? (
        <LoadFailed title={`The ${many} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />
      ) : docs.length === 0 ? (
        q || state ? (
          <Paper withBorder p="lg" radius="md">
            <Text>{q ? `Nothing matches “${q}”${state ? ` among ${stateLabel.toLowerCase()}` : ''}.` : `No ${many} in “${stateLabel}”.`}</Text>
          </Paper>
        ) : (
          <EmptyState collection={collection} canCreate={canCreate} />
        )
      ) : (
        <>
          {collection.growing && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {`Showing ${(page - 1) * pageSize + 1}–${(page - 1) * pageSize + docs.length} of ${total}`}
            </Text>
          )}
          <SortableRows
            collection={collection}
            docs={docs}
            canWrite={canWrite}
            canReorder={canReorder}
            busy={busy}
            timeZone={timeZone}
            onMove={move}
            onToggleStatus={(d) => toggleStatus.mutate(d)}
            onDelete={setToDelete}
          />
          {collection.growing && pages > 1 && (
            <nav aria-label="Pages">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                getControlProps={(control) => ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] })}
              />
            </nav>
          )}
        </>
      )}

      <DeleteDialog collection={collection} doc={toDelete} deleting={remove.isPending} onCancel={() => setToDelete(null)} onConfirm={(doc) => remove.mutate(doc)} />
    </Stack>
  );
}
