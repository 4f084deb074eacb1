/**
 * One block on the list screen: drag handle, thumbnail, title, status and last
 * change, with its actions as buttons on wide screens and in a menu (opened by
 * a long touch too) on every screen.
 */
import { ActionIcon, Anchor, Button, Group, Menu, Paper, Stack } from '@mantine/core';
import { useLongPress } from '@mantine/hooks';
import { useRef, useState, type TouchEvent } from 'react';
import { Link } from 'react-router';
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { formPathOf } from '../../../shared/routes.js';
import { blockTitle } from '../content/block-summary.js';
import { DocumentStateBadge } from '../editorial/state-line.js';
import { Icon, icons, LastChange, ScheduleLine, Thumbnail } from './row-parts.js';
import { moveButtonKey } from './move-focus.js';
import { DragHandle, useSortableItem } from './sortable-list.js';
import { RegistrationLine } from '../events/registration-line.js';

export interface RowProps {
  collection: CollectionDef;
  doc: StaffDocument;
  index: number;
  count: number;
  canWrite: boolean;
  canReorder: boolean;
  busy: boolean;
  /** The site's time zone, for schedule times. */
  timeZone: string;
  onMove(doc: StaffDocument, to: number, via: 'up' | 'down'): void;
  onToggleStatus(doc: StaffDocument): void;
  onDelete(doc: StaffDocument): void;
}

export function BlockRow({ collection, doc, index, count, canWrite, canReorder, busy, timeZone, onMove, onToggleStatus, onDelete }: RowProps) {
  const { sortable, style } = useSortableItem(doc.id, !canReorder);
  const [menuOpen, setMenuOpen] = useState(false);
  // A long touch (300 ms) on a row opens its menu.
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
  const title = blockTitle(collection, doc.data);
  // Actions are ignored, not disabled, while a change is saving: disabling a focused button throws keyboard focus away.
  const whenIdle = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
    if (!busy) fn(...args);
  };
  const move = whenIdle(onMove);
  const toggle = whenIdle(onToggleStatus);
  const askDelete = whenIdle(onDelete);
  const editPath = formPathOf(collection.name, doc.id);
  const published = doc.status === 'published';

  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="block-row" data-id={doc.id}>
      <Paper withBorder p="xs" radius="md" shadow={sortable.isDragging ? 'md' : undefined} {...longPress} onTouchEnd={onTouchEnd} onContextMenu={(e) => menuOpen && e.preventDefault()}>
        <Group gap="sm" wrap="nowrap" align="center">
          {canReorder && (
            <DragHandle sortable={sortable} name={`“${title}”`} />
          )}
          <Thumbnail collection={collection} doc={doc} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={editPath} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Anchor>
              <DocumentStateBadge doc={doc} size="sm" />
            </Group>
            <ScheduleLine doc={doc} timeZone={timeZone} />
            {collection.kind === 'event' && <RegistrationLine eventId={doc.id} title={title} />}
            <LastChange doc={doc} />
          </Stack>
          <Group gap={4} wrap="nowrap">
            {canReorder && (
              <>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move “${title}” up`} data-move={moveButtonKey(doc.id, 'up')} disabled={index === 0} onClick={() => move(doc, index - 1, 'up')} visibleFrom="xs">
                  <Icon path={icons.up} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move “${title}” down`} data-move={moveButtonKey(doc.id, 'down')} disabled={index === count - 1} onClick={() => move(doc, index + 1, 'down')} visibleFrom="xs">
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
              <Button variant="subtle" size="xs" color="red" visibleFrom="md" onClick={() => askDelete(doc)} aria-label={`Move to trash: “${title}”`}>
                Move to trash
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
                    Move to trash
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
