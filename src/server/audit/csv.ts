/**
 * The audit log as a CSV file (RFC 4180): a header row, one line per entry,
 * CRLF line ends, cells quoted when they hold a comma, a quote or a line
 * break (quotes doubled). A cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so opening the file runs nothing a visitor typed (a failed
 * sign-in's address, a file name).
 */
import { auditActionLabels, type AuditAction } from '../../shared/editorial.js';
import type { AuditRow } from './repository.js';

export const auditCsvColumns = ['Time (UTC)', 'Who', 'E-mail', 'Account id', 'Action', 'Action code', 'Collection', 'Subject', 'Subject id', 'Revision', 'Address'] as const;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** A cell's text a spreadsheet shows as text: one starting like a formula (= + - @, a tab, a carriage return) gets a leading apostrophe. */
export function notAFormula(value: string | null | undefined): string {
  const text = value ?? '';
  return formulaStart.test(text) ? `'${text}` : text;
}

/** One cell: neutralised against formulas, then quoted when RFC 4180 needs it (always, with `quoteAll`). */
export function csvCell(value: string | null | undefined, quoteAll = false): string {
  const text = notAFormula(value);
  return quoteAll || needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map((c) => csvCell(c)).join(',')}\r\n`;
}

export function auditCsvHeader(): string {
  return csvLine(auditCsvColumns);
}

export function auditCsvRow(row: AuditRow): string {
  const label = auditActionLabels[row.action as AuditAction] ?? row.action;
  return csvLine([row.at, row.actor_name, row.actor_email, row.actor_id, label, row.action, row.collection, row.subject, row.subject_id, row.revision_id, row.ip]);
}

/** The whole file, header first, produced line by line (the rows are read a page at a time). */
export async function* auditCsv(rows: AsyncIterable<AuditRow>): AsyncGenerator<string> {
  yield auditCsvHeader();
  let batch = '';
  for await (const row of rows) {
    batch += auditCsvRow(row);
    // Fewer, larger writes: about 64 KB at a time.
    if (batch.length >= 65_536) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
