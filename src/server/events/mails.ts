/**
 * The mails a registration sends, in the person's language (the page they
 * registered on): the confirmation (with the event as an iCalendar file and
 * the cancel link), the waitlist's, the promotion from the waitlist, the
 * reminder and the cancellation. Times are written in the site's time zone
 * with its name; the calendar file carries the instants themselves.
 */
import { publicWordsFor } from '../../shared/public-words.js';
import { plainTextOf } from '../../shared/html.js';
import { oneLine } from '../../shared/text.js';
import { composeMail } from '../mail/compose.js';
import type { OutgoingMail } from '../mail/index.js';
import { eventCalendar } from './ics.js';

/** What a registration's mail is about. */
export type RegistrationMailKind = 'confirmed' | 'waitlist' | 'promoted' | 'reminder' | 'cancelled';

/** The event as the person's language shows it, and where its page is. */
export interface MailEvent {
  id: string;
  title: string;
  location: string;
  /** Rich text: its words only go into the mail. */
  description: string;
  startsAt: string;
  endsAt: string;
  /** The event's page, absolute. */
  url: string;
}

export interface RegistrationMailContext {
  kind: RegistrationMailKind;
  event: MailEvent;
  lang: string;
  to: string;
  /** The cancel link, absolute; none once cancelled. */
  cancelUrl: string | null;
  organisation: string;
  timeZone: string;
  /** The site's host: the calendar entry's UID is the event's id at it. */
  host: string;
  now: Date;
}

/** An instant in a language and time zone, with the zone's name ("Thursday, 3 December 2026 at 09:00 EAT"). */
export function mailTime(iso: string, lang: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone, timeZoneName: 'short' } as Intl.DateTimeFormatOptions).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString();
  }
}

const purposes: Record<RegistrationMailKind, string> = {
  confirmed: 'event-confirmation',
  waitlist: 'event-waitlist',
  promoted: 'event-promotion',
  reminder: 'event-reminder',
  cancelled: 'event-cancellation',
};

export function registrationMail(c: RegistrationMailContext): OutgoingMail {
  const w = publicWordsFor(c.lang).words.registration.mail;
  const title = oneLine(c.event.title);
  const subject = c.kind === 'promoted' ? w.subject.confirmed(title) : w.subject[c.kind](title);
  const lead = { confirmed: w.confirmed, waitlist: w.waitlist, promoted: w.promoted, reminder: w.reminder, cancelled: w.cancelled }[c.kind];
  const when = `${w.when}: ${mailTime(c.event.startsAt, c.lang, c.timeZone)}${c.event.endsAt !== c.event.startsAt ? ` – ${mailTime(c.event.endsAt, c.lang, c.timeZone)}` : ''}`;
  const where = c.event.location ? [`${w.where}: ${c.event.location}`] : [];
  // The calendar file goes with every mail of a confirmed place; a waitlisted or cancelled person has none to add.
  const withCalendar = c.kind === 'confirmed' || c.kind === 'promoted' || c.kind === 'reminder';
  const mail = composeMail({
    subject,
    organisation: c.organisation,
    heading: title,
    paragraphs: [lead, [when, ...where].join('\n'), c.event.url, ...(withCalendar ? [w.calendar] : [])],
    ...(c.cancelUrl ? { action: { label: w.cancel, url: c.cancelUrl }, after: [w.cancelNote] } : {}),
    lang: c.lang,
  });
  const calendar = eventCalendar(
    {
      uid: `${c.event.id}@${c.host}`,
      title: c.event.title,
      startsAt: c.event.startsAt,
      endsAt: c.event.endsAt,
      location: c.event.location,
      description: plainTextOf(c.event.description),
      url: c.event.url,
      at: c.now,
    },
    c.organisation,
  );
  return {
    ...mail,
    purpose: purposes[c.kind],
    to: c.to,
    ...(withCalendar ? { attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar }] } : {}),
  };
}
