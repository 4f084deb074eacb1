/**
 * The supporters API as the staff app calls it (shared/supporters.ts): the
 * search, one person's data as a JSON file, their erasure, and a form's
 * answers as a CSV file. Files are fetched with the staff member's token
 * (a plain link cannot carry it) and saved under the name the server gave.
 * What staff type is sent in the query only, never kept in the screen's address.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError, fetchFile } from '../../api-client.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';
import { messageByCode } from '../../../shared/errors.js';
import { supporterSearch, supportersAnswerSchema, type Supporter } from '../../../shared/supporters.js';

export const supporterKeys = {
  all: ['supporters'] as const,
  search: (q: string) => ['supporters', 'search', q] as const,
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

/** The file name the server gave (Content-Disposition), or the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

async function download(path: string, type: string, fallback: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  const { res, release } = await fetchFile(path, `${type}, application/json;q=0.1`, signal);
  try {
    return { blob: new Blob([await res.arrayBuffer()], { type }), name: fileNameOf(res, fallback) };
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('unavailable', 'The download was interrupted. Try again.', 0);
  } finally {
    release();
  }
}

/** Everything held about one person, as the JSON file the server makes (a subject access request). */
export function downloadPersonExport(id: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  return download(pathTo(apiPaths.supporters.export, { id }), 'application/json', 'supporter.json', signal);
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
  return download(answersCsvPath(formId, from, to), 'text/csv', 'answers.csv', signal);
}

/**
 * The forms these people answered, by id, named by every title they were
 * answered under (a form answered in two languages has two), the oldest
 * first; sorted by name.
 */
export function formsAnswered(people: readonly Supporter[]): { id: string; title: string }[] {
  const titles = new Map<string, { title: string; at: string }[]>();
  for (const p of people) {
    for (const a of p.answers) {
      const seen = titles.get(a.formId) ?? [];
      const same = seen.find((t) => t.title === a.formTitle);
      if (!same) seen.push({ title: a.formTitle, at: a.createdAt });
      else if (a.createdAt < same.at) same.at = a.createdAt;
      titles.set(a.formId, seen);
    }
  }
  return [...titles]
    .map(([id, seen]) => ({ id, title: [...seen].sort((a, b) => a.at.localeCompare(b.at)).map((t) => t.title).join(' / ') }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}
