/**
 * Block kinds: one declaration per kind says its fields, which field titles a
 * block and which holds its picture, what it is for, the nouns staff screens
 * use and its default public heading. Collections take everything else from
 * here. Plain data, no zod: the public pages read it in their first load.
 * Longer than most files because it is the declarations themselves, one
 * block per kind; splitting them would scatter what belongs together.
 */
import type { FieldDef } from './fields.js';
import type { FormField } from './forms.js';
import { formLimits } from './forms.js';
import { eventRegistrationLimits } from './events.js';

interface KindDeclaration<F extends readonly FieldDef[]> {
  /** Blocks appear on a public page; the other kinds are site data (categories, publications, contacts). */
  block: boolean;
  fields: F;
  /** The field shown as the row title in lists. */
  titleField: F[number]['name'];
  /** The field holding the list thumbnail and the social card picture, if any. */
  imageField: F[number]['name'] | null;
  /** What the block is for: shown on an empty list. */
  purpose: string;
  /** How staff screens name one block and several. */
  nouns: { one: string; many: string };
  /** The heading over a group of these blocks on a public page, unless the collection names its own. */
  heading: string | null;
  /**
   * Its blocks hold a person's data (a supporter's name, address, message): the audit log, kept for years and
   * never edited, names such a block by what it is, never by its title (collections.ts `auditTitle`).
   */
  personal?: true;
}

