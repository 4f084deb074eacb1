/**
 * Translations as staff read and write them (the contract of `?lang=<code>`
 * on blocks, pages and the navigation, and of the Translations report).
 * What can be translated and how a translation is laid over its original is
 * translatable.ts; the languages and their addresses are languages.ts.
 */
import { z } from 'zod';
import { schema } from './fields.js';
import type { Slot } from './translatable.js';
import type { TranslationState } from './languages.js';

/** A block's translation as the staff form reads it (`GET …/:id?lang=sw`). */
export interface TranslationReading {
  id: string;
  collection: string;
  lang: string;
  /** The original's words now (its working copy), key by key, in form order. */
  slots: Slot[];
  /** The translation's working copy: saved words, else the published ones. */
  values: Record<string, string>;
  /** What visitors of the language see, when published; else null. */
  live: Record<string, string> | null;
  hasPendingChanges: boolean;
  /** The original's published words the translation was made from (null before its first publish). */
  source: Record<string, string> | null;
  /** Keys whose original words changed since the translation was made. */
  changed: string[];
  state: TranslationState;
  /** The translation's own version (If-Match of its writes; 0 before the first save). */
  version: number;
}

export const translationMax = 100_000;

/** `PATCH …/:id?lang=sw`: the words in that language (an empty text: not translated, the original shows). */
export const translationBodySchema = schema(() =>
  z.strictObject({
    translation: z.record(z.string().max(200), z.string().max(translationMax)),
    /** `published`: save and publish that language in one step. */
    status: z.enum(['published']).optional(),
  }),
);

/** One item of the Translations report. */
export interface TranslationReportItem {
  collection: string;
  id: string;
  title: string;
  /** The page the block appears on (its id and title), when it is on one. */
  page: { id: string; title: string } | null;
  /** The original's keys whose words changed since the translation (outdated items). */
  changed: string[];
}

/** `GET /api/translations?lang=sw`. */
export interface TranslationReport {
  lang: string;
  missing: TranslationReportItem[];
  outdated: TranslationReportItem[];
}

/** A block's staff reading in the default language carries each other language's state. */
export type TranslationStates = Record<string, TranslationState>;
