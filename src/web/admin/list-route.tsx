/**
 * The list screen of every collection, generated from the registry: blocks in
 * page order with thumbnail, title, status, last change and author; create,
 * edit, publish, delete; reorder by drag and drop, by keyboard and with Move
 * buttons; search and pages where the collection can grow.
 */
import { ActionIcon, Alert, Anchor, Badge, Button, Center, Group, Loader, Menu, Modal, Pagination, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useLongPress } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Link } from 'react-router';
import type { RouteMark } from '../../shared/access.js';
import { getCollection, type CollectionDef, type CollectionKind, type ContentDocument } from '../../shared/collections.js';
import { formPathOf } from '../../shared/routes.js';
import { ApiError } from '../api-client.js';
import { RequireMarks } from './auth/guard.js';
import { Screen, publishedGreen } from './content/screen.js';
import { useCan } from './content/abilities.js';
import { useAuthorName } from './content/authors.js';
import { contentKeys, deleteDocument, patchDocument, reorderDocuments, useDocuments, type DocumentList, type ListParams } from './content/documents.js';
import { previewUrl, useMediaInfo } from './content/media.js';
import { absoluteTime, relativeTime } from './content/relative-time.js';

const pageSize = 20;
/** Lists that do not grow are shown whole, so they can be reordered as one. */
const wholeListLimit = 100;

const nouns: Record<CollectionKind, [string, string]> = {
  slide: ['slide', 'slides'],
  section: ['section', 'sections'],
  card: ['card', 'cards'],
  picture: ['picture', 'pictures'],
  person: ['person', 'people'],
  partner: ['partner', 'partners'],
  story: ['story', 'stories'],
  event: ['event', 'events'],
  category: ['category', 'categories'],
  item: ['publication', 'publications'],
  customer: ['contact', 'contacts'],
};

function titleOf(c: CollectionDef, doc: ContentDocument): string {
  const t = doc.data[c.titleField];
  return typeof t === 'string' && t.trim() ? t.trim() : 'Untitled';
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : 'Something unexpected happened. Try again.';
}

/* Small inline icons: the staff app needs four, not an icon library. */
function Icon({ path, label }: { path: string; label?: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label}>
      <path d={path} />
    </svg>
  );
}
const icons = {
  grip: 'M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01',
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
};

function Thumbnail({ collection, doc }: { collection: CollectionDef; doc: ContentDocument }) {
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
      alt={image?.decorative === true ? '' : typeof image?.alt === 'string' ? image.alt : ''}
      width={72}
      height={54}
      loading="lazy"
      style={{ ...box, objectFit: 'cover' }}
    />
  );
}

