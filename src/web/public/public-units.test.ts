/** The public site's pure pieces: dates, the events split, the contact checks, the head HTML. */
import { describe, expect, it } from 'vitest';
import type { PublicDocument } from '../../shared/collections.js';
import { formatDate, formatDateTime, formatInstant, shortMonth } from './format.js';
import { splitEvents } from './blocks/events.js';
import { z } from 'zod';
import { checkContact, contactMessages, emailPattern } from '../../shared/contact.js';
import { headHtml, scriptJson, type HeadModel } from './meta.js';

const event = (id: string, startsAt: string, endsAt?: string): PublicDocument => ({ id, collection: 'thirdevents', position: 0, updatedAt: '2026-01-01T00:00:00Z', data: { title: id, startsAt, endsAt } });

describe('dates', () => {
  it('shows story dates as written and event times in UTC until the browser takes over', () => {
    expect(formatDate('2026-10-01')).toBe('1 October 2026');
    expect(formatDateTime('2026-12-04T03:00:00.000Z', false)).toBe('4 December 2026, 03:00 UTC');
    expect(formatDateTime('2026-12-04T06:00:00+03:00', false)).toBe('4 December 2026, 03:00 UTC');
    expect(shortMonth('2027-01-08T23:30:00Z', false)).toEqual({ day: '8', month: 'Jan', year: '2027' });
    // The formats the server writes on marked elements, which the browser writes again in the visitor's zone.
    expect(formatInstant('2027-01-08T23:30:00Z', 'datetime', false)).toBe('8 January 2027, 23:30 UTC');
    expect(formatInstant('2027-01-08T23:30:00Z', 'day', false)).toBe('8');
    expect(formatInstant('2027-01-08T23:30:00Z', 'month', false)).toBe('Jan 2027');
  });
});

describe('splitEvents', () => {
  it('puts events not yet over under upcoming (soonest first) and the others under past (latest first)', () => {
    const now = '2026-11-22T12:00:00Z';
    const { upcoming, past } = splitEvents(
      [event('later', '2027-01-01T09:00:00Z'), event('old', '2026-01-01T09:00:00Z'), event('soon', '2026-11-30T09:00:00Z'), event('running', '2026-11-22T09:00:00Z', '2026-11-22T17:00:00Z'), event('recent', '2026-11-20T09:00:00Z')],
      now,
    );
    expect(upcoming.map((e) => e.id)).toEqual(['running', 'soon', 'later']);
    expect(past.map((e) => e.id)).toEqual(['recent', 'old']);
  });
});

describe('contact checks', () => {
  it('names every missing or bad field with its message, and passes a good message', () => {
    expect(checkContact({ name: ' ', email: 'a@b', message: 'hi', consent: false }, contactMessages)).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.emailInvalid,
      message: contactMessages.messageTooShort,
      consent: contactMessages.consentRequired,
    });
    expect(checkContact({ name: 'Amina', email: 'amina@example.org', message: 'A message long enough', consent: true }, contactMessages)).toEqual({});
  });
});

describe('head HTML', () => {
  it('escapes staff text and keeps JSON-LD from closing its script element', () => {
    const head: HeadModel = {
      title: 'Fish & "chips" <b>',
      description: "It's <script>",
      canonical: 'https://x.example/a',
      image: null,
      imageAlt: '',
      ogType: 'website',
      siteName: 'X',
      jsonLd: [{ '@type': 'NGO', name: '</script><script>alert(1)</script>' }],
      preloadImage: null,
      noindex: false,
    };
    const html = headHtml(head);
    expect(html).toContain('<title>Fish &amp; &quot;chips&quot; &lt;b&gt;</title>');
    expect(html).toContain('content="It&#39;s &lt;script&gt;"');
    expect(html).not.toContain('</script><script>alert');
    const ld = html.match(/<script type="application\/ld\+json">(.*)<\/script>/)![1]!;
    expect(JSON.parse(ld)).toMatchObject({ '@context': 'https://schema.org', '@type': 'NGO', name: '</script><script>alert(1)</script>' });
    expect(scriptJson({ a: '<!--' })).toBe('{"a":"\\u003c!--"}');
  });
});

describe('the contact form and the server agree on e-mail addresses', () => {
  it.each(['amina@example.org', 'j.o+news@mail.example.co.ke', 'josé@example.org', 'a..b@example.org', 'x@y.z', 'no-at.example.org', '.lead@example.org', 'a@b'])('%s', (address) => {
    expect(emailPattern.test(address)).toBe(z.email().safeParse(address).success);
  });
});
