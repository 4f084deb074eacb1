/** The site's time zone (Site settings → Time zone; UTC when empty), in which schedules are typed and shown. */
import { siteTimeZone } from '../../../shared/settings.js';
import { usableTimeZone } from '../backups/format.js';
import { useSettings } from '../content/settings.js';

export function useSiteTimeZone(): { timeZone: string; ready: boolean } {
  const settings = useSettings();
  const data = settings.data?.data;
  const named = data && typeof data.timeZone === 'string' ? data.timeZone : undefined;
  // A zone the server knows but this browser's Intl lacks must not break the screen.
  return { timeZone: usableTimeZone(siteTimeZone({ timeZone: named })), ready: !settings.isPending };
}
