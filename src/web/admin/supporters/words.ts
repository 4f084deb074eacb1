/** What the Supporters screen says in words: counts, a field's name, an answer's value, a language. */
import type { FormAnswerValue } from '../../../shared/forms.js';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 answers · 1 message", "No answer or message yet". */
export function writtenCount(answers: number, messages: number): string {
  if (answers === 0 && messages === 0) return 'No answer or message';
  return [plural(answers, 'answer', 'answers'), plural(messages, 'message', 'messages')].join(' · ');
}

/** What is held about a person, as a phrase: "their 2 answers to forms and 1 contact message", "their record". */
export function heldSummary(answers: number, messages: number): string {
  const parts = [answers > 0 ? plural(answers, 'answer to a form', 'answers to forms') : '', messages > 0 ? plural(messages, 'contact message', 'contact messages') : ''].filter(Boolean);
  return parts.length === 0 ? 'their record' : `their record, ${parts.join(' and ')}`;
}

/** A form as the CSV section offers it: "Youth sign-up / Usajili wa vijana (12 answers)". */
export function answeredFormLabel(form: { titles: readonly string[]; answers: number }): string {
  return `${form.titles.join(' / ')} (${plural(form.answers, 'answer', 'answers')})`;
}

/** "1 person", "12 people". */
export function peopleCount(n: number): string {
  return plural(n, 'person', 'people');
}

/** A field's id as a name: "first-name" → "First name". */
export function fieldName(id: string): string {
  const words = id.replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An answer's value as staff read it: lists joined, a tick as Yes or No, an empty answer said so. */
export function answerValue(value: FormAnswerValue): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '(none chosen)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return value.trim() === '' ? '(left empty)' : value;
}

let names: Intl.DisplayNames | null = null;

/** "Kiswahili (sw)": the language's English name and its code, or the code alone. */
export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' });
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** What the erasure removed, in words. */
export function erasedSummary(erased: { answers: number; messages: number; mails: number }): string {
  return `${plural(erased.answers, 'answer', 'answers')}, ${plural(erased.messages, 'contact message', 'contact messages')} and ${plural(erased.mails, 'kept mail', 'kept mails')} were removed for good.`;
}
