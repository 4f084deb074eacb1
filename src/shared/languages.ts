/**
 * The languages of the site: which ones it speaks (site settings
 * `languages` and `defaultLanguage`), how each names itself and which way it
 * is written, the addresses of each (the default language at the plain
 * paths, every other under `/<code>/`), and what a translation's state can be.
 * Plain data and small functions: the public pages read them in their first load.
 */
import { z } from 'zod';
import { schema } from './fields.js';

export type TextDirection = 'ltr' | 'rtl';

export interface Language {
  /** A BCP 47 tag in lower case, such as `en`, `sw`, `pt-br`. */
  code: string;
  /** The language's name in itself: `Kiswahili`, `Français`, `العربية`. */
  name: string;
  dir: TextDirection;
}

/** A BCP 47 language tag as the site uses it: a 2–3 letter language, optionally a region or script (lower case, so it can be a path segment). */
export const languageCodePattern = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/;

export const languagesMax = 8;

export const languageSchema = schema(() =>
  z.strictObject({
    code: z.string().trim().toLowerCase().regex(languageCodePattern, 'A language code is a BCP 47 tag such as en, sw, fr or pt-br'),
    name: z.string().trim().min(1, 'Give the language its name in itself, such as Kiswahili').max(40, 'At most 40 characters'),
    dir: z.enum(['ltr', 'rtl']).default('ltr'),
  }),
);

/** The site's languages as the settings hold them: the default first among them, no code twice. */
export const siteLanguagesSchema = schema(() =>
  z
    .strictObject({
      languages: z.array(languageSchema).min(1, 'The site needs at least one language').max(languagesMax, `At most ${languagesMax} languages`),
      defaultLanguage: z.string().trim().toLowerCase().regex(languageCodePattern, 'A language code is a BCP 47 tag such as en or sw'),
    })
    .superRefine((v, ctx) => {
      const codes = v.languages.map((l) => l.code);
      codes.forEach((code, i) => {
        if (codes.indexOf(code) !== i) ctx.addIssue({ code: 'custom', path: ['languages', i, 'code'], message: `${code} is listed twice` });
      });
      if (!codes.includes(v.defaultLanguage)) ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'The default language must be one of the site’s languages' });
    }),
);
export type SiteLanguages = z.infer<typeof siteLanguagesSchema>;

/** A site that has set no languages speaks English only. */
export const englishOnly: SiteLanguages = { languages: [{ code: 'en', name: 'English', dir: 'ltr' }], defaultLanguage: 'en' };

/** The languages settings name (English only when they name none), the default first. */
export function siteLanguagesOf(settings: { languages?: readonly Language[] | undefined; defaultLanguage?: string | undefined }): SiteLanguages {
  const parsed = siteLanguagesSchema.safeParse({ languages: settings.languages, defaultLanguage: settings.defaultLanguage });
  if (!parsed.success) return englishOnly;
  const { languages, defaultLanguage } = parsed.data;
  return { defaultLanguage, languages: [...languages.filter((l) => l.code === defaultLanguage), ...languages.filter((l) => l.code !== defaultLanguage)] };
}

/** The address of a path in a language: the default language's at the path itself, another's under `/<code>`. */
export function localizedPath(path: string, lang: string, defaultLanguage: string): string {
  if (lang === defaultLanguage) return path;
  return path === '/' ? `/${lang}/` : `/${lang}${path}`;
}

/**
 * Which language an address is in and the path within it: `/sw/kuhusu` →
 * sw, `/kuhusu`; `/sw` and `/sw/` → sw, `/`; anything else → the default
 * language, the path as it is.
 */
export function splitLanguage(pathname: string, site: SiteLanguages): { lang: string; path: string } {
  const second = pathname.indexOf('/', 1);
  const first = second < 0 ? pathname.slice(1) : pathname.slice(1, second);
  if (first && first !== site.defaultLanguage && site.languages.some((l) => l.code === first)) {
    const rest = second < 0 ? '/' : pathname.slice(second);
    return { lang: first, path: rest === '' ? '/' : rest };
  }
  return { lang: site.defaultLanguage, path: pathname };
}

/** Whether a translation follows its original: none yet, made from the original as it is now, or made from an earlier version. */
export const translationStates = ['missing', 'current', 'outdated'] as const;
export type TranslationState = (typeof translationStates)[number];

/** `?lang=<code>` on the staff API: absent means the default language. */
export const langQuerySchema = schema(() => z.object({ lang: z.string().trim().toLowerCase().regex(languageCodePattern, 'lang: a language code such as sw').optional() }));
