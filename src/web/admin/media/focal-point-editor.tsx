/**
 * The focal point: a click on the picture puts it there; the marker is a
 * slider for the keyboard (arrows move it 5 %, Shift 1 %; Home/End and
 * Page Up/Down go to an edge). Beside it, the square and wide crops as the
 * public site will cut them, so staff see the effect before saving.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { objectPositionOf, type FocalPoint } from '../../../shared/media.js';
import { centre, focalPointInWords, pointAfterKey, pointFromClick, samePoint } from './focal-point.js';
import { QuietButton } from './quiet-button.js';

interface FocalPointEditorProps {
  /** The preview to point at (the 960 px WebP, or the original). */
  src: string;
  /** What the picture shows, for the preview's alt text. */
  alt: string;
  value: FocalPoint;
  saved: FocalPoint | null;
  saving: boolean;
  onChange(point: FocalPoint): void;
  onSave(): void;
}

export function FocalPointEditor({ src, alt, value, saved, saving, onChange, onSave }: FocalPointEditorProps) {
  const frame = useRef<HTMLDivElement>(null);
  const marker = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const headingId = useId();

  const click = (e: MouseEvent<HTMLDivElement>) => {
    const img = frame.current?.querySelector('img');
    if (!img) return;
    onChange(pointFromClick(img.getBoundingClientRect(), e.clientX, e.clientY));
    // The keyboard carries on from where the click put the point.
    marker.current?.focus();
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = pointAfterKey(value, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    onChange(next);
  };
  const position = objectPositionOf(value);
  const unchanged = samePoint(value, saved);

  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <Text fw={600} id={headingId}>
        Focal point
      </Text>
      <Text size="sm" id={hintId}>
        Click the picture where its subject is, or move the marker with the arrow keys (Shift for small steps). Crops on the site keep this point in view.
      </Text>
      <div ref={frame} className="media-focal" onClick={click} data-testid="focal-frame">
        <img src={src} alt={alt} draggable={false} />
        <div
          ref={marker}
          className="media-focal-marker"
          role="slider"
          tabIndex={0}
          aria-label="Focal point"
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(value.x * 100)}
          aria-valuetext={focalPointInWords(value)}
          style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
          onKeyDown={key}
          onClick={(e) => e.stopPropagation()}
        />
      </div>
      <Text size="sm" aria-live="polite" data-testid="focal-words">
        {focalPointInWords(value)}
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <figure style={{ margin: 0 }}>
          <img className="media-crop" src={src} alt="" width={96} height={96} style={{ objectPosition: position }} data-testid="crop-square" />
          <Text component="figcaption" size="xs">
            Square crop
          </Text>
        </figure>
        <figure style={{ margin: 0 }}>
          <img className="media-crop" src={src} alt="" width={192} height={80} style={{ objectPosition: position }} data-testid="crop-wide" />
          <Text component="figcaption" size="xs">
            Wide crop
          </Text>
        </figure>
      </Group>
      <Group gap="xs">
        <QuietButton ready={!unchanged && !saving} onClick={onSave}>
          {saving ? 'Saving…' : 'Save focal point'}
        </QuietButton>
        <QuietButton variant="default" ready={!samePoint(value, centre)} onClick={() => onChange(centre)}>
          Reset to centre
        </QuietButton>
      </Group>
    </Stack>
  );
}
