/**
 * Who owns which table: each table of the schema (schema.ts) is queried only
 * by its owner's repository, a `repository.ts` (or `*-repository.ts`) in the
 * owner's folder of src/server or in a room of it (auth/sessions/repository.ts). Another domain that needs the data calls that
 * repository or the owner's service. The database layer itself (this folder:
 * migrations, the generic table copy of backup and restore) may touch every
 * table by name. test/ownership.test.ts keeps the rule; docs/architecture.md
 * lists it for readers.
 */
import type { Database } from './schema.js';

export const tableOwners = {
  documents: 'content',
  revisions: 'content',
  users: 'auth',
  refresh_tokens: 'auth',
  action_codes: 'auth',
  two_factor: 'auth',
  two_factor_recovery_codes: 'auth',
  sign_in_challenges: 'auth',
  settings: 'settings',
  media: 'media',
  media_blobs: 'media',
  backup_runs: 'backup',
  mail_queue: 'mail',
  audit_log: 'audit',
  audit_chain: 'audit',
  preview_links: 'preview',
  site_paths: 'structure',
  redirects: 'structure',
  not_found: 'structure',
  translations: 'translations',
  translation_revisions: 'translations',
  supporters: 'supporters',
  form_answers: 'supporters',
  consent_versions: 'supporters',
  event_registrations: 'events',
  newsletter_subscriptions: 'newsletter',
  newsletters: 'newsletter',
  newsletter_deliveries: 'newsletter',
  visits: 'visits',
  visit_visitors: 'visits',
  visit_referrers: 'visits',
  visit_campaigns: 'visits',
} as const satisfies Record<keyof Database, string>;

export type TableName = keyof typeof tableOwners;
