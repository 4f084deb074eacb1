/**
 * Editorial safety, the contract both sides share: the states a block is in
 * and their words, the API paths of publishing, history, trash, preview links
 * and the audit log, their request and answer shapes, and how long trash and
 * preview links last by default.
 *
 * The state model: a block's row holds what visitors see (`data` with
 * `status`). On a published block a save writes `pendingData` instead, so the
 * public site stays as it was until "Publish changes" copies it over (or
 * "Discard changes" drops it). A draft has no live version: its saves write
 * `data` itself. `publishAt` / `unpublishAt` schedule either step. Every save,
 * publish, unpublish, discard and restore appends a revision; delete sets a
 * trash mark that hides the block at once, and the server removes it for good
 * after the retention period.
 */
import { z } from 'zod';
import { apiPaths, pathTo } from './api-paths.js';
import { auditScreenPath } from './audit.js';

/** What a list or form says a block is in. */
export const documentStates = ['draft', 'published', 'changed', 'scheduled'] as const;
export type DocumentState = (typeof documentStates)[number];

export const documentStateLabels: Record<DocumentState, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Published with unpublished changes',
  scheduled: 'Scheduled',
};

/** The fields of a staff reader that decide its state. */
export interface EditorialFields {
  status: 'draft' | 'published';
  hasPendingChanges: boolean;
  /** When the block (or its pending changes) will be published (ISO), or null. */
  publishAt: string | null;
  /** When a published block will be taken off the site (ISO), or null. */
  unpublishAt: string | null;
}

export function documentStateOf(doc: EditorialFields): DocumentState {
  if (doc.publishAt) return 'scheduled';
  if (doc.status === 'draft') return 'draft';
  return doc.hasPendingChanges ? 'changed' : 'published';
}

/** A list filter by state (`?state=`): `scheduled` also finds blocks due to be unpublished. */
export const stateFilterSchema = z.enum(documentStates);

/** The API paths of a block's editorial steps and of the trash; `name` and `id` are a collection and a block (patterns in api-paths.ts). */
export const editorialApi = {
  publish: (name: string, id: string) => pathTo(apiPaths.collections.publish, { name, id }),
  unpublish: (name: string, id: string) => pathTo(apiPaths.collections.unpublish, { name, id }),
  discard: (name: string, id: string) => pathTo(apiPaths.collections.discard, { name, id }),
  /** `DELETE`: cancels a scheduled publish and unpublish. */
  schedule: (name: string, id: string) => pathTo(apiPaths.collections.schedule, { name, id }),
  revisions: (name: string, id: string) => pathTo(apiPaths.collections.revisions, { name, id }),
  revision: (name: string, id: string, rev: string) => pathTo(apiPaths.collections.revision, { name, id, rev }),
  restoreRevision: (name: string, id: string, rev: string) => pathTo(apiPaths.collections.restoreRevision, { name, id, rev }),
  /** `GET` lists the trash; `DELETE` empties it (super-admins only). */
  trash: apiPaths.trash.list,
  restoreFromTrash: (id: string) => pathTo(apiPaths.trash.restore, { id }),
  preview: apiPaths.preview.list,
  previewLink: (id: string) => pathTo(apiPaths.preview.one, { id }),
  audit: apiPaths.audit,
} as const;

/** `POST …/publish` and `…/unpublish`: now, or at a future instant (ISO with offset). */
export const scheduleBodySchema = z
  .object({
    at: z.iso.datetime({ offset: true, error: 'Give a date and time such as 2026-12-01T09:00:00+03:00.' }).optional(),
  })
  .strict();
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;

/** What a revision records. */
export const revisionActions = ['create', 'save', 'publish', 'unpublish', 'discard', 'restore', 'untrash'] as const;
export type RevisionAction = (typeof revisionActions)[number];

export const revisionActionLabels: Record<RevisionAction, string> = {
  create: 'Created',
  save: 'Saved',
  publish: 'Published',
  unpublish: 'Unpublished',
  discard: 'Discarded changes',
  restore: 'Restored an earlier version',
  untrash: 'Restored from the trash',
};

/** Who did something: the account at the time (the name as it was then). */
export interface Actor {
  uid: string;
  name: string;
}

export interface RevisionSummary {
  id: string;
  /** 1, 2, 3… per block. */
  number: number;
  at: string;
  by: Actor | null;
  action: RevisionAction;
}

/** `GET …/revisions/:rev`: the block's content as it was kept then. */
export interface RevisionDetail extends RevisionSummary {
  data: Record<string, unknown>;
  status: 'draft' | 'published';
}

export interface RevisionsAnswer {
  revisions: RevisionSummary[];
}

/** Deleted blocks stay this many days before the server removes them for good (TRASH_RETENTION_DAYS). */
export const defaultTrashRetentionDays = 30;

export interface TrashEntry {
  id: string;
  collection: string;
  title: string;
  deletedAt: string;
  deletedBy: Actor | null;
  /** When the server will remove it for good. */
  purgeAt: string;
}

export interface TrashAnswer {
  entries: TrashEntry[];
}

/** Preview links work this many days (PREVIEW_LINK_DAYS). */
export const defaultPreviewLinkDays = 7;

/** Where a preview link opens: `/preview/<token>`, outside every public cache. */
export const previewPathPrefix = '/preview/';

/** `POST /api/preview`: the page, and a draft block to show on it (from that block's form). */
export const previewBodySchema = z
  .object({
    page: z.string().min(1).max(100),
    document: z.string().min(1).max(100).optional(),
    /** Preview the page in this language (its saved, unpublished translations shown); absent: the default one. */
    lang: z.string().min(2).max(20).optional(),
  })
  .strict();
export type PreviewBody = z.infer<typeof previewBodySchema>;

