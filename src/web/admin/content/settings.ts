/** The site-settings singleton: GET and PUT /api/settings with optimistic concurrency. */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.js';
import { apiPaths } from '../../../shared/api-paths.js';

const settingsAnswerSchema = z.object({ data: z.record(z.string(), z.unknown()), version: z.number() });
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

export const settingsKey = ['settings'] as const;

export async function fetchSettings(signal?: AbortSignal): Promise<SettingsAnswer> {
  return settingsAnswerSchema.parse(await api<unknown>(apiPaths.settings, { signal }));
}

export async function saveSettings(data: Record<string, unknown>, version: number): Promise<SettingsAnswer> {
  return settingsAnswerSchema.parse(await api<unknown>(apiPaths.settings, { method: 'PUT', body: { data }, ifMatch: version }));
}

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
