/**
 * The generic editor behind every form screen and site settings: one widget
 * per field, validation with the collection's own zod schema, server 400s on
 * their fields, a conflict dialog on 409, and no way to lose unsaved work by
 * navigating away.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { Link, useBlocker } from 'react-router';
import type { z } from 'zod';
import type { FieldDef } from '../../../shared/fields.js';
import type { DocumentStatus } from '../../../shared/collections.js';
import type { ApiError } from '../../api-client.js';
import { FieldWidget } from './field-widget.js';
import { handleSaveFailure, messageOf } from './save-failure.js';
import { blockResolver, formDataOf, formPathOfServerField, type BlockFormValues } from './values.js';
import { messageByCode } from '../../../shared/errors.js';

/** What a screen can ask of its form from outside (the editorial buttons and the History panel). */
export interface BlockFormHandle {
  /**
   * Saves the form first when it has unsaved changes (checked like Save), without
   * leaving the screen: the version the next call starts from, or null when
   * nothing could be saved (the form then shows why).
   */
  saveIfDirty(): Promise<number | null>;
  /** A 409 from a call about this block: the conflict dialog, with the form's values as "mine". */
  showConflict(): void;
}

/** A block as the editor sees it: its data, status (documents only) and the version edits start from. */
export interface EditableBlock {
  data: Record<string, unknown>;
  status?: DocumentStatus;
  /** null while creating: nothing to conflict with yet. */
  version: number | null;
}

/** A stored block as its form starts from it (its data, status and the version edits start from). */
export function editableOf(doc: { data: Record<string, unknown>; status: DocumentStatus; version: number }): EditableBlock {
  return { data: doc.data, status: doc.status, version: doc.version };
}

interface BlockFormProps {
  fields: readonly FieldDef[];
  dataSchema: z.ZodType;
  initial: EditableBlock;
  /** Where Cancel goes; after a save the screen itself decides where to go (onSaved). */
  cancelTo: string | null;
  save(values: BlockFormValues, version: number | null): Promise<EditableBlock>;
  /** The stored block as it is now, for the conflict dialog. */
  loadLatest(): Promise<EditableBlock>;
  /** Called after a successful save; return true when the screen navigates away. */
  onSaved(saved: EditableBlock): boolean;
  submitLabel?: string;
  /** What is being edited, in the conflict dialog's words ("this block", "the site settings"). */
  subject?: string;
  /** More buttons beside Save (the editorial actions of a block). */
  extraActions?: ReactNode;
  handle?: Ref<BlockFormHandle>;
  /** Told whenever the form gains or loses unsaved changes. */
  onDirtyChange?(dirty: boolean): void;
  /** Wraps the fields and buttons inside the form (the authoring checks watch the values from there). */
  frame?(content: ReactNode): ReactNode;
  /** Wraps each field's widget (the authoring checks put their notes under it). */
  fieldFrame?(field: FieldDef, widget: ReactNode): ReactNode;
}

/**
 * The form edits data only: whether a block is on the site is the editorial
 * buttons' business (publish, unpublish, schedule), never a field of the form.
 */
function valuesOf(fields: readonly FieldDef[], block: EditableBlock): BlockFormValues {
  return { data: formDataOf(fields, block.data) };
}

