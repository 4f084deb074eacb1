/**
 * submitContact: a visitor's message becomes a `customer` record (source
 * 'contact-form', a draft: customers are never public anyway) through the
 * content API's own validation. Staff see it at /customer, and with the
 * person of the same address among the supporters. The form posted
 * without JavaScript (contact-page.ts) goes through the same schema and
 * storeContact.
 */
import { oneLine } from '../../shared/text.js';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { contactLimits, contactMessages, emailPattern } from '../../shared/contact.js';
import { parseOrThrow } from './parse.js';
import { composeMail } from '../mail/compose.js';
import { errorWithoutData } from '../personal-errors.js';

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

/**
 * Stores a checked message as a draft customer from the contact form, then
 * queues a mail of it to the organisation's contact address with Reply-To set
 * to the visitor. The message is stored whatever happens to the mail.
 */
export async function storeContact(app: FastifyInstance, input: z.infer<typeof contactSchema>): Promise<{ id: string }> {
  const doc = await app.content.createAs(
    'customer',
    { data: { name: input.name, email: input.email, message: input.message, consent: true, source: 'contact-form' }, status: 'draft' },
    // A visitor: the audit log records the message without an account or an address.
    { principal: null, ip: null },
  );
  // The message is kept with its person (supporters/service.ts): staff find it under the address.
  await app.services.supporters.recordContact({ email: input.email, name: input.name }).catch((err: unknown) => {
    // The error's name only: a database's message may quote the address.
    app.log.error({ err: errorWithoutData(err), customer: doc.id }, 'contact message stored, but its person could not be recorded');
  });
  try {
    const { data: settings } = await app.services.settings.current();
    const name = oneLine(input.name);
    const mail = composeMail({
      subject: `Message from the website: ${name}`,
      organisation: settings.organisationName,
      heading: `${name} wrote through the contact form`,
      paragraphs: [input.message, `Reply to this mail to answer ${name} at ${input.email}. The message is also kept with the contacts (Customers) in the staff app.`],
    });
    await app.services.mail.enqueue({ ...mail, purpose: 'contact', to: settings.contactEmail, replyTo: { name, address: input.email } });
  } catch (err) {
    app.log.error({ err: errorWithoutData(err), customer: doc.id }, 'contact message stored, but its mail could not be queued');
  }
  return { id: doc.id };
}

export async function submitContact(app: FastifyInstance, data: unknown): Promise<{ id: string }> {
  return storeContact(app, parseOrThrow(contactSchema, data));
}
