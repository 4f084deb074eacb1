/** Asks before a block goes to the trash, saying it can be restored from there for the retention period. */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defaultTrashRetentionDays, editorialPaths } from '../../../shared/editorial.js';
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { blockTitle } from '../content/block-summary.js';
import { StaffModal } from '../content/staff-modal.js';

interface DeleteDialogProps {
  collection: CollectionDef;
  doc: StaffDocument | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(doc: StaffDocument): void;
}

export function DeleteDialog({ collection, doc, deleting, onCancel, onConfirm }: DeleteDialogProps) {
  return (
    <StaffModal opened={doc !== null} onClose={() => !deleting && onCancel()} title={`Move this ${collection.nouns.one} to the trash?`}>
      {doc && (
        <Stack gap="md">
          <Text>
            “{blockTitle(collection, doc.data)}” comes off the website at once. It can be restored from the{' '}
            <Anchor component={Link} to={editorialPaths.trash}>
              Trash
            </Anchor>{' '}
            for {defaultTrashRetentionDays} days; after that it is removed for good.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => onConfirm(doc)} loading={deleting}>
              Move to trash
            </Button>
          </Group>
        </Stack>
      )}
    </StaffModal>
  );
}