export interface PreviewLinkAnswer {
  id: string;
  url: string;
  expiresAt: string;
}

/** The banner every preview carries. */
export const previewBannerText = 'Preview — not published';

/** Every kind of change the audit log records. */
export const auditActions = [
  'content.create',
  'content.save',
  'content.publish',
  'content.unpublish',
  'content.schedule',
  'content.discard',
  'content.reorder',
  'content.delete',
  'content.restore',
  'content.restore-revision',
  'content.purge',
  'trash.empty',
  'media.upload',
  'media.delete',
  'media.update',
  'media.replace',
  'settings.save',
  'user.create',
  'user.update',
  'user.delete',
  'user.invite',
  'user.invitation-withdraw',
  'user.two-factor-reset',
  'user.two-factor-lock',
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.sign-out',
  'auth.password-change',
  'auth.password-reset',
  'auth.password-reset-request',
  'preview.create',
  'preview.revoke',
  'content.publish-overridden',
  'content.publish-held',
  'backup.restore',
  'redirect.create',
  'redirect.delete',
  'translation.save',
  'translation.publish',
  'translation.confirm',
  'translation.discard',
  'translation.unpublish',
  'audit.prune',
  'supporter.export',
  'supporter.erase',
  'supporter.answers-csv',
  'supporter.retention',
  'event.registrations-csv',
  'event.registration-change',
  'event.mail',
  'event.retention',
  'newsletter.create',
  'newsletter.send',
  'newsletter.pause',
  'newsletter.import',
  'newsletter.export',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'content.create': 'Created a block',
  'content.save': 'Saved changes',
  'content.publish': 'Published',
  'content.unpublish': 'Unpublished',
  'content.schedule': 'Scheduled',
  'content.discard': 'Discarded changes',
  'content.reorder': 'Reordered',
  'content.delete': 'Moved to the trash',
  'content.restore': 'Restored from the trash',
  'content.restore-revision': 'Restored an earlier version',
  'content.purge': 'Removed for good',
  'trash.empty': 'Emptied the trash',
  'media.upload': 'Uploaded a file',
  'media.delete': 'Deleted a file',
  'media.update': 'Changed a file’s alt text or focal point',
  'media.replace': 'Replaced a file',
  'settings.save': 'Saved site settings',
  'user.create': 'Created an account',
  'user.update': 'Changed an account',
  'user.delete': 'Deleted an account',
  'user.invite': 'Invited a colleague',
  'user.invitation-withdraw': 'Withdrew an invitation',
  'user.two-factor-reset': 'Reset two-factor sign-in',
  'user.two-factor-lock': 'Two-factor sign-in locked after wrong codes',
  'auth.sign-in': 'Signed in',
  'auth.sign-in-failed': 'Failed sign-in',
  'auth.sign-out': 'Signed out',
  'auth.password-change': 'Changed own password',
  'auth.password-reset': 'Reset password by mail',
  'auth.password-reset-request': 'Asked for a password reset link',
  'preview.create': 'Made a preview link',
  'preview.revoke': 'Revoked a preview link',
  'content.publish-overridden': 'Published despite accessibility errors',
  'content.publish-held': 'Scheduled publish held back: accessibility errors',
  'backup.restore': 'Restored a backup',
  'redirect.create': 'Added a redirect',
  'redirect.delete': 'Removed a redirect',
  'translation.save': 'Saved a translation',
  'translation.publish': 'Published a translation',
  'translation.confirm': 'Marked a translation still correct',
  'translation.discard': 'Discarded a translation’s changes',
  'translation.unpublish': 'Took a translation off the site',
  'audit.prune': 'Removed old audit log lines',
  'supporter.export': 'Downloaded what is held about a person',
  'supporter.erase': 'Erased a person and everything held about them',
  'supporter.answers-csv': 'Downloaded a form’s answers',
  'supporter.retention': 'Deleted answers past their retention time',
  'event.registrations-csv': 'Downloaded an event’s registrations',
  'event.registration-change': 'Changed a registration for an event',
  'event.mail': 'Mailed the people registered for an event',
  'event.retention': 'Deleted registrations past their retention time',
  'newsletter.create': 'Wrote a newsletter',
  'newsletter.send': 'Sent a newsletter',
  'newsletter.pause': 'Paused sending a newsletter',
  'newsletter.import': 'Imported newsletter subscribers',
  'newsletter.export': 'Downloaded the newsletter subscribers',
};

/** One line of the audit log. */
export interface AuditEntry {
  id: string;
  at: string;
  /** Who did it (null: a visitor, the scheduler, or an unknown address at sign-in). */
  actor: (Actor & { email: string }) | null;
  action: AuditAction;
  /** The collection of a content change, or null. */
  collection: string | null;
  /** The block, file, account or preview link the change was about. */
  subjectId: string | null;
  /** Its title, file name or address as it was then. */
  subject: string | null;
  /** The revision a content change made, when it made one. */
  revisionId: string | null;
  /** The client address. */
  ip: string | null;
}

export const auditPageSize = 50;

export const auditQuerySchema = z
  .object({
    actor: z.string().max(100).optional(),
    collection: z.string().max(100).optional(),
    action: z.enum(auditActions, { error: 'Choose one of the actions the log records.' }).optional(),
    from: z.iso.date({ error: 'Give a date such as 2026-11-01.' }).optional(),
    to: z.iso.date({ error: 'Give a date such as 2026-11-30.' }).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(auditPageSize),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditAnswer {
  entries: AuditEntry[];
  total: number;
}

/** The form's query parameter that opens its History on one revision (`?revision=<id>`): the audit log links with it. */
export const revisionParam = 'revision';

/** The screens. */
export const editorialPaths = {
  audit: auditScreenPath,
  trash: '/trash',
  pages: '/pages',
} as const;