function LastChange({ doc }: { doc: ContentDocument }) {
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

interface RowProps {
  collection: CollectionDef;
  doc: ContentDocument;
  index: number;
  count: number;
  canWrite: boolean;
  canReorder: boolean;
  busy: boolean;
  onMove(doc: ContentDocument, to: number, via: 'up' | 'down'): void;
  onToggleStatus(doc: ContentDocument): void;
  onDelete(doc: ContentDocument): void;
}

function BlockRow({ collection, doc, index, count, canWrite, canReorder, busy, onMove, onToggleStatus, onDelete }: RowProps) {
  const sortable = useSortable({ id: doc.id, disabled: !canReorder });
  const [menuOpen, setMenuOpen] = useState(false);
  // SPEC.md section 9: a long touch (300 ms) on a row opens its menu.
  const longPressed = useRef(false);
  const longPress = useLongPress(
    () => {
      longPressed.current = true;
      setMenuOpen(true);
    },
    { threshold: 300, events: ['touch'], cancelOnMove: true },
  );
  const onTouchEnd = (e: TouchEvent) => {
    longPress.onTouchEnd?.(e);
    // Lifting the finger after a long press must not become a tap that closes the menu it opened.
    if (longPressed.current) {
      longPressed.current = false;
      e.preventDefault();
    }
  };
  const title = titleOf(collection, doc);
  // Actions are ignored, not disabled, while a change is saving: disabling a focused button throws keyboard focus away.
  const whenIdle = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
    if (!busy) fn(...args);
  };
  const move = whenIdle(onMove);
  const toggle = whenIdle(onToggleStatus);
  const askDelete = whenIdle(onDelete);
  const editPath = formPathOf(collection.name, doc.id);
  const published = doc.status === 'published';
  const style = {
    transform: DndCss.Transform.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative' as const,
    zIndex: sortable.isDragging ? 2 : undefined,
    listStyle: 'none',
  };

  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="block-row" data-id={doc.id}>
      <Paper withBorder p="xs" radius="md" shadow={sortable.isDragging ? 'md' : undefined} {...longPress} onTouchEnd={onTouchEnd} onContextMenu={(e) => menuOpen && e.preventDefault()}>
        <Group gap="sm" wrap="nowrap" align="center">
          {canReorder && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              {...sortable.attributes}
              {...sortable.listeners}
              aria-label={`Drag “${title}” to reorder (Space to pick up, arrow keys to move)`}
              style={{ cursor: 'grab', touchAction: 'none' }}
            >
              <Icon path={icons.grip} />
            </ActionIcon>
          )}
          <Thumbnail collection={collection} doc={doc} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={editPath} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Anchor>
              <Badge size="sm" variant={published ? 'filled' : 'light'} color={published ? publishedGreen : 'gray'}>
                {published ? 'Published' : 'Draft'}
              </Badge>
            </Group>
            <LastChange doc={doc} />
          </Stack>
          <Group gap={4} wrap="nowrap">
            {canReorder && (
              <>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move “${title}” up`} data-move={`${doc.id}:up`} disabled={index === 0} onClick={() => move(doc, index - 1, 'up')} visibleFrom="xs">
                  <Icon path={icons.up} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move “${title}” down`} data-move={`${doc.id}:down`} disabled={index === count - 1} onClick={() => move(doc, index + 1, 'down')} visibleFrom="xs">
                  <Icon path={icons.down} />
                </ActionIcon>
              </>
            )}
            <Button component={Link} to={editPath} variant="default" size="xs" visibleFrom="sm" aria-label={`Edit “${title}”`}>
              Edit
            </Button>
            {canWrite && (
              <Button variant="default" size="xs" visibleFrom="md" onClick={() => toggle(doc)} aria-label={`${published ? 'Unpublish' : 'Publish'} “${title}”`}>
                {published ? 'Unpublish' : 'Publish'}
              </Button>
            )}
            {canWrite && (
              <Button variant="subtle" size="xs" color="red" visibleFrom="md" onClick={() => askDelete(doc)} aria-label={`Delete “${title}”`}>
                Delete
              </Button>
            )}
            <Menu opened={menuOpen} onChange={setMenuOpen} position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`More actions for “${title}”`}>
                  <Icon path={icons.dots} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={editPath}>
                  Edit
                </Menu.Item>
                {canWrite && (
                  <Menu.Item onClick={() => toggle(doc)}>
                    {published ? 'Unpublish' : 'Publish'}
                  </Menu.Item>
                )}
                {canReorder && (
                  <>
                    <Menu.Item disabled={index === 0} onClick={() => move(doc, index - 1, 'up')}>
                      Move up
                    </Menu.Item>
                    <Menu.Item disabled={index === count - 1} onClick={() => move(doc, index + 1, 'down')}>
                      Move down
                    </Menu.Item>
                  </>
                )}
                {canWrite && (
                  <Menu.Item color="red" onClick={() => askDelete(doc)}>
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Paper>
    </li>
  );
}

