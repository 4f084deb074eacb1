/**
 * A section's blocks on the page editor, where the page shows them: each with
 * its picture, title and state, "Edit" (its fields open in place, under it,
 * with the authoring checks), Move up and down, and "Remove" (to the Trash,
 * asked first); "Add <slide>" opens an empty one at the end. Saving a block
 * keeps the editor on the page, with the block closed and focus back on it;
 * opening another block saves the open one first (the page editor does it),
 * and the page's one Publish takes the saved blocks live with the page.
 */
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { collectionDataSchema, type CollectionDef } from '../../../shared/collections.js';
import { blockTitle } from '../content/block-summary.js';
import { contentKeys, createDocument, deleteDocument, documentsQuery, fetchDocument, patchDocument, reorderDocuments, useDocuments, type StaffDocument } from '../content/documents.js';
import { ConfirmDialog } from '../editorial/confirm-dialog.js';
import { DocumentStateBadge } from '../editorial/state-line.js';
import { savedMessage } from '../editorial/editorial-actions.js';
import { BlockForm, editableOf, type BlockFormHandle, type EditableBlock } from '../fields/block-form.js';
import { messageOf } from '../fields/save-failure.js';
import { Icon, icons, Thumbnail } from '../list/row-parts.js';
import { focusField, formChecksFrames } from '../site-check/form-checks.js';
import { usePageShowing } from './site-pages.js';

/** Every block of a section up to this many (a section shows a handful; its list screen pages through more). */
const sectionBlocksLimit = 100;
const sectionBlocksParams = { limit: sectionBlocksLimit, offset: 0 };

/**
 * Whether the blocks of these sections have loaded (or failed to: the section says so): the page editor
 * shows itself whole once they have, instead of growing under the editor's hand as each list arrives.
 */
export function useSectionBlocksLoaded(collections: readonly string[]): boolean {
  return useQueries({
    queries: collections.map((name) => documentsQuery(name, sectionBlocksParams)),
    combine: (results) => results.every((r) => !r.isPending),
  });
}

/** The block open for editing on the page: its collection and id (`new` for one being added). */
export interface OpenBlock {
  collection: string;
  id: string;
  /** The field a publish check named ("Go back and fix"): it takes focus as the form opens, instead of the first. */
  field?: string;
}

interface SectionBlocksProps {
  collection: CollectionDef;
  open: OpenBlock | null;
  /** Opens a block (or closes the open one, with null), keeping what was typed in the open one. */
  onOpen(block: OpenBlock | null): void;
  /** Closes the open block as it is (saved, or its changes discarded). */
  onClose(): void;
  /** The open block's form, for the page's Save and Publish (they save it first). */
  formHandle: Ref<BlockFormHandle>;
  onDirtyChange(dirty: boolean): void;
  /** After a block was saved, moved or removed: the page's preview and its list of changes read again. */
  onChanged(): void;
}


const editButton = (collection: string, id: string) => `[data-edit-block="${CSS.escape(`${collection}:${id}`)}"]`;

/** Focus back on a block's Edit button (or the section's Add button) once the form has closed. */
function focusLater(selector: string) {
  window.requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
}

