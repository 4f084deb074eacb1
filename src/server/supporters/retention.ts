/**
 * Retention of answers: once at start, then every `intervalMs` (an hour), the
 * answers past their time are deleted, then the people left with neither an
 * answer nor a contact message (SupportersService.deleteExpired). On
 * PostgreSQL one instance runs a pass at a time (an advisory session lock;
 * another instance skips its pass while it is held, and finds nothing left
 * afterwards), so each answer is deleted, and counted in the audit log, once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { advisoryLockKeys, withSessionLock } from '../db/session-lock.js';
import type { SupportersService } from './service.js';
import { errorWithoutData } from '../personal-errors.js';

export const defaultRetentionIntervalMs = 60 * 60_000;

export interface RetentionOptions {
  /** How often a pass runs. */
  intervalMs?: number;
}

/** What one pass did; `busy`: another instance was running one, this one did nothing. */
export interface RetentionReport {
  answers: number;
  people: number;
  busy?: true;
}

export class SupportersRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RetentionReport> | null = null;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly supporters: SupportersService,
    private readonly log: FastifyBaseLogger,
    options: RetentionOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? defaultRetentionIntervalMs;
  }

  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** A scheduled pass; one still running is not doubled. Failures are logged and tried again at the next. */
  private tick(): Promise<RetentionReport> {
    this.running ??= this.pass()
      .catch((err: unknown) => {
        this.log.error({ err: errorWithoutData(err) }, 'retention of answers failed; it is tried again at the next pass');
        return { answers: 0, people: 0 };
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Runs a pass now, after any that is running (tests, and operators): what it deleted. */
  async runNow(): Promise<RetentionReport> {
    await this.running;
    return this.pass();
  }

  private async pass(): Promise<RetentionReport> {
    const done = await withSessionLock(this.db, advisoryLockKeys.supportersRetention, false, () => this.supporters.deleteExpired(this.supporters.now()));
    if (!done.ran) return { answers: 0, people: 0, busy: true };
    if (done.value.answers > 0 || done.value.people > 0) this.log.info(done.value, 'retention: answers past their time deleted');
    return done.value;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
