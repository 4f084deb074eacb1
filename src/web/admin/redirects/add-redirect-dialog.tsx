/**
 * "Add redirect": an old address, and where visitors asking for it go: a page
 * of the site (drafts marked), an outside https:// address, or nowhere (410,
 * gone). Checked with the server's own schema before it is sent; the server's
 * answer naming a field shows under that field.
 */
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api-client.js';
import { createRedirectBodySchema } from '../../../shared/site-structure.js';
import { StaffModal } from '../content/staff-modal.js';
import type { LinkablePage } from '../navigation/api.js';
import type { NewRedirect } from './api.js';

interface Props {
  opened: boolean;
  /** The old address to start with ("Redirect this" on a missing path), or ''. */
  fromPath: string;
  pages: LinkablePage[];
  working: boolean;
  onCancel(): void;
  onAdd(body: NewRedirect): Promise<void>;
}

/** The target choice: `page:<id>`, `url`, `gone`, or '' before one is chosen. */
function bodyOf(fromPath: string, target: string, url: string): NewRedirect | Record<string, unknown> {
  if (target.startsWith('page:')) return { fromPath, pageId: target.slice('page:'.length) };
  if (target === 'url') return { fromPath, url };
  if (target === 'gone') return { fromPath, gone: true };
  return { fromPath };
}

export function AddRedirectDialog(props: Props) {
  return (
    <StaffModal opened={props.opened} onClose={() => !props.working && props.onCancel()} title="Add redirect">
      {/* Mounted afresh at each opening, so it starts from the path it was opened with. */}
      {props.opened && <AddRedirectForm {...props} />}
    </StaffModal>
  );
}

function AddRedirectForm({ fromPath: initialPath, pages, working, onCancel, onAdd }: Props) {
  const [fromPath, setFromPath] = useState(initialPath);
  const [target, setTarget] = useState('');
  const [url, setUrl] = useState('https://');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    if (working) return;
    const parsed = createRedirectBodySchema.safeParse(bodyOf(fromPath, target, url));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'pageId')] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      await onAdd(parsed.data as NewRedirect);
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors(err.fields ?? { [err.field]: err.message });
      else setErrors({ form: err instanceof Error ? err.message : 'The redirect was not added. Try again.' });
    }
  };

  const choices = [
    { value: '', label: 'Choose where visitors go', disabled: true },
    { group: 'A page of the site', items: pages.map((p) => ({ value: `page:${p.id}`, label: `${p.title} (${p.path})${p.livePath === null ? ' (draft)' : ''}` })) },
    {
      group: 'Elsewhere',
      items: [
        { value: 'url', label: 'An outside address (https://)' },
        { value: 'gone', label: 'Nowhere: the page is gone for good (410)' },
      ],
    },
  ];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Old address"
          description="The path visitors ask for, such as /old-campaign"
          value={fromPath}
          error={errors.fromPath}
          data-autofocus={initialPath ? undefined : true}
          onChange={(e) => {
            setFromPath(e.currentTarget.value);
            setErrors({});
          }}
        />
        <NativeSelect
          label="Send visitors to"
          data={choices}
          value={target}
          error={errors.pageId ?? errors.gone}
          data-autofocus={initialPath ? true : undefined}
          onChange={(e) => {
            setTarget(e.currentTarget.value);
            setErrors({});
          }}
        />
        {target === 'url' && (
          <TextInput
            label="Outside address"
            type="url"
            value={url}
            error={errors.url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setErrors({});
            }}
          />
        )}
        {errors.form && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={working}>
            Cancel
          </Button>
          <Button type="submit" loading={working}>
            Add redirect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
