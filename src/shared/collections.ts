/**
 * The collection registry: every collection is declared once here, and the API
 * routes, validation, admin menu, list and form screens and the public page
 * sections all follow from the declaration.
 */
import { z } from 'zod';
import { dataSchema, type FieldDef } from './fields.js';
import { pages, type PageName } from './pages.js';

export type BlockKind = 'slide' | 'section' | 'card' | 'picture' | 'person' | 'partner' | 'story' | 'event';
export type CollectionKind = BlockKind | 'category' | 'item' | 'customer';

/** Who may read a collection: everyone (published documents only) or staff only. */
export type ReadAccess = 'public' | 'staff';
/** The least role that may create, change, publish, reorder and delete. */
export type WriteAccess = 'admin' | 'super';

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

interface Declaration {
  name: string;
  label: string;
  group: string;
  kind: CollectionKind;
  page: PageName | null;
  /** Extra form paths, e.g. SPEC.md's misspelled ones. */
  formPaths?: string[];
  /** List path when it differs from the name (SPEC.md's `/fistsocio`). */
  extraListPaths?: string[];
  read?: ReadAccess;
  write?: WriteAccess;
  growing?: boolean;
}

export function defineCollection(d: Declaration): CollectionDef & { extraListPaths: string[] } {
  return {
    name: d.name,
    label: d.label,
    group: d.group,
    description: kindPurpose[d.kind],
    kind: d.kind,
    page: d.page,
    listPath: `/${d.name}`,
    formPaths: [`/${d.name}-form/:id`, ...(d.formPaths ?? [])],
    extraListPaths: d.extraListPaths ?? [],
    fields: kindFields[d.kind],
    titleField: titleFieldByKind[d.kind],
    imageField: imageFieldByKind[d.kind],
    read: d.read ?? 'public',
    write: d.write ?? 'admin',
    growing: d.growing ?? false,
  };
}

/** Three-block pages share one shape: First is the hero, Second the text, Third the highlights. */
function threeBlocks(prefix: { first: string; second: string; third: string }, group: string, page: PageName, third: CollectionKind = 'card') {
  return [
    defineCollection({ name: prefix.first, label: `First ${group}`, group, kind: 'slide', page }),
    defineCollection({ name: prefix.second, label: `Second ${group}`, group, kind: 'section', page }),
    defineCollection({ name: prefix.third, label: `Third ${group}`, group, kind: third, page }),
  ];
}

