/**
 * /pages/:id (admin and super): one page's editor. Its title, address (a
 * published page's old address then redirects to the new one), label in
 * menus, search-engine description (with a character count), social picture
 * (the media picker), and its sections (sections-editor.tsx). Save sends
 * the whole record with If-Match (`PATCH /api/site/pages/:id`; a 409 opens
 * the conflict dialog every form has). A page is a block of `sitepage`, so
 * the editorial buttons, Preview (the page as a shared preview link) and the
 * History are the blocks' own. Super-admins delete it (delete-page-dialog.tsx).
 * The editor shows itself once, whole: after the page and its sections' blocks
 * have loaded.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { FormProvider, useController, useForm, type FieldPath } from 'react-hook-form';
import { Link, useBlocker, useParams } from 'react-router';
import { getCollection, type CollectionDef } from '../../../shared/collections.js';
import { editorialPaths } from '../../../shared/editorial.js';
import type { FieldDef } from '../../../shared/fields.js';
import { pageDataSchema, pageDescriptionMax, sitePageCollection, type PageData } from '../../../shared/site-structure.js';
import { ApiError } from '../../api-client.js';
import { useCan } from '../content/abilities.js';
import { contentKeys, fetchDocument, useDocument, type StaffDocument } from '../content/documents.js';
import { ContentLoader, LoadFailed, Screen } from '../content/screen.js';
import { StaffModal } from '../content/staff-modal.js';
import { useEditorialActions, type OnePublish } from '../editorial/editorial-actions.js';
import { HistoryPanel } from '../editorial/history-panel.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { StateLine } from '../editorial/state-line.js';
import { ConflictDialog, type BlockFormHandle } from '../fields/block-form.js';
import { FieldWidget } from '../fields/field-widget.js';
import { blockResolver, formDataOf, type BlockFormValues } from '../fields/values.js';
import { siteCheckKey } from '../site-check/api.js';
import { DeletePageButton } from './delete-page-dialog.js';
import { rowsChanged, rowsOf, sectionsPatch, type SectionRow } from './section-edits.js';
import { SectionsEditor } from './sections-editor.js';
import { PathWarning } from './path-notice.js';
import { SectionBlocks, useSectionBlocksLoaded, type OpenBlock } from './section-blocks.js';
import { PagePreview } from './page-preview.js';
import { useStaffTitle } from '../layouts/staff-title.js';
import { TranslatePageLink } from '../translations/translate-page-link.js';
import { fetchPageChanges, publishPage, sectionCollectionOf } from './page-publish.js';
import type { Finding } from '../../../shared/site-check.js';
import { focusField } from '../site-check/form-checks.js';
import { patchPage, sitePagesKey } from './site-pages.js';
import { handleSaveFailure, messageOf } from '../fields/save-failure.js';
import { messageByCode } from '../../../shared/errors.js';

const pageCollection = (): CollectionDef => {
  const c = getCollection(sitePageCollection);
  if (!c) throw new Error('The page records have no collection');
  return c;
};

/** The record's own fields (sections are edited beside them), checked with the server's rules. */
const fieldsSchema = pageDataSchema.pick({ path: true, title: true, navLabel: true, description: true, socialImage: true });

function pageDataOf(doc: StaffDocument): PageData {
  return doc.data as unknown as PageData;
}

/** The search-engine description with its character count always shown. */
function DescriptionField({ field }: { field: FieldDef }) {
  const { field: input, fieldState } = useController({ name: `data.${field.name}` });
  const value = typeof input.value === 'string' ? input.value : '';
  return (
    <Textarea
      label={field.label}
      description={`What search engines show under the title. ${value.length} / ${pageDescriptionMax} characters`}
      error={fieldState.error?.message}
      name={input.name}
      ref={input.ref}
      value={value}
      onChange={(e) => input.onChange(e.currentTarget.value)}
      onBlur={input.onBlur}
      autosize
      minRows={2}
      maxRows={6}
    />
  );
}

