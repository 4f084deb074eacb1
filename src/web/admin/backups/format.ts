/**
 * What the backups screen says in words: sizes, times in the site's time zone,
 * how a backup came about, and BACKUP_SCHEDULE as a sentence.
 */
import type { BackupTrigger } from '../../../shared/backups.js';

/** "Command line" for a backup without a trigger (`npm run cli -- backup`). */
export const triggerLabels: Record<BackupTrigger | 'cli', string> = {
  schedule: 'Scheduled',
  manual: 'Manual',
  upgrade: 'Before upgrade',
  cli: 'Command line',
};

export function triggerLabel(trigger: BackupTrigger | null): string {
  return triggerLabels[trigger ?? 'cli'];
}

const kilo = 1024;

/** "812 bytes", "14 KB", "3.2 MB", "1.4 GB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < kilo) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < kilo * kilo) return `${Math.round(bytes / kilo)} KB`;
  if (bytes < kilo * kilo * kilo) return `${(bytes / (kilo * kilo)).toFixed(1)} MB`;
  return `${(bytes / (kilo * kilo * kilo)).toFixed(2)} GB`;
}

const counts = new Intl.NumberFormat('en-GB');

export function formatCount(n: number): string {
  return counts.format(n);
}

/** A time zone the browser knows, or UTC: a zone this browser's Intl lacks must not break the screen. */
export function usableTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "Mon 23 Nov 2026, 10:15" in the given time zone. */
export function formatWhen(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: usableTimeZone(timeZone),
  }).format(d);
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function plainNumber(field: string, min: number, max: number): number | null {
  if (!/^\d{1,2}$/.test(field)) return null;
  const n = Number(field);
  return n >= min && n <= max ? n : null;
}

function ordinal(n: number): string {
  const rest = n % 100;
  if (rest >= 11 && rest <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

const shorthands: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/**
 * A five-field cron expression in words ("every day at 03:00"), or null when it
 * is not one of the plain forms read here (lists, ranges and steps other than
 * every n hours are left to the expression itself).
 */
export function cronInWords(expression: string): string | null {
  const trimmed = expression.trim().toLowerCase();
  const fields = (shorthands[trimmed] ?? trimmed).split(/\s+/);
  if (fields.length !== 5) return null;
  const [minuteField, hourField, dayField, monthField, weekdayField] = fields as [string, string, string, string, string];
  const minute = plainNumber(minuteField, 0, 59);
  if (minute === null) return null;
  const everyDay = dayField === '*' && monthField === '*' && weekdayField === '*';

  if (hourField === '*') return everyDay ? (minute === 0 ? 'every hour, on the hour' : `every hour at ${minute} minutes past`) : null;
  const step = /^\*\/(\d{1,2})$/.exec(hourField);
  if (step) {
    const n = Number(step[1]);
    if (!everyDay || n < 1 || n > 23 || 24 % n !== 0) return null;
    return n === 1 ? cronInWords(`${minute} * * * *`) : `every ${n} hours, at ${minute.toString().padStart(2, '0')} minutes past`;
  }
  const hour = plainNumber(hourField, 0, 23);
  if (hour === null) return null;
  const at = `${hour.toString().padStart(2, '0')}:${minute.toString().padStart(2, '0')}`;

  if (everyDay) return `every day at ${at}`;
  if (dayField === '*' && monthField === '*') {
    const weekday = plainNumber(weekdayField, 0, 7);
    if (weekday !== null) return `every ${weekdays[weekday % 7]} at ${at}`;
    if (weekdayField === '1-5') return `every weekday (Monday to Friday) at ${at}`;
    return null;
  }
  if (weekdayField !== '*') return null;
  const day = plainNumber(dayField, 1, 31);
  if (day === null) return null;
  if (monthField === '*') return `on the ${ordinal(day)} of every month at ${at}`;
  const month = plainNumber(monthField, 1, 12);
  if (month === null) return null;
  return `every year on ${day} ${months[month - 1]} at ${at}`;
}

export interface ScheduleText {
  /** "Every day at 03:00 (Europe/Berlin), keeping 14", or the expression when it has no words here. */
  sentence: string;
  /** True when the sentence is the expression's reading in words. */
  inWords: boolean;
}

/** BACKUP_SCHEDULE and BACKUP_KEEP as one sentence. */
export function scheduleSentence(schedule: string, timeZone: string, keep: number): ScheduleText {
  const words = cronInWords(schedule);
  const keeping = `keeping the newest ${keep}`;
  if (words) return { sentence: `${words.charAt(0).toUpperCase()}${words.slice(1)} (${timeZone}), ${keeping}`, inWords: true };
  return { sentence: `On the schedule “${schedule}” (${timeZone}), ${keeping}`, inWords: false };
}
