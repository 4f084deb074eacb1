/**
 * BACKUP_SCHEDULE: a cron expression (croner: five fields, or six with seconds
 * first), read in the site's time zone, and the clock the scheduler waits on.
 */
import { Cron } from 'croner';

/** Why an expression cannot schedule backups (one line), or null when it can. */
export function scheduleProblem(expression: string): string | null {
  let cron: Cron;
  try {
    cron = new Cron(expression, { timezone: 'UTC' });
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).replace(/^CronPattern: /, '').split('\n')[0];
    return `"${expression}" is not a cron expression such as "0 3 * * *" (${reason})`;
  }
  if (!cron.nextRun()) return `"${expression}" never runs`;
  return null;
}

/** The first scheduled time strictly after `after`, in the given IANA time zone; null if there is none. */
export function nextScheduledTime(expression: string, timeZone: string, after: Date): Date | null {
  return new Cron(expression, { timezone: timeZone }).nextRun(after);
}

/** What the scheduler reads the time from and waits on (tests drive their own). */
export interface Clock {
  now(): Date;
  /** Resolves once `at` has come, or as soon as `signal` aborts. */
  sleepUntil(at: Date, signal: AbortSignal): Promise<void>;
}

/** Longest single timer: a far time is waited for in steps, so a changed system clock is noticed. */
const longestTimer = 60_000;

export const systemClock: Clock = {
  now: () => new Date(),
  sleepUntil(at, signal) {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const arm = (): void => {
        const left = at.getTime() - Date.now();
        if (left <= 0) return done();
        timer = setTimeout(arm, Math.min(left, longestTimer));
        // The scheduler alone never keeps the process alive (a closed server stops it anyway).
        timer.unref();
      };
      signal.addEventListener('abort', done, { once: true });
      arm();
    });
  },
};
