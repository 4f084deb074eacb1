/**
 * The media library API as the staff app calls it: a page of the library with
 * its total, one picture's changes (default alt text, focal point), replacing
 * its file and deleting it. Answers are parsed with the shared zod schemas.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.js';
import { mediaApi, mediaLibraryItemSchema, mediaListSchema, type MediaLibraryItem, type MediaList, type MediaPatch } from '../../../shared/media-library.js';
import type { MediaInfo } from '../../../shared/media.js';
import { mediaInfoSchema } from '../../../shared/media-library.js';
import { libraryParams, type LibraryView } from './view.js';

export const mediaKeys = {
  all: ['media'] as const,
  list: (view: LibraryView, limit: number) => ['media', 'list', view, limit] as const,
  one: (id: string) => ['media', id] as const,
};

/** One page of the library for a view (search, filters, sort, page). */
export function mediaListQuery(view: LibraryView, limit: number) {
  return queryOptions({
    queryKey: mediaKeys.list(view, limit),
    queryFn: async ({ signal }) => {
      const params = libraryParams(view);
      params.delete('page');
      params.set('limit', String(limit));
      params.set('offset', String((view.page - 1) * limit));
      return mediaListSchema.parse(await api<unknown>(`${mediaApi.list}?${params}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

/** Saves the default alt text and/or the focal point; answers with the picture as it is now. */
export async function patchMedia(id: string, patch: MediaPatch): Promise<MediaInfo> {
  return mediaInfoSchema.parse(await api<unknown>(mediaApi.one(id), { method: 'PATCH', body: patch }));
}

/** The default alt text in another language (empty: none, the default language's shows). */
export async function patchMediaAlt(id: string, lang: string, alt: string): Promise<MediaLibraryItem> {
  return mediaLibraryItemSchema.parse(await api<unknown>(`${mediaApi.one(id)}?lang=${encodeURIComponent(lang)}`, { method: 'PATCH', body: { alt } }));
}

export async function deleteMedia(id: string): Promise<void> {
  await api<unknown>(mediaApi.one(id), { method: 'DELETE' });
}

/** The library row of one picture, read again after a change (the list is refetched in the background). */
export function libraryItemOf(item: MediaLibraryItem, info: MediaInfo): MediaLibraryItem {
  return mediaLibraryItemSchema.parse({ ...item, ...info });
}

/** Everything that shows media (the library pages, a widget's preview) is read again. */
/**
 * Puts a changed picture into every page of the library held in memory at
 * once (`replacing` is the id it had: a replaced file has a new one), so a
 * card opened again shows it before the pages are read again.
 */
export function rememberMedia(client: QueryClient, item: MediaLibraryItem, replacing: string = item.id): void {
  client.setQueriesData<MediaList>({ queryKey: [...mediaKeys.all, 'list'] }, (old) => old && { ...old, media: old.media.map((m) => (m.id === replacing || m.id === item.id ? item : m)) });
}

export function refreshMedia(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: mediaKeys.all });
}
