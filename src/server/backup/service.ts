/**
 * Backups inside the running server: "Back up now", BACKUP_SCHEDULE, the list
 * and downloads. Each backup is written and read back in full (verifyArchive)
 * in a worker thread (worker.ts) with a connection of its own (reader.ts), so
 * editors' saves wait neither for its snapshot nor for its encoding, hashing
 * and compression; it counts only once read back, is recorded in
 * `backup_runs`, and is followed by rotation.
 *
 * Several instances on one database: a scheduled time is taken by the instance
 * whose insert of that time succeeds (runs.ts, claimScheduled). BACKUP_DIR
 * should then be one folder they share; each instance lists what it sees.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../shared/access.js';
import { backupListSchema, backupNameSchema, type BackupList, type BackupProgress, type BackupStarted } from '../../shared/backup-api.js';
import { backupFileName, parseBackupName, type BackupTrigger } from '../../shared/backups.js';
import { AppError } from '../../shared/errors.js';
import { defaultTimeZone, siteTimeZone } from '../../shared/settings.js';
import { authorize } from '../authorize.js';
import { defaultBackupKeep } from '../config.js';
import { findSettings } from '../settings/repository.js';
import type { Db } from '../db/index.js';
import type { Services } from '../services.js';
import { backupReaderTarget } from '../db/backup-reader.js';
import * as runs from './repository.js';
import { nextScheduledTime, systemClock, type Clock } from './schedule.js';
import type { BackupJob, ServerMessage, WorkerFailure, WorkerMessage } from './worker.js';

/** How often a running backup says it is alive, and how long a silent `running` record is believed. */
const heartbeatMs = 15_000;
const staleAfterMs = 120_000;
/** Finished run records older than this are forgotten (the list needs only those of files still there). */
const keepRecordsMs = 400 * 86_400_000;

export const STOPPED_MESSAGE = 'the server stopped before the backup finished';

/**
 * The worker's file: worker.ts beside this module when it runs from source
 * (tests, tsx: the worker loads TypeScript through tsx as well), the built
 * server's second entry, dist/server/backup-worker.js, beside main.js otherwise.
 */
function backupWorker(): { url: URL; execArgv: string[] | undefined } {
  if (import.meta.url.endsWith('.ts')) return { url: new URL('./worker.ts', import.meta.url), execArgv: [...process.execArgv, '--import', 'tsx'] };
  return { url: new URL('./backup-worker.js', import.meta.url), execArgv: undefined };
}

/** How long a stopped backup's worker may take to clean up its temporary file before it is ended. */
const abortGraceMs = 10_000;

function workerError(error: WorkerFailure): Error {
  return Object.assign(new Error(error.message), { code: error.code });
}

/** The archive was written but did not read back intact. */
class ReadBackFailure extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

export interface BackupServiceOptions {
  /** What the scheduler reads the time from and waits on (default: the system clock). */
  clock?: Clock;
  /** Awaited after the archive is written and before it is read back (tests damage the file here). */
  afterWrite?: (file: string) => Promise<void>;
  /** Awaited inside the backup's snapshot after its first table (tests save through the site meanwhile). */
  duringSnapshot?: () => Promise<void>;
}

interface Running extends BackupProgress {
  id: string;
  trigger: BackupTrigger;
  abort: AbortController;
}

interface BackupFile {
  name: string;
  at: Date;
  trigger: BackupTrigger | null;
  encrypted: boolean;
  bytes: number;
}

const settingsTimeZone = z.object({ timeZone: z.string().optional() });

