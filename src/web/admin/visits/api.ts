/**
 * The visit counts as the staff app reads them (shared/visits.ts): a
 * period's report, its CSV file, and the last 30 days per address for the
 * Pages screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../api-client.js';
import { apiPaths } from '../../../shared/api-paths.js';
import { messageByCode } from '../../../shared/errors.js';
import { recentVisitsSchema, visitsReportSchema, type RecentVisits, type VisitsReport } from '../../../shared/visits.js';
import { downloadFile } from '../content/download-button.js';

export const visitsKeys = {
  all: ['visits'] as const,
  report: (from: string, to: string) => ['visits', 'report', from, to] as const,
  recent: ['visits', 'recent'] as const,
};

function periodQuery(from: string, to: string): string {
  return new URLSearchParams({ from, to }).toString();
}

export function visitsReportQuery(from: string, to: string) {
  return queryOptions({
    queryKey: visitsKeys.report(from, to),
    queryFn: async ({ signal }): Promise<VisitsReport> => visitsReportSchema.parse(await api<unknown>(`${apiPaths.visits.report}?${periodQuery(from, to)}`, { signal })),
  });
}

export function downloadVisitsCsv(from: string, to: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  return downloadFile(`${apiPaths.visits.csv}?${periodQuery(from, to)}`, 'text/csv', 'visits.csv', signal);
}

/** Per address, the views of the last 7 and 30 days (the Pages screen; asked once, kept a minute). */
export function useRecentVisits(enabled: boolean) {
  return useQuery({
    queryKey: visitsKeys.recent,
    queryFn: async ({ signal }): Promise<RecentVisits> => recentVisitsSchema.parse(await api<unknown>(apiPaths.visits.recent, { signal })),
    enabled,
    staleTime: 60_000,
  });
}

/** What staff read when a call about the visit counts fails. */
export function visitsErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message || messageByCode[err.code];
  return messageByCode.unknown;
}
