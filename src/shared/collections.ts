/**
 * The collection registry: every collection is declared once here, and the API
 * routes, validation, admin menu, list and form screens and the public page
 * sections all follow from the declaration (registry-index.ts holds the plain
 * declarations; this module adds their fields and schemas).
 */
import { z } from 'zod';
import { dataSchema, schema, type FieldDef } from './fields.js';
import { pages, type PageName } from './pages.js';

import {
  declarations,
  formPathsOf,
  listPathsOf,
  writeAccessOf,
  type CollectionKind,
  type Declaration,
  type ReadAccess,
  type WriteAccess,
} from './registry-index.js';

export type { BlockKind, CollectionKind, CollectionName, ReadAccess, WriteAccess } from './registry-index.js';

export interface CollectionDef {
  /** The API name and the list path without its slash. */
  name: string;
  /** Label in menus and headings. */
  label: string;
  /** Menu group in the staff drawer. */
  group: string;
  /** What the block is for: shown on an empty list. */
  description: string;
  kind: CollectionKind;
  /** The public page this collection's blocks appear on, if any. */
  page: PageName | null;
  listPath: string;
  /** Form paths; each takes `:id` (`new` creates). The first is the canonical one. */
  formPaths: string[];
  fields: readonly FieldDef[];
  /** The field shown as the row title in lists. */
  titleField: string;
  /** The field holding the list thumbnail, if any. */
  imageField: string | null;
  read: ReadAccess;
  write: WriteAccess;
  /** Lists that can grow get search and pagination. */
  growing: boolean;
}

const variantOptions = [
  { value: 'text', label: 'Text only' },
  { value: 'image-left', label: 'Image on the left' },
  { value: 'image-right', label: 'Image on the right' },
  { value: 'highlight', label: 'Highlighted band' },
] as const;

const iconOptions = [
  { value: 'none', label: 'No icon' },
  { value: 'heart', label: 'Heart' },
  { value: 'scale', label: 'Scales of justice' },
  { value: 'people', label: 'People' },
  { value: 'eye', label: 'Eye (transparency)' },
  { value: 'shield', label: 'Shield' },
  { value: 'spark', label: 'Spark (innovation)' },
  { value: 'hand', label: 'Raised hand (participation)' },
  { value: 'book', label: 'Book (learning)' },
] as const;

