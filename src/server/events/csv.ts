/**
 * An event's registrations as a CSV file a spreadsheet opens safely, written
 * as a form's answers are (supporters/csv.ts: BOM, CRLF, every cell quoted, a
 * cell that starts like a formula shown as text). Columns: registered, state,
 * waitlist position, attended, language, e-mail, name, then one per question
 * id seen (in the order first seen).
 */
import type { Registration } from '../../shared/events.js';
import { answerCell, csvBom, csvRow } from '../supporters/csv.js';

export const registrationsCsvFixedColumns = ['Registered (UTC)', 'State', 'Waitlist position', 'Attended (UTC)', 'Language', 'E-mail', 'Name'] as const;

export function registrationsCsv(registrations: readonly Registration[]): string {
  const questionIds: string[] = [];
  for (const r of registrations) for (const id of Object.keys(r.values)) if (!questionIds.includes(id)) questionIds.push(id);
  let text = csvBom + csvRow([...registrationsCsvFixedColumns, ...questionIds]);
  for (const r of registrations) {
    text += csvRow([r.createdAt, r.state, r.waitlistPosition === null ? '' : String(r.waitlistPosition), r.attendedAt ?? '', r.lang, r.email, r.name ?? '', ...questionIds.map((id) => answerCell(r.values[id]))]);
  }
  return text;
}
