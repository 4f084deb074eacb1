import { describe, expect, it } from 'vitest';
import { isoToWallTime, readScheduleInput, wallTimeToIso, zoneOffsetMinutes } from './zoned-time.js';
import { formatWhen } from '../backups/format.js';

describe('wall-clock times in the site time zone', () => {
  it('reads a wall time in a zone without daylight saving (Nairobi, UTC+3)', () => {
    const r = wallTimeToIso('2026-12-01T09:00', 'Africa/Nairobi');
    expect(r).toEqual({ ok: true, iso: '2026-12-01T09:00:00+03:00', ms: Date.parse('2026-12-01T06:00:00Z') });
  });

  it('uses the offset in force on that date, not today’s (Berlin winter and summer)', () => {
    expect(wallTimeToIso('2026-01-15T10:30', 'Europe/Berlin')).toMatchObject({ ok: true, iso: '2026-01-15T10:30:00+01:00' });
    expect(wallTimeToIso('2026-07-15T10:30', 'Europe/Berlin')).toMatchObject({ ok: true, iso: '2026-07-15T10:30:00+02:00' });
    expect(wallTimeToIso('2026-07-15T10:30', 'America/New_York')).toMatchObject({ ok: true, iso: '2026-07-15T10:30:00-04:00' });
    expect(wallTimeToIso('2026-12-31T23:59', 'UTC')).toMatchObject({ ok: true, iso: '2026-12-31T23:59:00+00:00' });
    expect(wallTimeToIso('2026-06-01T12:00', 'Asia/Kolkata')).toMatchObject({ ok: true, iso: '2026-06-01T12:00:00+05:30' });
  });

  it('refuses a time the clocks skip, and takes the first of a time that happens twice', () => {
    const skipped = wallTimeToIso('2026-03-29T02:30', 'Europe/Berlin');
    expect(skipped.ok).toBe(false);
    expect(skipped.ok ? '' : skipped.message).toContain('clocks go forward');
    // 25 October 2026, 02:30 happens at 00:30 UTC (summer time) and again at 01:30 UTC.
    expect(wallTimeToIso('2026-10-25T02:30', 'Europe/Berlin')).toMatchObject({ ok: true, iso: '2026-10-25T02:30:00+02:00', ms: Date.parse('2026-10-25T00:30:00Z') });
    // Just either side of the change.
    expect(wallTimeToIso('2026-03-29T01:59', 'Europe/Berlin')).toMatchObject({ ok: true, iso: '2026-03-29T01:59:00+01:00' });
    expect(wallTimeToIso('2026-03-29T03:00', 'Europe/Berlin')).toMatchObject({ ok: true, iso: '2026-03-29T03:00:00+02:00' });
  });

  it('refuses what is not a date and time', () => {
    expect(wallTimeToIso('', 'UTC').ok).toBe(false);
    expect(wallTimeToIso('2026-02-30T10:00', 'UTC').ok).toBe(false);
    expect(wallTimeToIso('tomorrow', 'UTC').ok).toBe(false);
  });

  it('shows an instant as the wall time of the zone, round-tripping every hour of a year with two changes', () => {
    expect(isoToWallTime('2026-12-01T06:00:00Z', 'Africa/Nairobi')).toBe('2026-12-01T09:00');
    expect(isoToWallTime('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30');
    expect(isoToWallTime('not a date', 'UTC')).toBe('');
    for (let ms = Date.parse('2026-01-01T00:15:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 3_600_000) {
      const wall = isoToWallTime(new Date(ms).toISOString(), 'America/New_York');
      const back = wallTimeToIso(wall, 'America/New_York');
      expect(back.ok).toBe(true);
      // Only the repeated hour of the autumn change reads back as its first occurrence.
      if (back.ok && back.ms !== ms) expect(ms - back.ms).toBe(3_600_000);
    }
  });

  it('knows the zone offsets and writes times in words', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-01-01T00:00:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'Europe/London')).toBe(60);
    expect(formatWhen('2026-11-24T18:15:00Z', 'Africa/Nairobi')).toBe('Tue, 24 Nov 2026, 21:15');
  });
});

describe('a schedule input', () => {
  const now = Date.parse('2026-11-24T18:00:00Z'); // 21:00 in Nairobi
  it('is empty, unchanged, a future instant, or refused in words', () => {
    expect(readScheduleInput('', null, 'Africa/Nairobi', now)).toEqual({});
    expect(readScheduleInput('2026-11-24T21:05', null, 'Africa/Nairobi', now)).toEqual({ iso: '2026-11-24T21:05:00+03:00' });
    // The same time as already scheduled is no change, even once it has passed.
    expect(readScheduleInput('2026-11-24T20:00', '2026-11-24T17:00:00Z', 'Africa/Nairobi', now)).toEqual({});
    expect(readScheduleInput('2026-11-24T21:00', null, 'Africa/Nairobi', now).error).toBe('Tue, 24 Nov 2026, 21:00 has already passed in Africa/Nairobi. Choose a time in the future.');
    // 21:00 in Berlin is still ahead when it is 19:00 there.
    expect(readScheduleInput('2026-11-24T21:00', null, 'Europe/Berlin', now)).toEqual({ iso: '2026-11-24T21:00:00+01:00' });
    expect(readScheduleInput('2027-03-28T02:30', null, 'Europe/Berlin', now).error).toContain('does not exist in Europe/Berlin');
  });
});
