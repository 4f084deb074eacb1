/**
 * The generic editor behind every form screen and site settings: one widget
 * per field, validation with the collection's own zod schema, server 400s on
 * their fields, a conflict dialog on 409, and no way to lose unsaved work by
 * navigating away.
 */
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { Link, useBlocker } from 'react-router';
import type { z } from 'zod';
import type { FieldDef } from '../../../shared/fields.js';
import type { DocumentStatus } from '../../../shared/collections.js';
import { messageByCode } from '../../../shared/errors.js';
import { ApiError } from '../../api-client.js';
import { FieldWidget } from './field-widget.js';
import { blockResolver, formDataOf, formPathOfServerField, type BlockFormValues } from './values.js';

/** A block as the editor sees it: its data, status (documents only) and the version edits start from. */
export interface EditableBlock {
  data: Record<string, unknown>;
  status?: DocumentStatus;
  /** null while creating: nothing to conflict with yet. */
  version: number | null;
}

interface BlockFormProps {
  fields: readonly FieldDef[];
  dataSchema: z.ZodType;
  withStatus: boolean;
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
}

function valuesOf(fields: readonly FieldDef[], block: EditableBlock, withStatus: boolean): BlockFormValues {
  return withStatus ? { data: formDataOf(fields, block.data), status: block.status ?? 'draft' } : { data: formDataOf(fields, block.data) };
}

export function BlockForm({ fields, dataSchema, withStatus, initial, cancelTo, save, loadLatest, onSaved, submitLabel = 'Save', subject = 'this block' }: BlockFormProps) {
  const resolver = useMemo(() => blockResolver(fields, dataSchema, withStatus), [fields, dataSchema, withStatus]);
  const methods = useForm<BlockFormValues>({
    defaultValues: valuesOf(fields, initial, withStatus),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { handleSubmit, formState, reset, setError, control } = methods;
  const [version, setVersion] = useState<number | null>(initial.version);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<BlockFormValues | null>(null);
  const [resolving, setResolving] = useState<'reload' | 'overwrite' | null>(null);
  // Set just before a save navigates away, so the unsaved-changes guard lets it through.
  const leaving = useRef(false);
  const dirty = formState.isDirty;

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

  const attempt = async (values: BlockFormValues, base: number | null) => {
    setSaving(true);
    setFormError(null);
    try {
      const saved = await save(values, base);
      leaving.current = true;
      if (!onSaved(saved)) {
        leaving.current = false;
        reset(valuesOf(fields, saved, withStatus));
        setVersion(saved.version);
      }
    } catch (err) {
      if (err instanceof ApiError && err.code === 'aborted') {
        setConflict(values);
      } else if (err instanceof ApiError && err.code === 'invalid-argument') {
        showServerErrors(err);
      } else {
        const message = err instanceof Error ? err.message : messageByCode.unknown;
        setFormError(message);
        notifications.show({ color: 'red', title: 'Not saved', message });
      }
    } finally {
      setSaving(false);
    }
  };

  const reloadTheirs = async () => {
    setResolving('reload');
    try {
      const latest = await loadLatest();
      reset(valuesOf(fields, latest, withStatus));
      setVersion(latest.version);
      setConflict(null);
      notifications.show({ color: 'blue', message: 'Their version is loaded. Your changes were discarded.' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Could not load their version', message: err instanceof Error ? err.message : messageByCode.unknown });
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
      notifications.show({ color: 'red', title: 'Not saved', message: err instanceof Error ? err.message : messageByCode.unknown });
    } finally {
      setResolving(null);
    }
  };

  const errorCount = Object.keys(formState.errors.data ?? {}).length + (formState.errors.status ? 1 : 0);

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={handleSubmit(
          (values) => attempt(values, version),
          () => setFormError(null),
        )}
      >
        <Stack gap="lg" maw={760}>
          {fields.map((f) => (
            <FieldWidget key={f.name} field={f} />
          ))}
          {withStatus && (
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Radio.Group
                  label="Status"
                  description="Only published blocks appear on the website."
                  value={field.value ?? 'draft'}
                  onChange={(v) => field.onChange(v as DocumentStatus)}
                  name="status"
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="draft" label="Draft" />
                    <Radio value="published" label="Published" />
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          {(formError || (formState.isSubmitted && errorCount > 0)) && (
            <Alert color="red" role="alert" title="Not saved yet">
              {formError ?? `Fix the ${errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}, then save again.`}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={saving} disabled={saving || resolving !== null}>
              {submitLabel}
            </Button>
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
        </Stack>
      </form>

      <Modal opened={conflict !== null} onClose={() => setConflict(null)} title={`Someone else changed ${subject}`} centered>
        <Stack gap="md">
          <Text>
            While you were editing, someone else saved a newer version of {subject}. Choose which version to keep.
          </Text>
          <Text size="sm" c="dimmed">
            “Reload their version” discards your changes. “Overwrite with mine” replaces their changes with yours.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConflict(null)} disabled={resolving !== null}>
              Keep editing
            </Button>
            <Button variant="light" onClick={() => void reloadTheirs()} loading={resolving === 'reload'} disabled={resolving !== null}>
              Reload their version
            </Button>
            <Button color="red" onClick={() => void overwriteWithMine()} loading={resolving === 'overwrite'} disabled={resolving !== null}>
              Overwrite with mine
            </Button>
          </Group>
        </Stack>
      </Modal>

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
