/**
 * Wall-clock times in the site's time zone (Site settings → Time zone), as the
 * schedule dialog's date-time inputs show them, and the ISO instants with
 * offset the API takes. The browser's own zone plays no part: an editor in
 * Berlin scheduling for a Nairobi site types Nairobi time.
 */
import { formatWhen } from '../backups/format.js';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallPartsAt(ms: number, timeZone: string): WallParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at this instant, in minutes (Nairobi: 180; New York in January: -300). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const w = wallPartsAt(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export type WallTimeResult =
  | { ok: true; iso: string; ms: number }
  | { ok: false; reason: 'invalid' | 'skipped'; message: string };

/**
 * `YYYY-MM-DDTHH:mm` read as a wall-clock time in `timeZone` → the ISO instant
 * with that zone's offset then (`2026-12-01T09:00:00+03:00`). A time the clocks
 * skip (spring forward) is refused; a time that happens twice (fall back) is
 * the first of the two.
 */
export function wallTimeToIso(local: string, timeZone: string): WallTimeResult {
  const m = wallPattern.exec(local.trim());
  if (!m) return { ok: false, reason: 'invalid', message: 'Give a date and a time.' };
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (Number.isNaN(asUtc) || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { ok: false, reason: 'invalid', message: 'Give a date and a time that exist.' };
  }
  // The offsets around the wall time; the earlier instant wins where both read back as this wall time.
  const candidates = [...new Set([zoneOffsetMinutes(asUtc - 86_400_000, timeZone), zoneOffsetMinutes(asUtc, timeZone), zoneOffsetMinutes(asUtc + 86_400_000, timeZone)])]
    .map((offset) => ({ offset, ms: asUtc - offset * 60_000 }))
    .filter(({ ms, offset }) => zoneOffsetMinutes(ms, timeZone) === offset)
    .sort((a, b) => a.ms - b.ms);
  const first = candidates[0];
  if (!first) {
    return { ok: false, reason: 'skipped', message: `${local.replace('T', ' ')} does not exist in ${timeZone}: the clocks go forward then. Choose a later time.` };
  }
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offsetText(first.offset)}`;
  return { ok: true, iso, ms: first.ms };
}

/** An instant → the `YYYY-MM-DDTHH:mm` a datetime-local input shows for it in `timeZone`. */
export function isoToWallTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wallPartsAt(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** Reads one input: empty, unchanged, or a future instant; a sentence when it cannot be used. */
export function readScheduleInput(value: string, previous: string | null, timeZone: string, now: number): { iso?: string; error?: string } {
  if (!value) return {};
  if (previous && isoToWallTime(previous, timeZone) === value) return {};
  const r = wallTimeToIso(value, timeZone);
  if (!r.ok) return { error: r.message };
  if (r.ms <= now) return { error: `${formatWhen(r.iso, timeZone)} has already passed in ${timeZone}. Choose a time in the future.` };
  return { iso: r.iso };
}
