/**
 * Uploading several files at once: a file input that takes many (and a drop
 * area), every file on its own labelled progress bar, all running together.
 * Each finished upload is handed to `onUploaded` as soon as it is stored.
 */
import { Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { MediaInfo } from '../../../shared/media.js';
import { checkUpload, uploadMedia, type UploadHandle } from '../content/media.js';

export interface UploadItem {
  key: number;
  name: string;
  /** 0–1 of the bytes sent. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  problem?: string;
}

export function useUploadQueue(accept: readonly string[], onUploaded: (info: MediaInfo, file: File) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<number, UploadHandle>());
  const nextKey = useRef(1);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  useEffect(() => {
    const running = handles.current;
    return () => running.forEach((h) => h.abort());
  }, []);

  const update = (key: number, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = (files: readonly File[]) => {
    const started: UploadItem[] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const refused = checkUpload(file, accept);
      if (refused) {
        started.push({ key, name: file.name, progress: 0, status: 'failed', problem: refused });
        continue;
      }
      started.push({ key, name: file.name, progress: 0, status: 'uploading' });
      const handle = uploadMedia(file, (progress) => update(key, { progress }));
      handles.current.set(key, handle);
      handle.promise
        .then((info) => {
          update(key, { progress: 1, status: 'done' });
          uploaded.current(info, file);
        })
        .catch((err: Error) => update(key, { status: 'failed', problem: (err as { code?: string }).code === 'cancelled' ? 'Upload cancelled.' : err.message }))
        .finally(() => handles.current.delete(key));
    }
    setItems((list) => [...list.filter((i) => i.status === 'uploading'), ...started]);
  };

  const cancel = (key: number) => handles.current.get(key)?.abort();
  return { items, add, cancel };
}

function percentOf(item: UploadItem): number {
  return Math.round(item.progress * 100);
}

function statusText(item: UploadItem): string {
  if (item.status === 'done') return `Uploaded ${item.name}`;
  if (item.status === 'failed') return `${item.name} was not uploaded: ${item.problem ?? ''}`;
  return item.progress >= 1 ? `Processing ${item.name}…` : `Uploading ${item.name} ${percentOf(item)}%`;
}

/** The files on their way, each with its own bar; failures say why. */
export function UploadList({ items, onCancel }: { items: UploadItem[]; onCancel(key: number): void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" aria-label="Uploads" p={0} m={0} style={{ listStyle: 'none' }} data-testid="upload-list">
      {items.map((item) => (
        <li key={item.key} data-testid="upload-item" data-status={item.status}>
          <Group gap="sm" wrap="nowrap" align="center">
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" c={item.status === 'failed' ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }} role={item.status === 'failed' ? 'alert' : undefined}>
                {statusText(item)}
              </Text>
              {item.status !== 'failed' && (
                <Progress
                  value={percentOf(item)}
                  aria-label={`Uploading ${item.name}`}
                  size="md"
                  animated={item.status === 'uploading' && item.progress >= 1}
                  color={item.status === 'done' ? 'teal.8' : undefined}
                />
              )}
            </Stack>
            {item.status === 'uploading' && (
              <Button variant="subtle" size="xs" onClick={() => onCancel(item.key)}>
                Cancel<VisuallyHidden> uploading {item.name}</VisuallyHidden>
              </Button>
            )}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

interface UploadFilesProps {
  label: string;
  accept: readonly string[];
  onFiles(files: File[]): void;
  /** Said under the button: what can be uploaded. */
  hint: string;
}

/** "Upload new": a button for the file chooser (several files at once) that is also a drop area. */
export function UploadFiles({ label, accept, onFiles, hint }: UploadFilesProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };
  return (
    <div
      className="media-drop-area"
      data-over={over || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={accept.join(',')}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Group gap="sm" wrap="wrap" align="center">
        <Button variant="default" onClick={() => input.current?.click()}>
          {label}
        </Button>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Group>
    </div>
  );
}
