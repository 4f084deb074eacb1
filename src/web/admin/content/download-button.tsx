/**
 * A button that fetches a file with the staff member's token and saves it,
 * saying beside it what happened (preparing, downloaded, or why it failed).
 * Pressed again while it runs, it is ignored, not disabled, so it keeps focus.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { saveFile } from '../backups/api.js';
import { ApiError, fetchFile } from '../../api-client.js';

/** The file name the server gave (Content-Disposition), or the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Fetches a file with the staff member's token: its bytes and the name the server gave (else `fallback`). */
export async function downloadFile(path: string, type: string, fallback: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  const { res, release } = await fetchFile(path, `${type}, application/json;q=0.1`, signal);
  try {
    return { blob: new Blob([await res.arrayBuffer()], { type }), name: fileNameOf(res, fallback) };
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('unavailable', 'The download was interrupted. Try again.', 0);
  } finally {
    release();
  }
}

type DownloadState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; name: string } | { status: 'failed'; message: string };

/** A button that fetches a file with the staff member's token and saves it; what happened is said beside it. */
export function DownloadButton({ label, disabled = false, run, errorMessage }: { label: string; disabled?: boolean; run(signal: AbortSignal): Promise<{ blob: Blob; name: string }>; errorMessage(err: unknown): string }) {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const loading = state.status === 'loading';
  const start = async () => {
    if (loading || disabled) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'loading' });
    try {
      const { blob, name } = await run(controller.signal);
      saveFile(blob, name);
      setState({ status: 'done', name });
    } catch (err) {
      if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(err) });
    } finally {
      running.current = null;
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        aria-disabled={loading || disabled || undefined}
        data-disabled={loading || disabled || undefined}
        // Ignored, not disabled, while it runs: the button keeps keyboard focus.
        onClick={() => void start()}
      >
        {label}
      </Button>
      <Text size="xs" c="dimmed" role="status">
        {state.status === 'loading' ? 'Preparing the file…' : state.status === 'done' ? `Downloaded ${state.name}.` : ''}
      </Text>
      {state.status === 'failed' && (
        <Text size="xs" c="red.8" role="alert">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
