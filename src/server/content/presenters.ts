/** Turns document rows into API objects: the full staff view and the thinner public one. */
import type { ContentDocument, PublicDocument } from '../../shared/collections.js';
import type { DocumentRow } from './repository.js';
import { publicDataOf, type FieldDef } from '../../shared/fields.js';

function parseData(row: Pick<DocumentRow, 'data'>): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

/** Staff see the working copy (pending changes first) and, beside it, what visitors see. */
export function toContentDocument(row: DocumentRow): ContentDocument {
  const pending = row.pending_data === null ? null : (JSON.parse(row.pending_data) as Record<string, unknown>);
  return {
    id: row.id,
    collection: row.collection,
    data: pending ?? parseData(row),
    position: Number(row.position),
    status: row.status,
    hasPendingChanges: pending !== null,
    liveData: pending === null ? null : parseData(row),
    publishAt: row.publish_at,
    unpublishAt: row.unpublish_at,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

/** Public readers never see status, version or who edited a block, nor its fields for staff only (a form's notification addresses). */
export function toPublicDocument(row: DocumentRow, fields: readonly FieldDef[] | undefined): PublicDocument {
  return {
    id: row.id,
    collection: row.collection,
    data: publicDataOf(fields, parseData(row)),
    position: Number(row.position),
    updatedAt: row.updated_at,
  };
}
