/**
 * Mantine's Modal with its header as a plain element: Mantine renders a
 * `<header>` outside any sectioning element, which screen readers and axe take
 * for a second banner landmark beside the staff header. Focus is trapped,
 * Escape and the close button close it, and focus returns to the opener (also
 * when Mantine's own return finds nothing to return to: then whatever had
 * focus when the dialog opened gets it back, once the dialog has gone).
 */
import { Modal } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

/** The size of the media library's dialogs (details, picker): a grid needs room. */
export const wideDialog = 'min(960px, 100%)';

interface StaffModalProps {
  opened: boolean;
  title: string;
  onClose(): void;
  /** After the dialog has gone and focus is back where it was (a step may then move it on). */
  afterClose?(): void;
  /** Where focus goes back to when the opener is gone (a card that left the page). */
  fallbackFocus?: () => HTMLElement | null;
  /** Mantine's size; wide dialogs (the media library's) pass a CSS width. */
  size?: string;
  children: ReactNode;
}

export function StaffModal({ opened, title, onClose, afterClose, fallbackFocus, size, children }: StaffModalProps) {
  // Who had focus as the dialog opened, read while rendering the opening (before the dialog takes focus).
  const [wasOpened, setWasOpened] = useState(opened);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpener(document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
  }
  const content = useRef<HTMLDivElement>(null);
  const giveFocusBack = () => {
    const el = opener;
    setOpener(null);
    // After Mantine has unmounted the dialog: focus on nothing, or still inside the closed dialog, goes back to the opener.
    window.setTimeout(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || content.current?.contains(active) === true;
      if (lost) (el?.isConnected ? el : (fallbackFocus?.() ?? null))?.focus();
      afterClose?.();
    }, 0);
  };
  return (
    <Modal.Root opened={opened} onClose={onClose} onExitTransitionEnd={giveFocusBack} size={size} centered>
      <Modal.Overlay />
      <Modal.Content ref={content}>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
