/**
 * The ways into the staff app from outside it: the address staff type
 * (`/admin`, which the server answers with a redirect to the dashboard), the
 * dashboard's path, and the hash that opens the staff drawer on arrival (the
 * public site's staff bar links there). Declared here, without imports, so
 * the staff bar's small script (public/edit-link.ts) reads them without the
 * staff screens' declarations; staff-screens.ts declares the dashboard screen
 * with this path and exports both.
 */

/** The staff app's first screen: what waits (drafts, schedules, translations, site check) and "New page". */
export const dashboardPath = '/dashboard';

/** The address staff type to reach the staff app: the server answers a redirect to the dashboard (signed out, its guard then asks to sign in). */
export const staffEntryPath = '/admin';

/** The staff bar's "Staff menu" adds this hash to the dashboard's address: the staff app then opens its drawer. */
export const staffMenuHash = 'staff-menu';
