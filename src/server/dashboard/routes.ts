/**
 * `GET /api/dashboard` (staff): what waits on the staff dashboard — pages and
 * blocks not published yet or with changes not live, and what is scheduled —
 * each with its title, its page and where it is edited. Only collections the
 * caller may change are listed (an admin does not see the super-admin's
 * Publications). Also `/admin`, the staff app's way in: a redirect to the
 * dashboard, whose guard sends a signed-out browser to sign in.
 */
import { apiPaths } from '../../shared/api-paths.js';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { can, type Principal } from '../../shared/access.js';
import { blockTitle, collections } from '../../shared/collections.js';
import { dashboardListLimit, type DashboardAnswer, type WaitingItem } from '../../shared/dashboard.js';
import { documentStateOf } from '../../shared/editorial.js';
import { editPathOf } from '../../shared/routes.js';
import { dashboardPath, pageEditorPathOf, staffEntryPath } from '../../shared/staff-screens.js';
import { siteNavigationCollection, sitePageCollection } from '../../shared/declarations.js';
import type { Database } from '../db/schema.js';
import type { DocumentRow } from '../content/repository.js';
import type { SiteStructure } from '../structure/service.js';
import { authorize } from '../authorize.js';

type Conn = Kysely<Database>;

function parseData(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The declared collections this caller may not change: left out of the lists. */
function hiddenFor(principal: Principal | null): string[] {
  return collections.filter((c) => !can(principal, 'update', { type: 'collection', name: c.name })).map((c) => c.name);
}

async function itemOf(structure: SiteStructure, row: DocumentRow): Promise<WaitingItem | null> {
  const c = await structure.collection(row.collection);
  if (!c) return null;
  const data = parseData(row.pending_data ?? row.data);
  const state = documentStateOf({ status: row.status, hasPendingChanges: row.pending_data !== null, publishAt: row.publish_at, unpublishAt: row.unpublish_at });
  const base = { collection: row.collection, id: row.id, state, collectionLabel: c.label, updatedAt: row.updated_at, publishAt: row.publish_at, unpublishAt: row.unpublish_at };
  if (row.collection === sitePageCollection) return { ...base, kind: 'page', title: blockTitle(c, data), editPath: pageEditorPathOf(row.id), page: null };
  if (row.collection === siteNavigationCollection) return { ...base, kind: 'block', title: c.label, editPath: '/navigation', page: null };
  const pageId = structure.pageOfCollectionNow(row.collection);
  const page = pageId ? await structure.workingPage(pageId) : undefined;
  return { ...base, kind: 'block', title: blockTitle(c, data), editPath: editPathOf(row.collection, row.id), page: page && pageId ? { id: pageId, title: page.title } : null };
}

/** What waits for this caller: drafts (newest change first) and what is scheduled (soonest first), each list capped. */
export async function dashboardOf(db: Conn, structure: SiteStructure, principal: Principal | null): Promise<DashboardAnswer> {
  const hidden = hiddenFor(principal);
  let base = db.selectFrom('documents').where('deleted_at', 'is', null);
  if (hidden.length > 0) base = base.where('collection', 'not in', hidden);
  const drafts = base.where('publish_at', 'is', null).where((eb) => eb.or([eb('status', '=', 'draft'), eb('pending_data', 'is not', null)]));
  const scheduled = base.where((eb) => eb.or([eb('publish_at', 'is not', null), eb('unpublish_at', 'is not', null)]));
  const count = async (q: typeof base) => Number((await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0);
  const [draftRows, draftTotal, scheduledRows, scheduledTotal] = await Promise.all([
    drafts.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(dashboardListLimit).execute(),
    count(drafts),
    // The sooner of its two instants first (ISO text sorts as time).
    scheduled.selectAll().orderBy(sql`coalesce(publish_at, unpublish_at)`).orderBy('id').limit(dashboardListLimit).execute(),
    count(scheduled),
  ]);
  const items = async (rows: DocumentRow[]) => (await Promise.all(rows.map((r) => itemOf(structure, r)))).filter((i): i is WaitingItem => i !== null);
  return { drafts: { items: await items(draftRows), total: draftTotal }, scheduled: { items: await items(scheduledRows), total: scheduledTotal } };
}

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(apiPaths.dashboard, async (request, reply) => {
    // Drafts are staff business: whoever may see every page as it will be (the Pages screen's subject).
    authorize(request.principal, 'readDrafts', { type: 'preview' });
    reply.header('cache-control', 'private, no-store');
    return dashboardOf(app.services.db.kysely, app.services.structure, request.principal);
  });
}

/** `/admin` (and `/admin/`): the staff app's way in, the same answer for everyone (the dashboard's guard decides the rest). */
export async function staffEntryRoutes(app: FastifyInstance): Promise<void> {
  for (const url of [staffEntryPath, `${staffEntryPath}/`]) {
    app.get(url, async (_request, reply) => reply.header('cache-control', 'no-store').redirect(dashboardPath, 302));
  }
}
