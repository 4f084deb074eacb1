/** The site check as the staff app reads it (answer checked by zod), and the media facts the form's checks need. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api-client.js';
import { siteCheckApi, siteCheckSchema, type SiteCheck } from '../../../shared/site-check.js';
import { mediaFactsOfDescription, type MediaFacts, type MediaLookup } from '../../../shared/authoring/check.js';
import { mediaInfoQuery } from '../content/media.js';

export const siteCheckKey = ['site-check'] as const;

export function useSiteCheck(enabled = true) {
  return useQuery({
    queryKey: siteCheckKey,
    queryFn: async ({ signal }): Promise<SiteCheck> => siteCheckSchema.parse(await api<unknown>(siteCheckApi, { signal })),
    enabled,
    staleTime: 30_000,
    // Every staff screen shows the count: a change of window is no reason to check the whole site again (saves invalidate it).
    refetchOnWindowFocus: false,
  });
}

/**
 * The default alt text and kind of each media id, from the same cache as the
 * image widget (`['media', id]`). Unloaded ids are unknown to the checks.
 */
export function useMediaFacts(ids: readonly string[]): MediaLookup {
  // `combine` keeps the same array while no description changes, so the look-up below stays the same function.
  const infos = useQueries({ queries: ids.map((id) => mediaInfoQuery(id)), combine: dataOf });
  return useMemo(() => {
    const facts = new Map<string, MediaFacts>();
    for (const info of infos) {
      // The file's name as uploaded comes with a staff description: the file-name rule reads what the publish gate reads.
      if (info) facts.set(info.id, mediaFactsOfDescription(info));
    }
    return (id: string) => facts.get(id);
  }, [infos]);
}

function dataOf<T>(results: readonly { data: T | undefined }[]): (T | undefined)[] {
  return results.map((r) => r.data);
}
