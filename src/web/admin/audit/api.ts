/**
 * The audit log API (super only) as the staff app calls it: a page of lines
 * with the total, and the CSV export of every line matching the same filters
 * (fetched with the staff member's token, which a plain link cannot carry).
 * Answers are parsed with zod; the filters live in the address's query.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError, fetchFile } from '../../api-client.js';
import { auditCsvFileName, auditCsvType } from '../../../shared/audit.js';
import { auditActions, auditPageSize, editorialApi, type AuditAction, type AuditAnswer } from '../../../shared/editorial.js';
import { messageByCode } from '../../../shared/errors.js';
import { userListSchema, type UserView } from '../../../shared/users.js';
import { apiPaths } from '../../../shared/api-paths.js';

const actorSchema = z.object({ uid: z.string(), name: z.string(), email: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: actorSchema.nullable(),
  action: z.enum(auditActions),
  collection: z.string().nullable(),
  subjectId: z.string().nullable(),
  subject: z.string().nullable(),
  revisionId: z.string().nullable(),
  ip: z.string().nullable(),
});

export const auditAnswerSchema: z.ZodType<AuditAnswer> = z.object({ entries: z.array(auditEntrySchema), total: z.number().int().min(0) });

/** The screen's filters, as the address's query holds them (`page` from 1). */
export interface AuditFilters {
  actor: string;
  collection: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const noFilters: AuditFilters = { actor: '', collection: '', action: '', from: '', to: '' };

const filterNames = ['actor', 'collection', 'action', 'from', 'to'] as const;
const day = /^\d{4}-\d{2}-\d{2}$/;

function isAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

/** The filters and page of an address's query; anything unreadable is left out rather than sent to be refused. */
export function filtersFromParams(params: URLSearchParams): { filters: AuditFilters; page: number } {
  const action = params.get('action') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    filters: {
      actor: (params.get('actor') ?? '').slice(0, 100),
      collection: (params.get('collection') ?? '').slice(0, 100),
      action: isAction(action) ? action : '',
      from: day.test(from) ? from : '',
      to: day.test(to) ? to : '',
    },
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The query of the API (and of the screen's address) for these filters. */
export function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) params.set(name, filters[name]);
  return params;
}

export function auditListQuery(filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: ['audit', 'list', filters, page],
    queryFn: async ({ signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(auditPageSize));
      params.set('offset', String((page - 1) * auditPageSize));
      return auditAnswerSchema.parse(await api<unknown>(`${editorialApi.audit}?${params}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

/** Every staff account, for the person filter (the API gives at most 200 at a time). */
export function staffAccountsQuery() {
  return queryOptions({
    queryKey: ['users', 'all-for-audit'],
    queryFn: async ({ signal }): Promise<UserView[]> => {
      const accounts: UserView[] = [];
      for (let offset = 0; ; offset += 200) {
        const page = userListSchema.parse(await api<unknown>(`${apiPaths.users.list}?limit=200&offset=${offset}`, { signal }));
        accounts.push(...page.users);
        if (page.users.length === 0 || accounts.length >= page.total) return accounts;
      }
    },
    staleTime: 60_000,
  });
}

/** What staff read when the log cannot be loaded or exported. */
export function auditErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? err.message : messageByCode[err.code];
  return messageByCode.unknown;
}

/** The file name the server gave (Content-Disposition), or today's. */
function fileNameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? auditCsvFileName(new Date());
}

/** Every line matching the filters, as the CSV file and its name. */
export async function downloadAuditCsv(filters: AuditFilters, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  const query = filterParams(filters).toString();
  const { res, release } = await fetchFile(`${editorialApi.audit}${query ? `?${query}` : ''}`, `${auditCsvType}, application/json;q=0.1`, signal);
  try {
    return { blob: new Blob([await res.arrayBuffer()], { type: auditCsvType }), name: fileNameOf(res) };
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('unavailable', 'The download was interrupted. Try again.', 0);
  } finally {
    release();
  }
}
