/**
 * The visit counts' daily work (VisitsService.dailyWork), once at start and
 * every hour after: past days' visitor hashes become counts, counts older
 * than VISITS_RETENTION_MONTHS go. On PostgreSQL one instance runs it at a
 * time (an advisory session lock, skipped when another holds it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { advisoryLockKeys, withSessionLock } from '../db/session-lock.js';
import type { VisitsService } from './service.js';
import { errorWithoutData } from '../personal-errors.js';

const intervalMs = 60 * 60_000;

export class VisitsRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly visits: VisitsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    void this.runNow().catch((err: unknown) => this.failed(err));
    this.timer = setInterval(() => void this.runNow().catch((err: unknown) => this.failed(err)), intervalMs);
    this.timer.unref();
  }

  private failed(err: unknown): void {
    this.log.error({ err: errorWithoutData(err) }, 'the visit counts\' daily work failed; it is tried again in an hour');
  }

  /** One pass, after any that is running (tests run it): what it did, or null when another instance was at it. */
  async runNow(): Promise<{ rolledUp: number; deleted: number } | null> {
    await this.running?.catch(() => undefined);
    const pass = withSessionLock(this.db, advisoryLockKeys.visitsRetention, false, () => this.visits.dailyWork());
    this.running = pass;
    const done = await pass.finally(() => (this.running = null));
    if (!done.ran) return null;
    if (done.value.deleted > 0) this.log.info(done.value, 'visit counts past their time deleted');
    return done.value;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