export class BackupService {
  /** Names this process in run records and logs. */
  readonly instance = `${os.hostname()}#${process.pid}#${crypto.randomBytes(3).toString('hex')}`;
  private readonly db: Db;
  private readonly clock: Clock;
  private current: Running | null = null;
  /** Between deciding to take a backup and `current` being set (a claim or insert in flight). */
  private reserving = false;
  private stopped = false;
  private readonly tasks = new Set<Promise<void>>();
  private scheduler: Scheduler | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
    private readonly options: BackupServiceOptions = {},
  ) {
    this.db = services.db;
    this.clock = options.clock ?? systemClock;
  }

  get dir(): string {
    const { config } = this.services;
    return config.backupDir ?? path.join(config.dataDir, 'backups');
  }

  get keep(): number {
    return this.services.config.backupKeep ?? defaultBackupKeep;
  }

  private get encrypted(): boolean {
    return !!this.services.config.backupPassphrase;
  }

  /** Starts the scheduler when BACKUP_SCHEDULE is set; a change of the site's time zone re-plans it. */
  start(): void {
    const expression = this.services.config.backupSchedule;
    if (!expression || this.scheduler || this.stopped) return;
    this.scheduler = new Scheduler(expression, this.clock, () => this.timeZone(), (at) => this.track(this.fireScheduled(at)), this.log);
    this.unsubscribe = this.services.changes.subscribe((event) => {
      if (event.type === 'settings' || event.type === 'reset') this.scheduler?.replan();
    });
    this.scheduler.start();
  }

  /** Stops the scheduler, stops a running backup between two steps and waits until its outcome is recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.scheduler?.stop();
    this.current?.abort.abort();
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  async list(principal: Principal | null): Promise<BackupList> {
    authorize(principal, 'read', { type: 'backups' });
    await this.abandonStale();
    // Asked before the folder is read: an answer that says nothing runs then lists the folder as that backup left it (rotated).
    const running = await this.running();
    const files = await this.files();
    const records = await runs.runsByName(
      this.db.kysely,
      files.map((f) => f.name),
    );
    const finished = await runs.lastFinished(this.db.kysely);
    const timeZone = await this.timeZone();
    const schedule = this.services.config.backupSchedule ?? null;
    const next = schedule ? nextScheduledTime(schedule, timeZone, this.clock.now()) : null;
    return backupListSchema.parse({
      backups: files.map((f) => ({
        name: f.name,
        at: f.at.toISOString(),
        bytes: f.bytes,
        verified: records.get(f.name)?.status === 'verified',
        encrypted: f.encrypted,
        trigger: f.trigger,
      })),
      running,
      lastFailure: finished?.status === 'failed' ? { at: finished.finished_at ?? finished.started_at, trigger: finished.trigger, message: finished.message ?? 'unknown error' } : null,
      schedule,
      timeZone,
      keep: this.keep,
      nextAt: next ? next.toISOString() : null,
    } satisfies BackupList);
  }

  /** "Back up now": records the run and takes the backup in the background. */
  async startManual(principal: Principal | null): Promise<BackupStarted> {
    authorize(principal, 'create', { type: 'backups' });
    if (this.stopped) throw new AppError('unavailable', 'The server is shutting down. Try again in a moment.');
    if (this.current || this.reserving) throw busy(this.current?.name);
    this.reserving = true;
    try {
      await this.abandonStale();
      const live = await runs.liveRun(this.db.kysely, this.staleBefore());
      if (live) throw busy(live.name);
      const now = this.clock.now();
      const run: runs.NewRun = { id: crypto.randomUUID(), trigger: 'manual', name: await this.freeName(now, 'manual'), instance: this.instance, at: now };
      await runs.insertRun(this.db.kysely, run);
      this.launch(run);
      return { name: run.name };
    } finally {
      this.reserving = false;
    }
  }

  /** A backup file, opened for streaming; only names of backups, only files directly in BACKUP_DIR. */
  async openDownload(principal: Principal | null, rawName: string): Promise<{ name: string; bytes: number; stream: Readable }> {
    authorize(principal, 'read', { type: 'backups' });
    const parsed = backupNameSchema.safeParse(rawName);
    if (!parsed.success) throw new AppError('invalid-argument', 'This is not the name of a backup (site-<time>[-<trigger>].tar.gz[.enc]).', { field: 'name' });
    const name = parsed.data;
    const missing = (): AppError => new AppError('not-found', `There is no backup ${name}. It may have been rotated away.`);
    let handle: fs.promises.FileHandle;
    try {
      // O_NOFOLLOW: a symbolic link in BACKUP_DIR never leads a download elsewhere.
      handle = await fs.promises.open(path.join(this.dir, name), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR' || code === 'EISDIR') throw missing();
      throw err;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      throw missing();
    }
    // The open handle keeps the bytes readable even if rotation removes the name meanwhile.
    return { name, bytes: stat.size, stream: handle.createReadStream() };
  }

  /** The time zone scheduled times are read in: the site settings' own, or UTC. */
  async timeZone(): Promise<string> {
    const row = await findSettings(this.db.kysely);
    if (!row) return defaultTimeZone;
    try {
      const parsed = settingsTimeZone.safeParse(JSON.parse(row.data));
      return parsed.success ? siteTimeZone(parsed.data) : defaultTimeZone;
    } catch {
      return defaultTimeZone;
    }
  }

  private staleBefore(): Date {
    return new Date(this.clock.now().getTime() - staleAfterMs);
  }

  private async abandonStale(): Promise<void> {
    const n = await runs.abandonStale(this.db.kysely, this.staleBefore(), STOPPED_MESSAGE);
    if (n > 0) this.log.warn({ runs: n }, 'backups left running by a server that stopped are recorded as failed');
  }

  private async running(): Promise<BackupProgress | null> {
    const c = this.current;
    if (c) return { name: c.name, startedAt: c.startedAt, phase: c.phase, rows: c.rows, bytes: c.bytes };
    // Another instance's: its heartbeat carries the bytes written so far.
    const live = await runs.liveRun(this.db.kysely, this.staleBefore());
    return live ? { name: live.name, startedAt: live.started_at, phase: 'writing', rows: 0, bytes: live.bytes ?? 0 } : null;
  }

  private track(task: Promise<void>): void {
    this.tasks.add(task);
    const forget = (): void => void this.tasks.delete(task);
    task.then(forget, forget);
  }

  private async fireScheduled(at: Date): Promise<void> {
    if (this.stopped) return;
    if (this.current || this.reserving) {
      this.log.warn({ scheduledFor: at.toISOString(), running: this.current?.name }, 'scheduled backup skipped on this server: a backup is still running here');
      return;
    }
    this.reserving = true;
    try {
      const run: runs.NewRun = { id: crypto.randomUUID(), trigger: 'schedule', name: backupFileName(at, 'schedule', this.encrypted), instance: this.instance, at: this.clock.now() };
      if (!(await runs.claimScheduled(this.db.kysely, run, at))) {
        this.log.info({ scheduledFor: at.toISOString() }, 'scheduled backup taken by another instance');
        return;
      }
      this.log.info({ scheduledFor: at.toISOString(), backup: run.name }, 'scheduled backup claimed');
      this.launch(run);
    } catch (err) {
      this.log.error({ scheduledFor: at.toISOString(), reason: this.describe(err) }, 'scheduled backup could not start');
    } finally {
      this.reserving = false;
    }
  }

  private launch(run: runs.NewRun): void {
    this.current = { id: run.id, trigger: run.trigger, name: run.name, startedAt: run.at.toISOString(), phase: 'writing', rows: 0, bytes: 0, abort: new AbortController() };
    // Claimed while the server was stopping: it ends at once, recorded as stopped.
    if (this.stopped) this.current.abort.abort();
    this.track(this.execute(run, this.current));
  }

  private async execute(run: runs.NewRun, state: Running): Promise<void> {
    const { config } = this.services;
    const file = path.join(this.dir, run.name);
    const beat = setInterval(() => {
      runs.heartbeat(this.db.kysely, run.id, this.clock.now(), state.bytes).catch((err: unknown) => this.log.warn({ backup: run.name, reason: this.describe(err) }, 'backup heartbeat not recorded'));
    }, heartbeatMs);
    beat.unref();
    try {
      const job: BackupJob = {
        config: { ...config },
        target: await backupReaderTarget(this.db, config.databaseUrl),
        out: file,
        holdInSnapshot: !!this.options.duringSnapshot,
      };
      let result: { rows: number; mediaObjects: number; threadId: number };
      try {
        result = await this.inWorker(job, state, file);
      } catch (err) {
        if (!(err instanceof ReadBackFailure)) throw err;
        // A backup that does not read back is no backup: it must not take a place in the rotation.
        await fs.promises.rm(file, { force: true });
        throw new Error(`the backup did not read back intact and was removed (${this.describe(err.reason)})`, { cause: err });
      }
      const bytes = (await fs.promises.stat(file)).size;
      await runs.finishRun(this.db.kysely, run.id, { status: 'verified', at: this.clock.now(), bytes, message: null });
      this.log.info({ backup: run.name, trigger: run.trigger, rows: result.rows, mediaObjects: result.mediaObjects, bytes, thread: result.threadId }, 'backup taken and read back');
      await this.rotate().catch((err: unknown) => this.log.warn({ reason: this.describe(err) }, 'backup rotation failed'));
    } catch (err) {
      const message = state.abort.signal.aborted ? STOPPED_MESSAGE : this.describe(err);
      this.log.error({ backup: run.name, trigger: run.trigger, reason: message }, 'backup failed');
      await runs
        .finishRun(this.db.kysely, run.id, { status: 'failed', at: this.clock.now(), bytes: null, message })
        .catch((e: unknown) => this.log.error({ backup: run.name, reason: this.describe(e) }, 'backup failure not recorded'));
    } finally {
      clearInterval(beat);
      if (this.current === state) this.current = null;
    }
  }

  /**
   * Writes and reads back the backup in a worker thread. The test hooks run
   * here, in the server's thread: `duringSnapshot` when the worker says it is
   * inside its snapshot (the worker waits for the answer), `afterWrite` between
   * writing and reading back. Stopping the server asks the worker to stop
   * between two steps (it removes its temporary file) and ends it if it does
   * not within a few seconds.
   */
  private inWorker(job: BackupJob, state: Running, file: string): Promise<{ rows: number; mediaObjects: number; threadId: number }> {
    const { url, execArgv } = backupWorker();
    const worker = new Worker(url, { workerData: job, execArgv });
    const send = (message: ServerMessage): void => worker.postMessage(message);
    return new Promise((resolve, reject) => {
      let written: { rows: number; mediaObjects: number; threadId: number } | null = null;
      // What came of it; settled only when the thread has ended, so nothing of the backup outlives its run record.
      let outcome: { error: Error | null } | null = null;
      let kill: NodeJS.Timeout | null = null;
      const end = (error: Error | null): void => {
        outcome ??= { error };
        void worker.terminate();
      };
      const onAbort = (): void => {
        send({ type: 'abort' });
        kill = setTimeout(() => void worker.terminate(), abortGraceMs);
        kill.unref();
      };
      if (state.abort.signal.aborted) onAbort();
      else state.abort.signal.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'rows':
            state.rows = message.rows;
            break;
          case 'bytes':
            state.bytes = message.bytes;
            break;
          case 'in-snapshot': {
            const hook = this.options.duringSnapshot ?? (() => Promise.resolve());
            hook().then(
              () => send({ type: 'snapshot-released', error: null }),
              (err: unknown) => send({ type: 'snapshot-released', error: { message: err instanceof Error ? err.message : String(err), code: undefined } }),
            );
            break;
          }
          case 'written':
            written = { rows: message.rows, mediaObjects: message.mediaObjects, threadId: message.threadId };
            state.phase = 'verifying';
            state.bytes = message.bytes;
            (this.options.afterWrite?.(file) ?? Promise.resolve()).then(
              () => send({ type: 'verify' }),
              (err: unknown) => end(err instanceof Error ? err : new Error(String(err))),
            );
            break;
          case 'verified':
            end(null);
            break;
          case 'failed':
            end(message.phase === 'verifying' ? new ReadBackFailure(workerError(message.error)) : workerError(message.error));
            break;
        }
      });
      worker.on('error', (err) => end(err));
      worker.on('exit', (code) => {
        state.abort.signal.removeEventListener('abort', onAbort);
        if (kill) clearTimeout(kill);
        if (outcome?.error) reject(outcome.error);
        else if (outcome && written) resolve(written);
        else reject(new Error(`the backup worker stopped without a result (exit code ${code})`));
      });
    });
  }

  /** Keeps the newest BACKUP_KEEP backups taken by the schedule, "Back up now" or the command line; never upgrade backups or other files. */
  private async rotate(): Promise<void> {
    const rotating = (await this.files()).filter((f) => f.trigger !== 'upgrade');
    for (const old of rotating.slice(this.keep)) {
      await fs.promises.rm(path.join(this.dir, old.name), { force: true });
      this.log.info({ backup: old.name, keep: this.keep }, 'old backup removed by rotation');
    }
    await runs.pruneFinished(this.db.kysely, new Date(this.clock.now().getTime() - keepRecordsMs));
  }

  /** The backups in BACKUP_DIR (regular files named as backups only), newest first. */
  private async files(): Promise<BackupFile[]> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new AppError('failed-precondition', `The backup folder cannot be read: ${this.describe(err)}. Point BACKUP_DIR at a folder the site may write to.`);
    }
    const files: BackupFile[] = [];
    for (const entry of entries) {
      const parsed = entry.isFile() ? parseBackupName(entry.name) : null;
      if (!parsed) continue;
      try {
        const stat = await fs.promises.stat(path.join(this.dir, entry.name));
        files.push({ name: entry.name, ...parsed, bytes: stat.size });
      } catch {
        // Rotated away by another instance between the listing and now.
      }
    }
    return files.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.name < b.name ? 1 : -1));
  }

  /** The backup's name at `at`, a second later for each name already taken (two backups in one second). */
  private async freeName(at: Date, trigger: BackupTrigger): Promise<string> {
    for (let i = 0; i < 60; i++) {
      const name = backupFileName(new Date(at.getTime() + i * 1000), trigger, this.encrypted);
      const onDisk = await fs.promises.stat(path.join(this.dir, name)).then(
        () => true,
        () => false,
      );
      if (!onDisk && !(await runs.nameRecorded(this.db.kysely, name))) return name;
    }
    throw new AppError('aborted', 'Too many backups were started in the last minute. Wait a moment and try again.');
  }

  /** One line for the run record, the list and the log: no passphrase, no path outside BACKUP_DIR. */
  private describe(err: unknown): string {
    let text = (err instanceof Error ? err.message : String(err)).split('\n')[0]?.trim() ?? '';
    const { backupPassphrase, dataDir } = this.services.config;
    if (backupPassphrase) text = text.split(backupPassphrase).join('[redacted]');
    text = text.split(this.dir + path.sep).join('').split(this.dir).join('BACKUP_DIR');
    text = text.split(dataDir + path.sep).join('DATA_DIR/').split(dataDir).join('DATA_DIR');
    const plain = plainErrno[(err as NodeJS.ErrnoException | null)?.code ?? ''];
    text = text.slice(0, 300) || 'unknown error';
    return plain ? `${plain} (${text})` : text;
  }
}

