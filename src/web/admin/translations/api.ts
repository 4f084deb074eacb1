/**
 * What the translation screens read and write, each answer checked by zod:
 * the Translations report (and the drawer's count), one block's translation
 * beside its original, a page's translatable parts, and its steps (save, publish, still correct, discard).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';
import {
  pageTranslationSchema,
  translationHistorySchema,
  translationReadingSchema,
  translationReportSchema,
  type PageTranslation,
  type TranslationHistory,
  type TranslationReading,
  type TranslationReport,
} from '../../../shared/translations.js';

export const translationsKey = ['translations'] as const;

export function useTranslationReport(lang: string | null, enabled = true) {
  return useQuery({
    queryKey: [...translationsKey, 'report', lang],
    queryFn: async ({ signal }): Promise<TranslationReport> =>
      translationReportSchema.parse(await api<unknown>(`${apiPaths.translations.report}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, { signal })),
    enabled,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** The site settings' words are kept beside the blocks' translations under this collection name. */
export const settingsCollection = '@settings';

const documentUrl = (collection: string, id: string, lang: string) =>
  collection === settingsCollection
    ? `${apiPaths.translations.settings}?lang=${encodeURIComponent(lang)}`
    : `${pathTo(apiPaths.collections.document, { name: collection, id })}?lang=${encodeURIComponent(lang)}`;

export function translationKey(collection: string, id: string, lang: string) {
  return [...translationsKey, 'block', collection, id, lang] as const;
}

export function useTranslation(collection: string, id: string, lang: string) {
  return useQuery({
    queryKey: translationKey(collection, id, lang),
    queryFn: async ({ signal }): Promise<TranslationReading> => translationReadingSchema.parse(await api<unknown>(documentUrl(collection, id, lang), { signal })),
  });
}

/** Saves the words as a draft of that language, or saves and publishes them. */
export async function saveTranslation(collection: string, id: string, lang: string, version: number, translation: Record<string, string>, publish: boolean): Promise<TranslationReading> {
  // The settings' words go on the site when saved, like the settings themselves.
  if (collection === settingsCollection) return translationReadingSchema.parse(await api<unknown>(documentUrl(collection, id, lang), { method: 'PUT', body: { translation }, ifMatch: version }));
  const body = { translation, ...(publish ? { status: 'published' } : {}) };
  return translationReadingSchema.parse(await api<unknown>(documentUrl(collection, id, lang), { method: 'PATCH', body, ifMatch: version }));
}

export type TranslationStep = 'confirm' | 'discard';

export async function translationStep(collection: string, id: string, lang: string, version: number, step: TranslationStep): Promise<TranslationReading> {
  const path = step === 'confirm' ? pathTo(apiPaths.translations.confirm, { name: collection, id }) : pathTo(apiPaths.collections.discard, { name: collection, id });
  return translationReadingSchema.parse(await api<unknown>(`${path}?lang=${encodeURIComponent(lang)}`, { method: 'POST', ifMatch: version }));
}

/** A translation's steps, newest first, each with the words it left. */
export function useTranslationHistory(collection: string, id: string, lang: string, enabled: boolean) {
  return useQuery({
    queryKey: [...translationKey(collection, id, lang), 'history'],
    queryFn: async ({ signal }): Promise<TranslationHistory> =>
      translationHistorySchema.parse(await api<unknown>(`${pathTo(apiPaths.collections.revisions, { name: collection, id })}?lang=${encodeURIComponent(lang)}`, { signal })),
    enabled,
  });
}

/** A page's translatable parts in a language (its words, its sections' blocks, its menu labels), each with its state. */
export function usePageTranslation(pageId: string, lang: string | null) {
  return useQuery({
    queryKey: [...translationsKey, 'page', pageId, lang],
    queryFn: async ({ signal }): Promise<PageTranslation> =>
      pageTranslationSchema.parse(await api<unknown>(`${pathTo(apiPaths.translations.page, { id: pageId })}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, { signal })),
  });
}
