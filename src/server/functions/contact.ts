/**
 * submitContact: a visitor's message becomes a `customer` record (source
 * 'contact-form', a draft: customers are never public anyway) through the
 * content API's own validation. Staff see it at /customer. The form posted
 * without JavaScript (contact-page.ts) goes through the same schema and
 * storeContact.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { contactLimits, contactMessages, emailPattern } from '../../shared/contact.js';
import { parseOrThrow } from './parse.js';

/** The contact form's limits and messages, shared with the public form. */
export const contactSchema = z.strictObject({
  name: z.string(contactMessages.nameRequired).trim().min(1, contactMessages.nameRequired).max(contactLimits.name, contactMessages.nameTooLong),
  email: z
    .string(contactMessages.emailRequired)
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(contactLimits.email, contactMessages.emailInvalid)
    .regex(emailPattern, contactMessages.emailInvalid),
  message: z.string(contactMessages.messageTooShort).trim().min(contactLimits.messageMin, contactMessages.messageTooShort).max(contactLimits.message, contactMessages.messageTooLong),
  consent: z.literal(true, contactMessages.consentRequired),
});

/** Stores a checked message as a draft customer from the contact form. */
export async function storeContact(app: FastifyInstance, input: z.infer<typeof contactSchema>): Promise<{ id: string }> {
  const doc = await app.content.createAs(
    'customer',
    { data: { name: input.name, email: input.email, message: input.message, consent: true, source: 'contact-form' }, status: 'draft' },
    null,
  );
  return { id: doc.id };
}

export async function submitContact(app: FastifyInstance, data: unknown): Promise<{ id: string }> {
  return storeContact(app, parseOrThrow(contactSchema, data));
}
