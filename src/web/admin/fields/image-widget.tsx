/**
 * An image field: upload with a progress bar, a 480 px preview, and alt text
 * that is required unless the editor ticks "Decorative image".
 */
import { Box, Button, Checkbox, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { useId } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import type { ImageValue } from '../../../shared/fields.js';
import { imageTypesText, maxUploadText } from '../../../shared/media.js';
import { imageTypes, previewUrl, useMediaInfo } from '../content/media.js';
import { UploadButton } from './upload-button.js';
import type { WidgetProps } from './widget-props.js';

function asImage(v: unknown): ImageValue | null {
  if (v && typeof v === 'object' && typeof (v as ImageValue).mediaId === 'string') {
    const i = v as Partial<ImageValue>;
    return { mediaId: i.mediaId as string, alt: typeof i.alt === 'string' ? i.alt : '', decorative: i.decorative === true };
  }
  return null;
}

export function ImageWidget({ field, name }: WidgetProps) {
  const { field: input } = useController({ name });
  const { errors } = useFormState({ name });
  const { trigger, formState } = useFormContext();
  const errorId = useId();
  const image = asImage(input.value);
  const info = useMediaInfo(image?.mediaId);
  const ownError = (get(errors, name) as { message?: string } | undefined)?.message;
  const altError = (get(errors, `${name}.alt`) as { message?: string } | undefined)?.message;

  const change = (next: ImageValue | null) => {
    input.onChange(next);
    // Re-check after the first submit so fixed problems disappear at once.
    if (formState.isSubmitted) void trigger(name);
  };

  return (
    <Input.Wrapper
      label={field.label}
      labelProps={{ component: 'span' }}
      required={field.required}
      description={field.help ?? `${imageTypesText}, up to ${maxUploadText}.`}
      error={ownError}
      errorProps={{ id: errorId }}
    >
      <Stack gap="xs" mt={6}>
        {image ? (
          <>
            <Group align="flex-start" gap="md" wrap="wrap">
              <Box
                w={240}
                maw="100%"
                style={{ borderRadius: 6, overflow: 'hidden', background: info.data?.dominantColor ?? 'var(--mantine-color-gray-2)', aspectRatio: info.data?.width && info.data.height ? `${info.data.width} / ${info.data.height}` : '4 / 3' }}
              >
                <Image src={previewUrl(image.mediaId, info.data)} alt={image.decorative ? '' : image.alt || 'Preview of the uploaded image'} w="100%" h="100%" fit="cover" />
              </Box>
              <Stack gap="xs" style={{ flex: '1 1 240px' }}>
                <TextInput
                  ref={input.ref}
                  label="Alt text"
                  description="What the image shows, for people who cannot see it."
                  required={!image.decorative}
                  disabled={image.decorative}
                  value={image.alt}
                  error={altError}
                  onChange={(e) => change({ ...image, alt: e.currentTarget.value })}
                  onBlur={input.onBlur}
                  maxLength={300}
                />
                <Checkbox
                  label="Decorative image (adds nothing a reader needs; no alt text)"
                  checked={image.decorative}
                  onChange={(e) => change({ ...image, decorative: e.currentTarget.checked, alt: e.currentTarget.checked ? '' : image.alt })}
                />
                <Group gap="xs">
                  <UploadButton label={`Replace ${field.label.toLowerCase()}`} accept={imageTypes} onUploaded={(m) => change({ ...image, mediaId: m.id })} />
                  <Button variant="subtle" color="red" onClick={() => change(null)}>
                    Remove {field.label.toLowerCase()}
                  </Button>
                </Group>
              </Stack>
            </Group>
          </>
        ) : (
          <UploadButton
            label={`Upload ${field.label.toLowerCase()}`}
            accept={imageTypes}
            describedBy={ownError ? errorId : undefined}
            buttonRef={(el) => input.ref(el)}
            onUploaded={(m) => change({ mediaId: m.id, alt: '', decorative: false })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
