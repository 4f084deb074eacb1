/**
 * The dashboard's contract, shared by the server and the staff app: its API
 * path and answer. What waits for staff: pages and blocks not published yet
 * (drafts) or with saved changes not yet live, and what is scheduled to go
 * live or come off the site, each with where it is edited. The screen adds
 * the outdated translations and the site check's findings from their own
 * APIs (translations.ts, site-check.ts).
 */
import { z } from 'zod';
import { apiPaths } from './api-paths.js';
import { documentStates } from './editorial.js';
import { schema } from './fields.js';

/** `GET`: what waits, for staff who may see drafts. */
export const dashboardApi = apiPaths.dashboard;

/** At most this many items of each list; `total` says how many there are. */
export const dashboardListLimit = 50;

const waitingItemSchema = z.object({
  collection: z.string(),
  id: z.string(),
  /** The block's or page's title in its working copy ("Untitled" when it has none). */
  title: z.string(),
  state: z.enum(documentStates),
  /** Whether it is a page of the site (edited in the page editor) or a block (edited in its form). */
  kind: z.enum(['page', 'block']),
  /** Where staff edit it: the page editor, or the block's form. */
  editPath: z.string(),
  /** The page it shows on (its id and title), when it is on one. */
  page: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The collection's name in words (the drawer's label). */
  collectionLabel: z.string(),
  updatedAt: z.string(),
  /** When it goes live, or comes off the site (ISO), when scheduled. */
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
});
export type WaitingItem = z.infer<typeof waitingItemSchema>;

const waitingListSchema = z.object({ items: z.array(waitingItemSchema), total: z.number().int().nonnegative() });

export const dashboardAnswerSchema = schema(() =>
  z.object({
    /** Not published yet, or published with changes saved but not live; newest change first. */
    drafts: waitingListSchema,
    /** Due to be published or unpublished; soonest first. */
    scheduled: waitingListSchema,
  }),
);
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