/** What the system's error codes mean, in words a super-admin can act on; the system's text follows in brackets. */
const plainErrno: Record<string, string> = {
  ENOENT: 'a folder or file it needs does not exist (is the backup disk mounted?)',
  ENOTDIR: 'a path that should be a folder is a file',
  // What creating a folder answers when a file has its name.
  EEXIST: 'a path that should be a folder is a file',
  EACCES: 'the site may not write there',
  EPERM: 'the site may not write there',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the disk reported a read or write error',
};

function busy(name: string | undefined): AppError {
  return new AppError('aborted', `A backup is already being taken${name ? ` (${name})` : ''}. Wait until it has finished, then try again.`);
}

/**
 * Waits for each time BACKUP_SCHEDULE names, in the site's time zone, and
 * hands it on. A re-plan (the time zone changed) computes the next time afresh.
 */
class Scheduler {
  private readonly stopping = new AbortController();
  private replanning = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly expression: string,
    private readonly clock: Clock,
    private readonly timeZone: () => Promise<string>,
    private readonly fire: (at: Date) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.loop = this.run().catch((err: unknown) => this.log.error({ reason: err instanceof Error ? err.message : String(err) }, 'the backup scheduler stopped'));
  }

  replan(): void {
    this.replanning.abort();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    let after = this.clock.now();
    while (!this.stopping.signal.aborted) {
      this.replanning = new AbortController();
      const signal = AbortSignal.any([this.stopping.signal, this.replanning.signal]);
      let next: Date | null;
      try {
        const timeZone = await this.timeZone();
        // A time missed while the process slept (or its clock jumped) is not caught up on.
        const from = new Date(Math.max(after.getTime(), this.clock.now().getTime() - 1000));
        next = nextScheduledTime(this.expression, timeZone, from);
        this.log.debug({ schedule: this.expression, timeZone, nextAt: next?.toISOString() ?? null }, 'next scheduled backup planned');
      } catch (err) {
        this.log.error({ reason: err instanceof Error ? err.message : String(err) }, 'scheduled backups could not be planned; trying again in a minute');
        await this.clock.sleepUntil(new Date(this.clock.now().getTime() + 60_000), signal);
        continue;
      }
      if (!next) {
        // Nothing ahead: wait for a re-plan or the end.
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        after = this.clock.now();
        continue;
      }
      await this.clock.sleepUntil(next, signal);
      if (this.stopping.signal.aborted) return;
      if (this.clock.now().getTime() >= next.getTime()) {
        after = next;
        this.fire(next);
      } else if (this.replanning.signal.aborted) {
        after = this.clock.now();
      }
      // Otherwise it woke early (the system clock moved): the same time is planned again.
    }
  }
}
