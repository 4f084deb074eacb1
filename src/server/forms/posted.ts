/**
 * A public form as the browser posts it (application/x-www-form-urlencoded,
 * without JavaScript): every input by name, several values for a name given
 * several times, and what of it is shown again after a refusal. The forms
 * editors build and the registration for events read their posts so.
 */
import type { FormTyped } from '../../web/entry-server.js';
import { formHiddenInputs } from '../../shared/forms.js';

/** Five thousand characters per long answer, each up to four bytes, each byte percent-encoded, for a few such questions. */
export const formBodyLimit = 256 * 1024;

/** The posted form: every input by name, several values for a name given several times. */
export function parseForm(body: string): FormTyped {
  const typed: FormTyped = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const had = typed[name];
    typed[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return typed;
}

/** One input's text (the first, for an input given several times). */
export const one = (v: string | string[] | undefined): string => (typeof v === 'string' ? v : (v?.[0] ?? ''));

/** What the visitor typed, to show again: only the form's own inputs (never the hidden ones). */
export function keptTyping(typed: FormTyped): FormTyped {
  const kept: FormTyped = {};
  for (const [name, value] of Object.entries(typed)) if (name !== formHiddenInputs.altcha && name !== formHiddenInputs.honeypot && name !== formHiddenInputs.started && name !== formHiddenInputs.lang) kept[name] = value;
  return kept;
}
