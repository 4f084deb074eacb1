/**
 * The backups API (super only) as the staff app calls it: the list with the
 * running backup and the last failure, "Back up now", and the download with
 * progress. Every answer is parsed with the shared schemas.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, fetchFile } from '../../api-client.js';
import { backupListSchema, backupStartedSchema, type BackupList, type BackupStarted } from '../../../shared/backup-api.js';
import { backupDownloadPath, backupsApiPath } from '../../../shared/backups.js';
import { messageByCode } from '../../../shared/errors.js';

export const backupsKey = ['backups'] as const;

/** How often the list is read again while a backup runs. */
export const pollMs = 1000;

export async function fetchBackups(signal?: AbortSignal): Promise<BackupList> {
  return backupListSchema.parse(await api<unknown>(backupsApiPath, { signal }));
}

export function backupsQuery() {
  return queryOptions({ queryKey: backupsKey, queryFn: ({ signal }) => fetchBackups(signal) });
}

/** "Back up now": the server answers 202 with the new backup's name and takes it in the background. */
export async function startBackup(): Promise<BackupStarted> {
  return backupStartedSchema.parse(await api<unknown>(backupsApiPath, { method: 'POST' }));
}

/** What staff read when a backups call fails: the server's own sentence for a refusal it explains, the catalogue's otherwise. */
export function backupErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messageByCode.unknown;
  if (err.status === 0) return messageByCode[err.code];
  // A backup already running, or no room to write one: the server says which.
  if (err.code === 'failed-precondition' || err.code === 'aborted' || err.code === 'resource-exhausted' || err.code === 'unavailable') return err.message;
  return messageByCode[err.code];
}

/** What staff read when a download fails; a backup deleted by the rotation meanwhile is "no longer there". */
export function backupDownloadErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === 'not-found') return 'This backup is no longer on the server: newer backups have replaced it. Reload the list.';
  // The download's own failures (cut off, short, too slow to start) carry their sentence.
  if (err instanceof ApiError && err.status === 0) return err.message;
  return backupErrorMessage(err);
}

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null when the server did not say. */
  total: number | null;
}

/**
 * Reads a backup's bytes with the staff member's token (a plain link cannot
 * carry it), reporting progress against Content-Length. Resolves with the file
 * as a Blob; the caller saves it.
 */
export async function downloadBackup(name: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const { res, release } = await fetchFile(backupDownloadPath(name), 'application/octet-stream, application/json', signal);
  // Content-Length counts encoded bytes; the reader sees decoded ones, so a compressed answer has no known total.
  const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const length = Number(res.headers.get('content-length'));
  const total = !encoded && Number.isFinite(length) && length > 0 ? length : null;
  onProgress({ received: 0, total });
  if (!res.body) {
    release();
    const blob = await res.blob();
    onProgress({ received: blob.size, total });
    return blob;
  }
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('unavailable', 'The download was interrupted. Try again.', 0);
  } finally {
    release();
  }
  if (total !== null && received !== total) throw new ApiError('data-loss', `The download stopped after ${received} of ${total} bytes. Try again.`, 0);
  return new Blob(parts, { type: 'application/octet-stream' });
}

/** Hands a downloaded file to the browser under the backup's name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click has been handled; free the memory afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
