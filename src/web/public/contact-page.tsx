/**
 * The page that answers the contact form posted without JavaScript
 * (`contactFormPath`): the public layout around the form as the post left
 * it, with the thanks, or with what the visitor typed and each field's
 * message, in the language of the page the form was on. The form is the
 * contact island, so with JavaScript it goes on working in place. Never
 * cached, never indexed.
 */
import type { SiteData } from './data.js';
import { Hero } from './blocks/hero.js';
import type { ContactFormState } from './contact-form.js';
import { contactFormProps, ContactFormIsland } from './island.js';
import { plainPageHead, type HeadModel } from './meta.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';
import { contactMessageIn, publicWordsFor, type PageWords } from '../../shared/public-words.js';

export interface ContactPageData extends PublicRouteData {
  form: ContactFormState;
}

/** The words of the page the answer is in (English when the site data names no language). */
function wordsOf(site: SiteData): PageWords {
  return publicWordsFor(site.language?.code ?? 'en');
}

export function contactPageHead(site: SiteData, path: string): HeadModel {
  const { words } = wordsOf(site);
  return plainPageHead(site, path, words.contact.pageTitle, words.contact.pageDescription);
}

/** The form's state with the server's messages (English, from its schema) in the page's words. */
function inWords(form: ContactFormState, words: PageWords['words']): ContactFormState {
  const { messages } = words.contact;
  const errors: ContactFormState['errors'] = {};
  for (const [field, message] of Object.entries(form.errors) as [keyof ContactFormState['errors'], string | undefined][]) {
    if (message) errors[field] = contactMessageIn(message, messages);
  }
  const status = form.status.kind === 'failed' ? { kind: 'failed' as const, message: contactMessageIn(form.status.message, messages) } : form.status;
  return { ...form, errors, status };
}

export function ContactPage({ data }: { data: ContactPageData }) {
  const pageWords = wordsOf(data.site);
  const { words } = pageWords;
  const defaultLanguage = data.site.language?.defaultCode ?? pageWords.code;
  return (
    <PublicShell data={data}>
      <div className="page page-contact">
        <Hero pageTitle={words.contact.pageTitle} titleLang={pageWords.lang} slide={null} media={{}} />
        <ContactFormIsland {...contactFormProps(data.site.settings.contactEmail, pageWords, defaultLanguage, inWords(data.form, words))} />
      </div>
    </PublicShell>
  );
}
