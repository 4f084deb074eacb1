/**
 * An event as an iCalendar file (RFC 5545) for the confirmation mail: one
 * VCALENDAR with one VEVENT, published (METHOD:PUBLISH, no attendees: the
 * file names nobody). Events store instants, so every time is written in UTC
 * (`...Z`) and needs no VTIMEZONE; calendars show it in the reader's zone.
 * Text is escaped (backslash, semicolon, comma, line breaks), lines end in
 * CRLF and are folded at 75 octets without splitting a UTF-8 character.
 */

export interface CalendarEvent {
  /** Stable across mails of the same event, so a second file updates the first entry. */
  uid: string;
  title: string;
  startsAt: string;
  endsAt: string;
  location: string;
  description: string;
  /** The event's page. */
  url: string;
  /** When the file was made (DTSTAMP). */
  at: Date;
}

/** An instant as a UTC date-time (`20261203T090000Z`). */
export function icsTime(iso: string | Date): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** TEXT as RFC 5545 section 3.3.11 writes it. */
export function icsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded at 75 octets: CRLF and a space before each continuation, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function eventCalendar(event: CalendarEvent, productName: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${icsText(`-//${productName}//Events//EN`)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsTime(event.at)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    // DTEND must come after DTSTART; an event without an end has none.
    ...(Date.parse(event.endsAt) > Date.parse(event.startsAt) ? [`DTEND:${icsTime(event.endsAt)}`] : []),
    `SUMMARY:${icsText(event.title)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
