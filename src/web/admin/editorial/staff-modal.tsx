/**
 * Mantine's Modal with its header as a plain element: Mantine renders a
 * `<header>` outside any sectioning element, which screen readers and axe take
 * for a second banner landmark beside the staff header. Focus is trapped,
 * Escape and the close button close it, and focus returns to the opener.
 */
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface StaffModalProps {
  opened: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

export function StaffModal({ opened, title, onClose, children }: StaffModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
