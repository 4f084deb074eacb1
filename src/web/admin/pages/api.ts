/**
 * What the Pages screen reads and writes, each answer checked by zod: a
 * collection's blocks with their editorial state, preview links (make, list,
 * revoke) and what each page weighs on a phone. A page's publish (with its
 * blocks) is in site-pages.ts.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import type { CollectionDef, ContentDocument } from '../../../shared/collections.js';
import { editorialApi, type EditorialFields, type PreviewLinkAnswer } from '../../../shared/editorial.js';
import { previewLinkAnswerSchema, previewLinksAnswerSchema, type PreviewLinkEntry } from '../../../shared/preview-links.js';
import { contentDocumentSchema } from '../content/documents.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';
import { pageWeightsAnswerSchema, pageWeightsApi, type PageWeightsAnswer } from '../../../shared/page-weight.js';

/** A block as the staff reader gives it: the working copy and the fields that decide its state. */
export type PageBlock = ContentDocument & EditorialFields;

const blockListSchema = z.object({ documents: z.array(contentDocumentSchema), total: z.number() });
export type BlockList = z.infer<typeof blockListSchema>;

/** Every block of a collection up to this many; a growing collection says how many more its list has. */
export const blocksLimit = 100;

export const pagesKeys = {
  all: ['content'] as const,
  blocks: (collection: string) => ['content', collection, 'pages-screen'] as const,
  links: (page: string) => ['preview-links', page] as const,
  weights: ['page-weights'] as const,
};

async function fetchBlocks(collection: string, signal: AbortSignal): Promise<BlockList> {
  const json = await api<unknown>(`${pathTo(apiPaths.collections.documents, { name: collection })}?limit=${blocksLimit}&offset=0`, { signal });
  return blockListSchema.parse(json);
}

/** The blocks of each collection of a page, in the page's order of collections. */
export function useCollectionBlocks(collections: readonly CollectionDef[]) {
  return useQueries({
    queries: collections.map((c) => ({
      queryKey: pagesKeys.blocks(c.name),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchBlocks(c.name, signal),
    })),
  });
}

export async function createPreviewLink(page: string, document?: string): Promise<PreviewLinkAnswer> {
  const json = await api<unknown>(editorialApi.preview, { method: 'POST', body: document ? { page, document } : { page } });
  return previewLinkAnswerSchema.parse(json);
}

export function usePreviewLinks(page: string, enabled: boolean) {
  return useQuery({
    queryKey: pagesKeys.links(page),
    queryFn: async ({ signal }): Promise<PreviewLinkEntry[]> => {
      const json = await api<unknown>(`${editorialApi.preview}?${new URLSearchParams({ page }).toString()}`, { signal });
      return previewLinksAnswerSchema.parse(json).links;
    },
    enabled,
  });
}

export async function revokePreviewLink(id: string): Promise<void> {
  await api<void>(editorialApi.previewLink(id), { method: 'DELETE' });
}

/** What each published page weighs on a phone (measured by the server), against the settings' budget. */
export function usePageWeights() {
  return useQuery({
    queryKey: pagesKeys.weights,
    queryFn: async ({ signal }): Promise<PageWeightsAnswer> => pageWeightsAnswerSchema.parse(await api<unknown>(pageWeightsApi, { signal })),
    // The server answers at once with what it knows and weighs in the background: asked again each second until it is done.
    refetchInterval: (query) => (query.state.data?.weighing ? 1000 : false),
    refetchOnWindowFocus: false,
  });
}
