/**
 * The editorial calls as the staff screens make them: publish, unpublish,
 * discard, schedule, history, trash and preview links, each answer checked by
 * zod at the boundary. Paths come from the shared contract.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import {
  editorialApi,
  revisionActions,
  type PreviewBody,
  type PreviewLinkAnswer,
  type RevisionDetail,
  type RevisionsAnswer,
  type ScheduleBody,
  type TrashAnswer,
} from '../../../shared/editorial.js';
import { contentDocumentSchema, type StaffDocument } from '../content/documents.js';
import type { PublishBody } from '../../../shared/site-check.js';

const actorSchema = z.object({ uid: z.string(), name: z.string() });

const revisionSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  at: z.string(),
  by: actorSchema.nullable(),
  action: z.enum(revisionActions),
});

const revisionsAnswerSchema = z.object({ revisions: z.array(revisionSummarySchema) }) satisfies z.ZodType<RevisionsAnswer>;

const revisionDetailSchema = revisionSummarySchema.extend({
  data: z.record(z.string(), z.unknown()),
  status: z.enum(['draft', 'published']),
}) satisfies z.ZodType<RevisionDetail>;

const trashAnswerSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      collection: z.string(),
      title: z.string(),
      deletedAt: z.string(),
      deletedBy: actorSchema.nullable(),
      purgeAt: z.string(),
    }),
  ),
}) satisfies z.ZodType<TrashAnswer>;

const previewLinkSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() }) satisfies z.ZodType<PreviewLinkAnswer>;

const asDocument = (json: unknown): StaffDocument => contentDocumentSchema.parse(json);

export async function publishDocument(collection: string, id: string, version: number, body: PublishBody = {}): Promise<StaffDocument> {
  return asDocument(await api<unknown>(editorialApi.publish(collection, id), { method: 'POST', body, ifMatch: version }));
}

export async function unpublishDocument(collection: string, id: string, version: number, body: ScheduleBody = {}): Promise<StaffDocument> {
  return asDocument(await api<unknown>(editorialApi.unpublish(collection, id), { method: 'POST', body, ifMatch: version }));
}

export async function discardChanges(collection: string, id: string, version: number): Promise<StaffDocument> {
  return asDocument(await api<unknown>(editorialApi.discard(collection, id), { method: 'POST', body: {}, ifMatch: version }));
}

export async function cancelSchedule(collection: string, id: string, version: number): Promise<StaffDocument> {
  return asDocument(await api<unknown>(editorialApi.schedule(collection, id), { method: 'DELETE', ifMatch: version }));
}

export async function restoreRevision(collection: string, id: string, rev: string, version: number): Promise<StaffDocument> {
  return asDocument(await api<unknown>(editorialApi.restoreRevision(collection, id, rev), { method: 'POST', body: {}, ifMatch: version }));
}

export async function createPreviewLink(body: PreviewBody): Promise<PreviewLinkAnswer> {
  return previewLinkSchema.parse(await api<unknown>(editorialApi.preview, { method: 'POST', body }));
}

export const editorialKeys = {
  revisions: (collection: string, id: string, version: number) => ['content', collection, 'revisions', id, 'at', version] as const,
  revision: (collection: string, id: string, rev: string) => ['content', collection, 'revisions', id, rev] as const,
  trash: ['trash'] as const,
};

/** The list as of a version of the block: every change (which bumps the version) reads it again. */
export function useRevisions(collection: string, id: string, version: number) {
  return useQuery({
    queryKey: editorialKeys.revisions(collection, id, version),
    queryFn: async ({ signal }) => revisionsAnswerSchema.parse(await api<unknown>(editorialApi.revisions(collection, id), { signal })).revisions,
  });
}

export function useRevision(collection: string, id: string, rev: string | null) {
  return useQuery({
    queryKey: editorialKeys.revision(collection, id, rev ?? ''),
    queryFn: async ({ signal }) => revisionDetailSchema.parse(await api<unknown>(editorialApi.revision(collection, id, rev as string), { signal })),
    enabled: rev !== null,
    // A revision never changes once written.
    staleTime: Infinity,
  });
}

export function useTrash() {
  return useQuery({
    queryKey: editorialKeys.trash,
    queryFn: async ({ signal }) => trashAnswerSchema.parse(await api<unknown>(editorialApi.trash, { signal })).entries,
  });
}

export async function restoreFromTrash(id: string): Promise<StaffDocument> {
  return asDocument(await api<unknown>(editorialApi.restoreFromTrash(id), { method: 'POST', body: {} }));
}

export async function emptyTrash(): Promise<void> {
  await api<void>(editorialApi.trash, { method: 'DELETE' });
}
