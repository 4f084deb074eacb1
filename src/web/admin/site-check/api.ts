/** The site check as the staff app reads it (answer checked by zod), and the media facts the form's checks need. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.js';
import { siteCheckApi, siteCheckSchema, type SiteCheck } from '../../../shared/site-check.js';
import type { MediaFacts, MediaLookup } from '../../../shared/authoring/check.js';
import { mediaInfoQuery } from '../content/media.js';

export const siteCheckKey = ['site-check'] as const;

export function useSiteCheck(enabled = true) {
  return useQuery({
    queryKey: siteCheckKey,
    queryFn: async ({ signal }): Promise<SiteCheck> => siteCheckSchema.parse(await api<unknown>(siteCheckApi, { signal })),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * The default alt text and kind of each media id, from the same cache as the
 * image widget (`['media', id]`). Unloaded ids are unknown to the checks.
 */
export function useMediaFacts(ids: readonly string[]): MediaLookup {
  const results = useQueries({
    queries: ids.map((id) => mediaInfoQuery(id)),
  });
  const facts = new Map<string, MediaFacts>();
  ids.forEach((id, i) => {
    const info = results[i]?.data;
    // The original file name is not in a media's description: the file-name rule reads the alt text's own form.
    if (info) facts.set(id, { alt: info.alt, name: null, kind: info.kind });
  });
  return (id) => facts.get(id);
}
