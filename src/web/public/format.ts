/**
 * Dates and times on public pages, in the page's language. Calendar dates
 * (stories) are shown as written. Event times are instants: the server
 * renders them in UTC, labelled, each element marked with `data-local` (its
 * format) inside or on a `<time datetime>`; in the browser a few lines of
 * plain script (local-times.ts) write them again in the visitor's own time
 * zone. Without JavaScript the UTC times stay. English has its own fixed
 * format ("3 March 2026, 09:30 UTC"), the same on every runtime; another
 * language is written by Intl.DateTimeFormat ("3 Machi 2026, 09:30 UTC"),
 * or in English when the runtime has no data for it. No React here: the
 * browser entry imports it.
 */
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const longDate: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

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

/**
 * A time written by Intl in `lang`, or null where the English format applies:
 * English itself, no language, one the runtime has no data for, or no time
 * (NaN: Intl throws, as it does for a tag it does not take).
 */
function intlFormat(time: number, lang: string | undefined, options: Intl.DateTimeFormatOptions): string | null {
  if (!lang || lang === 'en') return null;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(lang).length > 0 ? new Intl.DateTimeFormat(lang, options).format(time) : null;
  } catch {
    return null;
  }
}

/** "3 March 2026" (in `lang`: "3 Machi 2026"). */
export function formatDate(iso: string, lang?: string): string {
  const p = parts(iso);
  if (!p) return iso;
  return intlFormat(Date.UTC(p.year, p.month - 1, p.day), lang, { ...longDate, timeZone: 'UTC' }) ?? `${p.day} ${months[p.month - 1] ?? ''} ${p.year}`;
}

/** An instant written by Intl in `lang`, in UTC on the server (`local` false) or in the browser's zone; null as intlFormat says. */
function intlInstant(iso: string, local: boolean, lang: string | undefined, options: Intl.DateTimeFormatOptions): string | null {
  return intlFormat(Date.parse(iso), lang, local ? options : { ...options, timeZone: 'UTC' });
}

function instantParts(iso: string, local: boolean): Parts | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return parts(iso);
  return local
    ? { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() }
    : { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

function zoneLabel(iso: string, local: boolean): string {
  if (!local) return 'UTC';
  const name = new Intl.DateTimeFormat('en', { timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName');
  return name?.value ?? '';
}

/** "3 March 2026, 09:30 UTC" on the server; the visitor's own time and zone in the browser. */
export function formatDateTime(iso: string, local: boolean, lang?: string): string {
  const intl = intlInstant(iso, local, lang, { ...longDate, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  if (intl) return intl;
  const p = instantParts(iso, local);
  if (!p) return iso;
  const time = p.hour !== null && p.minute !== null ? `, ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} ${zoneLabel(iso, local)}` : '';
  return `${p.day} ${months[p.month - 1] ?? ''} ${p.year}${time}`.trimEnd();
}

export function shortMonth(iso: string, local: boolean): { day: string; month: string; year: string } {
  const p = instantParts(iso, local);
  if (!p) return { day: '', month: '', year: '' };
  return { day: String(p.day), month: (months[p.month - 1] ?? '').slice(0, 3), year: String(p.year) };
}

/** How an element marked with `data-local` shows its instant: the full date and time, or the day or "Mon YYYY" of an event badge. */
export type LocalFormat = 'datetime' | 'day' | 'month';

export function isLocalFormat(v: string | undefined): v is LocalFormat {
  return v === 'datetime' || v === 'day' || v === 'month';
}

/** The attribute that marks an element whose instant (its own or its `<time>`'s datetime) is shown in the visitor's zone. */
export const localAttribute = 'data-local';

/** The mark itself, for JSX: `<span {...localMark('day')}>`. */
export function localMark(format: LocalFormat): Record<typeof localAttribute, LocalFormat> {
  return { [localAttribute]: format };
}

/** An instant in one of the local formats, in `lang`: in UTC (`local` false, the server) or in the browser's time zone. */
export function formatInstant(iso: string, format: LocalFormat, local: boolean, lang?: string): string {
  if (format === 'datetime') return formatDateTime(iso, local, lang);
  const intl = intlInstant(iso, local, lang, format === 'day' ? { day: 'numeric' } : { month: 'short', year: 'numeric' });
  if (intl) return intl;
  const d = shortMonth(iso, local);
  return format === 'day' ? d.day : `${d.month} ${d.year}`;
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * The language of one field of a block on a page in another language: the
 * default language's code when that field was left untranslated (so it is
 * marked up with `lang` and read in its own language), else undefined.
 */
export function fieldLang(doc: { fallback?: { lang: string; keys: string[] } | undefined; lang?: string | undefined }, key: string): string | undefined {
  // Also inside a section marked as a whole: the same language again changes nothing, and a mixed section needs it.
  return doc.fallback?.keys.includes(key) ? doc.fallback.lang : undefined;
}
