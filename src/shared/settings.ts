/**
 * The site-settings singleton: its fields (the staff form and the registry),
 * its schema (the API's validation, the type inferred from it) and the one set
 * of defaults served before staff have saved any.
 */
import { z } from 'zod';
import { fieldSchema, schema, type FieldDef, type ImageValue } from './fields.js';

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
] as const satisfies readonly FieldDef[];

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
};
