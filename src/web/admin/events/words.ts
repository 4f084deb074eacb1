/** What the registrations screen and the events list say in words. */
import type { RegistrationState } from '../../../shared/events.js';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "12 of 40 places taken · 3 on the waitlist · 2 cancelled · 5 attended". */
export function placesLine(counts: { confirmed: number; waitlisted: number; cancelled?: number; attended?: number }, places: number, waitlist: boolean): string {
  const parts = [`${counts.confirmed} of ${plural(places, 'place', 'places')} taken`];
  if (waitlist || counts.waitlisted > 0) parts.push(`${counts.waitlisted} on the waitlist`);
  if (counts.cancelled) parts.push(`${counts.cancelled} cancelled`);
  if (counts.attended) parts.push(`${counts.attended} attended`);
  return parts.join(' · ');
}

/** A state as a badge or heading says it: "Waitlist, 2nd". */
export function stateLabel(state: RegistrationState, waitlistPosition: number | null): string {
  if (state === 'confirmed') return 'Confirmed';
  if (state === 'cancelled') return 'Cancelled';
  return waitlistPosition ? `Waitlist, number ${waitlistPosition}` : 'Waitlist';
}
