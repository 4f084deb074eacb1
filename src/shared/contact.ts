/**
 * The contact form's fields, limits and messages: one place for the public
 * form's instant checks and the server's zod schema (src/server/functions/contact.ts).
 * Plain code, no zod: it ships in the public first load.
 */
export interface ContactInput {
  name: string;
  email: string;
  message: string;
  consent: boolean;
}
export type ContactField = keyof ContactInput;

export const contactLimits = { name: 160, email: 254, message: 5000, messageMin: 10 } as const;

export const contactMessages = {
  nameRequired: 'Please tell us your name.',
  nameTooLong: `Your name can be at most ${contactLimits.name} characters.`,
  emailRequired: 'Please enter your e-mail address so we can reply.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.org.',
  messageTooShort: `Please write a message of at least ${contactLimits.messageMin} characters.`,
  messageTooLong: `Your message can be at most ${contactLimits.message} characters.`,
  consentRequired: 'Please agree that we may store your message and contact you.',
} as const;

// zod's e-mail pattern (z.email(), which the server's customer schema uses), copied so the
// public bundle stays free of zod: the browser refuses exactly what the server would.
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Field messages for what is wrong; empty when the input can be sent. */
export function checkContact(input: ContactInput): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  if (!name) errors.name = contactMessages.nameRequired;
  else if (name.length > contactLimits.name) errors.name = contactMessages.nameTooLong;
  if (!email) errors.email = contactMessages.emailRequired;
  else if (email.length > contactLimits.email || !emailPattern.test(email)) errors.email = contactMessages.emailInvalid;
  if (message.length < contactLimits.messageMin) errors.message = contactMessages.messageTooShort;
  else if (message.length > contactLimits.message) errors.message = contactMessages.messageTooLong;
  if (input.consent !== true) errors.consent = contactMessages.consentRequired;
  return errors;
}