function defineKind<const F extends readonly FieldDef[], const B extends boolean, const H extends string | null>(k: KindDeclaration<F> & { block: B; heading: H }) {
  return k;
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

export const kinds = {
  slide: defineKind({
    block: true,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 120 },
      { name: 'caption', type: 'longText', label: 'Caption', max: 300 },
      { name: 'image', type: 'image', label: 'Image', required: true },
      { name: 'linkLabel', type: 'text', label: 'Link label', max: 60 },
      { name: 'linkUrl', type: 'url', label: 'Link address' },
    ],
    titleField: 'title',
    imageField: 'image',
    purpose: 'Slides are the large pictures with a title at the top of the page.',
    nouns: { one: 'slide', many: 'slides' },
    heading: null,
  }),
  section: defineKind({
    block: true,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
      { name: 'subtitle', type: 'text', label: 'Subtitle', max: 200 },
      { name: 'body', type: 'richText', label: 'Text' },
      { name: 'image', type: 'image', label: 'Image' },
      { name: 'linkLabel', type: 'text', label: 'Link label', max: 60 },
      { name: 'linkUrl', type: 'url', label: 'Link address' },
      { name: 'variant', type: 'select', label: 'Layout', options: variantOptions },
    ],
    titleField: 'title',
    imageField: 'image',
    // "Text block", never "section": a page's sections hold blocks, and a section of this kind holds text blocks.
    purpose: 'Text blocks tell the page’s story: a title, text, and an optional picture and link.',
    nouns: { one: 'text block', many: 'text blocks' },
    heading: null,
  }),
  card: defineKind({
    block: true,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 120 },
      { name: 'text', type: 'longText', label: 'Short text', max: 600 },
      { name: 'icon', type: 'select', label: 'Icon', options: iconOptions },
      { name: 'image', type: 'image', label: 'Image' },
    ],
    titleField: 'title',
    imageField: 'image',
    purpose: 'Cards are short highlighted points, such as values or focus areas, shown side by side.',
    nouns: { one: 'card', many: 'cards' },
    heading: null,
  }),
  picture: defineKind({
    block: true,
    fields: [
      { name: 'image', type: 'image', label: 'Image', required: true },
      { name: 'caption', type: 'text', label: 'Caption', max: 300 },
    ],
    titleField: 'caption',
    imageField: 'image',
    purpose: 'Pictures form the photo gallery of the page.',
    nouns: { one: 'picture', many: 'pictures' },
    heading: 'In pictures',
  }),
  person: defineKind({
    block: true,
    fields: [
      { name: 'name', type: 'text', label: 'Name', required: true, max: 120 },
      { name: 'position', type: 'text', label: 'Position', max: 160 },
      { name: 'photo', type: 'image', label: 'Photo' },
      { name: 'bio', type: 'longText', label: 'Short biography', max: 1200 },
    ],
    titleField: 'name',
    imageField: 'photo',
    purpose: 'People appear with their photo, position and a short biography.',
    nouns: { one: 'person', many: 'people' },
    heading: 'Our people',
  }),
  partner: defineKind({
    block: true,
    fields: [
      { name: 'name', type: 'text', label: 'Name', required: true, max: 160 },
      { name: 'logo', type: 'image', label: 'Logo' },
      { name: 'url', type: 'url', label: 'Website' },
      { name: 'description', type: 'longText', label: 'What we do together', max: 600 },
    ],
    titleField: 'name',
    imageField: 'logo',
    purpose: 'Partners appear with their logo and a link to their website.',
    nouns: { one: 'partner', many: 'partners' },
    heading: 'Our partners',
  }),
  story: defineKind({
    block: true,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
      { name: 'date', type: 'date', label: 'Date', required: true },
      { name: 'summary', type: 'longText', label: 'Summary', max: 600 },
      { name: 'body', type: 'richText', label: 'Story' },
      { name: 'cover', type: 'image', label: 'Cover image' },
      { name: 'category', type: 'category', label: 'Category' },
    ],
    titleField: 'title',
    imageField: 'cover',
    purpose: 'News and stories appear on their page and each has its own page.',
    nouns: { one: 'story', many: 'stories' },
    heading: 'News & stories',
  }),
  event: defineKind({
    block: true,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
      { name: 'startsAt', type: 'dateTime', label: 'Starts', required: true },
      { name: 'endsAt', type: 'dateTime', label: 'Ends' },
      { name: 'location', type: 'text', label: 'Location', max: 200 },
      { name: 'description', type: 'richText', label: 'Description' },
      { name: 'image', type: 'image', label: 'Image' },
      { name: 'registrationUrl', type: 'url', label: 'Registration link', help: 'Registration elsewhere. Leave empty when people register on this site (below).' },
      { name: 'category', type: 'category', label: 'Category' },
      // Registration on this site (src/shared/events.ts): name and e-mail are always asked.
      { name: 'registrationOpen', type: 'switch', label: 'People register on this site' },
      { name: 'places', type: 'number', label: 'Places', min: 1, max: eventRegistrationLimits.maxPlaces },
      { name: 'registrationClosesAt', type: 'dateTime', label: 'Registration closes', help: 'Empty: at the start of the event.' },
      { name: 'waitlist', type: 'switch', label: 'When full, people join a waitlist' },
      { name: 'reminderHours', type: 'number', label: 'Reminder mail (hours before the start)', min: 1, max: eventRegistrationLimits.maxReminderHours, help: `Empty: ${eventRegistrationLimits.defaultReminderHours} hours.`, staffOnly: true },
      { name: 'registrationQuestions', type: 'formFields', label: 'Extra questions', help: 'Name and e-mail address are always asked.', besidesPerson: true },
      { name: 'registrationRetentionMonths', type: 'number', label: 'Keep registrations after the event (months)', min: 1, max: formLimits.maxRetentionMonths, help: `Empty: ${eventRegistrationLimits.defaultRetentionMonths} months.`, staffOnly: true },
    ],
    titleField: 'title',
    imageField: 'image',
    purpose: 'Events are listed as upcoming or past, and each has its own page.',
    nouns: { one: 'event', many: 'events' },
    heading: null,
  }),
  /** A form editors build (src/shared/forms.ts): visitors answer it on the page; answers go to the supporters' records. */
  form: defineKind({
    block: true,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 160 },
      { name: 'intro', type: 'longText', label: 'Introduction', max: 1200 },
      { name: 'fields', type: 'formFields', label: 'Questions', required: true, help: 'What the form asks. Exactly one question must be an e-mail address: answers are kept with the person by it.' },
      { name: 'consentText', type: 'longText', label: 'Consent wording', max: 1200, help: 'The words beside the box people tick to agree that their answer is kept. Say what for and for how long.' },
      { name: 'thankYou', type: 'longText', label: 'Thank-you message', max: 1200 },
      { name: 'newsletterChoice', type: 'switch', label: 'Offer “keep me informed”: a box to receive the newsletter (confirmed by e-mail)' },
      { name: 'notify', type: 'emailList', label: 'Tell these staff addresses about each answer', help: 'E-mail addresses separated by commas.', staffOnly: true },
      { name: 'confirmationMail', type: 'switch', label: 'Send the person a confirmation by e-mail' },
      { name: 'retentionMonths', type: 'number', label: 'Keep answers for (months)', min: 1, max: formLimits.maxRetentionMonths, help: `Empty: ${formLimits.defaultRetentionMonths} months.` },
      { name: 'closed', type: 'switch', label: 'Closed: the form takes no more answers' },
      { name: 'closedMessage', type: 'longText', label: 'Message while closed', max: 600 },
    ],
    titleField: 'title',
    imageField: null,
    purpose: 'Forms collect sign-ups and answers from visitors, with their consent.',
    nouns: { one: 'form', many: 'forms' },
    heading: null,
  }),
  category: defineKind({
    block: false,
    fields: [
      { name: 'name', type: 'text', label: 'Name', required: true, max: 80 },
      { name: 'description', type: 'longText', label: 'Description', max: 300 },
    ],
    titleField: 'name',
    imageField: null,
    purpose: 'Categories group stories, events and publications.',
    nouns: { one: 'category', many: 'categories' },
    heading: null,
  }),
  item: defineKind({
    block: false,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 200 },
      { name: 'summary', type: 'longText', label: 'Summary', max: 1200 },
      { name: 'file', type: 'file', label: 'File (PDF)', required: true },
      { name: 'cover', type: 'image', label: 'Cover image' },
      { name: 'publishedOn', type: 'date', label: 'Publication date' },
      { name: 'category', type: 'category', label: 'Category' },
    ],
    titleField: 'title',
    imageField: 'cover',
    purpose: 'Publications and resources: reports and other files visitors can download.',
    nouns: { one: 'publication', many: 'publications' },
    heading: null,
  }),
  /** A page of the site (the system collection `sitepage`): its address, titles and sections (site-structure.ts). */
  page: defineKind({
    block: false,
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true, max: 120 },
      { name: 'path', type: 'text', label: 'Address', required: true, max: 200 },
      { name: 'navLabel', type: 'text', label: 'Label in menus', max: 40 },
      { name: 'description', type: 'longText', label: 'Search-engine description', max: 300 },
      { name: 'socialImage', type: 'image', label: 'Picture for social networks' },
    ],
    titleField: 'title',
    imageField: 'socialImage',
    purpose: 'The pages of the site: their addresses, titles, descriptions and sections.',
    nouns: { one: 'page', many: 'pages' },
    heading: null,
  }),
  /** The site's navigation (the system collection `sitenavigation`): the top bar and footer links (site-navigation.ts). */
  navigation: defineKind({
    block: false,
    fields: [{ name: 'name', type: 'text', label: 'Name', max: 60 }],
    titleField: 'name',
    imageField: null,
    purpose: 'The top bar and the footer links of every public page.',
    nouns: { one: 'navigation', many: 'navigations' },
    heading: null,
  }),
  customer: defineKind({
    block: false,
    fields: [
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
    titleField: 'name',
    imageField: null,
    purpose: 'Supporters and contacts, including messages sent through the contact form. Never shown on the site.',
    nouns: { one: 'contact', many: 'contacts' },
    heading: null,
    personal: true,
  }),
} as const;

