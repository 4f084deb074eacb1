/** The rows of the list in page order, sortable by pointer and keyboard, with dnd-kit's screen-reader announcements in plain words. */
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { blockTitle } from '../content/block-summary.js';
import { BlockRow } from './block-row.js';
import { SortableList } from './sortable-list.js';
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
  const titleById = (id: string) => {
    const d = docs.find((x) => x.id === id);
    return d ? `“${blockTitle(collection, d.data)}”` : 'The block';
  };
  return (
    <SortableList ids={docs.map((d) => d.id)} nameOf={titleById} label={`${collection.label}, in page order`} onMove={onMove}>
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
    </SortableList>
  );
}
