/**
 * The form screen of every collection, generated from the registry, at every
 * form path (the specified misspelled ones too). `new` creates a block; any other
 * id edits one, with its editorial state under the title, the editorial
 * buttons beside Save and the History panel.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { revisionParam } from '../../../shared/editorial.js';
import type { RouteMark } from '../../../shared/access.js';
import { collectionDataSchema, type CollectionDef } from '../../../shared/collections.js';
import { listPathOf } from '../../../shared/routes.js';
import { ApiError } from '../../api-client.js';
import { blockTitle } from '../content/block-summary.js';
import { collectionRoute, ContentLoader, sectionCollectionRoute } from '../content/screen.js';
import { contentKeys, createDocument, fetchDocument, patchDocument, useDocument, type StaffDocument } from '../content/documents.js';
import { useEditorialActions, savedMessage } from '../editorial/editorial-actions.js';
import { HistoryPanel } from '../editorial/history-panel.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { StateLine } from '../editorial/state-line.js';
import { BlockForm, editableOf, type BlockFormHandle, type EditableBlock } from '../fields/block-form.js';
import { focusField, formChecksFrames } from '../site-check/form-checks.js';
import { siteCheckKey } from '../site-check/api.js';
import { TranslationLinks } from '../translations/translation-links.js';
import { useStaffTitle } from '../layouts/staff-title.js';
import { usePageShowing } from '../pages/site-pages.js';


/** The editorial part of an existing block's screen: state, buttons, History, live region. */
function useEditorial(collection: CollectionDef, doc: StaffDocument | undefined, dirty: boolean, form: React.RefObject<BlockFormHandle | null>) {
  const client = useQueryClient();
  const { timeZone } = useSiteTimeZone();
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState('');
  const stateRef = useRef<HTMLDivElement>(null);
  const focusState = useRef(false);

  useEffect(() => {
    if (!focusState.current) return;
    focusState.current = false;
    stateRef.current?.focus();
  });

  /** The server's answer becomes the screen's block; the form starts afresh from it. */
  const changed = useCallback(
    (next: StaffDocument) => {
      client.setQueryData(contentKeys.document(collection.name, next.id), next);
      void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name), predicate: (q) => q.queryKey[2] === 'list' });
      // What visitors see may have changed: the site check counts again.
      void client.invalidateQueries({ queryKey: siteCheckKey });
      setGeneration((g) => g + 1);
    },
    [client, collection.name],
  );
  const announce = useCallback((text: string) => {
    // The same sentence twice must still be read out: clear, then set.
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
    notifications.show({ color: 'blue', message: text });
    focusState.current = true;
    stateRef.current?.focus();
  }, []);

  const placeholder: StaffDocument = {
    id: '',
    collection: collection.name,
    data: {},
    position: 0,
    status: 'draft',
    version: 0,
    createdAt: '',
    updatedAt: '',
    createdBy: null,
    updatedBy: null,
    hasPendingChanges: false,
    publishAt: null,
    unpublishAt: null,
    liveData: null,
  };
  const actions = useEditorialActions({ collection, doc: doc ?? placeholder, dirty, form, timeZone, onChanged: changed, announce, onFix: (field) => focusField(field) });
  return { timeZone, generation, message, stateRef, changed, announce, actions };
}

