/**
 * The site's pages as the staff app reads and writes them (`/api/site/pages`),
 * each answer checked by zod: one query for the list (the Pages overview, the
 * page editor and the section collections' screens all read it), create,
 * change and delete. A page's editorial steps and history are its block's
 * (collection `sitepage`), through the editorial calls every block uses.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import { getCollection, sectionCollectionDef, type CollectionDef } from '../../../shared/collections.js';
import { documentStates } from '../../../shared/editorial.js';
import { imageValueSchema } from '../../../shared/fields.js';
import { pageShowing, sectionKinds, sectionCollectionPattern, type PageSection } from '../../../shared/page-sections.js';
import { siteApi, type CreatePageBody, type PageLink } from '../../../shared/site-structure.js';

const sectionSchema = z.object({
  id: z.string(),
  kind: z.enum(sectionKinds),
  heading: z.string().nullable(),
  collection: z.string(),
  options: z.object({ carousel: z.boolean().optional(), limit: z.number().optional(), upcomingOnly: z.boolean().optional() }),
}) satisfies z.ZodType<PageSection>;

export const sitePageSchema = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
  navLabel: z.string(),
  description: z.string(),
  socialImage: imageValueSchema.nullable(),
  sections: z.array(sectionSchema),
  state: z.enum(documentStates),
  livePath: z.string().nullable(),
  version: z.number(),
});
export type SitePageAnswer = z.infer<typeof sitePageSchema>;

const pagesAnswerSchema = z.object({ pages: z.array(sitePageSchema) });

const pageLinkSchema = z.object({ source: z.string(), id: z.string().optional(), title: z.string(), field: z.string() }) satisfies z.ZodType<PageLink>;
/** The links a refused delete names (`details.links` of its 409). */
export const pageLinksSchema = z.object({ links: z.array(pageLinkSchema) });

export const sitePagesKey = ['site-pages'] as const;

export function useSitePages(enabled = true) {
  return useQuery({
    queryKey: sitePagesKey,
    enabled,
    queryFn: async ({ signal }) => pagesAnswerSchema.parse(await api<unknown>(siteApi.pages, { signal })).pages,
  });
}

/** The id of the page that shows a collection's blocks, as the site's pages say now (undefined while they load, or when no page shows it). */
export function usePageShowing(collection: string): string | undefined {
  const pages = useSitePages().data;
  return pages ? pageShowing(pages, collection)?.id : undefined;
}

export async function createPage(body: CreatePageBody): Promise<SitePageAnswer> {
  return sitePageSchema.parse(await api<unknown>(siteApi.pages, { method: 'POST', body }));
}

/** A section as the page editor sends it: a new one has no collection yet (the server makes one). */
export type SectionPatch = Omit<PageSection, 'id' | 'collection'> & Partial<Pick<PageSection, 'id' | 'collection'>>;

export interface PagePatch {
  path?: string;
  title?: string;
  navLabel?: string;
  description?: string;
  socialImage?: SitePageAnswer['socialImage'];
  sections?: SectionPatch[];
}

export async function patchPage(id: string, version: number, body: PagePatch): Promise<SitePageAnswer> {
  return sitePageSchema.parse(await api<unknown>(siteApi.page(id), { method: 'PATCH', body, ifMatch: version }));
}

export type DeleteChoice = Record<string, never> | { redirectTo: string } | { gone: true };

export async function deletePage(id: string, version: number, choice: DeleteChoice): Promise<void> {
  await api<void>(siteApi.page(id), { method: 'DELETE', body: choice, ifMatch: version });
}

/**
 * A collection by name: declared in code, or a section's that editors added
 * (found on the page that shows it, described by the same rule the server uses).
 */
export function collectionFromPages(name: string, pages: readonly SitePageAnswer[] | undefined): CollectionDef | undefined {
  const declared = getCollection(name);
  if (declared || !sectionCollectionPattern.test(name)) return declared;
  for (const page of pages ?? []) {
    const section = page.sections.find((s) => s.collection === name);
    if (section) return sectionCollectionDef(section, { id: page.id, title: page.title });
  }
  return undefined;
}
