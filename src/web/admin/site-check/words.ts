/** How the checks' findings read on the staff screens. */
import type { Finding, FindingSeverity } from '../../../shared/site-check.js';

export const severityLabel: Record<FindingSeverity, string> = { error: 'Error', warning: 'Warning' };
/** Badge colours (filled, text in contrast) and the notes' text colours, all at least 4.5:1 on white. */
export const severityColour: Record<FindingSeverity, string> = { error: 'red.9', warning: 'yellow.4' };
export const severityTextColour: Record<FindingSeverity, string> = { error: 'var(--mantine-color-red-9)', warning: '#7a4500' };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "2 errors and 1 warning". */
export function findingCountText(findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const parts = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean);
  return parts.join(' and ');
}
