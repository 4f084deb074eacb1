/**
 * Registration for events as the staff app calls it (shared/events.ts): an
 * event's registrations with their counts, a change to one (attendance, from
 * the waitlist, cancelled), a mail to everyone registered, the CSV file, and
 * the counts the events list shows.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, fetchFile } from '../../api-client.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';
import { messageByCode } from '../../../shared/errors.js';
import {
  registrationCountsSchema,
  registrationMailAnswerSchema,
  registrationSchema,
  registrationsAnswerSchema,
  type Registration,
  type RegistrationChange,
  type RegistrationCounts,
  type RegistrationsAnswer,
} from '../../../shared/events.js';

export const registrationKeys = {
  all: ['registrations'] as const,
  of: (eventId: string) => ['registrations', 'event', eventId] as const,
  counts: ['registrations', 'counts'] as const,
};

export function registrationsQuery(eventId: string) {
  return queryOptions({
    queryKey: registrationKeys.of(eventId),
    queryFn: async ({ signal }): Promise<RegistrationsAnswer> => registrationsAnswerSchema.parse(await api<unknown>(pathTo(apiPaths.events.registrations, { id: eventId }), { signal })),
    // Personal data: kept in memory only while a screen shows it.
    gcTime: 60_000,
  });
}

export function registrationCountsQuery() {
  return queryOptions({
    queryKey: registrationKeys.counts,
    queryFn: async ({ signal }): Promise<RegistrationCounts> => registrationCountsSchema.parse(await api<unknown>(apiPaths.events.counts, { signal })),
  });
}

/** Marks attendance or moves a registration; the registration as it now stands. */
export async function changeRegistration(eventId: string, registrationId: string, change: RegistrationChange): Promise<Registration> {
  return registrationSchema.parse(await api<unknown>(pathTo(apiPaths.events.registration, { id: eventId, registrationId }), { method: 'PATCH', body: change }));
}

/** Mails everyone confirmed (and the waitlist when asked); how many mails were queued. */
export async function mailRegistered(eventId: string, mail: { subject: string; text: string; includeWaitlist: boolean }): Promise<number> {
  return registrationMailAnswerSchema.parse(await api<unknown>(pathTo(apiPaths.events.mail, { id: eventId }), { method: 'POST', body: mail })).mailed;
}

/** The registrations as the CSV file the server makes, fetched with the staff member's token. */
export async function downloadRegistrationsCsv(eventId: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  const { res, release } = await fetchFile(pathTo(apiPaths.events.registrationsCsv, { id: eventId }), 'text/csv, application/json;q=0.1', signal);
  try {
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'registrations.csv';
    return { blob: new Blob([await res.arrayBuffer()], { type: 'text/csv' }), name };
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('unavailable', 'The download was interrupted. Try again.', 0);
  } finally {
    release();
  }
}

/** What staff read when a call about registrations fails. */
export function registrationsErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message || messageByCode[err.code];
  return messageByCode.unknown;
}