/** The fields of each block kind (SPEC.md does not show them; design.md section 4 does). */
export const kindFields: Record<CollectionKind, readonly FieldDef[]> = {
  slide: [
    { name: 'title', type: 'text', label: 'Title', required: true, max: 120 },
    { name: 'caption', type: 'longText', label: 'Caption', max: 300 },
    { name: 'image', type: 'image', label: 'Image', required: true },
    { name: 'linkLabel', type: 'text', label: 'Link label', max: 60 },
    { name: 'linkUrl', type: 'url', label: 'Link address' },
  ],
  section: [
    { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
    { name: 'subtitle', type: 'text', label: 'Subtitle', max: 200 },
    { name: 'body', type: 'richText', label: 'Text' },
    { name: 'image', type: 'image', label: 'Image' },
    { name: 'linkLabel', type: 'text', label: 'Link label', max: 60 },
    { name: 'linkUrl', type: 'url', label: 'Link address' },
    { name: 'variant', type: 'select', label: 'Layout', options: variantOptions },
  ],
  card: [
    { name: 'title', type: 'text', label: 'Title', required: true, max: 120 },
    { name: 'text', type: 'longText', label: 'Short text', max: 600 },
    { name: 'icon', type: 'select', label: 'Icon', options: iconOptions },
    { name: 'image', type: 'image', label: 'Image' },
  ],
  picture: [
    { name: 'image', type: 'image', label: 'Image', required: true },
    { name: 'caption', type: 'text', label: 'Caption', max: 300 },
  ],
  person: [
    { name: 'name', type: 'text', label: 'Name', required: true, max: 120 },
    { name: 'position', type: 'text', label: 'Position', max: 160 },
    { name: 'photo', type: 'image', label: 'Photo' },
    { name: 'bio', type: 'longText', label: 'Short biography', max: 1200 },
  ],
  partner: [
    { name: 'name', type: 'text', label: 'Name', required: true, max: 160 },
    { name: 'logo', type: 'image', label: 'Logo' },
    { name: 'url', type: 'url', label: 'Website' },
    { name: 'description', type: 'longText', label: 'What we do together', max: 600 },
  ],
  story: [
    { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
    { name: 'date', type: 'date', label: 'Date', required: true },
    { name: 'summary', type: 'longText', label: 'Summary', max: 600 },
    { name: 'body', type: 'richText', label: 'Story' },
    { name: 'cover', type: 'image', label: 'Cover image' },
    { name: 'category', type: 'category', label: 'Category' },
  ],
  event: [
    { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
    { name: 'startsAt', type: 'dateTime', label: 'Starts', required: true },
    { name: 'endsAt', type: 'dateTime', label: 'Ends' },
    { name: 'location', type: 'text', label: 'Location', max: 200 },
    { name: 'description', type: 'richText', label: 'Description' },
    { name: 'image', type: 'image', label: 'Image' },
    { name: 'registrationUrl', type: 'url', label: 'Registration link' },
    { name: 'category', type: 'category', label: 'Category' },
  ],
  category: [
    { name: 'name', type: 'text', label: 'Name', required: true, max: 80 },
    { name: 'description', type: 'longText', label: 'Description', max: 300 },
  ],
  item: [
    { name: 'title', type: 'text', label: 'Title', required: true, max: 200 },
    { name: 'summary', type: 'longText', label: 'Summary', max: 1200 },
    { name: 'file', type: 'file', label: 'File (PDF)', required: true },
    { name: 'cover', type: 'image', label: 'Cover image' },
    { name: 'publishedOn', type: 'date', label: 'Publication date' },
    { name: 'category', type: 'category', label: 'Category' },
  ],
  customer: [
    { name: 'name', type: 'text', label: 'Name', required: true, max: 160 },
    { name: 'email', type: 'email', label: 'E-mail', required: true },
    { name: 'organisation', type: 'text', label: 'Organisation', max: 200 },
    { name: 'phone', type: 'text', label: 'Phone', max: 40 },
    { name: 'message', type: 'longText', label: 'Message', max: 5000 },
    { name: 'consent', type: 'switch', label: 'Agreed to be contacted' },
    {
      name: 'source',
      type: 'select',
      label: 'Source',
      options: [
        { value: 'manual', label: 'Entered by staff' },
        { value: 'contact-form', label: 'Contact form' },
      ],
    },
  ],
};

const titleFieldByKind: Record<CollectionKind, string> = {
  slide: 'title',
  section: 'title',
  card: 'title',
  picture: 'caption',
  person: 'name',
  partner: 'name',
  story: 'title',
  event: 'title',
  category: 'name',
  item: 'title',
  customer: 'name',
};

const imageFieldByKind: Record<CollectionKind, string | null> = {
  slide: 'image',
  section: 'image',
  card: 'image',
  picture: 'image',
  person: 'photo',
  partner: 'logo',
  story: 'cover',
  event: 'image',
  category: null,
  item: 'cover',
  customer: null,
};

const kindPurpose: Record<CollectionKind, string> = {
  slide: 'Slides are the large pictures with a title at the top of the page.',
  section: 'Sections are the blocks of text, with an optional picture and link, that tell the page’s story.',
  card: 'Cards are short highlighted points, such as values or focus areas, shown side by side.',
  picture: 'Pictures form the photo gallery of the page.',
  person: 'People appear with their photo, position and a short biography.',
  partner: 'Partners appear with their logo and a link to their website.',
  story: 'News and stories appear on the home page and each has its own page.',
  event: 'Events are listed as upcoming or past, and each has its own page.',
  category: 'Categories group stories, events and publications.',
  item: 'Publications and resources: reports and other files visitors can download.',
  customer: 'Supporters and contacts, including messages sent through the contact form. Never shown on the site.',
};

export function defineCollection(d: Declaration): CollectionDef & { extraListPaths: string[] } {
  const [listPath, ...extraListPaths] = listPathsOf(d);
  return {
    name: d.name,
    label: d.label,
    group: d.group,
    description: kindPurpose[d.kind],
    kind: d.kind,
    page: d.page,
    listPath: listPath ?? `/${d.name}`,
    formPaths: formPathsOf(d),
    extraListPaths,
    fields: kindFields[d.kind],
    titleField: titleFieldByKind[d.kind],
    imageField: imageFieldByKind[d.kind],
    read: d.read ?? 'public',
    write: writeAccessOf(d),
    growing: d.growing ?? false,
  };
}

export const collections: readonly (CollectionDef & { extraListPaths: string[] })[] = declarations.map(defineCollection);

const byName = new Map<string, CollectionDef & { extraListPaths: string[] }>(collections.map((c) => [c.name, c]));

export function getCollection(name: string): (CollectionDef & { extraListPaths: string[] }) | undefined {
  return byName.get(name);
}

export function collectionsOfPage(page: PageName): CollectionDef[] {
  return collections.filter((c) => c.page === page);
}

/** Zod schemas per collection, built once. */
const schemaCache = new Map<string, ReturnType<typeof dataSchema>>();
export function collectionDataSchema(c: CollectionDef) {
  let s = schemaCache.get(c.name);
  if (!s) {
    s = dataSchema(c.fields);
    schemaCache.set(c.name, s);
  }
  return s;
}

export const documentStatusSchema = schema(() => z.enum(['draft', 'published']));
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** A stored block as the API returns it. */
export interface ContentDocument {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  position: number;
  status: DocumentStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
}

/** A published block as public callers see it (no staff-only fields). */
export interface PublicDocument {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  position: number;
  updatedAt: string;
}

/** The site-settings singleton: feeds the header, footer and structured data. */
export const siteSettingsFields: readonly FieldDef[] = [
  { name: 'organisationName', type: 'text', label: 'Organisation name', required: true, max: 160 },
  { name: 'tagline', type: 'text', label: 'Tagline', max: 200 },
  { name: 'logo', type: 'image', label: 'Logo' },
  { name: 'contactEmail', type: 'email', label: 'Contact e-mail', required: true },
  { name: 'phone', type: 'text', label: 'Phone', max: 40 },
  { name: 'address', type: 'text', label: 'Address', max: 300 },
  { name: 'socialUrl', type: 'url', label: 'Social network page' },
  { name: 'videoUrl', type: 'url', label: 'Video channel' },
  { name: 'mailUrl', type: 'url', label: 'Mail sign-in link' },
];
export const siteSettingsSchema = schema(() => dataSchema(siteSettingsFields));
export type SiteSettings = {
  organisationName: string;
  tagline?: string;
  logo?: { mediaId: string; alt: string; decorative: boolean } | null;
  contactEmail: string;
  phone?: string;
  address?: string;
  socialUrl?: string | null;
  videoUrl?: string | null;
  mailUrl?: string | null;
};

export const defaultSiteSettings: SiteSettings = {
  organisationName: 'Tujenge Civic Alliance',
  tagline: 'Citizens and leaders building accountable communities',
  contactEmail: 'info@tujenge.example.org',
  socialUrl: 'https://social.example.org/tujenge',
  videoUrl: 'https://video.example.org/@tujenge',
  mailUrl: 'https://mail.example.org',
};

/** The registry as GET /api/collections returns it. */
export function registryJson() {
  return {
    pages: pages.map((p) => ({ ...p, collections: collectionsOfPage(p.name).map((c) => c.name) })),
    collections: collections.map((c) => ({
      name: c.name,
      label: c.label,
      group: c.group,
      description: c.description,
      kind: c.kind,
      page: c.page,
      listPath: c.listPath,
      listPaths: [c.listPath, ...c.extraListPaths],
      formPaths: c.formPaths,
      fields: c.fields,
      titleField: c.titleField,
      imageField: c.imageField,
      read: c.read,
      write: c.write,
      growing: c.growing,
    })),
    settings: { fields: siteSettingsFields },
  };
}
