/**
 * The newsletter: readers subscribe in the site's footer (double opt-in: a
 * confirmation mail with a signed link), staff write issues from the site's
 * own stories and events, and the server sends each confirmed reader of the
 * issue's language their own mail, with a one-click unsubscribe link
 * (RFC 8058). The staff API's bodies and answers follow these shapes; the
 * public pages' paths are declared here too.
 */
import { z } from 'zod';
import { formRateLimits } from './forms.js';

export const subscriptionStates = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

export const newsletterStates = ['draft', 'scheduled', 'sending', 'paused', 'sent'] as const;
export type NewsletterState = (typeof newsletterStates)[number];

export * from './newsletter-paths.js';

/** Subscribing: the address's allowance is the forms' own; per instance of the form 300 an hour. */
export const newsletterRateLimits = {
  perAddress: formRateLimits.perAddress,
  perForm: { max: 300, timeWindow: '1 hour' },
} as const;

export const newsletterLimits = {
  subjectMax: 200,
  introMax: 5000,
  itemsMax: 20,
  /** The most rows one CSV import takes. */
  importRowsMax: 50_000,
  importBytesMax: 5 * 1024 * 1024,
} as const;

const langSchema = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'lang: Give a language code such as en or sw.');

export const newsletterItemSchema = z.strictObject({
  collection: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
});
export type NewsletterItem = z.infer<typeof newsletterItemSchema>;

/** `POST /api/newsletters` */
export const newNewsletterSchema = z.strictObject({
  lang: langSchema,
  subject: z.string().trim().min(1, 'subject: Write a subject.').max(newsletterLimits.subjectMax),
  intro: z.string().max(newsletterLimits.introMax).default(''),
  items: z.array(newsletterItemSchema).max(newsletterLimits.itemsMax).default([]),
  /** Shown as a page on the site once sent. */
  archived: z.boolean().default(false),
});
export type NewNewsletter = z.infer<typeof newNewsletterSchema>;

/** `POST /api/newsletters/:id/send`: now, or at a set time. */
export const sendNewsletterSchema = z.strictObject({ at: z.iso.datetime({ offset: true }).optional() });

export const newsletterProgressSchema = z.strictObject({ sent: z.number(), failed: z.number(), left: z.number(), skipped: z.number() });
export type NewsletterProgress = z.infer<typeof newsletterProgressSchema>;

export const newsletterSchema = z.strictObject({
  id: z.string(),
  lang: z.string(),
  subject: z.string(),
  intro: z.string(),
  items: z.array(newsletterItemSchema),
  state: z.enum(newsletterStates),
  sendAt: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Readers who left through this mails. */
  unsubscribes: z.number(),
  progress: newsletterProgressSchema,
});
export type Newsletter = z.infer<typeof newsletterSchema>;
export const newslettersAnswerSchema = z.strictObject({ newsletters: z.array(newsletterSchema) });

export const subscriberSchema = z.strictObject({
  id: z.string(),
  supporterId: z.string(),
  email: z.string(),
  lang: z.string(),
  state: z.enum(subscriptionStates),
  source: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The text agreed to, as it was shown. */
  consentText: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscribersAnswerSchema = z.strictObject({ subscribers: z.array(subscriberSchema), counts: z.record(z.string(), z.record(z.enum(subscriptionStates), z.number())) });
export type SubscribersAnswer = z.infer<typeof subscribersAnswerSchema>;

/** `GET /api/subscribers?state=&lang=` */
export const subscribersQuerySchema = z.strictObject({ state: z.enum(subscriptionStates).optional(), lang: langSchema.optional() });

/** `POST /api/subscribers/import`: a CSV with an `email` column (and `lang`), where their consent came from. */
export const subscribersImportSchema = z.strictObject({
  csv: z.string().min(1, 'csv: The file is empty.').max(newsletterLimits.importBytesMax),
  source: z.string().trim().min(3, 'source: Say where these people agreed to receive the newsletter.').max(300),
  lang: langSchema,
});
export const subscribersImportAnswerSchema = z.strictObject({ added: z.number(), already: z.number(), invalid: z.array(z.number()) });

/** One reader's subscription in their export (supporters' export): the subscriber without the ids and address the export names already. */
export const subscriptionExportSchema = subscriberSchema.omit({ id: true, supporterId: true, email: true });
export type SubscriptionExport = z.infer<typeof subscriptionExportSchema>;
