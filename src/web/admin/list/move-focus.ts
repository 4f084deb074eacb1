/**
 * After a Move up/down button moves an item, keyboard focus stays on that
 * button in the item's new place (or on its pair, once that one is disabled at
 * the end of the list); the buttons carry `data-move="<id>:up|down"`. And the
 * sentence the live region says after a move.
 */
import { useEffect, useRef } from 'react';

export type MoveVia = 'up' | 'down';

export function moveButtonKey(id: string, via: MoveVia): string {
  return `${id}:${via}`;
}

/** Call the returned function with the moved item's id and the button pressed; focus follows after the next render. */
export function useFocusAfterMove(): (id: string, via: MoveVia) => void {
  const target = useRef<{ id: string; via: MoveVia } | null>(null);
  useEffect(() => {
    const t = target.current;
    if (!t) return;
    target.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(moveButtonKey(t.id, t.via))}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(moveButtonKey(t.id, t.via === 'up' ? 'down' : 'up'))}"]`);
    (button && !button.disabled ? button : other)?.focus();
  });
  return (id, via) => {
    target.current = { id, via };
  };
}

/** `“Our Work” moved to position 3 of 7.` */
export function movedSentence(name: string, to: number, count: number): string {
  return `${name} moved to position ${to + 1} of ${count}.`;
}
