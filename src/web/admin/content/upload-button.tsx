/** A file picker button with upload progress: the image and PDF widgets, and Replace file in the media library. */
import { Button, Group, Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { MediaInfo } from '../../../shared/media.js';
import { checkUpload, uploadMedia, type UploadHandle } from './media.js';

interface UploadButtonProps {
  label: string;
  accept: readonly string[];
  onUploaded(info: MediaInfo, file: File): void;
  /** Where the widget's errors are announced (its error id), for the picker's aria-describedby. */
  describedBy?: string;
  buttonRef?: (el: HTMLButtonElement | null) => void;
  /** Where the file goes: a new upload by default, or a picture's replace address. */
  target?: string;
  /** The progress bar's name while the file goes up. */
  progressLabel?: string;
  /** The hidden file input's test id (browser tests hand it files). */
  inputTestId?: string;
}

export function UploadButton({ label, accept, onUploaded, describedBy, buttonRef, target, progressLabel = 'Upload progress', inputTestId }: UploadButtonProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const current = useRef<UploadHandle | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const start = (file: File) => {
    const refused = checkUpload(file, accept);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setProgress(0);
    const handle = uploadMedia(file, setProgress, target);
    current.current = handle;
    handle.promise
      .then((info) => onUploaded(info, file))
      .catch((err: Error) => {
        if ((err as { code?: string }).code === 'cancelled') return;
        setProblem(err.message);
        notifications.show({ color: 'red', title: 'Upload failed', message: err.message });
      })
      .finally(() => {
        current.current = null;
        setProgress(null);
      });
  };

  return (
    <div>
      <input
        ref={fileInput}
        type="file"
        accept={accept.join(',')}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) start(file);
        }}
      />
      {progress === null ? (
        <Button ref={buttonRef} variant="default" onClick={() => fileInput.current?.click()} aria-describedby={describedBy}>
          {label}
        </Button>
      ) : (
        <Group gap="sm" align="center" wrap="nowrap">
          <Progress value={Math.round(progress * 100)} aria-label={progressLabel} style={{ flex: 1, minWidth: 120 }} size="lg" animated={progress >= 1} />
          <Text size="sm" aria-live="polite" miw={110}>
            {progress >= 1 ? 'Processing…' : `Uploading ${Math.round(progress * 100)}%`}
          </Text>
          <Button variant="subtle" size="xs" onClick={() => current.current?.abort()}>
            Cancel upload
          </Button>
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {problem}
        </Text>
      )}
    </div>
  );
}
