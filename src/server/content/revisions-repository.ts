/**
 * The revisions of blocks: append-only, numbered per block. Each editorial
 * step (create, save, publish, unpublish, discard, restore, back from the
 * trash) appends the working copy it left, who and when.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RevisionsTable } from '../db/schema.js';
import type { RevisionAction, RevisionDetail, RevisionSummary } from '../../shared/editorial.js';

type Conn = Kysely<Database>;
export type RevisionRow = Selectable<RevisionsTable>;

export interface NewRevision {
  documentId: string;
  collection: string;
  action: RevisionAction;
  status: 'draft' | 'published';
  /** The working copy after the step (JSON text). */
  data: string;
  at: string;
  by: { uid: string; name: string } | null;
}

/** Appends a revision numbered after the block's last; its id. Call inside the step's transaction. */
export async function appendRevision(db: Conn, r: NewRevision): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('revisions')
    .values({
      id,
      document_id: r.documentId,
      collection: r.collection,
      // One statement computes the next number and inserts; the unique (document_id, number) index refuses a race.
      number: sql<number>`(select coalesce(max(r.number), 0) + 1 from revisions r where r.document_id = ${r.documentId})`,
      action: r.action,
      status: r.status,
      data: r.data,
      at: r.at,
      by_id: r.by?.uid ?? null,
      by_name: r.by?.name ?? null,
    })
    .execute();
  return id;
}

function summaryOf(row: Pick<RevisionRow, 'id' | 'number' | 'at' | 'by_id' | 'by_name' | 'action'>): RevisionSummary {
  return {
    id: row.id,
    number: Number(row.number),
    at: row.at,
    by: row.by_id ? { uid: row.by_id, name: row.by_name ?? '' } : null,
    action: row.action as RevisionAction,
  };
}

/** A block's revisions, newest first (without their data: the list stays small however long the history). */
export async function listRevisions(db: Conn, documentId: string): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('revisions')
    .select(['id', 'number', 'at', 'by_id', 'by_name', 'action'])
    .where('document_id', '=', documentId)
    .orderBy('number', 'desc')
    .execute();
  return rows.map(summaryOf);
}

const revisionIdPattern = /^[0-9a-f-]{36}$/;

export async function findRevision(db: Conn, documentId: string, revisionId: string): Promise<RevisionDetail | undefined> {
  if (!revisionIdPattern.test(revisionId)) return undefined;
  const row = await db.selectFrom('revisions').selectAll().where('document_id', '=', documentId).where('id', '=', revisionId).executeTakeFirst();
  if (!row) return undefined;
  return { ...summaryOf(row), data: JSON.parse(row.data) as Record<string, unknown>, status: row.status };
}
