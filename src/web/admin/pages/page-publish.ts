/**
 * The one publish of a page as the page editor makes it: what it would take
 * live (`GET /api/site/pages/:id/changes`) and the publish itself (`POST
 * /api/site/pages/:id/publish`: the page and its sections' blocks together),
 * each answer checked by zod. The collection of a section as the editor needs
 * it, whichever page declared it.
 */
import { z } from 'zod';
import { api } from '../../api-client.js';
import { getCollection, sectionCollectionDef, type CollectionDef } from '../../../shared/collections.js';
import type { PageSection } from '../../../shared/page-sections.js';
import type { PublishBody } from '../../../shared/site-check.js';
import { pageBlockChangesSchema, pageChangesSchema, siteApi, type PageBlockChanges, type PageChanges } from '../../../shared/site-structure.js';

export async function fetchPageChanges(id: string): Promise<PageChanges> {
  return pageChangesSchema.parse(await api<unknown>(siteApi.pageChanges(id)));
}

const publishAnswerSchema = z.object({ version: z.number(), published: pageBlockChangesSchema });

/** Publishes (or, with `at`, schedules) the page with its blocks; what went live. */
export async function publishPage(id: string, version: number, body: PublishBody = {}): Promise<PageBlockChanges> {
  return publishAnswerSchema.parse(await api<unknown>(siteApi.pageStep(id, 'publish'), { method: 'POST', body, ifMatch: version })).published;
}

/** A section's collection: a declared one (the seed's pages), else the one the section made (`s-…`), named after its page. */
export function sectionCollectionOf(section: PageSection, page: { id: string; title: string }): CollectionDef {
  return getCollection(section.collection) ?? sectionCollectionDef(section, page);
}
