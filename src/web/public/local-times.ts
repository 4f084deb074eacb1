/**
 * Event times in the visitor's own time zone. The server writes them in UTC
 * (labelled) on elements marked `data-local="<format>"` that are, or sit
 * inside, a `<time datetime>`; this writes each again from the browser's
 * clock and zone, in the language of the element (its nearest `lang`, as the
 * server wrote it). Without JavaScript the UTC times stay, and are still right.
 */
import { formatInstant, isLocalFormat, localAttribute } from './format.js';

export function showLocalTimes(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(`[${localAttribute}]`)) {
    const format = el.getAttribute(localAttribute) ?? undefined;
    const iso = el.closest('time')?.dateTime;
    if (!iso || !isLocalFormat(format)) continue;
    const text = formatInstant(iso, format, true, el.closest<HTMLElement>('[lang]')?.lang);
    if (el.textContent !== text) el.textContent = text;
  }
}
