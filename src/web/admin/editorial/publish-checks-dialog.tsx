/**
 * The question before publishing a block the authoring checks find errors
 * in: "Publish with 2 accessibility errors?", the errors in plain words, then
 * "Go back and fix" (focused, and the default) or "Publish anyway", which the
 * audit log records.
 */
import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { Finding } from '../../../shared/site-check.js';
import { StaffModal } from '../content/staff-modal.js';

interface PublishChecksDialogProps {
  /** The errors; null when the dialog is closed. */
  findings: readonly Finding[] | null;
  /** The field in words (a page's publish names the block too). */
  fieldLabel(field: string, finding: Finding): string;
  working: boolean;
  onFix(): void;
  afterClose(): void;
  onPublishAnyway(): void;
}

export function publishChecksTitle(errors: number): string {
  return `Publish with ${errors === 1 ? '1 accessibility error' : `${errors} accessibility errors`}?`;
}

export function PublishChecksDialog({ findings, fieldLabel, working, onFix, afterClose, onPublishAnyway }: PublishChecksDialogProps) {
  const list = findings ?? [];
  return (
    <StaffModal opened={findings !== null} onClose={() => !working && onFix()} afterClose={afterClose} title={publishChecksTitle(list.length)}>
      <Stack gap="md">
        <Text>Some visitors could not use this as it is:</Text>
        <List size="sm" spacing={6}>
          {list.map((f, i) => (
            <List.Item key={`${f.field}-${f.rule}-${i}`}>
              <strong>{fieldLabel(f.field, f)}</strong>: {f.message}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          If you publish anyway, the audit log records that it was published despite these errors.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onFix} disabled={working} data-autofocus>
            Go back and fix
          </Button>
          <Button color="red" onClick={onPublishAnyway} loading={working}>
            Publish anyway
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
