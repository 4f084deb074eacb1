/**
 * A clock the test moves by hand, for the backup scheduler: `now()` stays put
 * until `advanceTo`, which wakes every sleeper whose time has come. `planned`
 * shows the times the scheduler waits for, so a test can see it re-plan.
 */
import type { Clock } from '../../src/server/backup/schedule.js';

interface Sleeper {
  at: Date;
  wake: () => void;
}

export class ManualClock implements Clock {
  private current: Date;
  private sleepers = new Set<Sleeper>();

  constructor(start: Date) {
    this.current = start;
  }

  now(): Date {
    return new Date(this.current);
  }

  sleepUntil(at: Date, signal: AbortSignal): Promise<void> {
    if (signal.aborted || at.getTime() <= this.current.getTime()) return Promise.resolve();
    return new Promise((resolve) => {
      const sleeper: Sleeper = {
        at,
        wake: () => {
          this.sleepers.delete(sleeper);
          signal.removeEventListener('abort', sleeper.wake);
          resolve();
        },
      };
      this.sleepers.add(sleeper);
      signal.addEventListener('abort', sleeper.wake, { once: true });
    });
  }

  /** The times sleepers wait for, as ISO strings, earliest first. */
  get planned(): string[] {
    return [...this.sleepers].map((s) => s.at.toISOString()).sort();
  }

  advanceTo(at: Date): void {
    if (at.getTime() < this.current.getTime()) throw new Error('this clock only moves forward');
    this.current = at;
    for (const s of [...this.sleepers]) if (s.at.getTime() <= at.getTime()) s.wake();
  }
}