export function BlockForm({ fields, dataSchema, initial, cancelTo, save, loadLatest, onSaved, submitLabel = 'Save', subject = 'this block', extraActions, handle, onDirtyChange, frame = (c) => c, fieldFrame = (_f, w) => w }: BlockFormProps) {
  const resolver = useMemo(() => blockResolver(fields, dataSchema, false), [fields, dataSchema]);
  const methods = useForm<BlockFormValues>({
    defaultValues: valuesOf(fields, initial),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { handleSubmit, formState, reset, setError, getValues } = methods;
  const [version, setVersion] = useState<number | null>(initial.version);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<BlockFormValues | null>(null);
  const [resolving, setResolving] = useState<'reload' | 'overwrite' | null>(null);
  // Set just before a save navigates away, so the unsaved-changes guard lets it through.
  const leaving = useRef(false);
  const dirty = formState.isDirty;

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const showServerErrors = (err: ApiError) => {
    const entries = Object.entries(err.fields ?? {});
    if (entries.length === 0 && err.field) entries.push([err.field, err.message]);
    const known = new Set(['status', ...fields.map((f) => `data.${f.name}`)]);
    let placed = 0;
    for (const [path, message] of entries) {
      const name = formPathOfServerField(path);
      const top = name.split('.').slice(0, 2).join('.');
      if (!known.has(top) && name !== 'status') continue;
      setError(name as FieldPath<BlockFormValues>, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    }
    setFormError(placed > 0 ? messageByCode['invalid-argument'] : err.message);
  };

  /** Saves; `stay` keeps the screen (a save before publishing or previewing). The saved version, or null. */
  const attempt = async (values: BlockFormValues, base: number | null, stay = false): Promise<number | null> => {
    setSaving(true);
    setFormError(null);
    try {
      const saved = await save(values, base);
      leaving.current = true;
      if (stay || !onSaved(saved)) {
        leaving.current = false;
        reset(valuesOf(fields, saved));
        setVersion(saved.version);
      }
      return saved.version;
    } catch (err) {
      handleSaveFailure(err, { conflict: () => setConflict(values), serverErrors: showServerErrors, formError: setFormError });
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
          saved = await attempt(values, version, true);
        })();
        return saved;
      },
      showConflict() {
        setConflict(getValues());
      },
    }),
    // attempt reads the latest props and state on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dirty, version, handleSubmit, getValues],
  );

  const reloadTheirs = async () => {
    setResolving('reload');
    try {
      const latest = await loadLatest();
      reset(valuesOf(fields, latest));
      setVersion(latest.version);
      setConflict(null);
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
      const latest = await loadLatest();
      setConflict(null);
      await attempt(mine, latest.version);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not saved', message: messageOf(err) });
    } finally {
      setResolving(null);
    }
  };

  const errorCount = Object.keys(formState.errors.data ?? {}).length;

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={handleSubmit(
          (values) => attempt(values, version),
          () => setFormError(null),
        )}
      >
        {frame(
        <Stack gap="lg" maw={760}>
          {fields.map((f) => (
            <Fragment key={f.name}>{fieldFrame(f, <FieldWidget field={f} />)}</Fragment>
          ))}
          {(formError || (formState.isSubmitted && errorCount > 0)) && (
            <Alert color="red" role="alert" title="Not saved yet">
              {formError ?? `Fix the ${errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}, then save again.`}
            </Alert>
          )}
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={saving} disabled={saving || resolving !== null}>
              {submitLabel}
            </Button>
            {extraActions}
            {cancelTo && (
              <Button component={Link} to={cancelTo} variant="default">
                Cancel
              </Button>
            )}
            {dirty && !saving && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Group>
        </Stack>,
        )}
      </form>

      <ConflictDialog
        opened={conflict !== null}
        subject={subject}
        resolving={resolving}
        onKeep={() => setConflict(null)}
        onReload={() => void reloadTheirs()}
        onOverwrite={() => void overwriteWithMine()}
      />

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
        <Stack gap="md">
          <Text>You have changes that are not saved. If you leave now, they are lost.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Stay and keep editing
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </Group>
        </Stack>
      </Modal>
    </FormProvider>
  );
}

interface ConflictDialogProps {
  opened: boolean;
  /** What was changed, in the dialog's words ("this block", "this page"). */
  subject: string;
  resolving: 'reload' | 'overwrite' | null;
  onKeep(): void;
  onReload(): void;
  onOverwrite(): void;
}

/** A save refused with 409: someone else saved first; keep editing, take their version, or overwrite it with mine. */
export function ConflictDialog({ opened, subject, resolving, onKeep, onReload, onOverwrite }: ConflictDialogProps) {
  return (
    <Modal opened={opened} onClose={onKeep} title={`Someone else changed ${subject}`} centered>
      <Stack gap="md">
        <Text>
          While you were editing, someone else saved a newer version of {subject}. Choose which version to keep.
        </Text>
        <Text size="sm" c="dimmed">
          “Reload their version” discards your changes. “Overwrite with mine” replaces their changes with yours.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={resolving !== null}>
            Keep editing
          </Button>
          <Button variant="light" onClick={onReload} loading={resolving === 'reload'} disabled={resolving !== null}>
            Reload their version
          </Button>
          <Button color="red" onClick={onOverwrite} loading={resolving === 'overwrite'} disabled={resolving !== null}>
            Overwrite with mine
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
