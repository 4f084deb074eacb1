/**
 * A form editors built (the `form` kind, src/shared/forms.ts), as visitors
 * see it: a plain HTML form posting to `/forms/<id>` that works without
 * JavaScript, a label for every input, each question's help and problem tied
 * to it (aria-describedby), required questions marked, the consent box, the
 * hidden honeypot, the signed `started` token and the page's language. The
 * server answers a post with the page again (the typing kept, each problem
 * beside its question) or the thanks.
 *
 * An island (islands.ts) when open: once the visitor goes into the form it
 * fetches a proof-of-work challenge (ALTCHA) and solves it while they type, then sends the
 * answer with fetch and shows the thanks or the problems in place (the
 * thanks announced by a status region, problems by an alert, focus to the
 * first question in error). A closed form shows its message and no inputs.
 */
import { newsletterChoiceInput, newsletterChoiceValue } from '../../../shared/newsletter-paths.js';
import { useRef, useState, type FormEvent } from 'react';
import { formConsentInput as consentInputName, formConsentValue, formHiddenInputs, formInputName, formLimits, type FormField } from '../../../shared/forms.js';
import type { PublicWords } from '../../../shared/public-words.js';
import { apiPaths } from '../../../shared/api-paths.js';
import { solveChallenge, type AltchaChallenge } from '../altcha-solve.js';

/** What the visitor typed, by input name (several values for a question with several choices). */
export type FormTyped = Record<string, string | string[]>;

export interface FormState {
  typed: FormTyped;
  /** By input name: the problem, in the page's words. */
  errors: Record<string, string>;
  status: { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; message: string };
}

export type PublicFormWords = Pick<PublicWords['form'], 'required' | 'send' | 'sending' | 'checking' | 'failed' | 'tooMany' | 'honeypot'>;

export interface PublicFormProps {
  formId: string;
  /** Where the form posts (`formPostPath`), with its anchor. */
  action: string;
  /** The element's id (`formAnchor`): the answer page opens on it. */
  anchor: string;
  title: string;
  intro: string;
  fields: FormField[];
  /** The consent box's words; null: the form has no consent box. */
  consentText: string | null;
  /** The "keep me informed" box's words (the newsletter); null: the form offers none. */
  newsletterChoice: string | null;
  closed: boolean;
  closedMessage: string;
  thankYou: string;
  /** The language of the closed message and the thanks when they are the site's words, not the form's, and not in the page's language. */
  ownWordsLang?: string | undefined;
  /** The signed time the form was served (src/server/forms/started.ts). */
  started: string;
  /** The page's language when it is not the site's default: posted with the answer, which is then answered in it. */
  lang?: string | undefined;
  words: PublicFormWords;
  /** The words' language when it is not the page's. */
  wordsLang?: string | undefined;
  /** The form as the server left it after a post without JavaScript. */
  initial?: FormState | undefined;
}

const emptyState: FormState = { typed: {}, errors: {}, status: { kind: 'idle' } };

/** The form's answer to a fetch: the thanks, or problems by input name, in the page's words (src/server/forms/routes.ts). */
interface FormReply {
  result?: 'sent';
  error?: { code: string; message: string; fields?: Record<string, string> };
}

function typedOf(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  return body;
}

