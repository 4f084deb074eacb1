/**
 * The newsletter API as the staff app calls it (shared/newsletter.ts): issues
 * (list, write, one with its progress, send, pause, a test to oneself, the
 * mail's HTML for the preview) and subscribers (list with counts, CSV).
 * Files and the preview are fetched with the staff member's token.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError, fetchFile } from '../../api-client.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';
import { messageByCode } from '../../../shared/errors.js';
import { collections } from '../../../shared/collections.js';
import { newsletterSchema, newslettersAnswerSchema, subscribersAnswerSchema, subscribersImportAnswerSchema, type NewNewsletter, type Newsletter, type SubscribersAnswer, type SubscriptionState } from '../../../shared/newsletter.js';
import { fetchDocuments } from '../content/documents.js';

export const newsletterKeys = {
  all: ['newsletter'] as const,
  issues: ['newsletter', 'issues'] as const,
  issue: (id: string) => ['newsletter', 'issue', id] as const,
  subscribers: (state: SubscriptionState | 'all') => ['newsletter', 'subscribers', state] as const,
  content: ['newsletter', 'content'] as const,
};

export function issuesQuery() {
  return queryOptions({ queryKey: newsletterKeys.issues, queryFn: async ({ signal }): Promise<Newsletter[]> => newslettersAnswerSchema.parse(await api<unknown>(apiPaths.newsletters.list, { signal })).newsletters });
}

/** One issue, asked again every two seconds while it is being sent (its progress). */
export function issueQuery(id: string) {
  return queryOptions({
    queryKey: newsletterKeys.issue(id),
    queryFn: async ({ signal }): Promise<Newsletter> => newsletterSchema.parse(await api<unknown>(pathTo(apiPaths.newsletters.one, { id }), { signal })),
    refetchInterval: (q) => (q.state.data?.state === 'sending' ? 2000 : false),
  });
}

export function subscribersQuery(state: SubscriptionState | 'all') {
  return queryOptions({
    queryKey: newsletterKeys.subscribers(state),
    queryFn: async ({ signal }): Promise<SubscribersAnswer> => subscribersAnswerSchema.parse(await api<unknown>(`${apiPaths.subscribers.list}${state === 'all' ? '' : `?state=${state}`}`, { signal })),
    // Personal data: kept in memory only while the screen shows it.
    gcTime: 60_000,
  });
}

/** A story or event staff can put in an issue. */
export interface PickableItem {
  collection: string;
  id: string;
  title: string;
  kind: 'story' | 'event';
}

/** The published stories and events, newest first within each collection. */
export function contentQuery() {
  return queryOptions({
    queryKey: newsletterKeys.content,
    queryFn: async ({ signal }): Promise<PickableItem[]> => {
      const lists = await Promise.all(
        collections
          .filter((c) => (c.kind === 'story' || c.kind === 'event') && c.detailPath)
          .map(async (c) => (await fetchDocuments(c.name, { limit: 50, offset: 0, state: 'published' }, signal)).documents.map((d) => ({ collection: c.name, id: d.id, title: String((d.data as { title?: unknown }).title ?? d.id), kind: c.kind as 'story' | 'event' }))),
      );
      return lists.flat();
    },
  });
}

const createdSchema = z.object({ id: z.string() });

export async function createIssue(body: NewNewsletter): Promise<string> {
  return createdSchema.parse(await api<unknown>(apiPaths.newsletters.list, { method: 'POST', body })).id;
}

export async function sendIssue(id: string, at?: string): Promise<Newsletter> {
  return newsletterSchema.parse(await api<unknown>(pathTo(apiPaths.newsletters.send, { id }), { method: 'POST', body: at ? { at } : {} }));
}

export async function pauseIssue(id: string): Promise<Newsletter> {
  return newsletterSchema.parse(await api<unknown>(pathTo(apiPaths.newsletters.pause, { id }), { method: 'POST' }));
}

export async function testIssue(id: string): Promise<string> {
  return z.object({ to: z.string() }).parse(await api<unknown>(pathTo(apiPaths.newsletters.test, { id }), { method: 'POST' })).to;
}

/** A signed link to the issue as its mail (an hour), for the preview frame. */
export async function previewUrl(id: string, signal?: AbortSignal): Promise<string> {
  return z.object({ html: z.string(), url: z.string() }).parse(await api<unknown>(pathTo(apiPaths.newsletters.preview, { id }), { signal })).url;
}

export async function downloadSubscribers(signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  const { res, release } = await fetchFile(apiPaths.subscribers.export, 'text/csv, application/json;q=0.1', signal);
  try {
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'subscribers.csv';
    return { blob: new Blob([await res.arrayBuffer()], { type: 'text/csv' }), name };
  } finally {
    release();
  }
}

export function newsletterErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? err.message : err.message || messageByCode[err.code];
  return messageByCode.unknown;
}

/** Subscribers from a CSV file (an `email` column, `lang` optional), confirmed with where their consent came from. */
export async function importSubscribers(body: { csv: string; source: string; lang: string }): Promise<{ added: number; already: number; invalid: number[] }> {
  return subscribersImportAnswerSchema.parse(await api<unknown>(apiPaths.subscribers.import, { method: 'POST', body }));
}