export type Kinds = typeof kinds;
export type CollectionKind = keyof Kinds;
/** Kinds of the site's structure (system collections, site-structure.ts): no demo blocks, no list or form screens of their own. */
export type SystemKind = 'page' | 'navigation';
/** The kinds whose blocks appear on public pages. */
export type BlockKind = { [K in CollectionKind]: Kinds[K]['block'] extends true ? K : never }[CollectionKind];
/** Kinds whose blocks each have a page of their own. */
export const detailKinds = ['story', 'event'] as const satisfies readonly BlockKind[];
export type DetailKind = (typeof detailKinds)[number];

export function isDetailKind(kind: CollectionKind): kind is DetailKind {
  return (detailKinds as readonly CollectionKind[]).includes(kind);
}

export function isBlockKind(kind: CollectionKind): kind is BlockKind {
  return kinds[kind].block;
}

type FieldsOf<K extends CollectionKind> = Kinds[K]['fields'][number];
type ValueOf<F extends FieldDef, Image, File> = F['type'] extends 'image'
  ? Image
  : F['type'] extends 'file'
    ? File
    : F['type'] extends 'switch'
      ? boolean
      : F['type'] extends 'number'
        ? number
        : F['type'] extends 'formFields'
          ? FormField[]
          : F extends { options: readonly { value: infer V }[] }
            ? V
            : string;
type Optional<F extends FieldDef> = F extends { required: true } ? never : F['name'];

/**
 * The data of a block of kind K, typed from the kind's fields: required fields
 * must be present, optional ones may be left out. `Image` and `File` are the
 * shapes of picture and file references (the seed passes its own).
 */
export type KindData<K extends CollectionKind, Image = unknown, File = unknown> = {
  [F in FieldsOf<K> as F['name'] extends Optional<F> ? never : F['name']]: ValueOf<F, Image, File>;
} & {
  [F in FieldsOf<K> as F['name'] extends Optional<F> ? F['name'] : never]?: ValueOf<F, Image, File> | null;
};
