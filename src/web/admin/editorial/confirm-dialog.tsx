/** A question before a step that changes the site or loses work: Cancel first (focused), the step second. Escape cancels. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { StaffModal } from '../content/staff-modal.js';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for steps that remove something. */
  danger?: boolean;
  working: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function ConfirmDialog({ opened, title, children, confirmLabel, danger = false, working, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <StaffModal opened={opened} onClose={() => !working && onCancel()} title={title}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={working} data-autofocus>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={working}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