function InlineEditor({ collection, doc, request, formHandle, onDirtyChange, onDone }: {
  collection: CollectionDef;
  doc: StaffDocument | null;
  /** The opening asked for: a new one (another "Go back and fix") moves focus again. */
  request: OpenBlock;
  formHandle: Ref<BlockFormHandle>;
  onDirtyChange(dirty: boolean): void;
  onDone(saved: StaffDocument | null): void;
}) {
  const client = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const savedDoc = useRef<StaffDocument | null>(null);
  // A new block kept once (another block opened, or Publish) is saved from then on, not added again: its button says so.
  const [kept, setKept] = useState(false);
  const page = usePageShowing(collection.name) ?? null;
  const checks = useMemo(
    () => formChecksFrames({ collection: collection.name, id: doc?.id ?? '', kind: collection.kind, page, fields: collection.fields }),
    [collection, doc?.id, page],
  );
  const noun = collection.nouns.one;
  const title = doc ? blockTitle(collection, doc.data) : `New ${noun}`;
  const initial: EditableBlock = doc ? editableOf(doc) : { data: {}, status: 'draft', version: null };
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The field a check named takes focus as the form opens (once it is there, however slow the device), else the first field.
    const root = container.current;
    if (!root) return;
    if (request.field) focusField(request.field, root);
    else root.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [contenteditable="true"], button')?.focus();
  }, [request]);

  const change = (d: boolean) => {
    setDirty(d);
    onDirtyChange(d);
  };

  return (
    <Paper withBorder radius="md" p="sm" mt="xs" bg="var(--mantine-color-gray-0)" ref={container} role="group" aria-label={doc ? `Editing ${noun} “${title}”` : `New ${noun}`}>
      <BlockForm
        handle={formHandle}
        onDirtyChange={change}
        fields={collection.fields}
        dataSchema={collectionDataSchema(collection)}
        initial={initial}
        cancelTo={null}
        subject={`this ${noun}`}
        submitLabel={doc || kept ? `Save ${noun}` : `Add ${noun}`}
        {...checks}
        extraActions={
          <Button variant="default" onClick={() => (dirty ? setAsking(true) : onDone(null))}>
            Cancel
          </Button>
        }
        save={async (values, version) => {
          // A new block saved once (before another opened, or before Publish) is changed afterwards, never created twice.
          const existing = doc ?? savedDoc.current;
          const saved = existing === null || version === null ? await createDocument(collection.name, { data: values.data, status: 'draft' }) : await patchDocument(collection.name, existing.id, version, { data: values.data });
          savedDoc.current = saved;
          setKept(true);
          void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
          return editableOf(saved);
        }}
        loadLatest={async () => {
          const existing = doc ?? savedDoc.current;
          if (!existing) throw new Error(`Nothing to reload: this ${noun} is not saved yet.`);
          return editableOf(await fetchDocument(collection.name, existing.id));
        }}
        onSaved={(saved) => {
          notifications.show({ color: 'green', message: `${savedMessage(blockTitle(collection, saved.data), saved.status === 'published')} Publish the page to put it on the site.` });
          onDirtyChange(false);
          onDone(savedDoc.current);
          return true;
        }}
      />
      <ConfirmDialog opened={asking} title={`Discard the changes to this ${noun}?`} confirmLabel="Discard changes" danger working={false} onCancel={() => setAsking(false)} onConfirm={() => onDone(null)}>
        {`What you typed in “${title}” since it was last saved is lost.`}
      </ConfirmDialog>
    </Paper>
  );
}

