/**
 * The collection declarations as plain data, and what follows from them
 * alone: names, detail pages, paths and access. The browser's entries read
 * this module (no zod); collections.ts adds fields and schemas.
 */
import { declarations, systemDeclarations } from './declarations.js';
import type { Declaration, DetailPage, ReadAccess, WriteAccess } from './declare.js';

export { declarations, systemDeclarations } from './declarations.js';
export { declare, staffGroups } from './declare.js';
export type { Declaration, DetailPage, ReadAccess, StaffGroup, WriteAccess } from './declare.js';
export type { BlockKind, CollectionKind, DetailKind } from './kinds.js';

export type CollectionName = (typeof declarations)[number]['name'];

/** The name of a collection a new section creates for its blocks: `s-` and ten random letters or digits (its list path is a staff path, so no page may take it). */
export const sectionCollectionPattern = /^s-[a-z0-9]{10}$/;

/** The section collection whose staff screen a path is (`/s-…` lists, `/s-…-form/:id` forms), or null. */
export function sectionCollectionOfPath(pathname: string): string | null {
  const first = (pathname.split('/')[1] ?? '').replace(/-form$/, '');
  return sectionCollectionPattern.test(first) ? first : null;
}

const declarationsByName = new Map<string, Declaration>([...declarations, ...systemDeclarations].map((d) => [d.name, d]));

export function declarationOf(name: string): Declaration | undefined {
  return declarationsByName.get(name);
}

/** The collections whose blocks have pages of their own, with those pages' paths. */
export const detailCollections = declarations.flatMap((d: Declaration) => (d.detail ? [{ ...d, detail: d.detail }] : []));

/** The path of one block's own page: `/news/<id>`. */
export function detailPath(detail: DetailPage, id: string): string {
  return `${detail.path}/${encodeURIComponent(id)}`;
}

/** The path of one block's own page, or null when its collection has none. */
export function detailPathOf(collection: string, id: string): string | null {
  const detail = declarationsByName.get(collection)?.detail;
  return detail ? detailPath(detail, id) : null;
}

/** Every list path of a collection (the canonical one first). */
export function listPathsOf(d: Declaration): string[] {
  return [`/${d.name}`, ...(d.extraListPaths ?? [])];
}

/** Every form path of a collection (the canonical one first); each takes `:id`. */
export function formPathsOf(d: Declaration): string[] {
  return [`/${d.name}-form/:id`, ...(d.formPaths ?? [])];
}

export function readAccessOf(d: Declaration): ReadAccess {
  return d.read ?? 'public';
}

export function writeAccessOf(d: Declaration): WriteAccess {
  return d.write ?? 'admin';
}

export function removeAccessOf(d: Declaration): WriteAccess {
  return d.remove ?? writeAccessOf(d);
}