export const collections = [
  defineCollection({ name: 'home', label: 'Home', group: 'Home page', kind: 'slide', page: 'home' }),
  defineCollection({ name: 'descriptionhome', label: 'Description Something at Home page', group: 'Home page', kind: 'section', page: 'home' }),
  defineCollection({ name: 'newstory', label: 'News & Story', group: 'Home page', kind: 'story', page: 'home', growing: true }),

  defineCollection({ name: 'aboutslide', label: 'About slides', group: 'About', kind: 'slide', page: 'about' }),
  defineCollection({ name: 'aboutvision', label: 'About: vision', group: 'About', kind: 'section', page: 'about' }),
  defineCollection({ name: 'aboutdiscover', label: 'About: discover', group: 'About', kind: 'card', page: 'about' }),
  defineCollection({ name: 'abouthistory', label: 'About: history', group: 'About', kind: 'section', page: 'about' }),
  defineCollection({ name: 'aboutleader', label: 'About: leaders', group: 'About', kind: 'person', page: 'about' }),
  defineCollection({ name: 'aboutpartner', label: 'About: partners', group: 'About', kind: 'partner', page: 'about' }),

  defineCollection({ name: 'visionslide', label: 'First Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'slide', page: 'vision' }),
  defineCollection({ name: 'visiondescription', label: 'Second Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'section', page: 'vision' }),
  defineCollection({ name: 'visionvalue', label: 'Third Vision & Mission & Core value', group: 'Vision & Mission & Core value', kind: 'card', page: 'vision' }),

  defineCollection({ name: 'historyslide', label: 'First History', group: 'History', kind: 'slide', page: 'history' }),
  defineCollection({ name: 'historydescription', label: 'Second History', group: 'History', kind: 'section', page: 'history', formPaths: ['/historydescripton-form/:id'] }),
  defineCollection({ name: 'historypicture', label: 'Third History', group: 'History', kind: 'picture', page: 'history' }),

  defineCollection({ name: 'leaderslide', label: 'First Leadership', group: 'Leadership', kind: 'slide', page: 'leadership' }),
  defineCollection({ name: 'leaderdescription', label: 'Second Leadership', group: 'Leadership', kind: 'section', page: 'leadership' }),
  defineCollection({ name: 'leaderpicture', label: 'Third Leadership', group: 'Leadership', kind: 'person', page: 'leadership' }),

  defineCollection({ name: 'firstpartner', label: 'First Partners', group: 'Partners', kind: 'partner', page: 'partner', formPaths: ['/fistpartner-form/:id'] }),
  defineCollection({ name: 'secondpartner', label: 'Second Partners', group: 'Partners', kind: 'partner', page: 'partner' }),
  defineCollection({ name: 'thirdpartner', label: 'Third Partners', group: 'Partners', kind: 'partner', page: 'partner' }),

  ...threeBlocks({ first: 'firstgender', second: 'secondgender', third: 'thirdgender' }, 'gender', 'gender'),
  // SPEC.md spells the first socio list `/fistsocio` and shows no form; both spellings work.
  defineCollection({ name: 'fistsocio', label: 'First Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'slide', page: 'socio', formPaths: ['/firstsocio-form/:id'], extraListPaths: ['/firstsocio'] }),
  defineCollection({ name: 'secondsocio', label: 'Second Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'section', page: 'socio' }),
  defineCollection({ name: 'thirdsocio', label: 'Third Socio-Economic Rights', group: 'Socio-Economic Rights', kind: 'card', page: 'socio' }),
  ...threeBlocks({ first: 'firstdemocratic', second: 'seconddemocratic', third: 'thirddemocratic' }, 'Democratic Good Governance', 'democratic'),
  ...threeBlocks({ first: 'firstaccountability', second: 'secondaccountability', third: 'thirdaccountability' }, 'Social Accountability', 'accountability'),
  ...threeBlocks({ first: 'firststrategy', second: 'secondstrategy', third: 'thirdstrategy' }, 'Our Strategy', 'strategy'),
  defineCollection({ name: 'firstevents', label: 'First Events', group: 'Events', kind: 'slide', page: 'events' }),
  defineCollection({ name: 'secondevents', label: 'Second Events', group: 'Events', kind: 'section', page: 'events' }),
  defineCollection({ name: 'thirdevents', label: 'Third Events', group: 'Events', kind: 'event', page: 'events', growing: true }),

  defineCollection({ name: 'youthfirstpage', label: 'First Youth', group: 'Youth', kind: 'slide', page: 'youthleadership', formPaths: ['/firstyouth-form/:id'] }),
  defineCollection({ name: 'secondyouth', label: 'Second Youth', group: 'Youth', kind: 'section', page: 'youthleadership' }),
  defineCollection({ name: 'thirdyouth', label: 'Third Youth', group: 'Youth', kind: 'card', page: 'youthleadership' }),
  defineCollection({ name: 'fourthyouth', label: 'Fourth Youth', group: 'Youth', kind: 'picture', page: 'youthleadership' }),
  defineCollection({ name: 'fifthyouth', label: 'Fifth Youth', group: 'Youth', kind: 'person', page: 'youthleadership' }),
  defineCollection({ name: 'sixthyouth', label: 'Sixth Youth', group: 'Youth', kind: 'section', page: 'youthleadership' }),
  defineCollection({ name: 'seventhyouth', label: 'Seventh Youth', group: 'Youth', kind: 'card', page: 'youthleadership' }),
  defineCollection({ name: 'eighthyouth', label: 'Eighth Youth', group: 'Youth', kind: 'partner', page: 'youthleadership' }),

  defineCollection({ name: 'category', label: 'Categories', group: 'Site', kind: 'category', page: null }),
  defineCollection({ name: 'item', label: 'Publications', group: 'Site', kind: 'item', page: null, write: 'super', growing: true }),
  defineCollection({ name: 'customer', label: 'Supporters & contacts', group: 'Site', kind: 'customer', page: null, read: 'staff', growing: true }),
] as const satisfies readonly (CollectionDef & { extraListPaths: string[] })[];

export type CollectionName = (typeof collections)[number]['name'];

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

export const documentStatusSchema = z.enum(['draft', 'published']);
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
export const siteSettingsSchema = dataSchema(siteSettingsFields);
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