function BlockEditor({ collection }: { collection: CollectionDef }) {
  const { id: rawId = 'new' } = useParams();
  const id = rawId === 'new' ? null : rawId;
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useDocument(collection.name, id);
  const listPath = listPathOf(collection.name);
  const creating = id === null;
  const heading = creating ? `New ${collection.label}` : `Edit ${collection.label}`;
  useStaffTitle(heading);
  const form = useRef<BlockFormHandle>(null);
  const [dirty, setDirty] = useState(false);
  // A link from the audit log (`?revision=<id>`) opens the History on that revision.
  const [searchParams] = useSearchParams();
  const linkedRevision = searchParams.get(revisionParam);
  const [historyOpen, setHistoryOpen] = useState(linkedRevision !== null);
  const historyId = useId();
  const doc = query.data;
  const editorial = useEditorial(collection, doc, dirty, form);
  const docId = doc?.id ?? '';
  const page = usePageShowing(collection.name) ?? null;
  const checks = useMemo(
    () => formChecksFrames({ collection: collection.name, id: docId, kind: collection.kind, page, fields: collection.fields }),
    [collection, docId, page],
  );

  if (!creating && query.isPending) {
    return <ContentLoader label="Loading the block" />;
  }
  if (!creating && query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 'not-found';
    return (
      <Stack gap="md" maw={760}>
        <Title order={1}>{heading}</Title>
        <Alert color="red" role="alert" title={notFound ? 'This block does not exist' : 'The block could not be loaded'}>
          {notFound ? `${query.error.message} If it was deleted, it may still be in the Trash.` : query.error.message}
        </Alert>
        <Group>
          {!notFound && <Button onClick={() => void query.refetch()}>Try again</Button>}
          <Anchor component={Link} to={listPath}>
            Back to {collection.label}
          </Anchor>
        </Group>
      </Stack>
    );
  }

  const initial: EditableBlock = doc ? editableOf(doc) : { data: {}, status: 'draft', version: null };
  const setDoc = (next: StaffDocument) => client.setQueryData(contentKeys.document(collection.name, next.id), next);

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={listPath} size="sm">
          ← Back to {collection.label}
        </Anchor>
        <Title order={1} mt={4}>
          {heading}
        </Title>
        {doc && (
          <Group mt={6}>
            <StateLine ref={editorial.stateRef} doc={doc} timeZone={editorial.timeZone} />
          </Group>
        )}
        {doc && <TranslationLinks collection={collection.name} id={doc.id} states={doc.translations} />}
        <Text c="dimmed" size="sm" mt={4}>
          {collection.description}
        </Text>
      </div>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {editorial.message}
      </VisuallyHidden>
      {doc && (
        <Paper withBorder radius="md" p="sm" maw={1080}>
          {/* A disclosure: the heading holds the button that opens it. */}
          <Title order={2} size="h5" m={0}>
            <Button variant="subtle" onClick={() => setHistoryOpen((o) => !o)} aria-expanded={historyOpen} aria-controls={historyId} px="xs">
              <span aria-hidden="true">{historyOpen ? '▾' : '▸'}&nbsp;</span>History
            </Button>
          </Title>
          {/* Shown whole rather than animated open: its content grows as versions load. */}
          <div id={historyId} role="region" aria-label="History" hidden={!historyOpen}>
            {historyOpen && (
              <Stack mt="sm">
                <HistoryPanel
                  collection={collection}
                  doc={doc}
                  initialRevision={linkedRevision}
                  dirty={dirty}
                  onRestored={editorial.changed}
                  onConflict={() => form.current?.showConflict()}
                  announce={editorial.announce}
                />
              </Stack>
            )}
          </div>
        </Paper>
      )}
      {doc && editorial.actions.panel}
      <BlockForm
        // A different document, or the server's answer to an editorial step, starts a fresh form.
        key={doc ? `${doc.id}:${editorial.generation}` : 'new'}
        handle={form}
        onDirtyChange={setDirty}
        fields={collection.fields}
        dataSchema={collectionDataSchema(collection)}
        initial={initial}
        cancelTo={listPath}
        extraActions={doc ? editorial.actions.buttons : undefined}
        {...checks}
        save={async (values, version) => {
          const saved =
            id === null || version === null
              ? await createDocument(collection.name, { data: values.data, status: 'draft' })
              : await patchDocument(collection.name, id, version, { data: values.data });
          if (id !== null) setDoc(saved);
          void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name), predicate: (q) => q.queryKey[2] === 'list' });
          return editableOf(saved);
        }}
        loadLatest={async () => {
          if (id === null) throw new Error('Nothing to reload: this block is not saved yet.');
          const latest = await fetchDocument(collection.name, id);
          setDoc(latest);
          return editableOf(latest);
        }}
        onSaved={(saved) => {
          notifications.show({ color: 'green', message: savedMessage(blockTitle(collection, saved.data), saved.status === 'published') });
          void navigate(listPath);
          return true;
        }}
      />
    </Stack>
  );
}

export function formRoute(collection: string, marks: readonly RouteMark[]) {
  return collectionRoute(collection, marks, BlockEditor);
}

/** The form screen of a section's collection (`/s-…-form/:id`), found on its page at run time. */
export function sectionFormRoute(collection: string, marks: readonly RouteMark[]) {
  return sectionCollectionRoute(collection, marks, BlockEditor);
}
