import { describe, expect, it } from 'vitest';
import type { BackupList } from '../../../shared/backup-api.js';
import { advanceRun, shouldPoll, type Run } from './backup-now.js';
import { cronInWords, formatBytes, formatWhen, scheduleSentence, triggerLabel } from './format.js';

describe('the backups screen in words', () => {
  it('reads the plain cron forms and leaves the rest to the expression', () => {
    expect(cronInWords('0 3 * * *')).toBe('every day at 03:00');
    expect(cronInWords('30 23 * * *')).toBe('every day at 23:30');
    expect(cronInWords('@daily')).toBe('every day at 00:00');
    expect(cronInWords('15 2 * * 0')).toBe('every Sunday at 02:15');
    expect(cronInWords('15 2 * * 7')).toBe('every Sunday at 02:15');
    expect(cronInWords('0 4 * * 1-5')).toBe('every weekday (Monday to Friday) at 04:00');
    expect(cronInWords('0 1 1 * *')).toBe('on the 1st of every month at 01:00');
    expect(cronInWords('0 1 22 * *')).toBe('on the 22nd of every month at 01:00');
    expect(cronInWords('0 1 12 * *')).toBe('on the 12th of every month at 01:00');
    expect(cronInWords('0 * * * *')).toBe('every hour, on the hour');
    expect(cronInWords('0 */6 * * *')).toBe('every 6 hours, at 00 minutes past');
    // Forms read wrongly more easily than rightly: no words.
    expect(cronInWords('0 */5 * * *')).toBeNull();
    expect(cronInWords('0 3 1 * 1')).toBeNull();
    expect(cronInWords('0 3,15 * * *')).toBeNull();
    expect(cronInWords('0 0 3 * * *')).toBeNull();
    expect(cronInWords('61 3 * * *')).toBeNull();
    expect(cronInWords('')).toBeNull();
  });

  it('says the schedule with its time zone and what is kept, or the expression when it has no words', () => {
    expect(scheduleSentence('0 3 * * *', 'Europe/Berlin', 14)).toEqual({ sentence: 'Every day at 03:00 (Europe/Berlin), keeping the newest 14', inWords: true });
    expect(scheduleSentence('0 3,15 * * *', 'UTC', 7)).toEqual({ sentence: 'On the schedule “0 3,15 * * *” (UTC), keeping the newest 7', inWords: false });
  });

  it('gives sizes in KB and MB, times in the site’s time zone, and the trigger in words', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(14 * 1024 + 100)).toBe('14 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatWhen('2026-11-23T02:00:00Z', 'Europe/Berlin')).toBe('Mon, 23 Nov 2026, 03:00');
    expect(formatWhen('2026-11-23T02:00:00Z', 'Africa/Nairobi')).toBe('Mon, 23 Nov 2026, 05:00');
    // A zone this browser does not know falls back to UTC instead of breaking the screen.
    expect(formatWhen('2026-11-23T02:00:00Z', 'Not/AZone')).toBe('Mon, 23 Nov 2026, 02:00');
    expect([triggerLabel('schedule'), triggerLabel('manual'), triggerLabel('upgrade'), triggerLabel(null)]).toEqual(['Scheduled', 'Manual', 'Before upgrade', 'Command line']);
  });
});

const name = 'site-2026-11-23T10-15-00Z-manual.tar.gz';
const since = Date.parse('2026-11-23T10:15:00Z');
const base: BackupList = { backups: [], running: null, lastFailure: null, schedule: null, timeZone: 'UTC', keep: 14, nextAt: null };
const running: Run = { state: 'running', name, since, idlePolls: 0 };

describe('"Back up now" follows the list until its backup is there or has failed', () => {
  it('keeps polling while the backup runs, even once its file is listed', () => {
    const progress = { name, startedAt: '2026-11-23T10:15:00Z', phase: 'verifying' as const, rows: 10, bytes: 2048 };
    const entry = { name, at: '2026-11-23T10:15:00Z', bytes: 2048, verified: false, encrypted: false, trigger: 'manual' as const };
    const next = advanceRun(running, { ...base, running: progress, backups: [entry] });
    expect(next.state).toBe('running');
    expect(shouldPoll(next, base)).toBe(true);
  });

  it('is done, with the verified state, once no backup runs and it is in the list', () => {
    const entry = { name, at: '2026-11-23T10:15:00Z', bytes: 2048, verified: true, encrypted: false, trigger: 'manual' as const };
    const next = advanceRun(running, { ...base, backups: [entry] });
    expect(next).toEqual({ state: 'done', name, verified: true });
    expect(shouldPoll(next, { ...base, backups: [entry] })).toBe(false);
  });

  it('has failed when a manual backup failed at or after its start, not for an older failure', () => {
    const older = advanceRun(running, { ...base, lastFailure: { at: '2026-11-23T09:00:00Z', trigger: 'manual', message: 'old' } });
    expect(older.state).toBe('running');
    expect(advanceRun(running, { ...base, lastFailure: { at: '2026-11-23T10:15:01Z', trigger: 'manual', message: 'No space left' } })).toEqual({ state: 'failed', message: 'No space left' });
  });

  it('stops waiting after some answers with nothing running and no trace of it', () => {
    let run: Run = running;
    for (let i = 0; i < 20 && run.state === 'running'; i++) run = advanceRun(run, base);
    expect(run).toEqual({ state: 'lost', name });
  });
});
