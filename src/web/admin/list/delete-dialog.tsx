/** Asks before a block is deleted: deleting cannot be undone. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CollectionDef, ContentDocument } from '../../../shared/collections.js';
import { blockTitle } from '../content/block-summary.js';

interface DeleteDialogProps {
  collection: CollectionDef;
  doc: ContentDocument | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(doc: ContentDocument): void;
}

export function DeleteDialog({ collection, doc, deleting, onCancel, onConfirm }: DeleteDialogProps) {
  return (
    <Modal opened={doc !== null} onClose={() => !deleting && onCancel()} title={`Delete this ${collection.nouns.one}?`} centered>
      {doc && (
        <Stack gap="md">
          <Text>
            “{blockTitle(collection, doc.data)}” will be removed from the website and cannot be restored.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => onConfirm(doc)} loading={deleting}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
