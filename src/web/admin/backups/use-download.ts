/** One download per backup at a time, with its progress or its error, kept by backup name. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { backupDownloadErrorMessage, downloadBackup, saveFile, type DownloadProgress } from './api.js';

export type DownloadState =
  | ({ status: 'loading' } & DownloadProgress)
  | { status: 'done' }
  | { status: 'failed'; message: string };

export function useDownloads() {
  const [states, setStates] = useState<Record<string, DownloadState>>({});
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const downloads = running.current;
    return () => {
      for (const c of downloads.values()) c.abort();
    };
  }, []);

  const start = useCallback(async (name: string) => {
    if (running.current.has(name)) return;
    const controller = new AbortController();
    running.current.set(name, controller);
    const set = (s: DownloadState) => setStates((prev) => ({ ...prev, [name]: s }));
    set({ status: 'loading', received: 0, total: null });
    try {
      // A large file arrives in thousands of chunks: the screen follows at most ten times a second.
      let shown = 0;
      const blob = await downloadBackup(
        name,
        (p) => {
          const now = performance.now();
          if (now - shown < 100 && p.received !== p.total) return;
          shown = now;
          set({ status: 'loading', ...p });
        },
        controller.signal,
      );
      saveFile(blob, name);
      set({ status: 'done' });
    } catch (err) {
      if (controller.signal.aborted) return;
      set({ status: 'failed', message: backupDownloadErrorMessage(err) });
    } finally {
      running.current.delete(name);
    }
  }, []);

  return { states, start };
}
