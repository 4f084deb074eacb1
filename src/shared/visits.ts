/**
 * Which public pages people read, counted on the server without cookies
 * (server/visits/): views per page, language and day, the day's distinct
 * visitors estimated from a keyed hash whose key changes every day and is
 * never stored, other sites' hosts that sent visitors and the campaigns
 * (utm_source, utm_campaign) they came with. Staff read the counts of a
 * period as JSON and as CSV; the Pages screen shows each page's last 7 and
 * 30 days.
 */
import { z } from 'zod';

/** A period's longest span in days (the retention's 25 months, a little more). */
export const visitsPeriodMaxDays = 800;
/** How many rows of each list the period's answer holds at most. */
export const visitsListMax = 200;

const day = (what: string) => z.iso.date(`Give the ${what} day as YYYY-MM-DD.`);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: whole UTC days, both included. */
export const visitsQuerySchema = z
  .strictObject({ from: day('first'), to: day('last') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last day is before the first day.' })
  .refine((q) => daysBetween(q.from, q.to) < visitsPeriodMaxDays, { path: ['from'], message: `A period is at most ${visitsPeriodMaxDays} days.` });
export type VisitsQuery = z.infer<typeof visitsQuerySchema>;

export const pageVisitsSchema = z.strictObject({
  path: z.string(),
  lang: z.string(),
  views: z.number().int().nonnegative(),
  /** The sum of each day's distinct visitors (a visitor is known for one day only). */
  visitors: z.number().int().nonnegative(),
});
export type PageVisits = z.infer<typeof pageVisitsSchema>;

export const dayVisitsSchema = z.strictObject({ day: z.string(), views: z.number().int().nonnegative(), visitors: z.number().int().nonnegative() });
export type DayVisits = z.infer<typeof dayVisitsSchema>;

export const languageVisitsSchema = z.strictObject({ lang: z.string(), views: z.number().int().nonnegative(), visitors: z.number().int().nonnegative() });
export const referrerVisitsSchema = z.strictObject({ host: z.string(), views: z.number().int().nonnegative() });
export const campaignVisitsSchema = z.strictObject({ source: z.string(), campaign: z.string(), views: z.number().int().nonnegative() });

/** The answer of `GET /api/visits`: the period's counts, most viewed first. */
export const visitsReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** The whole site: views and visitors over the period. */
  total: z.strictObject({ views: z.number().int().nonnegative(), visitors: z.number().int().nonnegative() }),
  /** Every day of the period, days without a view included. */
  days: z.array(dayVisitsSchema),
  pages: z.array(pageVisitsSchema),
  languages: z.array(languageVisitsSchema),
  referrers: z.array(referrerVisitsSchema),
  campaigns: z.array(campaignVisitsSchema),
});
export type VisitsReport = z.infer<typeof visitsReportSchema>;

/** The answer of `GET /api/visits/recent`: per address, views in the last 7 and 30 days and the 30 days' daily views (oldest first). */
export const recentVisitsSchema = z.strictObject({
  to: z.string(),
  paths: z.array(z.strictObject({ path: z.string(), lang: z.string(), week: z.number().int().nonnegative(), month: z.number().int().nonnegative(), daily: z.array(z.number().int().nonnegative()) })),
});
export type RecentVisits = z.infer<typeof recentVisitsSchema>;

/** The UTC day of a time, YYYY-MM-DD. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A day as staff read it: "3 Dec", or "3 December 2026" when `long`. */
export function dayLabel(day: string, long = false): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', long ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return dayOf(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000);
}

/** How many days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n + 1 }, (_, i) => addDays(from, i));
}
