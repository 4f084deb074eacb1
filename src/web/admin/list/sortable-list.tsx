/**
 * A list sortable by pointer and keyboard (Space to pick up, arrows to move,
 * Space to drop, Escape to cancel), with dnd-kit's screen-reader announcements
 * in plain words. Each item is a `useSortable` of its id (see block-row.tsx);
 * the Move up/down buttons beside it and the live region that tells each move
 * come from move-focus.ts. The list screens and the navigation editor share it.
 */
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type CollisionDetection, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { Icon, icons } from './row-parts.js';

/** The drag handle of one item: pointer and keyboard (Space, arrows, Space), named after the item (`“Our Work”`). */
export function DragHandle({ sortable, name }: { sortable: ReturnType<typeof useSortable>; name: string }) {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" {...sortable.attributes} {...sortable.listeners} aria-label={`Drag ${name} to reorder (Space to pick up, arrow keys to move)`} style={{ cursor: 'grab', touchAction: 'none' }}>
      <Icon path={icons.grip} />
    </ActionIcon>
  );
}

/** One item of a SortableList: its dnd-kit state and the style that moves it while dragged. */
export function useSortableItem(id: string, disabled = false): { sortable: ReturnType<typeof useSortable>; style: CSSProperties } {
  const sortable = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: DndCss.Transform.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 2 : undefined,
    listStyle: 'none',
  };
  return { sortable, style };
}

interface SortableListProps {
  ids: string[];
  /** How an item is named in announcements, quoted: `“Our Work”`. */
  nameOf(id: string): string;
  /** The list's accessible name. */
  label: string;
  onMove(from: number, to: number): void;
  /** `ol` when the order is what the list is about. */
  component?: 'ul' | 'ol';
  gap?: number;
  /** Items of different heights (the page editor's sections) need `closestCorners`: a keyboard move lands an item's top on its neighbour's, which closest centres can miss. */
  collisionDetection?: CollisionDetection;
  /** After a drop, said in place of "dropped at position n of m." (for instance, that the order is kept only once saved). */
  droppedNote?: string;
  children: ReactNode;
}

/**
 * Keys pressed while a keyboard drag is starting, kept for the drag.
 * dnd-kit's keyboard sensor listens for the arrows one timer tick after the
 * pick-up (so the Space that picked up is not read as the drop); the browser
 * runs key presses before timers, so on a busy page an arrow pressed in that
 * tick would scroll the page and be lost. They are held from the pick-up and
 * pressed again, in order, once the sensor listens (two ticks on).
 */
function holdKeysWhileStarting(doc: Document): void {
  const held: KeyboardEvent[] = [];
  const hold = (event: KeyboardEvent) => {
    if (!event.isTrusted) return;
    held.push(event);
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  doc.addEventListener('keydown', hold, true);
  setTimeout(() =>
    setTimeout(() => {
      doc.removeEventListener('keydown', hold, true);
      for (const e of held) (doc.activeElement ?? doc).dispatchEvent(new KeyboardEvent('keydown', { key: e.key, code: e.code, shiftKey: e.shiftKey, bubbles: true, cancelable: true }));
    }),
  );
}

export function SortableList({ ids, nameOf, label, onMove, component: List = 'ul', gap = 8, collisionDetection = closestCenter, droppedNote, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${positionOf(active.id)} of ${ids.length}. Use the arrow keys to move, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over position ${positionOf(over.id)} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.${droppedNote ? ` ${droppedNote}` : ''}` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={({ activatorEvent }) => {
        if (activatorEvent instanceof KeyboardEvent && activatorEvent.target instanceof Node && activatorEvent.target.ownerDocument) holdKeysWhileStarting(activatorEvent.target.ownerDocument);
      }}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <List aria-label={label} style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap }}>
          {children}
        </List>
      </SortableContext>
    </DndContext>
  );
}
