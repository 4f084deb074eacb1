/**
 * The content API as the staff screens use it: one fetcher, query key and hook
 * per call, with every answer checked by zod at the boundary.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import type { ContentDocument, DocumentStatus } from '../../../shared/collections.js';
import { documentStatusSchema } from '../../../shared/collections.js';
import { translationStates } from '../../../shared/languages.js';
import type { DocumentState, EditorialFields } from '../../../shared/editorial.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';

export const contentDocumentSchema = z.object({
  id: z.string(),
  collection: z.string(),
  data: z.record(z.string(), z.unknown()),
  position: z.number(),
  status: documentStatusSchema,
  hasPendingChanges: z.boolean(),
  liveData: z.record(z.string(), z.unknown()).nullable(),
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Each other language's state (absent on a site with one language). */
  translations: z.record(z.string(), z.enum(translationStates)).optional(),
}) satisfies z.ZodType<ContentDocument & EditorialFields>;

/** A block as staff screens read it: the row, its working copy and its editorial state. */
export type StaffDocument = z.infer<typeof contentDocumentSchema>;

const documentListSchema = z.object({ documents: z.array(contentDocumentSchema), total: z.number() });
export type DocumentList = z.infer<typeof documentListSchema>;

export interface ListParams {
  q?: string;
  /** Only blocks in this state (`?state=`). */
  state?: DocumentState;
  limit: number;
  offset: number;
}

function documentsPath(collection: string): string {
  return pathTo(apiPaths.collections.documents, { name: collection });
}

function documentPath(collection: string, id: string): string {
  return `${documentsPath(collection)}/${encodeURIComponent(id)}`;
}

export const contentKeys = {
  all: ['content'] as const,
  collection: (collection: string) => ['content', collection] as const,
  list: (collection: string, params: ListParams) => ['content', collection, 'list', params] as const,
  document: (collection: string, id: string) => ['content', collection, 'document', id] as const,
};

export async function fetchDocuments(collection: string, params: ListParams, signal?: AbortSignal): Promise<DocumentList> {
  const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) search.set('q', params.q);
  if (params.state) search.set('state', params.state);
  const json = await api<unknown>(`${documentsPath(collection)}?${search.toString()}`, { signal });
  return documentListSchema.parse(json);
}

export async function fetchDocument(collection: string, id: string, signal?: AbortSignal): Promise<StaffDocument> {
  return contentDocumentSchema.parse(await api<unknown>(documentPath(collection, id), { signal }));
}

export async function createDocument(collection: string, body: { data: Record<string, unknown>; status: DocumentStatus }): Promise<StaffDocument> {
  return contentDocumentSchema.parse(await api<unknown>(documentsPath(collection), { method: 'POST', body }));
}

export async function patchDocument(
  collection: string,
  id: string,
  version: number,
  body: { data?: Record<string, unknown>; status?: DocumentStatus },
): Promise<StaffDocument> {
  return contentDocumentSchema.parse(await api<unknown>(documentPath(collection, id), { method: 'PATCH', body, ifMatch: version }));
}

export async function deleteDocument(collection: string, id: string, version: number): Promise<void> {
  await api<void>(documentPath(collection, id), { method: 'DELETE', ifMatch: version });
}

export async function reorderDocuments(collection: string, ids: string[]): Promise<StaffDocument[]> {
  const json = await api<unknown>(pathTo(apiPaths.collections.reorder, { name: collection }), { method: 'POST', body: { ids } });
  return z.object({ documents: z.array(contentDocumentSchema) }).parse(json).documents;
}

/** One page of a collection's list as a query: the list screens' and the page editor's sections' alike. */
export function documentsQuery(collection: string, params: ListParams) {
  return {
    queryKey: contentKeys.list(collection, params),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchDocuments(collection, params, signal),
  };
}

export function useDocuments(collection: string, params: ListParams) {
  return useQuery({
    ...documentsQuery(collection, params),
    // Keep the previous page on screen while the next one loads (no flash of the spinner).
    placeholderData: keepPreviousData,
  });
}

export function useDocument(collection: string, id: string | null) {
  return useQuery({
    queryKey: contentKeys.document(collection, id ?? 'new'),
    queryFn: ({ signal }) => fetchDocument(collection, id as string, signal),
    enabled: id !== null,
    // A form edits what it loaded: no background refetch may move its base version,
    // and nothing is kept once the form closes, so the next opening loads afresh.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Forget every cached list and document of a collection after a write. */
export function useInvalidateCollection() {
  const client = useQueryClient();
  return (collection: string) => client.invalidateQueries({ queryKey: contentKeys.collection(collection) });
}

/** Category choices for story, event and item forms. */
export function useCategories() {
  return useQuery({
    queryKey: contentKeys.list('category', { limit: 100, offset: 0 }),
    queryFn: ({ signal }) => fetchDocuments('category', { limit: 100, offset: 0 }, signal),
    select: (list) =>
      list.documents.map((d) => ({ value: d.id, label: typeof d.data.name === 'string' && d.data.name ? d.data.name : 'Untitled category' })),
  });
}