interface PageFormProps {
  doc: StaffDocument;
  collection: CollectionDef;
  handle: Ref<BlockFormHandle>;
  onDirtyChange(dirty: boolean): void;
  /** `quiet`: saved on the way to another step (Publish, Preview), which says what happened itself. */
  onSaved(doc: StaffDocument, quiet?: boolean): void;
  extraActions: React.ReactNode;
  /** A saved section's blocks, edited where the section is. */
  blocksOf(row: SectionRow): React.ReactNode;
}

function PageForm({ doc, collection, handle, onDirtyChange, onSaved, extraActions, blocksOf }: PageFormProps) {
  const formId = useId();
  const page = pageDataOf(doc);
  const fields = collection.fields;
  const resolver = useMemo(() => blockResolver(fields, fieldsSchema, false), [fields]);
  const methods = useForm<BlockFormValues>({ defaultValues: { data: formDataOf(fields, doc.data) }, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { handleSubmit, formState, setError, getValues, watch } = methods;
  const [rows, setRows] = useState<SectionRow[]>(() => rowsOf(page.sections));
  const [version, setVersion] = useState(doc.version);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sectionErrors, setSectionErrors] = useState<Record<number, string>>({});
  const [conflict, setConflict] = useState<{ values: BlockFormValues; rows: SectionRow[] } | null>(null);
  const [resolving, setResolving] = useState<'reload' | 'overwrite' | null>(null);
  const client = useQueryClient();
  const dirty = formState.isDirty || rowsChanged(rows, page.sections);
  const leaving = useRef(false);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const showServerErrors = (err: ApiError) => {
    const entries = Object.entries(err.fields ?? {});
    if (entries.length === 0 && err.field) entries.push([err.field, err.message]);
    const own = new Set(fields.map((f) => f.name));
    const bySection: Record<number, string> = {};
    let placed = 0;
    for (const [path, message] of entries) {
      const [first, index] = path.replace(/^data\./, '').split('.');
      if (first && own.has(first)) {
        setError(`data.${first}` as FieldPath<BlockFormValues>, { type: 'server', message: message.replace(/^[a-zA-Z.0-9]+: /, '') }, { shouldFocus: placed === 0 });
        placed += 1;
      } else if (first === 'sections' && index !== undefined && Number.isInteger(Number(index))) {
        bySection[Number(index)] = message;
        placed += 1;
      }
    }
    setSectionErrors(bySection);
    setFormError(placed > 0 ? messageByCode['invalid-argument'] : err.message);
  };

  /** Saves the record as it is on screen, on top of `base`: the saved version, or null (the screen says why). */
  const attempt = async (values: BlockFormValues, sectionRows: SectionRow[], base: number, quiet = false): Promise<number | null> => {
    setSaving(true);
    setFormError(null);
    setSectionErrors({});
    try {
      const d = values.data as Partial<PageData>;
      await patchPage(doc.id, base, {
        path: d.path,
        title: d.title,
        navLabel: d.navLabel ?? '',
        description: d.description ?? '',
        socialImage: d.socialImage ?? null,
        sections: sectionsPatch(sectionRows),
      });
      const saved = await fetchDocument(sitePageCollection, doc.id);
      void client.invalidateQueries({ queryKey: sitePagesKey });
      void client.invalidateQueries({ queryKey: siteCheckKey });
      leaving.current = false;
      setVersion(saved.version);
      onSaved(saved, quiet);
      return saved.version;
    } catch (err) {
      handleSaveFailure(err, { conflict: () => setConflict({ values, rows: sectionRows }), serverErrors: showServerErrors, formError: setFormError });
      return null;
    } finally {
      setSaving(false);
    }
  };

  useImperativeHandle(
    handle,
    () => ({
      async saveIfDirty() {
        if (!dirty) return version;
        let saved: number | null = null;
        await handleSubmit(async (values) => {
          saved = await attempt(values, rows, version, true);
        })();
        return saved;
      },
      showConflict() {
        setConflict({ values: getValues(), rows });
      },
    }),
    // attempt reads the latest props and state on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dirty, version, rows, handleSubmit, getValues],
  );

  const reloadTheirs = async () => {
    setResolving('reload');
    try {
      const latest = await fetchDocument(sitePageCollection, doc.id);
      setConflict(null);
      onSaved(latest);
      notifications.show({ color: 'blue', message: 'Their version is loaded. Your changes were discarded.' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Could not load their version', message: messageOf(err) });
    } finally {
      setResolving(null);
    }
  };

  const overwriteWithMine = async () => {
    if (!conflict) return;
    setResolving('overwrite');
    const mine = conflict;
    try {
      const latest = await fetchDocument(sitePageCollection, doc.id);
      setConflict(null);
      await attempt(mine.values, mine.rows, latest.version);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not saved', message: messageOf(err) });
    } finally {
      setResolving(null);
    }
  };

  const errorCount = Object.keys(formState.errors.data ?? {}).length + Object.keys(sectionErrors).length;
  const path = watch('data.path');

  return (
    <FormProvider {...methods}>
      <Stack gap="lg" maw={760}>
      <form id={formId} noValidate onSubmit={handleSubmit((values) => attempt(values, rows, version), () => setFormError(null))}>
        <Stack gap="lg">
          {fields.map((f) =>
            f.name === 'description' ? (
              <DescriptionField key={f.name} field={f} />
            ) : (
              <Stack key={f.name} gap="xs">
                <FieldWidget field={f} />
                {f.name === 'path' && <PathWarning doc={doc} path={typeof path === 'string' ? path : ''} />}
              </Stack>
            ),
          )}
        </Stack>
      </form>
          <Stack gap="xs" component="section" aria-labelledby="sections-heading">
            <Title order={2} size="h4" id="sections-heading">
              Sections
            </Title>
            <Text size="sm" c="dimmed">
              The page shows its sections in this order, each with its blocks under its heading. Edit, add and reorder blocks here; “Publish” takes the page and every saved block live together.
            </Text>
            <SectionsEditor rows={rows} onChange={setRows} errors={sectionErrors} blocksOf={blocksOf} />
          </Stack>
          {(formError || (formState.isSubmitted && errorCount > 0)) && (
            <Alert color="red" role="alert" title="Not saved yet">
              {formError ?? `Fix the ${errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}, then save again.`}
            </Alert>
          )}
          <Group gap="sm" wrap="wrap" className="page-editor-actions">
            <Button type="submit" form={formId} loading={saving} disabled={saving || resolving !== null}>
              Save
            </Button>
            {extraActions}
            {dirty && !saving && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Group>
      </Stack>
      <ConflictDialog opened={conflict !== null} subject="this page" resolving={resolving} onKeep={() => setConflict(null)} onReload={() => void reloadTheirs()} onOverwrite={() => void overwriteWithMine()} />
      <StaffModal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?">
        <Stack gap="md">
          <Text>You have changes to this page that are not saved. If you leave now, they are lost.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Stay and keep editing
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </StaffModal>
    </FormProvider>
  );
}

function PageEditor({ doc }: { doc: StaffDocument }) {
  const collection = useMemo(pageCollection, []);
  const client = useQueryClient();
  const { timeZone } = useSiteTimeZone();
  const pageForm = useRef<BlockFormHandle>(null);
  const blockForm = useRef<BlockFormHandle>(null);
  const [pageDirty, setPageDirty] = useState(false);
  const [blockDirty, setBlockDirty] = useState(false);
  const [openBlock, setOpenBlock] = useState<OpenBlock | null>(null);
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  const stateRef = useRef<HTMLDivElement>(null);
  const canDelete = useCan({ type: 'collection', name: sitePageCollection })('delete');
  const page = pageDataOf(doc);
  const dirty = pageDirty || blockDirty;
  const pageRef = useMemo(() => ({ id: doc.id, title: page.title }), [doc.id, page.title]);

  useStaffTitle(`Edit page: ${page.title}`);

  /** Something the preview shows was saved: it reads the page again. */
  const refreshPreview = useCallback(() => setGeneration((g) => g + 1), []);

  /** The server's answer becomes the screen's page (the form starts afresh from its version). */
  const changed = useCallback(
    (next: StaffDocument) => {
      client.setQueryData(contentKeys.document(sitePageCollection, next.id), next);
      void client.invalidateQueries({ queryKey: sitePagesKey });
      void client.invalidateQueries({ queryKey: siteCheckKey });
      // The blocks' states changed with a publish.
      for (const s of pageDataOf(next).sections) void client.invalidateQueries({ queryKey: contentKeys.collection(s.collection) });
      refreshPreview();
    },
    [client, refreshPreview],
  );
  const announce = useCallback((text: string) => {
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
    notifications.show({ color: 'blue', message: text });
    stateRef.current?.focus();
  }, []);

  const blockDirtyNow = useRef(false);
  blockDirtyNow.current = blockDirty;
  /** Keeps what is typed in the open block (saved as it is); false when it could not be saved (its form says why). */
  const keepOpenBlock = useCallback(async () => !blockDirtyNow.current || !blockForm.current || (await blockForm.current.saveIfDirty()) !== null, []);
  /** Another block opens (or the open one closes): what was typed in the open one is saved first, as a page editor keeps it. */
  const openAnother = useCallback(
    async (next: OpenBlock | null) => {
      const typed = blockDirtyNow.current;
      if (!(await keepOpenBlock())) return;
      if (typed) refreshPreview();
      setBlockDirty(false);
      setOpenBlock(next);
    },
    [keepOpenBlock, refreshPreview],
  );

  /** Save and Publish keep what is typed: the open block first, then the page. */
  const form = useRef<BlockFormHandle>({
    async saveIfDirty() {
      if (!(await keepOpenBlock())) return null;
      return (await pageForm.current?.saveIfDirty()) ?? null;
    },
    showConflict() {
      pageForm.current?.showConflict();
    },
  });

  const onePublish = useMemo<OnePublish>(
    () => ({
      changes: () => fetchPageChanges(doc.id),
      publish: (version, body) => publishPage(doc.id, version, body),
      reload: () => fetchDocument(sitePageCollection, doc.id),
      findingLabel: (finding) => {
        if (finding.collection === sitePageCollection) return collection.fields.find((f) => f.name === finding.field.split('.')[0])?.label ?? finding.field;
        const section = page.sections.find((s) => s.collection === finding.collection);
        const c = section ? sectionCollectionOf(section, pageRef) : undefined;
        const label = c?.fields.find((f) => f.name === finding.field.split('.')[0])?.label ?? finding.field;
        return `${section?.heading ?? c?.nouns.one ?? 'A block'}: ${label}`;
      },
    }),
    [doc.id, collection, page.sections, pageRef],
  );

  /** "Go back and fix" a block's field: the block opens in place and the field takes focus. */
  const fix = useCallback(
    (field: string, finding?: Finding) => {
      if (!finding || finding.collection === sitePageCollection) {
        focusField(field);
        return;
      }
      // The block opens in place and its form puts focus on the field once it is there.
      setOpenBlock({ collection: finding.collection, id: finding.id, field });
    },
    [],
  );

  const actions = useEditorialActions({ collection, doc, dirty, form, timeZone, onChanged: changed, announce, onFix: fix, preview: { page: doc.id }, onePublish });

  const blocksOf = useCallback(
    (row: SectionRow) => {
      const section = page.sections.find((s) => s.collection === row.collection);
      if (!section) return <Text size="sm" c="dimmed">Save the page to add blocks to this section.</Text>;
      return (
        <SectionBlocks
          collection={sectionCollectionOf(section, pageRef)}
          open={openBlock}
          onOpen={(next) => void openAnother(next)}
          onClose={() => {
            setBlockDirty(false);
            setOpenBlock(null);
          }}
          formHandle={blockForm}
          onDirtyChange={setBlockDirty}
          onChanged={refreshPreview}
        />
      );
    },
    [page.sections, pageRef, openBlock, refreshPreview, openAnother],
  );

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={`${editorialPaths.pages}#${encodeURIComponent(doc.id)}`} size="sm">
          ← Back to Pages
        </Anchor>
        <Title order={1} mt={4}>
          {`Edit page: ${page.title}`}
        </Title>
        <Group mt={6} gap="lg" wrap="wrap">
          <StateLine ref={stateRef} doc={doc} timeZone={timeZone} />
          <TranslatePageLink pageId={doc.id} />
        </Group>
      </div>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {message}
      </VisuallyHidden>
      <Paper withBorder radius="md" p="sm" maw={1080}>
        <Title order={2} size="h5" m={0}>
          <Button variant="subtle" onClick={() => setHistoryOpen((o) => !o)} aria-expanded={historyOpen} aria-controls={historyId} px="xs">
            <span aria-hidden="true">{historyOpen ? '▾' : '▸'}&nbsp;</span>History
          </Button>
        </Title>
        <div id={historyId} role="region" aria-label="History" hidden={!historyOpen}>
          {historyOpen && (
            <Stack mt="sm">
              <HistoryPanel collection={collection} doc={doc} initialRevision={null} dirty={dirty} onRestored={changed} onConflict={() => pageForm.current?.showConflict()} announce={announce} />
            </Stack>
          )}
        </div>
      </Paper>
      {actions.panel}
      <div className="page-editor-columns">
        <div className="page-editor-main">
          <PageForm
            // Every change the server answers has a new version: the form starts afresh from it (keyed on the
            // version, not on a counter, so it never mounts with the previous answer while the query catches up).
            key={`${doc.id}:${doc.version}`}
            doc={doc}
            collection={collection}
            handle={pageForm}
            onDirtyChange={setPageDirty}
            onSaved={(saved, quiet) => {
              changed(saved);
              // Saved on the way to Publish: one message (the publish's), never "saved, publish it" beside "published".
              if (!quiet) notifications.show({ color: 'green', message: saved.status === 'published' ? `Saved “${pageDataOf(saved).title}”. Visitors see the changes once you publish them.` : `Saved “${pageDataOf(saved).title}”.` });
            }}
            extraActions={actions.buttons}
            blocksOf={blocksOf}
          />
          {canDelete && <DeletePageButton doc={doc} />}
        </div>
        <aside className="page-editor-preview" aria-label="Preview">
          <PagePreview pageId={doc.id} pageTitle={page.title} generation={generation} />
        </aside>
      </div>
    </Stack>
  );
}

export function PageEditorScreen() {
  const { id = '' } = useParams();
  const query = useDocument(sitePageCollection, id);
  // The editor shows itself once with its sections' blocks, so nothing moves under the editor's hand as each
  // list arrives; once shown it stays (a section added later loads in its place) and the wait is over.
  const [shown, setShown] = useState(false);
  const blocksLoaded = useSectionBlocksLoaded(!shown && query.data ? pageDataOf(query.data).sections.map((s) => s.collection) : []);
  const whole = query.isSuccess && (shown || blocksLoaded);
  if (whole && !shown) setShown(true);
  return (
    <Screen>
      {query.isPending || (query.isSuccess && !whole) ? (
        <ContentLoader label="Loading the page" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.code === 'not-found' ? (
          <Stack gap="md">
            <Title order={1}>Edit page</Title>
            <Alert color="red" role="alert" title="This page does not exist">
              {`${query.error.message} If it was deleted, it may still be in the Trash.`}
            </Alert>
            <Anchor component={Link} to={editorialPaths.pages}>
              Back to Pages
            </Anchor>
          </Stack>
        ) : (
          <LoadFailed title="The page could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <PageEditor doc={query.data} />
      )}
    </Screen>
  );
}

