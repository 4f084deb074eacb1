/** A PDF field: upload with progress, a name visitors see, open, replace or remove. */
import { Anchor, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { useId } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import type { FileValue } from '../../../shared/fields.js';
import { maxUploadText, mediaUrl } from '../../../shared/media.js';
import { pdfTypes } from '../content/media.js';
import { UploadButton } from './upload-button.js';
import type { WidgetProps } from './widget-props.js';

function asFile(v: unknown): FileValue | null {
  if (v && typeof v === 'object' && typeof (v as FileValue).mediaId === 'string') {
    const f = v as Partial<FileValue>;
    return { mediaId: f.mediaId as string, name: typeof f.name === 'string' ? f.name : '' };
  }
  return null;
}

export function FileWidget({ field, name }: WidgetProps) {
  const { field: input } = useController({ name });
  const { errors } = useFormState({ name });
  const { trigger, formState } = useFormContext();
  const errorId = useId();
  const file = asFile(input.value);
  const ownError = (get(errors, name) as { message?: string } | undefined)?.message;
  const nameError = (get(errors, `${name}.name`) as { message?: string } | undefined)?.message;

  const change = (next: FileValue | null) => {
    input.onChange(next);
    if (formState.isSubmitted) void trigger(name);
  };

  return (
    <Input.Wrapper label={field.label} labelProps={{ component: 'span' }} required={field.required} description={field.help ?? `A PDF file, up to ${maxUploadText}.`} error={ownError} errorProps={{ id: errorId }}>
      <Stack gap="xs" mt={6}>
        {file ? (
          <>
            <TextInput
              ref={input.ref}
              label="File name shown to visitors"
              required
              value={file.name}
              error={nameError}
              maxLength={200}
              onChange={(e) => change({ ...file, name: e.currentTarget.value })}
              onBlur={input.onBlur}
            />
            <Group gap="xs">
              <Anchor href={mediaUrl(file.mediaId)} target="_blank" rel="noopener">
                Open the PDF (new tab)
              </Anchor>
              <UploadButton label="Replace file" accept={pdfTypes} onUploaded={(m, f) => change({ mediaId: m.id, name: file.name || f.name })} />
              <Button variant="subtle" color="red" onClick={() => change(null)}>
                Remove file
              </Button>
            </Group>
          </>
        ) : (
          <UploadButton
            label="Upload PDF"
            accept={pdfTypes}
            describedBy={ownError ? errorId : undefined}
            buttonRef={(el) => input.ref(el)}
            onUploaded={(m, f) => change({ mediaId: m.id, name: f.name.replace(/\.pdf$/i, '').slice(0, 200) })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