export function SectionBlocks({ collection, open, onOpen, onClose, formHandle, onDirtyChange, onChanged }: SectionBlocksProps) {
  const client = useQueryClient();
  const list = useDocuments(collection.name, sectionBlocksParams);
  const [toRemove, setToRemove] = useState<StaffDocument | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const docs = list.data?.documents ?? [];
  const noun = collection.nouns;
  const addSelector = `[data-add-block="${CSS.escape(collection.name)}"]`;
  const isOpen = (id: string) => open !== null && open.collection === collection.name && open.id === id;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
    onChanged();
  };

  const close = (saved: StaffDocument | null, from: string) => {
    onClose();
    if (saved) onChanged();
    focusLater(saved ? editButton(collection.name, saved.id) : from === 'new' ? addSelector : editButton(collection.name, from));
  };

  const move = async (index: number, to: number) => {
    const ids = docs.map((d) => d.id);
    const [moved] = ids.splice(index, 1);
    if (!moved || to < 0 || to > ids.length) return;
    ids.splice(to, 0, moved);
    setFailure(null);
    try {
      await reorderDocuments(collection.name, ids);
      await refresh();
      focusLater(`[data-move-block="${CSS.escape(`${moved}:${to < index ? 'up' : 'down'}`)}"]:not([disabled]), ${editButton(collection.name, moved)}`);
    } catch (err) {
      setFailure(`Not moved: ${messageOf(err)}`);
    }
  };

  const remove = async () => {
    if (!toRemove) return;
    setWorking(true);
    setFailure(null);
    try {
      await deleteDocument(collection.name, toRemove.id, toRemove.version);
      notifications.show({ color: 'blue', message: `“${blockTitle(collection, toRemove.data)}” is in the Trash. It comes off the site at once; you can restore it from the Trash.` });
      setToRemove(null);
      await refresh();
      focusLater(addSelector);
    } catch (err) {
      setFailure(`Not removed: ${messageOf(err)}`);
      setToRemove(null);
    } finally {
      setWorking(false);
    }
  };

  if (list.isPending) return <Text size="sm" c="dimmed">{`Loading the ${noun.many}…`}</Text>;
  if (list.isError) {
    return (
      <Alert color="red" role="alert" title={`The ${noun.many} could not be loaded`}>
        <Group gap="sm">
          <Text size="sm">{list.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <Stack gap="xs">
      {docs.length === 0 && !isOpen('new') && <Text size="sm" c="dimmed">{`No ${noun.many} yet: visitors see nothing in this section.`}</Text>}
      {docs.length > 0 && (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`${collection.label}: ${noun.many}`}>
          {docs.map((doc, index) => {
            const title = blockTitle(collection, doc.data);
            return (
              <li key={doc.id} data-testid="page-block">
                <Group gap="sm" wrap="nowrap" align="center">
                  <Thumbnail collection={collection} doc={doc} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate="end">
                      {title}
                    </Text>
                    <DocumentStateBadge doc={doc} size="sm" />
                  </Stack>
                  <Button size="xs" variant={isOpen(doc.id) ? 'filled' : 'light'} data-edit-block={`${collection.name}:${doc.id}`} aria-expanded={isOpen(doc.id)} aria-label={`Edit ${noun.one} “${title}”`} onClick={() => onOpen(isOpen(doc.id) ? null : { collection: collection.name, id: doc.id })}>
                    Edit
                  </Button>
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move “${title}” up`} data-move-block={`${doc.id}:up`} disabled={index === 0 || open !== null} onClick={() => void move(index, index - 1)}>
                    <Icon path={icons.up} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move “${title}” down`} data-move-block={`${doc.id}:down`} disabled={index === docs.length - 1 || open !== null} onClick={() => void move(index, index + 1)}>
                    <Icon path={icons.down} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove “${title}”`} disabled={open !== null} onClick={() => setToRemove(doc)}>
                    <Icon path={icons.remove} />
                  </ActionIcon>
                </Group>
                {open && isOpen(doc.id) && <InlineEditor key={`${doc.id}:${doc.version}`} collection={collection} doc={doc} request={open} formHandle={formHandle} onDirtyChange={onDirtyChange} onDone={(saved) => close(saved, doc.id)} />}
              </li>
            );
          })}
        </Stack>
      )}
      {open && isOpen('new') ? (
        <InlineEditor collection={collection} doc={null} request={open} formHandle={formHandle} onDirtyChange={onDirtyChange} onDone={(saved) => close(saved, 'new')} />
      ) : (
        <Group>
          <Button size="xs" variant="default" data-add-block={collection.name} onClick={() => onOpen({ collection: collection.name, id: 'new' })}>
            {`Add ${noun.one}`}
          </Button>
        </Group>
      )}
      {failure && (
        <Alert color="red" role="alert" title="Something went wrong">
          {failure}
        </Alert>
      )}
      <ConfirmDialog opened={toRemove !== null} title={`Remove this ${noun.one}?`} confirmLabel={`Move to the Trash`} danger working={working} onCancel={() => setToRemove(null)} onConfirm={() => void remove()}>
        {toRemove ? `“${blockTitle(collection, toRemove.data)}” comes off the page at once and goes to the Trash, where you can restore it.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
