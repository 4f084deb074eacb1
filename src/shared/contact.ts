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

export const emptyContactInput: ContactInput = { name: '', email: '', message: '', consent: false };

/** The fields in the form's order (the first in error takes the focus). */
export const contactFields: readonly ContactField[] = ['name', 'email', 'message', 'consent'];

/**
 * Where the form posts without JavaScript: application/x-www-form-urlencoded
 * with the fields by their names, the consent box sending `consentValue` when
 * ticked. The server answers with a whole page (thanks, or the form again
 * with each field's message). With JavaScript the form calls
 * POST /api/functions/submitContact instead; both count against one limit.
 */
export const contactFormPath = '/contact';
export const consentValue = 'yes';

export const contactLimits = { name: 160, email: 254, message: 5000, messageMin: 10 } as const;

/**
 * The form's messages in English: what the server's schema answers with,
 * and the English words of the public form (src/shared/public-words.ts holds
 * them in every language, each under the same key).
 */
export const contactMessages = {
  nameRequired: 'Please tell us your name.',
  nameTooLong: `Your name can be at most ${contactLimits.name} characters.`,
  emailRequired: 'Please enter your e-mail address so we can reply.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.org.',
  messageTooShort: `Please write a message of at least ${contactLimits.messageMin} characters.`,
  messageTooLong: `Your message can be at most ${contactLimits.message} characters.`,
  consentRequired: 'Please agree that we may store your message and contact you.',
  /** Under the form when the server found fields to correct (the page without JavaScript). */
  correctFields: 'Your message has not been sent yet. Please correct the fields marked above.',
  tooMany: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

/** The form's messages in one language, under the keys of the English ones. */
export type ContactMessages = Record<keyof typeof contactMessages, string>;

/** The thanks under the form once a message is stored. */
export function contactThanks(name: string): string {
  return `Thank you, ${name}! Your message has been sent. We will reply soon.`;
}

// zod's e-mail pattern (z.email(), which the server's customer schema uses), copied so the
// public bundle stays free of zod: the browser refuses exactly what the server would.
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Field messages (in the language of `messages`) for what is wrong; empty when the input can be sent. */
export function checkContact(input: ContactInput, messages: ContactMessages): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  if (!name) errors.name = messages.nameRequired;
  else if (name.length > contactLimits.name) errors.name = messages.nameTooLong;
  if (!email) errors.email = messages.emailRequired;
  else if (email.length > contactLimits.email || !emailPattern.test(email)) errors.email = messages.emailInvalid;
  if (message.length < contactLimits.messageMin) errors.message = messages.messageTooShort;
  else if (message.length > contactLimits.message) errors.message = messages.messageTooLong;
  if (input.consent !== true) errors.consent = messages.consentRequired;
  return errors;
}
