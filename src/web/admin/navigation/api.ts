/**
 * What the navigation editor reads and writes, each answer checked by zod:
 * the navigation's working copy with its state and problems, saving it
 * (If-Match), publishing it, and the pages a link can point to.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import type { navigationPublishBodySchema} from '../../../shared/site-navigation.js';
import { navigationSchema, type Navigation, type NavigationAnswer, type NavigationProblem } from '../../../shared/site-navigation.js';
import { siteApi } from '../../../shared/site-structure.js';

type NavigationPublishBody = z.input<typeof navigationPublishBodySchema>;

const problemSchema = z.object({ path: z.string(), label: z.string(), message: z.string() });

const navigationAnswerSchema: z.ZodType<NavigationAnswer> = z.object({
  navigation: navigationSchema,
  live: navigationSchema.nullable(),
  hasPendingChanges: z.boolean(),
  version: z.number(),
  problems: z.array(problemSchema),
  trashedPages: z.array(z.object({ id: z.string(), title: z.string() })),
});

export const navigationKey = ['site', 'navigation'] as const;
export const sitePagesKey = ['site', 'pages'] as const;

export async function fetchNavigation(signal?: AbortSignal): Promise<NavigationAnswer> {
  return navigationAnswerSchema.parse(await api<unknown>(siteApi.navigation, { signal }));
}

export function useNavigation() {
  return useQuery({ queryKey: navigationKey, queryFn: ({ signal }) => fetchNavigation(signal), refetchOnWindowFocus: false });
}

/** Saves the working copy; a 409 (`aborted`) when someone saved or published since `version`. */
export async function saveNavigation(navigation: Navigation, version: number): Promise<NavigationAnswer> {
  return navigationAnswerSchema.parse(await api<unknown>(siteApi.navigation, { method: 'PUT', body: { navigation }, ifMatch: `"${version}"` }));
}

/**
 * The working copy goes live on every page. With problems (items pointing to
 * pages visitors cannot open) the server refuses (409 `failed-precondition`
 * with `details.problems`) unless the editor has seen them and accepts.
 */
export async function publishNavigation(version: number, acceptProblems: boolean): Promise<NavigationAnswer> {
  const body: NavigationPublishBody = acceptProblems ? { acceptProblems: true } : {};
  return navigationAnswerSchema.parse(await api<unknown>(siteApi.navigationPublish, { method: 'POST', body, ifMatch: `"${version}"` }));
}

/** The problems a refused publish names. */
export function problemsOf(details: unknown): NavigationProblem[] | null {
  const parsed = z.object({ problems: z.array(problemSchema) }).safeParse(details);
  return parsed.success ? parsed.data.problems : null;
}

/** A page a link can point to: its id, title, address, and whether visitors can open it yet. */
const sitePageSchema = z.object({ id: z.string(), path: z.string(), title: z.string(), navLabel: z.string(), state: z.string(), livePath: z.string().nullable() });
export type LinkablePage = z.infer<typeof sitePageSchema>;

export function useSitePages() {
  return useQuery({
    queryKey: sitePagesKey,
    queryFn: async ({ signal }) => z.object({ pages: z.array(sitePageSchema) }).parse(await api<unknown>(siteApi.pages, { signal })).pages,
  });
}
