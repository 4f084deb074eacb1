/**
 * Translations as staff read and write them (the contract of `?lang=<code>`
 * on blocks, pages and the navigation, and of the Translations report).
 * What can be translated and how a translation is laid over its original is
 * translatable.ts; the languages and their addresses are languages.ts.
 */
import { z } from 'zod';
import { schema } from './fields.js';
import type { Slot } from './translatable.js';
import { translationStates, type TranslationState } from './languages.js';

const words = () => z.record(z.string(), z.string());
const slotSchema = z.object({ key: z.string(), label: z.string(), type: z.enum(['text', 'longText', 'richText', 'path']), max: z.number(), value: z.string() });
const stateSchema = z.enum(translationStates);

/** A block's translation as the staff form reads it (`GET …/:id?lang=sw`). */
export const translationReadingSchema = schema(() =>
  z.object({
    id: z.string(),
    collection: z.string(),
    lang: z.string(),
    /** The original's words now (its working copy), key by key, in form order. */
    slots: z.array(slotSchema),
    /** The translation's working copy: saved words, else the published ones. */
    values: words(),
    /** What visitors of the language see, when published; else null. */
    live: words().nullable(),
    hasPendingChanges: z.boolean(),
    /** The original's published words the translation was made from (null before its first publish). */
    source: words().nullable(),
    /** Keys whose original words changed since the translation was made. */
    changed: z.array(z.string()),
    state: stateSchema,
    /** The translation's own version (If-Match of its writes; 0 before the first save). */
    version: z.number(),
  }),
);
export type TranslationReading = z.infer<typeof translationReadingSchema> & { slots: Slot[] };

export const translationMax = 100_000;

/** `PATCH …/:id?lang=sw`: the words in that language (an empty text: not translated, the original shows). */
export const translationBodySchema = schema(() =>
  z.strictObject({
    translation: z.record(z.string().max(200), z.string().max(translationMax)),
    /** `published`: save and publish that language in one step. */
    status: z.enum(['published']).optional(),
  }),
);

const reportItemSchema = z.object({
  collection: z.string(),
  id: z.string(),
  title: z.string(),
  /** The page the block appears on (its id and title), when it is on one. */
  page: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The original's keys whose words changed since the translation (outdated items). */
  changed: z.array(z.string()),
});
export type TranslationReportItem = z.infer<typeof reportItemSchema>;

/**
 * `GET /api/translations?lang=sw`: what is missing or outdated in a language
 * (without `lang`: the first language after the default), the site's
 * languages, and how many items each other language has left to do.
 */
export const translationReportSchema = schema(() =>
  z.object({
    /** The language reported on; null on a site with one language. */
    lang: z.string().nullable(),
    missing: z.array(reportItemSchema),
    outdated: z.array(reportItemSchema),
    languages: z.array(z.object({ code: z.string(), name: z.string(), dir: z.enum(['ltr', 'rtl']) })),
    defaultLanguage: z.string(),
    /** Per other language: how many items are missing and outdated (the drawer's count). */
    counts: z.record(z.string(), z.object({ missing: z.number(), outdated: z.number() })),
  }),
);
export type TranslationReport = z.infer<typeof translationReportSchema>;

/** One step of a translation's history, with the words it left (`GET …/revisions?lang=sw`). */
export const translationRevisionSchema = schema(() =>
  z.object({
    number: z.number(),
    action: z.enum(['save', 'publish', 'confirm', 'unpublish', 'discard']),
    at: z.string(),
    by: z.object({ uid: z.string(), name: z.string() }).nullable(),
    values: words(),
  }),
);
export type TranslationRevision = z.infer<typeof translationRevisionSchema>;
export const translationHistorySchema = schema(() => z.object({ lang: z.string(), revisions: z.array(translationRevisionSchema) }));
export type TranslationHistory = z.infer<typeof translationHistorySchema>;

/** A block's staff reading in the default language carries each other language's state. */
export type TranslationStates = Record<string, TranslationState>;

/**
 * One translatable part of a page, as the page's translation screen lists it:
 * the page record, a block of one of its sections, or one menu label of the
 * navigation that leads to the page (`keys`: the one navigation key it is;
 * null: every text of the block).
 */
const pagePartSchema = z.object({
  kind: z.enum(['page', 'block', 'menu']),
  collection: z.string(),
  id: z.string(),
  keys: z.array(z.string()).nullable(),
  /** Its name on the screen, unique on the page: "Page: title, menu label, description", "Our vision › Where we are going", "Top bar › About Us › Our Vision". */
  label: z.string(),
  state: stateSchema,
});
export type PageTranslationPart = z.infer<typeof pagePartSchema>;

/**
 * `GET /api/translations/pages/:id?lang=sw`: every translatable part of a
 * page in that language, in the page's order (its own words, each section's
 * blocks, then its menu labels), each with its state. Each part is read and
 * saved with the block's own `?lang=` API.
 */
export const pageTranslationSchema = schema(() =>
  z.object({
    page: z.object({ id: z.string(), title: z.string() }),
    lang: z.string(),
    parts: z.array(pagePartSchema),
  }),
);
export type PageTranslation = z.infer<typeof pageTranslationSchema>;

/** A part counts as translated when it is up to date in that language. */
export function translatedCount(parts: readonly Pick<PageTranslationPart, 'state'>[]): number {
  return parts.filter((p) => p.state === 'current').length;
}

/** Where a translator works: the Translations screen, one block's translation beside its original, and a whole page on one screen. */
export const translationsScreenPath = '/translations';
export const translationEditorPath = `${translationsScreenPath}/:collection/:id`;
export function translationEditorPathOf(collection: string, id: string, lang: string): string {
  return `${translationsScreenPath}/${encodeURIComponent(collection)}/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`;
}
export const pageTranslationPath = `${translationsScreenPath}/page/:id`;
/** "Translate this page": the page's translation screen, in a language (else the first after the default). */
export function pageTranslationPathOf(pageId: string, lang?: string): string {
  return `${translationsScreenPath}/page/${encodeURIComponent(pageId)}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
}
