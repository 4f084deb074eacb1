/**
 * Preview links beyond what src/shared/editorial.ts declares (the path, the
 * request body, the answer of a new link, the banner's words): the list of a
 * page's live links the Pages screen shows, and the words of a link that no
 * longer works.
 */
import { z } from 'zod';
import type { Actor } from './editorial.js';

/** `GET /api/preview?page=`: the live links of one page. */
export const previewListQuerySchema = z.strictObject({
  page: z.string().min(1).max(100),
});
export type PreviewListQuery = z.infer<typeof previewListQuerySchema>;

/** One live (neither revoked nor expired) preview link; its token is never shown again. */
export interface PreviewLinkEntry {
  id: string;
  page: string;
  /** The draft block shown on the page, or null. */
  document: string | null;
  createdAt: string;
  expiresAt: string;
  /** Who made it (null: an account deleted since). */
  createdBy: Actor | null;
}

export interface PreviewLinksAnswer {
  links: PreviewLinkEntry[];
}

export const previewLinkEntrySchema = z.object({
  id: z.string(),
  page: z.string(),
  document: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.object({ uid: z.string(), name: z.string() }).nullable(),
}) satisfies z.ZodType<PreviewLinkEntry>;

export const previewLinksAnswerSchema = z.object({ links: z.array(previewLinkEntrySchema) }) satisfies z.ZodType<PreviewLinksAnswer>;

export const previewLinkAnswerSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() });

/** Why a preview link shows no page. */
export type PreviewRefusal = 'expired' | 'revoked' | 'unknown';

/** The page a link that no longer works answers with: its heading and sentence. */
export const previewRefusalWords: Record<PreviewRefusal, { title: string; text: string }> = {
  expired: {
    title: 'This preview link has expired',
    text: 'Preview links work for a limited time. Ask the person who sent it to you for a new one.',
  },
  revoked: {
    title: 'This preview link was withdrawn',
    text: 'The person who made it has withdrawn it. Ask them for a new one if you still need to see the page.',
  },
  unknown: {
    title: 'This preview link does not work',
    text: 'Check that you opened the whole link, or ask the person who sent it to you for a new one.',
  },
};
