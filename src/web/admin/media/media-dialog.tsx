/**
 * A wide dialog for the library (details, picker). Like the editorial
 * StaffModal: the header is a plain element (Mantine's `<header>` reads as a
 * second banner), focus is trapped, Escape closes, and focus goes back to the
 * opener once the dialog has gone, even when the opener re-rendered meanwhile.
 */
import { Modal } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

interface MediaDialogProps {
  opened: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Where focus goes back to when the opener is gone (a card that left the page). */
  fallbackFocus?: () => HTMLElement | null;
}

export function MediaDialog({ opened, title, onClose, children, fallbackFocus }: MediaDialogProps) {
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
    window.setTimeout(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || content.current?.contains(active) === true;
      if (!lost) return;
      const target = el?.isConnected ? el : (fallbackFocus?.() ?? null);
      target?.focus();
    }, 0);
  };
  return (
    <Modal.Root opened={opened} onClose={onClose} onExitTransitionEnd={giveFocusBack} size="min(960px, 100%)" centered>
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