function EmptyState({ collection, canCreate, children }: { collection: CollectionDef; canCreate: boolean; children?: ReactNode }) {
  const [, plural] = nouns[collection.kind];
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>No {plural} yet.</Text>
        <Text>{collection.description}</Text>
        {children}
        {canCreate && (
          <Button component={Link} to={formPathOf(collection.name, 'new')}>
            Create the first one
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function ListScreen({ collection }: { collection: CollectionDef }) {
  const [singular, plural] = nouns[collection.kind];
  const can = useCan({ type: 'collection', name: collection.name });
  const canWrite = can('update');
  const canCreate = can('create');
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const params: ListParams = collection.growing ? { q: q || undefined, limit: pageSize, offset: (page - 1) * pageSize } : { limit: wholeListLimit, offset: 0 };
  const query = useDocuments(collection.name, params);
  const [order, setOrder] = useState<ContentDocument[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [toDelete, setToDelete] = useState<ContentDocument | null>(null);
  const focusAfterMove = useRef<{ id: string; via: 'up' | 'down' } | null>(null);

  const docs = order ?? query.data?.documents ?? [];
  const total = query.data?.total ?? 0;
  // Reordering is about the whole page: only offered when every block is on screen and no search filters them.
  const canReorder = canWrite && !q && docs.length > 1 && total <= docs.length;

  useEffect(() => setPage(1), [q]);
  // A fresh answer from the server replaces any optimistic order.
  useEffect(() => setOrder(null), [query.data]);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${target.id}:${target.via}`)}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${target.id}:${target.via === 'up' ? 'down' : 'up'}`)}"]`);
    (button && !button.disabled ? button : other)?.focus();
  });

  const setList = (documents: ContentDocument[]) => {
    client.setQueryData<DocumentList>(contentKeys.list(collection.name, params), (old) => (old ? { ...old, documents } : old));
  };

  const reorder = useMutation({
    mutationFn: (ids: string[]) => reorderDocuments(collection.name, ids),
    onSuccess: (documents) => {
      setList(documents);
      void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
    },
    onError: (err) => {
      setOrder(null);
      setAnnouncement('The new order could not be saved. The list is back as it was.');
      notifications.show({ color: 'red', title: 'Order not saved', message: errorMessage(err) });
    },
  });

  const move = (from: number, to: number, via?: 'up' | 'down') => {
    if (to < 0 || to >= docs.length || from === to) return;
    const next = arrayMove(docs, from, to);
    const moved = docs[from];
    if (!moved) return;
    setOrder(next);
    if (via) focusAfterMove.current = { id: moved.id, via };
    setAnnouncement(`“${titleOf(collection, moved)}” moved to position ${to + 1} of ${next.length}.`);
    reorder.mutate(next.map((d) => d.id));
  };

  const toggleStatus = useMutation({
    mutationFn: (doc: ContentDocument) => patchDocument(collection.name, doc.id, doc.version, { status: doc.status === 'published' ? 'draft' : 'published' }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: saved.status === 'published' ? `“${titleOf(collection, saved)}” is published.` : `“${titleOf(collection, saved)}” is now a draft and hidden from the website.`,
      });
      setList(docs.map((d) => (d.id === saved.id ? saved : d)));
      void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
    },
    onError: (err) => {
      const conflict = err instanceof ApiError && err.code === 'aborted';
      notifications.show({
        color: 'red',
        title: conflict ? 'Changed by someone else' : 'Not changed',
        message: conflict ? 'Someone else changed this block. The list is reloaded; check it and try again.' : errorMessage(err),
      });
      void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
    },
  });

  const remove = useMutation({
    mutationFn: (doc: ContentDocument) => deleteDocument(collection.name, doc.id, doc.version),
    onSuccess: (_v, doc) => {
      setToDelete(null);
      notifications.show({ color: 'green', message: `“${titleOf(collection, doc)}” is deleted.` });
      setList(docs.filter((d) => d.id !== doc.id));
      void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
    },
    onError: (err) => {
      setToDelete(null);
      const conflict = err instanceof ApiError && err.code === 'aborted';
      notifications.show({
        color: 'red',
        title: conflict ? 'Changed by someone else' : 'Not deleted',
        message: conflict ? 'Someone else changed this block since the list loaded. The list is reloaded; check it and try again.' : errorMessage(err),
      });
      void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
    },
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleById = (id: UniqueIdentifier) => {
    const d = docs.find((x) => x.id === id);
    return d ? `“${titleOf(collection, d)}”` : 'The block';
  };
  const positionOf = (id: UniqueIdentifier | undefined) => docs.findIndex((x) => x.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleById(active.id)}, position ${positionOf(active.id)} of ${docs.length}. Use the arrow keys to move, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${titleById(active.id)} is over position ${positionOf(over.id)} of ${docs.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${titleById(active.id)} dropped at position ${positionOf(over.id)} of ${docs.length}.` : `${titleById(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${titleById(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      docs.findIndex((d) => d.id === active.id),
      docs.findIndex((d) => d.id === over.id),
    );
  };

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const busy = reorder.isPending || toggleStatus.isPending || remove.isPending;
  const newPath = formPathOf(collection.name, 'new');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1}>{collection.label}</Title>
          {total > 0 && (
            <Text c="dimmed" size="sm" mt={4}>
              {collection.description}
            </Text>
          )}
        </div>
        {canCreate && (
          <Button component={Link} to={newPath}>
            New {singular}
          </Button>
        )}
      </Group>

      {collection.growing && (
        <TextInput
          type="search"
          label={`Search ${plural}`}
          placeholder="Type a few words"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
      )}

      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>

      {query.isPending ? (
        <Center mih={240}>
          <Loader size={80} aria-label={`Loading ${plural}`} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" title={`The ${plural} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : docs.length === 0 ? (
        q ? (
          <Paper withBorder p="lg" radius="md">
            <Text>Nothing matches “{q}”.</Text>
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
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
            <SortableContext items={docs.map((d) => d.id)} strategy={verticalListSortingStrategy}>
              <ul aria-label={`${collection.label}, in page order`} style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
                {docs.map((doc, index) => (
                  <BlockRow
                    key={doc.id}
                    collection={collection}
                    doc={doc}
                    index={index}
                    count={docs.length}
                    canWrite={canWrite}
                    canReorder={canReorder}
                    busy={busy}
                    onMove={(d, to, via) => move(docs.indexOf(d), to, via)}
                    onToggleStatus={(d) => toggleStatus.mutate(d)}
                    onDelete={setToDelete}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
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

      <Modal opened={toDelete !== null} onClose={() => !remove.isPending && setToDelete(null)} title={`Delete this ${singular}?`} centered>
        {toDelete && (
          <Stack gap="md">
            <Text>
              “{titleOf(collection, toDelete)}” will be removed from the website and cannot be restored.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setToDelete(null)} disabled={remove.isPending} data-autofocus>
                Cancel
              </Button>
              <Button color="red" onClick={() => remove.mutate(toDelete)} loading={remove.isPending}>
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

export function listRoute(collection: string, marks: readonly RouteMark[]) {
  const def = getCollection(collection);
  return function ListRoute() {
    if (!def) throw new Error(`Unknown collection ${collection}`);
    return (
      <RequireMarks marks={marks}>
        <Screen>
          <ListScreen collection={def} />
        </Screen>
      </RequireMarks>
    );
  };
}