export function PublicForm(props: PublicFormProps) {
  const { formId, action, anchor, title, intro, fields, consentText, newsletterChoice, closed, closedMessage, thankYou, ownWordsLang, started, lang, words: w, wordsLang } = props;
  const initial = props.initial ?? emptyState;
  const [errors, setErrors] = useState<Record<string, string>>(initial.errors);
  const [status, setStatus] = useState<FormState['status'] | { kind: 'sending' | 'checking' }>(initial.status);
  const [token, setToken] = useState(started);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // The proof of work, solved in the background from the moment the form starts in the browser.
  const solution = useRef<Promise<string | null> | null>(null);

  const startChallenge = () => {
    solution.current = fetch(`${apiPaths.forms.challenge}?form=${encodeURIComponent(formId)}`, { credentials: 'omit', headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ challenge: AltchaChallenge; started: string }>) : null))
      .then(async (answer) => {
        if (!answer) return null;
        setToken(answer.started);
        return solveChallenge(answer.challenge);
      })
      .catch(() => null);
  };
  // The work starts when the visitor first goes into the form (hydrating alone asks nothing of the server).
  const startOnce = () => {
    if (!solution.current) startChallenge();
  };

  const focusFirstError = (errs: Record<string, string>) => {
    const names = [...fields.map((f) => formInputName(f.id)), consentInputName];
    const first = names.find((n) => errs[n]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setStatus({ kind: 'checking' });
    startOnce();
    const altcha = solution.current ? await solution.current : null;
    const body = typedOf(form);
    if (altcha) body.set(formHiddenInputs.altcha, altcha);
    setStatus({ kind: 'sending' });
    try {
      const res = await fetch(form.action, { method: 'POST', body, credentials: 'omit', headers: { accept: 'application/json' } });
      const reply = (await res.json().catch(() => ({}))) as FormReply;
      if (res.ok && reply.result === 'sent') {
        setErrors({});
        setStatus({ kind: 'sent' });
        requestAnimationFrame(() => statusRef.current?.focus());
        return;
      }
      const found = reply.error?.fields ?? {};
      setErrors(found);
      setStatus({ kind: 'failed', message: res.status === 429 ? w.tooMany : (reply.error?.message ?? w.failed) });
      focusFirstError(found);
      // Questions to correct: the server has not looked at the solution yet, so it still serves.
      if (Object.keys(found).length > 0) return;
    } catch {
      setStatus({ kind: 'failed', message: w.failed });
    }
    // Otherwise the next send gets a new challenge.
    startChallenge();
  };

  const heading = (
    <h2 className="group-title" id={`${anchor}-title`}>
      {title}
    </h2>
  );
  if (closed) {
    return (
      <section className="block form-block" id={anchor} aria-labelledby={`${anchor}-title`} data-block={formId}>
        <div className="container form-inner">
          {heading}
          <p className="form-closed" lang={ownWordsLang}>
            {closedMessage}
          </p>
        </div>
      </section>
    );
  }

  const typed = initial.typed;
  const text = (name: string) => {
    const v = typed[name];
    return typeof v === 'string' ? v : (v?.[0] ?? '');
  };
  const chosen = (name: string, value: string) => {
    const v = typed[name];
    return Array.isArray(v) ? v.includes(value) : v === value;
  };
  const idOf = (name: string) => `${anchor}-${name}`;
  const describedBy = (name: string, help: boolean) => [help ? `${idOf(name)}-help` : null, errors[name] ? `${idOf(name)}-error` : null].filter(Boolean).join(' ') || undefined;
  const problem = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${idOf(name)}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const requiredMark = (required: boolean) =>
    required ? (
      <span className="form-required" lang={wordsLang}>
        {' '}
        {w.required}
      </span>
    ) : null;
  const helpOf = (name: string, help: string | undefined) =>
    help ? (
      <p className="field-help" id={`${idOf(name)}-help`}>
        {help}
      </p>
    ) : null;

  const question = (f: FormField) => {
    const name = formInputName(f.id);
    const id = idOf(name);
    const invalid = errors[name] ? true : undefined;
    const common = { id, name, required: f.required, 'aria-invalid': invalid, 'aria-describedby': describedBy(name, Boolean(f.help)) };
    if (f.type === 'choice' || f.type === 'choices') {
      const type = f.type === 'choice' ? 'radio' : 'checkbox';
      return (
        <fieldset className="field field-choices" key={f.id} aria-describedby={describedBy(name, Boolean(f.help))} aria-invalid={invalid}>
          <legend>
            {f.label}
            {requiredMark(f.required)}
          </legend>
          {helpOf(name, f.help)}
          {(f.options ?? []).map((o) => (
            <div className="field-check" key={o.value}>
              <input id={`${id}-${o.value}`} name={name} type={type} value={o.value} defaultChecked={chosen(name, o.value)} aria-invalid={invalid} />
              <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
            </div>
          ))}
          {problem(name)}
        </fieldset>
      );
    }
    if (f.type === 'consent') {
      return (
        <div className="field field-check" key={f.id}>
          <input {...common} type="checkbox" value={formConsentValue} defaultChecked={text(name) === formConsentValue} />
          <label htmlFor={id}>
            {f.label}
            {requiredMark(f.required)}
          </label>
          {helpOf(name, f.help)}
          {problem(name)}
        </div>
      );
    }
    const input =
      f.type === 'longText' ? (
        <textarea {...common} rows={5} maxLength={formLimits.longAnswer} defaultValue={text(name)} />
      ) : (
        <input
          {...common}
          type={f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : f.type === 'date' ? 'date' : 'text'}
          inputMode={f.type === 'number' ? 'decimal' : undefined}
          autoComplete={f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : f.id === 'name' ? 'name' : undefined}
          maxLength={formLimits.shortAnswer}
          defaultValue={text(name)}
        />
      );
    return (
      <div className="field" key={f.id}>
        <label htmlFor={id}>
          {f.label}
          {requiredMark(f.required)}
        </label>
        {helpOf(name, f.help)}
        {input}
        {problem(name)}
      </div>
    );
  };

  const sent = status.kind === 'sent';
  return (
    <section className="block form-block" id={anchor} aria-labelledby={`${anchor}-title`} data-block={formId}>
      <div className="container form-inner">
        {heading}
        {intro ? <p className="form-intro">{intro}</p> : null}
        <div id={`${anchor}-status`} ref={statusRef} tabIndex={-1} role="status" className="form-status" lang={ownWordsLang}>
          {sent ? thankYou : null}
        </div>
        {sent ? null : (
          <form ref={formRef} className="contact-form public-form" method="post" action={action} noValidate onSubmit={onSubmit} onFocus={startOnce}>
            <input type="hidden" name={formHiddenInputs.started} value={token} />
            {lang ? <input type="hidden" name={formHiddenInputs.lang} value={lang} /> : null}
            <div className="form-hp" aria-hidden="true">
              <label htmlFor={idOf(formHiddenInputs.honeypot)} lang={wordsLang}>
                {w.honeypot}
              </label>
              <input id={idOf(formHiddenInputs.honeypot)} name={formHiddenInputs.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            {fields.map(question)}
            {consentText ? (
              <div className="field field-check">
                <input
                  id={idOf(consentInputName)}
                  name={consentInputName}
                  type="checkbox"
                  value={formConsentValue}
                  required
                  defaultChecked={text(consentInputName) === formConsentValue}
                  aria-invalid={errors[consentInputName] ? true : undefined}
                  aria-describedby={describedBy(consentInputName, false)}
                />
                <label htmlFor={idOf(consentInputName)}>
                  {consentText}
                  {requiredMark(true)}
                </label>
                {problem(consentInputName)}
              </div>
            ) : null}
            {newsletterChoice ? (
              <div className="field field-check">
                <input id={idOf(newsletterChoiceInput)} name={newsletterChoiceInput} type="checkbox" value={newsletterChoiceValue} defaultChecked={text(newsletterChoiceInput) === newsletterChoiceValue} />
                <label htmlFor={idOf(newsletterChoiceInput)} lang={wordsLang}>
                  {newsletterChoice}
                </label>
              </div>
            ) : null}
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={status.kind === 'sending' || status.kind === 'checking'} lang={wordsLang}>
                {status.kind === 'sending' ? w.sending : status.kind === 'checking' ? w.checking : w.send}
              </button>
            </div>
            <div role="alert" className={status.kind === 'failed' ? 'form-status is-error' : 'form-status'}>
              {status.kind === 'failed' ? status.message : null}
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
