/**
 * "New page": a title, an address, and what it starts from (a starting
 * layout, or a copy of an existing page: a draft at `<its address>-copy`,
 * titled "… (copy)"). The address follows the title as it is typed
 * (page-slug.ts) until the editor writes one of their own. It is checked
 * with the server's own rule before sending; the server's 400 and 409 (an
 * address another page has) land under the field they name, which takes
 * focus. A created page opens in its editor.
 */
import { Alert, Button, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { pagePathSchema, pagePresetNames, pagePresets, pageTitleMax, type PagePreset } from '../../../shared/site-structure.js';
import { pageEditorPathOf } from '../../../shared/staff-screens.js';
import { pathFromTitle } from '../../../shared/page-slug.js';
import { ApiError } from '../../api-client.js';
import { StaffModal } from '../content/staff-modal.js';
import { createPage, sitePagesKey, type SitePageAnswer } from './site-pages.js';
import { messageOf } from '../fields/save-failure.js';

const copyChoice = 'copy';
type StartFrom = PagePreset | typeof copyChoice;

const formSchema = z.object({
  path: pagePathSchema,
  title: z.string().trim().min(1, 'A page needs a title').max(pageTitleMax, `At most ${pageTitleMax} characters`),
  startFrom: z.string(),
  duplicateOf: z.string().nullable(),
});
type NewPageValues = z.input<typeof formSchema>;

/** Where a copy of a page goes first, and its title: the editor changes both as they like. */
export function copyOf(page: Pick<SitePageAnswer, 'path' | 'title' | 'id'>): { path: string; title: string } {
  return { path: page.path === '/' ? `/${page.id}-copy` : `${page.path}-copy`, title: `${page.title} (copy)` };
}

function NewPageForm({ pages, onDone }: { pages: SitePageAnswer[]; onDone(): void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setValue, watch, formState } = useForm<NewPageValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { path: '', title: '', startFrom: 'campaign', duplicateOf: null },
  });
  const startFrom = watch('startFrom') as StartFrom;
  // The address follows the title until the editor writes one (or a copy proposes one); emptied, it follows again.
  const ownAddress = useRef(false);
  const pathField = register('path', {
    onChange: (e: { target: { value: string } }) => {
      ownAddress.current = e.target.value.trim() !== '';
    },
  });
  const titleField = register('title', {
    onChange: (e: { target: { value: string } }) => {
      if (!ownAddress.current) setValue('path', pathFromTitle(e.target.value), { shouldValidate: formState.isSubmitted });
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const copying = values.startFrom === copyChoice;
      const page = await createPage({
        path: values.path.trim(),
        title: values.title.trim(),
        ...(copying && values.duplicateOf ? { duplicateOf: values.duplicateOf } : { preset: values.startFrom as PagePreset }),
      });
      await client.invalidateQueries({ queryKey: sitePagesKey });
      onDone();
      void navigate(pageEditorPathOf(page.id));
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'invalid-argument' || err.code === 'already-exists')) {
        const field = err.field ?? Object.keys(err.fields ?? {})[0] ?? 'path';
        const message = err.fields?.[field] ?? err.message.replace(/^[a-zA-Z.]+: /, '');
        const name = field === 'title' ? 'title' : field === 'duplicateOf' ? 'duplicateOf' : 'path';
        setError(name, { type: 'server', message: err.code === 'already-exists' ? `Another page already has this address. ${message}` : message }, { shouldFocus: true });
        return;
      }
      setFailure(messageOf(err));
    }
  });

  const pageChoices = pages.map((p) => ({ value: p.id, label: `${p.title} (${p.path})` }));

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Stack gap="md">
        <Controller
          control={control}
          name="startFrom"
          render={({ field }) => (
            <Radio.Group
              label="Start from"
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                if (v !== copyChoice) setValue('duplicateOf', null);
              }}
            >
              <Stack gap={6} mt={6}>
                {pagePresetNames.map((name) => (
                  <Radio key={name} value={name} label={pagePresets[name].label} />
                ))}
                <Radio value={copyChoice} label="Duplicate an existing page (its sections and blocks, as drafts)" />
              </Stack>
            </Radio.Group>
          )}
        />
        {startFrom === copyChoice && (
          <Controller
            control={control}
            name="duplicateOf"
            render={({ field, fieldState }) => (
              <Select
                label="Page to duplicate"
                data={pageChoices}
                value={field.value}
                ref={field.ref}
                error={fieldState.error?.message}
                searchable
                allowDeselect={false}
                onChange={(id) => {
                  field.onChange(id);
                  const source = pages.find((p) => p.id === id);
                  if (source) {
                    const copy = copyOf(source);
                    ownAddress.current = true;
                    setValue('path', copy.path, { shouldDirty: true });
                    setValue('title', copy.title, { shouldDirty: true });
                  }
                }}
              />
            )}
          />
        )}
        <TextInput label="Title" required autoComplete="off" {...titleField} error={formState.errors.title?.message} />
        <TextInput
          label="Address"
          description="Suggested from the title. Starts with /, lower-case words joined by - and /, such as /water-rights"
          required
          autoComplete="off"
          spellCheck={false}
          {...pathField}
          error={formState.errors.path?.message}
        />
        {failure && (
          <Alert color="red" role="alert" title="The page was not created">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Create page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NewPageButton({ pages }: { pages: SitePageAnswer[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New page</Button>
      <StaffModal opened={open} onClose={() => setOpen(false)} title="New page">
        {open && <NewPageForm pages={pages} onDone={() => setOpen(false)} />}
      </StaffModal>
    </>
  );
}
