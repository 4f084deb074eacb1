/**
 * The audit log's screen path and the name of its CSV export. Plain code, no
 * zod, because the route table imports it; the API's shapes are in
 * editorial.ts (`editorialApi.audit`, `auditQuerySchema`, `AuditAnswer`).
 */

/** The staff screen (super-admins only); `editorialPaths.audit` names it too. */
export const auditScreenPath = '/audit';

/** The media type that asks `GET /api/audit` for a CSV file instead of JSON. */
export const auditCsvType = 'text/csv';

/** `audit-2026-11-25.csv`: the day of the export, in UTC. */
export function auditCsvFileName(at: Date): string {
  return `audit-${at.toISOString().slice(0, 10)}.csv`;
}
