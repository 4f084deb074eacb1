/**
 * Supporters: one place for the people who wrote to the organisation. A person
 * is found by e-mail address; everything they sent (answers to the forms
 * editors build, contact messages) is kept with them. Staff-only by
 * construction: no page, section, preview or visitor's answer reads it.
 * The answers of GET /api/supporters and of one person's export follow these
 * shapes; the server parses its own answers with them in tests.
 */
import { z } from 'zod';
import { formAnswerValueSchema } from './forms.js';
import { registrationStates } from './events.js';
import { subscriptionExportSchema } from './newsletter.js';

/** The consent a person gave with an answer: the text as it was shown, its version, its language and when. */
export const givenConsentSchema = z.strictObject({
  /** The version of the form's consent text in that language (1, 2, …): changing the text makes a new one. */
  version: z.number().int().positive(),
  lang: z.string(),
  text: z.string(),
  at: z.string(),
});
export type GivenConsent = z.infer<typeof givenConsentSchema>;

/** One answer to a form, as staff see it. */
export const supporterAnswerSchema = z.strictObject({
  id: z.string(),
  /** The form block's id. */
  formId: z.string(),
  /** The form's title when the answer was given. */
  formTitle: z.string(),
  /** The language the form was answered in. */
  lang: z.string(),
  /** By field id: what the person typed or chose. */
  values: z.record(z.string(), formAnswerValueSchema),
  consent: givenConsentSchema.nullable(),
  createdAt: z.string(),
  /** When retention deletes it. */
  expiresAt: z.string(),
});
export type SupporterAnswer = z.infer<typeof supporterAnswerSchema>;

/** A message sent through the contact form (a `customer` block), as staff see it with its person. */
export const supporterMessageSchema = z.strictObject({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type SupporterMessage = z.infer<typeof supporterMessageSchema>;

/** One registration for an event (shared/events.ts), as staff see it with its person. */
export const supporterRegistrationSchema = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  /** The event's title when the person registered. */
  eventTitle: z.string(),
  state: z.enum(registrationStates),
  lang: z.string(),
  values: z.record(z.string(), formAnswerValueSchema),
  attendedAt: z.string().nullable(),
  createdAt: z.string(),
  /** When retention deletes it. */
  expiresAt: z.string(),
});
export type SupporterRegistration = z.infer<typeof supporterRegistrationSchema>;

export const supporterSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  answers: z.array(supporterAnswerSchema),
  messages: z.array(supporterMessageSchema),
  registrations: z.array(supporterRegistrationSchema),
});
export type Supporter = z.infer<typeof supporterSchema>;

/** `GET /api/supporters?q=` */
export const supportersAnswerSchema = z.strictObject({ people: z.array(supporterSchema) });

/** How many characters a search needs, and how many people one answer lists at most. */
export const supporterSearch = { minLength: 2, maxLength: 200, limit: 50 } as const;

/** A contact block as one person's export carries it: every field it holds. */
export const supporterContactRecordSchema = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  fields: z.record(z.string(), z.unknown()),
});

/** `GET /api/supporters/:id/export`: everything held about one person, as one JSON file. */
export const supporterExportSchema = z.strictObject({
  exportedAt: z.string(),
  person: z.strictObject({ id: z.string(), email: z.string(), name: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() }),
  /** Every answer, with the consent text as the person saw it. */
  answers: z.array(supporterAnswerSchema),
  /** Every registration for an event. */
  registrations: z.array(supporterRegistrationSchema),
  /** Every contact message and contact record of the address, with all its fields. */
  contactRecords: z.array(supporterContactRecordSchema),
  /** Their newsletter subscription, with the text they agreed to (null: none). */
  newsletter: subscriptionExportSchema.nullable(),
});
export type SupporterExport = z.infer<typeof supporterExportSchema>;

/** `GET /api/forms/answered` (staff): every form with answers kept, even one since removed from its page. */
export const answeredFormsSchema = z.strictObject({
  forms: z.array(
    z.strictObject({
      id: z.string(),
      /** Every title it was answered under (a form answered in two languages has two), the oldest first. */
      titles: z.array(z.string()),
      answers: z.number().int().nonnegative(),
      lastAnswerAt: z.string(),
    }),
  ),
});
export type AnsweredForm = z.infer<typeof answeredFormsSchema>['forms'][number];

/** `GET /api/forms/:id/answers.csv?from=&to=`: whole UTC days, both included; either may be left out. */
export const formAnswersCsvQuerySchema = z
  .strictObject({
    from: z.iso.date('Give the first day as YYYY-MM-DD.').optional(),
    to: z.iso.date('Give the last day as YYYY-MM-DD.').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The last day is before the first day.' });
