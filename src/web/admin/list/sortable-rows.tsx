/** The rows of the list in page order, sortable by pointer and keyboard, with dnd-kit's screen-reader announcements in plain words. */
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { blockTitle } from '../content/block-summary.js';
import { BlockRow } from './block-row.js';
import type { MoveVia } from './use-reorder.js';

interface SortableRowsProps {
  collection: CollectionDef;
  docs: StaffDocument[];
  canWrite: boolean;
  canReorder: boolean;
  busy: boolean;
  timeZone: string;
  onMove(from: number, to: number, via?: MoveVia): void;
  onToggleStatus(doc: StaffDocument): void;
  onDelete(doc: StaffDocument): void;
}

export function SortableRows({ collection, docs, canWrite, canReorder, busy, timeZone, onMove, onToggleStatus, onDelete }: SortableRowsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleById = (id: UniqueIdentifier) => {
    const d = docs.find((x) => x.id === id);
    return d ? `“${blockTitle(collection, d.data)}”` : 'The block';
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
    onMove(
      docs.findIndex((d) => d.id === active.id),
      docs.findIndex((d) => d.id === over.id),
    );
  };

  return (
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
              timeZone={timeZone}
              onMove={(d, to, via) => onMove(docs.indexOf(d), to, via)}
              onToggleStatus={onToggleStatus}
              onDelete={onDelete}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
