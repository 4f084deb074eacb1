/**
 * The supporters API as the staff app calls it (shared/supporters.ts): the
 * search, one person's data as a JSON file, their erasure, and a form's
 * answers as a CSV file. Files are fetched with the staff member's token
 * (a plain link cannot carry it) and saved under the name the server gave.
 * What staff type is sent in the query only, never kept in the screen's address.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '../../api-client.js';
import { downloadFile } from '../content/download-button.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';
import { messageByCode } from '../../../shared/errors.js';
import { answeredFormsSchema, supporterSearch, supportersAnswerSchema, type AnsweredForm, type Supporter } from '../../../shared/supporters.js';

export const supporterKeys = {
  all: ['supporters'] as const,
  search: (q: string) => ['supporters', 'search', q] as const,
  answeredForms: ['supporters', 'answered-forms'] as const,
};

/** Whether a typed search is long enough to be sent. */
export function searchable(q: string): boolean {
  return q.trim().length >= supporterSearch.minLength;
}

export function supportersSearchQuery(q: string) {
  const text = q.trim().slice(0, supporterSearch.maxLength);
  return queryOptions({
    queryKey: supporterKeys.search(text),
    queryFn: async ({ signal }): Promise<Supporter[]> => {
      const params = new URLSearchParams({ q: text });
      return supportersAnswerSchema.parse(await api<unknown>(`${apiPaths.supporters.list}?${params}`, { signal })).people;
    },
    enabled: searchable(text),
    // Personal data: kept in memory only while the screen shows it.
    gcTime: 60_000,
  });
}

const erasedSchema = z.object({ erased: z.object({ answers: z.number().int().min(0), messages: z.number().int().min(0), mails: z.number().int().min(0) }) });
export type Erased = z.infer<typeof erasedSchema>['erased'];

/** Erases the person everywhere (super-admins): what went, in counts. */
export async function erasePerson(id: string): Promise<Erased> {
  return erasedSchema.parse(await api<unknown>(pathTo(apiPaths.supporters.one, { id }), { method: 'DELETE' })).erased;
}

/** What staff read when a call about supporters fails. */
export function supportersErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? err.message : err.message || messageByCode[err.code];
  return messageByCode.unknown;
}

/** Everything held about one person, as the JSON file the server makes (a subject access request). */
export function downloadPersonExport(id: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  return downloadFile(pathTo(apiPaths.supporters.export, { id }), 'application/json', 'supporter.json', signal);
}

/** The address of a form's answers as CSV, over whole days `from` to `to` (either may be empty). */
export function answersCsvPath(formId: string, from: string, to: string): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const query = params.toString();
  return `${pathTo(apiPaths.forms.answersCsv, { id: formId })}${query ? `?${query}` : ''}`;
}

export function downloadAnswersCsv(formId: string, from: string, to: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  return downloadFile(answersCsvPath(formId, from, to), 'text/csv', 'answers.csv', signal);
}

/** Every form with answers kept, the most recently answered first (the CSV section's choice). */
export function answeredFormsQuery() {
  return queryOptions({
    queryKey: supporterKeys.answeredForms,
    queryFn: async ({ signal }): Promise<AnsweredForm[]> => answeredFormsSchema.parse(await api<unknown>(apiPaths.forms.answered, { signal })).forms,
  });
}
