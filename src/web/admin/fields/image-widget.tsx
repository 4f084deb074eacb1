/**
 * An image field: choose a picture from the media library (or upload one
 * here, with a progress bar), a 480 px preview, and alt text for this use.
 * Empty alt text means "the picture's default alt text from the library",
 * shown as the field's placeholder; whether an image says something at all
 * is an authoring check, not a browser rule.
 */
import { Box, Button, Checkbox, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import type { ImageValue } from '../../../shared/fields.js';
import { mediaInfoSchema } from '../../../shared/media-library.js';
import { imageTypesText, maxUploadText, type MediaInfo } from '../../../shared/media.js';
import { imageTypes, mediaInfoQuery, previewUrl, useMediaInfo } from '../content/media.js';
import { MediaPicker } from '../media/media-picker.js';
import { UploadButton } from '../content/upload-button.js';
import type { WidgetProps } from './widget-props.js';

function asImage(v: unknown): ImageValue | null {
  if (v && typeof v === 'object' && typeof (v as ImageValue).mediaId === 'string') {
    const i = v as Partial<ImageValue>;
    return { mediaId: i.mediaId as string, alt: typeof i.alt === 'string' ? i.alt : '', decorative: i.decorative === true };
  }
  return null;
}

/** What the alt text field says under it: where an empty field takes its words from. */
export function defaultAltHint(libraryAlt: string | undefined): string {
  if (libraryAlt === undefined) return 'Leave empty to use the library’s alt text.';
  return libraryAlt ? `Leave empty to use the library’s alt text: “${libraryAlt}”` : 'This picture has no alt text in the library yet: write one here or in the media library.';
}

export function ImageWidget({ field, name }: WidgetProps) {
  const { field: input } = useController({ name });
  const { errors } = useFormState({ name });
  const { trigger, formState } = useFormContext();
  const errorId = useId();
  const altInput = useRef<HTMLInputElement | null>(null);
  const [picking, setPicking] = useState(false);
  const image = asImage(input.value);
  const info = useMediaInfo(image?.mediaId);
  const ownError = (get(errors, name) as { message?: string } | undefined)?.message;
  const altError = (get(errors, `${name}.alt`) as { message?: string } | undefined)?.message;
  const libraryAlt = info.data?.alt;
  const label = field.label.toLowerCase();

  const client = useQueryClient();
  // The picture just chosen or uploaded is already described: its preview shows without another request.
  const known = (m: MediaInfo) => client.setQueryData(mediaInfoQuery(m.id).queryKey, mediaInfoSchema.parse(m));
  const change = (next: ImageValue | null) => {
    input.onChange(next);
    // Re-check after the first submit so fixed problems disappear at once.
    if (formState.isSubmitted) void trigger(name);
  };
  const chooseButton = (
    // A long field label wraps on a narrow screen rather than running out of the button.
    <Button variant="default" h="auto" mih={36} py={6} maw="100%" styles={{ label: { whiteSpace: 'normal' } }} onClick={() => setPicking(true)} aria-describedby={!image && ownError ? errorId : undefined} ref={image ? undefined : (el) => input.ref(el)}>
      Choose {label} from library
    </Button>
  );

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
          <Group align="flex-start" gap="md" wrap="wrap">
            <Box
              w={240}
              maw="100%"
              style={{ borderRadius: 6, overflow: 'hidden', background: info.data?.dominantColor ?? 'var(--mantine-color-gray-2)', aspectRatio: info.data?.width && info.data.height ? `${info.data.width} / ${info.data.height}` : '4 / 3' }}
            >
              {/* Once the picture is described: a small original has no 480 px size to ask for. */}
              {info.data && <Image src={previewUrl(image.mediaId, info.data)} alt={image.decorative ? '' : image.alt || libraryAlt || 'Preview of the chosen image'} w="100%" h="100%" fit="cover" />}
            </Box>
            <Stack gap="xs" style={{ flex: '1 1 240px' }}>
              <TextInput
                ref={(el) => {
                  altInput.current = el;
                  input.ref(el);
                }}
                label="Alt text"
                description={image.decorative ? 'A decorative image has no alt text.' : defaultAltHint(libraryAlt)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={image.decorative ? undefined : libraryAlt || undefined}
                disabled={image.decorative}
                value={image.alt}
                error={altError}
                onChange={(e) => change({ ...image, alt: e.currentTarget.value })}
                onBlur={input.onBlur}
                maxLength={300}
                data-testid="image-alt"
              />
              <Checkbox
                label="Decorative image (adds nothing a reader needs; no alt text)"
                checked={image.decorative}
                onChange={(e) => change({ ...image, decorative: e.currentTarget.checked, alt: e.currentTarget.checked ? '' : image.alt })}
              />
              <Group gap="xs">
                {chooseButton}
                <UploadButton label={`Upload another ${label}`} accept={imageTypes} onUploaded={(m) => {
                    known(m);
                    change({ ...image, mediaId: m.id });
                  }} />
                <Button variant="subtle" color="red" onClick={() => change(null)}>
                  Remove {label}
                </Button>
              </Group>
            </Stack>
          </Group>
        ) : (
          <Group gap="xs" align="flex-start">
            {chooseButton}
            <UploadButton label={`Upload ${label}`} accept={imageTypes} onUploaded={(m) => {
                known(m);
                change({ mediaId: m.id, alt: '', decorative: false });
              }} />
          </Group>
        )}
      </Stack>
      <MediaPicker
        opened={picking}
        kind="image"
        fieldLabel={field.label}
        onClose={() => setPicking(false)}
        onPick={(m) => {
          known(m);
          change({ mediaId: m.id, alt: '', decorative: false });
        }}
        fallbackFocus={() => altInput.current}
      />
    </Input.Wrapper>
  );
}
