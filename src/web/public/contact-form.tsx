/**
 * The contact form: name, e-mail, message and consent. An island
 * (islands.ts). Without JavaScript it is a plain form posting to
 * `contactFormPath`, and the server answers with a page showing this form
 * again in the state it was left (`initial`: the thanks, or what the visitor
 * typed with each field's message). Hydrated, it sends
 * POST /api/functions/submitContact { data } without leaving the page, shows
 * each field's message (from the browser's check or the server's answer) and
 * a success message. Its words come in its props, in the page's language
 * (island.tsx makes them from the page's dictionary).
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { api, ApiError } from '../api-client.js';
import { checkContact, consentValue, contactFields, emptyContactInput, contactFormPath, contactLimits, type ContactField, type ContactInput } from '../../shared/contact.js';
import { functionPath, pathTo } from '../../shared/api-paths.js';
import type { PublicWords } from '../../shared/public-words.js';

export type ContactStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; name: string } | { kind: 'failed'; message: string };
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The form as the server renders it after a post without JavaScript. */
export interface ContactFormState {
  input: ContactInput;
  errors: ContactErrors;
  status: ContactStatus;
}

/** Where the visitor's name goes in the `thanks` words. */
export const thanksNamePlaceholder = '{name}';

/**
 * The form's own words (src/shared/public-words.ts), as an island's props
 * carry them: the thanks as text with `thanksNamePlaceholder` where the
 * visitor's name goes (a function cannot travel in JSON).
 */
export type ContactFormWords = Omit<PublicWords['contact'], 'thanks' | 'pageTitle' | 'pageDescription'> & { thanks: string };

export interface ContactFormProps {
  contactEmail: string;
  initial?: ContactFormState;
  words: ContactFormWords;
  /** The words' language when it is not the page's (their `lang` mark). */
  wordsLang?: string | undefined;
  /** The page's language when it is not the site's default: posted with the form, so its answer without JavaScript speaks it too. */
  lang?: string | undefined;
}

// One contact form per page: fixed ids, the same on the server and in the browser. The section's id
// is the address's fragment the form posts to, so the answer page opens on the form.
const id = 'contact';

export function ContactForm({ contactEmail, initial, words: w, wordsLang, lang }: ContactFormProps) {
  const [input, setInput] = useState<ContactInput>(initial?.input ?? emptyContactInput);
  const [errors, setErrors] = useState<ContactErrors>(initial?.errors ?? {});
  const [status, setStatus] = useState<ContactStatus>(initial?.status ?? { kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  const set = <K extends ContactField>(field: K, value: ContactInput[K]) => {
    setInput((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const focusFirstError = (errs: ContactErrors) => {
    const first = contactFields.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = checkContact(input, w.messages);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await api<{ result: { id: string } }>(pathTo(functionPath, { name: 'submitContact' }), { method: 'POST', body: { data: input }, anonymous: true });
      setStatus({ kind: 'sent', name: input.name.trim() });
      setInput(emptyContactInput);
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid-argument' && err.fields) {
        const serverErrors: ContactErrors = {};
        // The server answers in English: the browser's own message for the field, in the page's words, when it has one.
        const own = checkContact(input, w.messages);
        for (const f of contactFields) {
          const msg = err.fields[f] ?? err.fields[`data.${f}`];
          if (msg) serverErrors[f] = own[f] ?? msg;
        }
        if (Object.keys(serverErrors).length > 0) {
          setErrors(serverErrors);
          setStatus({ kind: 'idle' });
          focusFirstError(serverErrors);
          return;
        }
      }
      // The server's other messages are in English and say no more to a visitor than this.
      setStatus({ kind: 'failed', message: err instanceof ApiError && err.code === 'resource-exhausted' ? w.messages.tooMany : w.messages.failed });
    }
  };

  const describedBy = (f: ContactField, extra?: string) => [errors[f] ? `${id}-${f}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  // What every text field shares: its id, value, change handler and error wiring.
  const textField = (f: 'name' | 'email' | 'message') => ({
    id: `${id}-${f}`,
    name: f,
    value: input[f],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(f, e.target.value),
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': describedBy(f),
    required: true,
  });
  const fieldError = (f: ContactField) =>
    errors[f] ? (
      <p className="field-error" id={`${id}-${f}-error`} lang={wordsLang}>
        {errors[f]}
      </p>
    ) : null;

  return (
    <section className="block contact-block" aria-labelledby={`${id}-title`} id={id}>
      <div className="container contact-inner">
        <div className="contact-intro">
          <h2 className="group-title" id={`${id}-title`} lang={wordsLang}>
            {w.title}
          </h2>
          <p lang={wordsLang}>{w.intro}</p>
          <p lang={wordsLang}>
            {w.writeTo}
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            {w.writeToEnd}
          </p>
        </div>
        <form ref={formRef} className="contact-form" method="post" action={`${contactFormPath}#${id}`} noValidate onSubmit={onSubmit} aria-describedby={`${id}-status`}>
          {lang ? <input type="hidden" name="lang" value={lang} /> : null}
          <div className="field">
            <label htmlFor={`${id}-name`} lang={wordsLang}>
              {w.name}
            </label>
            <input {...textField('name')} type="text" autoComplete="name" maxLength={contactLimits.name} />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`} lang={wordsLang}>
              {w.email}
            </label>
            <input {...textField('email')} type="email" autoComplete="email" maxLength={contactLimits.email} />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`} lang={wordsLang}>
              {w.message}
            </label>
            <textarea {...textField('message')} rows={5} maxLength={contactLimits.message} />
            {fieldError('message')}
          </div>
          <div className="field field-check">
            <input
              id={`${id}-consent`}
              name="consent"
              type="checkbox"
              value={consentValue}
              checked={input.consent}
              onChange={(e) => set('consent', e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={describedBy('consent')}
              required
            />
            <label htmlFor={`${id}-consent`} lang={wordsLang}>
              {w.consent}
            </label>
            {fieldError('consent')}
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={status.kind === 'sending'} lang={wordsLang}>
              {status.kind === 'sending' ? w.sending : w.send}
            </button>
          </div>
          <div id={`${id}-status`} ref={statusRef} tabIndex={-1} role="status" className={`form-status${status.kind === 'failed' ? ' is-error' : ''}`} lang={wordsLang}>
            {status.kind === 'sent' ? w.thanks.split(thanksNamePlaceholder).join(status.name) : null}
            {status.kind === 'failed' ? status.message : null}
          </div>
        </form>
      </div>
    </section>
  );
}
