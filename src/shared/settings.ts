/**
 * The site-settings singleton: its fields (the staff form and the registry),
 * its schema (the API's validation, the type inferred from it) and the one set
 * of defaults served before staff have saved any.
 */
import { z } from 'zod';
import { fieldSchema, schema, type FieldDef, type ImageValue } from './fields.js';
import { languageSchema, siteLanguagesSchema } from './languages.js';
import { twoFactorRequirementLabels, twoFactorRequirements, type TwoFactorRequirement } from './two-factor.js';
import { defaultPageWeightBudget, pageWeightBudgetLabel, pageWeightBudgets, type PageWeightBudget } from './page-weight.js';

/** Feeds the header, footer and structured data. */
export const siteSettingsFields = [
  { name: 'organisationName', type: 'text', label: 'Organisation name', required: true, max: 160 },
  { name: 'tagline', type: 'text', label: 'Tagline', max: 200 },
  { name: 'logo', type: 'image', label: 'Logo' },
  { name: 'contactEmail', type: 'email', label: 'Contact e-mail', required: true },
  { name: 'phone', type: 'text', label: 'Phone', max: 40 },
  { name: 'address', type: 'text', label: 'Address', max: 300 },
  { name: 'socialUrl', type: 'url', label: 'Social network page' },
  { name: 'videoUrl', type: 'url', label: 'Video channel' },
  { name: 'mailUrl', type: 'url', label: 'Mail sign-in link' },
  {
    name: 'timeZone',
    type: 'text',
    label: 'Time zone',
    max: 64,
    help: 'An IANA time zone name such as Africa/Nairobi or Europe/Berlin. Scheduled publishing and scheduled backups use it. Empty means UTC.',
  },
  {
    name: 'requireTwoFactor',
    type: 'select',
    label: 'Two-factor sign-in',
    options: twoFactorRequirements.map((value) => ({ value, label: twoFactorRequirementLabels[value] })),
    help: 'Staff who must use it and have not turned it on are taken to their account page to set it up after signing in, and can do nothing else until they have.',
  },
  {
    name: 'pageWeightBudget',
    type: 'select',
    label: 'Page weight budget',
    options: pageWeightBudgets.map((value) => ({ value, label: pageWeightBudgetLabel(value) })),
    help: 'What a page may cost a visitor on a phone, pictures included. The Pages screen warns about every page that weighs more.',
  },
] as const satisfies readonly FieldDef[];

/** The site's time zone when settings name none. */
export const defaultTimeZone = 'UTC';

/** Is this a time zone name this runtime's Intl knows (IANA, such as Africa/Nairobi)? */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The site's time zone: the settings' own, or UTC when empty or unknown to this runtime. */
export function siteTimeZone(settings: { timeZone?: string | undefined }): string {
  const name = settings.timeZone?.trim();
  return name && isTimeZone(name) ? name : defaultTimeZone;
}

type SettingsFieldName = (typeof siteSettingsFields)[number]['name'];

/**
 * The rules come from the field declarations (fieldSchema, as for every
 * collection); only the value type each field type yields is stated here, so
 * the object schema below carries a precise type to infer.
 */
function field<T extends z.ZodType>(name: SettingsFieldName): T {
  const def = siteSettingsFields.find((f) => f.name === name);
  if (!def) throw new Error(`no site-settings field ${name}`);
  return fieldSchema(def) as T;
}

type OptionalText = z.ZodOptional<z.ZodType<string>>;
type OptionalLink = z.ZodOptional<z.ZodNullable<z.ZodType<string>>>;

export const siteSettingsSchema = schema(() =>
  z.strictObject({
    organisationName: field<z.ZodType<string>>('organisationName'),
    tagline: field<OptionalText>('tagline'),
    logo: field<z.ZodOptional<z.ZodNullable<z.ZodType<ImageValue>>>>('logo'),
    contactEmail: field<z.ZodType<string>>('contactEmail'),
    phone: field<OptionalText>('phone'),
    address: field<OptionalText>('address'),
    socialUrl: field<OptionalLink>('socialUrl'),
    videoUrl: field<OptionalLink>('videoUrl'),
    mailUrl: field<OptionalLink>('mailUrl'),
    timeZone: field<OptionalText>('timeZone').refine((v) => !v || isTimeZone(v), 'Enter a time zone name such as Africa/Nairobi, Europe/Berlin or UTC'),
    requireTwoFactor: field<z.ZodOptional<z.ZodNullable<z.ZodType<TwoFactorRequirement>>>>('requireTwoFactor'),
    pageWeightBudget: field<z.ZodOptional<z.ZodNullable<z.ZodType<PageWeightBudget>>>>('pageWeightBudget'),
    /** The languages the site speaks (languages.ts); absent: English only. Kept as they are when a save leaves them out. */
    languages: z.array(languageSchema).optional(),
    defaultLanguage: z.string().optional(),
  }).superRefine((v, ctx) => {
    if (v.languages === undefined && v.defaultLanguage === undefined) return;
    const checked = siteLanguagesSchema.safeParse({ languages: v.languages, defaultLanguage: v.defaultLanguage });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }),
);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const defaultSiteSettings: SiteSettings = {
  organisationName: 'Tujenge Civic Alliance',
  tagline: 'Citizens and leaders building accountable communities',
  contactEmail: 'info@tujenge.example.org',
  socialUrl: 'https://social.example.org/tujenge',
  videoUrl: 'https://video.example.org/@tujenge',
  mailUrl: 'https://mail.example.org',
  timeZone: defaultTimeZone,
  requireTwoFactor: 'none',
  pageWeightBudget: defaultPageWeightBudget,
};
