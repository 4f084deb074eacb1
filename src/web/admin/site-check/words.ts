/** How the checks' findings read on the staff screens. */
import type { Finding, FindingSeverity } from '../../../shared/site-check.js';

export const severityLabel: Record<FindingSeverity, string> = { error: 'Error', warning: 'Warning' };
export const severityColour: Record<FindingSeverity, string> = { error: 'red', warning: 'yellow' };

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
