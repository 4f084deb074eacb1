/**
 * Reordering the list: the new order shows at once and is saved as a whole, each
 * move is told in a sentence for the live region, and keyboard focus stays on
 * the Move button that was pressed (or its pair, once that one is disabled).
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useEffect, useRef, useState } from 'react';
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { blockTitle } from '../content/block-summary.js';
import type { DocumentList, ListParams } from '../content/documents.js';
import { useSaveOrder } from './mutations.js';

export type MoveVia = 'up' | 'down';

export function useReorder(collection: CollectionDef, params: ListParams, listed: DocumentList | undefined) {
  const [order, setOrder] = useState<StaffDocument[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ id: string; via: MoveVia } | null>(null);
  const docs = order ?? listed?.documents ?? [];

  // A fresh answer from the server replaces any optimistic order.
  useEffect(() => setOrder(null), [listed]);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${target.id}:${target.via}`)}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${target.id}:${target.via === 'up' ? 'down' : 'up'}`)}"]`);
    (button && !button.disabled ? button : other)?.focus();
  });

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
    if (via) focusAfterMove.current = { id: moved.id, via };
    setAnnouncement(`“${blockTitle(collection, moved.data)}” moved to position ${to + 1} of ${next.length}.`);
    save.mutate(next.map((d) => d.id));
  };

  return { docs, move, announcement, saving: save.isPending };
}
