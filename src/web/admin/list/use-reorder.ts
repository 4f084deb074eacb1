/**
 * Reordering the list: the new order shows at once and is saved as a whole, each
 * move is told in a sentence for the live region, and keyboard focus stays on
 * the Move button that was pressed (or its pair, once that one is disabled).
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useEffect, useState } from 'react';
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { blockTitle } from '../content/block-summary.js';
import type { DocumentList, ListParams } from '../content/documents.js';
import { useSaveOrder } from './mutations.js';
import { movedSentence, useFocusAfterMove, type MoveVia } from './move-focus.js';

export type { MoveVia };

export function useReorder(collection: CollectionDef, params: ListParams, listed: DocumentList | undefined) {
  const [order, setOrder] = useState<StaffDocument[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useFocusAfterMove();
  const docs = order ?? listed?.documents ?? [];

  // A fresh answer from the server replaces any optimistic order.
  useEffect(() => setOrder(null), [listed]);

  const save = useSaveOrder(collection, params, () => {
    setOrder(null);
    setAnnouncement('The new order could not be saved. The list is back as it was.');
  });

  const move = (from: number, to: number, via?: MoveVia) => {
    if (to < 0 || to >= docs.length || from === to) return;
    const next = arrayMove(docs, from, to);
    const moved = docs[from];
    if (!moved) return;
    setOrder(next);
    if (via) focusAfterMove(moved.id, via);
    setAnnouncement(movedSentence(`“${blockTitle(collection, moved.data)}”`, to, next.length));
    save.mutate(next.map((d) => d.id));
  };

  return { docs, move, announcement, saving: save.isPending };
}
