/**
 * Dates as written by staff, formatted the same on the server and in the
 * browser (no time-zone or locale data involved, so hydration always matches).
 */
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number | null;
  minute: number | null;
}

function parts(iso: string): Parts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(iso);
  if (!m) return null;
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: m[4] ? Number(m[4]) : null, minute: m[5] ? Number(m[5]) : null };
}

/** "3 March 2026" */
export function formatDate(iso: string): string {
  const p = parts(iso);
  if (!p) return iso;
  return `${p.day} ${months[p.month - 1] ?? ''} ${p.year}`;
}

/** "3 March 2026, 09:30": the local time of the event as entered. */
export function formatDateTime(iso: string): string {
  const p = parts(iso);
  if (!p) return iso;
  const time = p.hour !== null && p.minute !== null ? `, ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}` : '';
  return `${formatDate(iso)}${time}`;
}

export function shortMonth(iso: string): { day: string; month: string; year: string } {
  const p = parts(iso);
  if (!p) return { day: '', month: '', year: '' };
  return { day: String(p.day), month: (months[p.month - 1] ?? '').slice(0, 3), year: String(p.year) };
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
