/**
 * What the Redirects screen reads and writes, each answer checked by zod: the
 * redirects (automatic and manual) with their hits, adding and deleting one,
 * and the most requested missing paths.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import { siteApi, type Redirect } from '../../../shared/site-structure.js';

const redirectSchema: z.ZodType<Redirect> = z.object({
  id: z.string(),
  lang: z.string(),
  fromPath: z.string(),
  pageId: z.string().nullable(),
  url: z.string().nullable(),
  gone: z.boolean(),
  automatic: z.boolean(),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});

const notFoundSchema = z.object({ path: z.string(), hits: z.number(), lastAt: z.string() });
export type NotFoundPath = z.infer<typeof notFoundSchema>;

export const redirectsKey = ['site', 'redirects'] as const;
export const notFoundKey = ['site', 'not-found'] as const;

export function useRedirects() {
  return useQuery({
    queryKey: redirectsKey,
    queryFn: async ({ signal }) => z.object({ redirects: z.array(redirectSchema) }).parse(await api<unknown>(siteApi.redirects, { signal })).redirects,
  });
}

export function useNotFound() {
  return useQuery({
    queryKey: notFoundKey,
    queryFn: async ({ signal }) => z.object({ paths: z.array(notFoundSchema) }).parse(await api<unknown>(siteApi.notFound, { signal })).paths,
  });
}

/** The body of `POST /api/site/redirects`: an old address and one target. */
export type NewRedirect = { fromPath: string } & ({ pageId: string } | { url: string } | { gone: true });

export async function addRedirect(body: NewRedirect): Promise<Redirect> {
  return redirectSchema.parse(await api<unknown>(siteApi.redirects, { method: 'POST', body }));
}

export async function deleteRedirect(id: string): Promise<void> {
  await api<void>(siteApi.redirect(id), { method: 'DELETE' });
}
