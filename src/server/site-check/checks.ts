/**
 * The authoring checks as the server runs them: the media facts they need in
 * one query, a block's findings, and the gate every publish goes through
 * (errors refuse it unless the editor confirmed; the audit line says so).
 */
import type { Kysely } from 'kysely';
import type { CollectionDef } from '../../shared/collections.js';
import { AppError } from '../../shared/errors.js';
import type { FieldDef } from '../../shared/fields.js';
import { checkData, errorsOf, mediaFactsOfDescription, mediaIdsIn, type CheckTarget, type MediaFacts, type MediaLookup } from '../../shared/authoring/check.js';
import type { AuthoringRule, Finding } from '../../shared/site-check.js';
import type { Database } from '../db/schema.js';

/** Default alt text, original name and kind of these media, in one query. */
export async function mediaFactsOf(db: Kysely<Database>, ids: readonly string[]): Promise<MediaLookup> {
  const unique = [...new Set(ids)];
  const facts = new Map<string, MediaFacts>();
  // Chunks keep each query under the databases' parameter limits on a large site.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('media').select(['id', 'alt', 'original_name', 'kind']).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) facts.set(r.id, mediaFactsOfDescription({ alt: r.alt, kind: r.kind, name: r.original_name }));
  }
  return (id) => facts.get(id);
}

/** A block as the checks see it; `page`: the page that shows its collection, as the structure says (structure/service.ts `pageShowing`). */
export function blockTarget(c: CollectionDef, id: string, page: string | null): CheckTarget {
  return { collection: c.name, id, kind: c.kind, page, fields: c.fields };
}

/** Every finding on one block's (or the settings') data. */
export async function findingsOf(db: Kysely<Database>, target: CheckTarget, fields: readonly FieldDef[], data: Record<string, unknown>): Promise<Finding[]> {
  return checkData(target, data, await mediaFactsOf(db, mediaIdsIn(fields, data)));
}

/** The rules of these findings, once each, as the audit line and the schedule keep them. */
export function rulesOf(findings: readonly Finding[]): AuthoringRule[] {
  return [...new Set(findings.map((f) => f.rule))];
}

/**
 * Checks what would go live. No error: null. Errors the editor confirmed:
 * the rules, for the audit line. Errors not confirmed: 400 naming the first
 * finding's field, every error in `details.findings`.
 */
export async function publishGate(db: Kysely<Database>, c: CollectionDef, id: string, data: Record<string, unknown>, override: boolean, page: string | null): Promise<AuthoringRule[] | null> {
  const errors = errorsOf(await findingsOf(db, blockTarget(c, id, page), c.fields, data));
  if (errors.length === 0) return null;
  if (override) return rulesOf(errors);
  const first = errors[0]!;
  const field = `data.${first.field}`;
  const count = errors.length === 1 ? 'an accessibility error' : `${errors.length} accessibility errors`;
  const fields: Record<string, string> = {};
  for (const e of errors) fields[`data.${e.field}`] ??= e.message;
  throw new AppError('invalid-argument', `${field}: This block has ${count}. ${first.message} Fix it, or confirm to publish anyway.`, {
    field,
    fields,
    details: { findings: errors },
  });
}

/** The audit subject of a publish despite errors (or one held back by them): the block, then the rules. */
export function overriddenSubject(title: string, rules: readonly string[], held = false): string {
  return `${title} — ${held ? 'not published because of' : 'despite'} ${rules.join(', ')}`;
}
