/** A PDF field: choose one from the media library or upload one (with progress), a name visitors see, open, replace or remove. */
import { Anchor, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import type { FileValue } from '../../../shared/fields.js';
import { maxUploadText, mediaUrl } from '../../../shared/media.js';
import { pdfTypes } from '../content/media.js';
import { MediaPicker } from '../media/media-picker.js';
import { UploadButton } from '../content/upload-button.js';
import type { WidgetProps } from './widget-props.js';

function asFile(v: unknown): FileValue | null {
  if (v && typeof v === 'object' && typeof (v as FileValue).mediaId === 'string') {
    const f = v as Partial<FileValue>;
    return { mediaId: f.mediaId as string, name: typeof f.name === 'string' ? f.name : '' };
  }
  return null;
}

/** The name visitors see, from the uploaded file's name. */
function visitorName(fileName: string | null | undefined): string {
  return (fileName ?? '').replace(/\.pdf$/i, '').slice(0, 200);
}

export function FileWidget({ field, name }: WidgetProps) {
  const { field: input } = useController({ name });
  const { errors } = useFormState({ name });
  const { trigger, formState } = useFormContext();
  const errorId = useId();
  const nameInput = useRef<HTMLInputElement | null>(null);
  const [picking, setPicking] = useState(false);
  const file = asFile(input.value);
  const ownError = (get(errors, name) as { message?: string } | undefined)?.message;
  const nameError = (get(errors, `${name}.name`) as { message?: string } | undefined)?.message;

  const change = (next: FileValue | null) => {
    input.onChange(next);
    if (formState.isSubmitted) void trigger(name);
  };
  const chooseButton = (
    <Button variant="default" onClick={() => setPicking(true)} aria-describedby={!file && ownError ? errorId : undefined} ref={file ? undefined : (el) => input.ref(el)}>
      Choose a PDF from library
    </Button>
  );

  return (
    <Input.Wrapper label={field.label} labelProps={{ component: 'span' }} required={field.required} description={field.help ?? `A PDF file, up to ${maxUploadText}.`} error={ownError} errorProps={{ id: errorId }}>
      <Stack gap="xs" mt={6}>
        {file ? (
          <>
            <TextInput
              ref={(el) => {
                nameInput.current = el;
                input.ref(el);
              }}
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
              {chooseButton}
              <UploadButton label="Upload another file" accept={pdfTypes} onUploaded={(m, f) => change({ mediaId: m.id, name: file.name || visitorName(f.name) })} />
              <Button variant="subtle" color="red" onClick={() => change(null)}>
                Remove file
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs" align="flex-start">
            {chooseButton}
            <UploadButton label="Upload PDF" accept={pdfTypes} onUploaded={(m, f) => change({ mediaId: m.id, name: visitorName(f.name) })} />
          </Group>
        )}
      </Stack>
      <MediaPicker
        opened={picking}
        kind="pdf"
        fieldLabel={field.label}
        onClose={() => setPicking(false)}
        onPick={(m) => change({ mediaId: m.id, name: file?.name || visitorName(m.name) })}
        fallbackFocus={() => nameInput.current}
      />
    </Input.Wrapper>
  );
}
