/**
 * A form's answers as a CSV file a spreadsheet opens safely (RFC 4180):
 * UTF-8 with a byte-order mark (so accents and other scripts show), CRLF line
 * ends, every cell quoted (quotes doubled), and a cell that starts like a
 * formula (= + - @, a tab or a carriage return) prefixed with an apostrophe
 * (audit/csv.ts holds that rule), so what a visitor typed is shown, never run.
 * Columns: date, language, e-mail, name, one per field id seen (in the order
 * first seen), consent version.
 */
import type { FormAnswerValue } from '../../shared/forms.js';
import type { SupporterAnswer } from '../../shared/supporters.js';
import { csvCell } from '../audit/csv.js';

export const formCsvFixedColumns = ['Date (UTC)', 'Language', 'E-mail', 'Name'] as const;
export const formCsvConsentColumn = 'Consent version';

/** UTF-8's byte-order mark: spreadsheets then read accents and other scripts right. */
export const csvBom = '\uFEFF';

/** One row: every cell neutralised against formulas and quoted, CRLF at the end. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map((c) => csvCell(c, true)).join(',')}\r\n`;
}

/** A value as a cell: lists joined with "; ", a consent box's yes as "yes". */
export function answerCell(value: FormAnswerValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export function formAnswersCsv(answers: readonly (SupporterAnswer & { email: string; name: string | null })[]): string {
  const fieldIds: string[] = [];
  for (const a of answers) for (const id of Object.keys(a.values)) if (!fieldIds.includes(id)) fieldIds.push(id);
  let text = csvBom + csvRow([...formCsvFixedColumns, ...fieldIds, formCsvConsentColumn]);
  for (const a of answers) {
    text += csvRow([a.createdAt, a.lang, a.email, a.name ?? '', ...fieldIds.map((id) => answerCell(a.values[id])), a.consent ? String(a.consent.version) : '']);
  }
  return text;
}
