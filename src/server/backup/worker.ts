/**
 * A backup taken inside the running server, off its event loop: the server's
 * BackupService starts this file as a worker thread. It opens the backup's own
 * connection (reader.ts), writes the archive (takeBackup) and, when the server
 * says so, reads it back (verifyArchive); the JSON encoding, hashing and
 * compression all run here, so editors' saves do not wait behind them.
 *
 * The server keeps the run record, heartbeats and rotation; this thread tells
 * it how far it is and what came of it, by messages.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { AppConfig } from '../config.js';
import { verifyArchive } from './archive-reader.js';
import { takeBackup } from './backup.js';
import { openBackupReader, type BackupReaderTarget } from '../db/backup-reader.js';

/** What the server hands the worker when it starts it (plain data: it is copied into the thread). */
export interface BackupJob {
  config: AppConfig;
  target: BackupReaderTarget;
  out: string;
  /** Say "in snapshot" after the first table and wait for "snapshot released" (the server's test hook). */
  holdInSnapshot: boolean;
}

export interface WorkerFailure {
  message: string;
  code: string | undefined;
}

/** Worker → server. */
export type WorkerMessage =
  | { type: 'rows'; rows: number }
  | { type: 'bytes'; bytes: number }
  | { type: 'in-snapshot' }
  | { type: 'written'; rows: number; mediaObjects: number; bytes: number; threadId: number }
  | { type: 'verified' }
  | { type: 'failed'; phase: 'writing' | 'verifying'; error: WorkerFailure };

/** Server → worker. */
export type ServerMessage = { type: 'snapshot-released'; error: WorkerFailure | null } | { type: 'verify' } | { type: 'abort' };

function failure(err: unknown): WorkerFailure {
  return { message: err instanceof Error ? err.message : String(err), code: (err as NodeJS.ErrnoException | null)?.code };
}

function main(): void {
  const port = parentPort;
  if (!port) throw new Error('the backup worker runs only as a worker thread');
  const job = workerData as BackupJob;
  const abort = new AbortController();
  const send = (message: WorkerMessage): void => port.postMessage(message);
  let released: ((error: WorkerFailure | null) => void) | null = null;
  let verify: (() => void) | null = null;
  port.on('message', (message: ServerMessage) => {
    if (message.type === 'abort') abort.abort();
    else if (message.type === 'snapshot-released') released?.(message.error);
    else if (message.type === 'verify') verify?.();
  });

  const run = async (): Promise<void> => {
    let phase: 'writing' | 'verifying' = 'writing';
    try {
      const reader = openBackupReader(job.target);
      let result;
      try {
        result = await takeBackup({
          config: job.config,
          db: reader,
          out: job.out,
          passphrase: job.config.backupPassphrase,
          progress: { rows: (rows) => send({ type: 'rows', rows }), bytes: (bytes) => send({ type: 'bytes', bytes }), done: () => undefined },
          signal: abort.signal,
          duringSnapshot: job.holdInSnapshot
            ? async () => {
                const answer = new Promise<WorkerFailure | null>((resolve) => (released = resolve));
                send({ type: 'in-snapshot' });
                const error = await answer;
                if (error) throw Object.assign(new Error(error.message), { code: error.code });
              }
            : undefined,
        });
      } finally {
        await reader.close();
      }
      const go = new Promise<void>((resolve) => (verify = resolve));
      send({ type: 'written', rows: result.rows, mediaObjects: result.mediaObjects, bytes: result.bytes, threadId });
      await go;
      phase = 'verifying';
      await verifyArchive(job.out, { passphrase: job.config.backupPassphrase, authSecret: job.config.authSecret });
      send({ type: 'verified' });
    } catch (err) {
      send({ type: 'failed', phase, error: failure(err) });
    } finally {
      port.close();
    }
  };
  void run();
}

main();
