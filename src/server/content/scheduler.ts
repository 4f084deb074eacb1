/**
 * Runs scheduled publishing and the trash's purge inside the server: once at
 * start (catching up on what fell due while it was down), then every
 * `intervalMs` (15 s: due work goes live within a minute). Several instances
 * may run it at once: each block is claimed in a transaction (editorial.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Editorial } from './editorial.js';

export interface EditorialSchedulerOptions {
  /** The clock (tests inject one). */
  now?: () => Date;
  /** How often it looks for due work. */
  intervalMs?: number;
}

export const defaultSchedulerIntervalMs = 15_000;

export class EditorialScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly now: () => Date;
  private readonly intervalMs: number;

  constructor(
    private readonly editorial: Editorial,
    private readonly log: FastifyBaseLogger,
    options: EditorialSchedulerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.intervalMs = options.intervalMs ?? defaultSchedulerIntervalMs;
  }

  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass: what is due now, then the trash older than the retention period. A pass still running is not doubled. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    const now = this.now();
    try {
      const done = await this.editorial.runDue(now);
      if (done > 0) this.log.info({ blocks: done }, 'scheduled publishing done');
      const purged = await this.editorial.purgeExpired(now);
      if (purged > 0) this.log.info({ blocks: purged }, 'trash: blocks past the retention period removed for good');
    } catch (err) {
      this.log.error({ err }, 'scheduled publishing failed; it is tried again at the next pass');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
