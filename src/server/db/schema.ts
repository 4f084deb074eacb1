/** Row types of the database. Only repositories see these. */
import type { ColumnType, Generated } from 'kysely';

/** Which database a connection speaks (the migrations differ slightly). */
export type Dialect = 'sqlite' | 'postgres';

export interface DocumentsTable {
  id: string;
  collection: string;
  /** JSON text of the validated, sanitised field values. */
  data: string;
  position: number;
  status: 'draft' | 'published';
  version: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  /**
   * The title folded for search (`titleSearchOf` in db/title-search.ts),
   * written by the content repository with every `data`; null when a row was
   * written around it (then search reads the title from `data`).
   */
  title_search: ColumnType<string | null, string | null | undefined, string | null>;
  /** A published block's saved, unpublished changes (JSON text like data); null when there are none. */
  pending_data: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the block or its pending changes go live (ISO); null when not scheduled. */
  publish_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a published block comes off the site (ISO). */
  unpublish_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** In the trash since (ISO); null for a block on the site or in the lists. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The authoring-check rules a scheduled publish was confirmed despite (comma-separated); null: none confirmed. */
  publish_override: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Idempotency-Key of the staff write that made this version (shared/request-key.ts); null: none, or the server's own write. */
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every save, publish, unpublish, discard and restore of a block (append-only). */
export interface RevisionsTable {
  id: string;
  document_id: string;
  collection: string;
  /** 1, 2, 3… per block. */
  number: number;
  action: string;
  /** The block's status after this step. */
  status: 'draft' | 'published';
  /** The content the step left as the working copy (JSON text). */
  data: string;
  at: string;
  by_id: string | null;
  /** The account's name at the time. */
  by_name: string | null;
}

/** Every change anyone makes (append-only: the repository has insert, list and the command line's prune). */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  collection: string | null;
  subject_id: string | null;
  subject: string | null;
  revision_id: string | null;
  ip: string | null;
  /** The line's place in the hash chain (1, 2, …); null only for a line no server chained. */
  seq: number | null;
  /** The hash of the line before it in the chain (or the chain's anchor). */
  prev_hash: string | null;
  /** HMAC(chain key, prev_hash, the line's fields): see audit/chain-repository.ts. */
  hash: string | null;
}

/** The audit chain's one row (id 1): its head (the last line appended) and its anchor (where the kept lines start). */
export interface AuditChainTable {
  id: number;
  head_seq: number;
  head_hash: string;
  anchor_seq: number;
  anchor_hash: string;
}

/** A shared preview link, by the SHA-256 of its token. */
export interface PreviewLinksTable {
  id: string;
  token_hash: string;
  page: string;
  /** A draft block the preview shows on the page, or null. */
  document_id: string | null;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The language the page is previewed in (its saved translation laid over), or null for the default one. */
  lang: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  role: 'super' | 'admin' | 'none';
  disabled: number;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  /** Carried in every idToken; a token whose epoch differs is refused. Renewed (random) when the account's sessions end: auth/sessions/revocation.ts. */
  token_epoch: string;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /** The User-Agent and client address of the request that issued this token (the sessions list). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the family (the session) began; null on tokens issued before it was recorded. */
  session_created_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SettingsTable {
  key: string;
  data: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface MediaTable {
  id: string;
  sha256: string;
  content_type: string;
  kind: 'image' | 'pdf';
  byte_size: number;
  width: number | null;
  height: number | null;
  dominant_color: string | null;
  /** JSON text: the variants with their widths, sizes and store keys. */
  variants: string;
  original_name: string | null;
  created_at: string;
  created_by: string | null;
  /** The default alt text of every use that gives none ('' when none is set). */
  alt: Generated<string>;
  /** The focal point, 0–1 from the left and from the top; null when none is set (the centre). */
  focal_x: number | null;
  focal_y: number | null;
  /** The file name and alt text folded for search (mediaSearchTextOf); null when a row was written around the repository. */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the picture's AVIF copies were made or tried (avif-job.ts); 0 for pictures uploaded before. */
  avif_checked: Generated<number>;
}

export interface MediaBlobsTable {
  key: string;
  content_type: string;
  byte_size: number;
  bytes: Uint8Array;
  created_at: string;
}

/** A backup the server took or is taking (scheduled or "Back up now"); the command line's backups have none. */
export interface BackupRunsTable {
  id: string;
  trigger: 'schedule' | 'manual' | 'upgrade';
  /** The scheduled time (ISO) a scheduled run is for; unique, so one instance takes each. Null otherwise. */
  scheduled_for: string | null;
  /** The file's name in BACKUP_DIR (`backupFileName`). */
  name: string;
  /** Which server process took it. */
  instance: string;
  started_at: string;
  /** Refreshed while the run lives; a `running` row whose heartbeat is old was left by a server that stopped. */
  heartbeat_at: string;
  finished_at: string | null;
  status: 'running' | 'verified' | 'failed';
  bytes: number | null;
  /** Why it failed, one line. */
  message: string | null;
}

export interface SeqTable {
  id: Generated<number>;
}

/** One translation of a block (or of the site settings) into one language: its words only (shared/translatable.ts). */
export interface TranslationsTable {
  document_id: string;
  lang: string;
  collection: string;
  /** JSON map of keys to text: what visitors of the language see; null until published. */
  data: string | null;
  /** Saved, unpublished words; null when none. */
  pending_data: string | null;
  /** The original's words the published translation follows (JSON map); null until published. */
  source: string | null;
  version: number;
  updated_at: string;
  updated_by: string | null;
  published_at: string | null;
}

/** Every step of a translation, with the words it left (append-only). */
export interface TranslationRevisionsTable {
  id: string;
  document_id: string;
  lang: string;
  /** 1, 2, 3… per block and language. */
  number: number;
  action: string;
  /** The translation's working words after the step (JSON map). */
  data: string;
  at: string;
  by_id: string | null;
  by_name: string | null;
}

export interface SitePathsTable {
  lang: string;
  path: string;
  page_id: string;
}

export interface RedirectsTable {
  id: string;
  lang: string;
  from_path: string;
  page_id: string | null;
  url: string | null;
  gone: ColumnType<number, number | undefined, number>;
  automatic: ColumnType<number, number | undefined, number>;
  hits: ColumnType<number, number | undefined, number>;
  last_hit_at: string | null;
  created_at: string;
  created_by: string | null;
}

export interface NotFoundTable {
  lang: string;
  path: string;
  hits: number;
  first_at: string;
  last_at: string;
}

/** Views of a public page per day (UTC), language and address (visits/); the site's total is the row with lang and path ''. */
export interface VisitsTable {
  day: string;
  lang: string;
  path: string;
  views: number;
  /** Distinct visitors of a day once it is rolled up; until then they are the day's rows in visit_visitors. */
  visitors: number;
}

/** The current days' visitors: a keyed hash of address and browser under a salt of that day alone (never stored). */
export interface VisitVisitorsTable {
  day: string;
  lang: string;
  path: string;
  visitor: string;
}

/** Views that came from another site, by its host only. */
export interface VisitReferrersTable {
  day: string;
  host: string;
  views: number;
}

/** Views that came with utm_source or utm_campaign ('' when absent). */
export interface VisitCampaignsTable {
  day: string;
  source: string;
  campaign: string;
  views: number;
}

export interface Database {
  documents: DocumentsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  settings: SettingsTable;
  media: MediaTable;
  media_blobs: MediaBlobsTable;
  backup_runs: BackupRunsTable;
  mail_queue: MailQueueTable;
  action_codes: ActionCodesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  revisions: RevisionsTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  preview_links: PreviewLinksTable;
  site_paths: SitePathsTable;
  translations: TranslationsTable;
  translation_revisions: TranslationRevisionsTable;
  redirects: RedirectsTable;
  not_found: NotFoundTable;
  supporters: SupportersTable;
  form_answers: FormAnswersTable;
  consent_versions: ConsentVersionsTable;
  event_registrations: EventRegistrationsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletters: NewslettersTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  visits: VisitsTable;
  visit_visitors: VisitVisitorsTable;
  visit_referrers: VisitReferrersTable;
  visit_campaigns: VisitCampaignsTable;
}

/** A mail to send (mail/queue.ts); bodies are cleared once it is sent. */
export interface MailQueueTable {
  id: string;
  purpose: string;
  to_address: string;
  /** JSON `{ name, address }` of the Reply-To, or null. */
  reply_to: string | null;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  created_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  /** An instance sending it holds it until then (a crashed sender's claim runs out). */
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  /** JSON list of `{ filename, contentType, content }` (an event's calendar file), or null; dropped once sent. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use link sent by mail, found by the SHA-256 of its token. */
export interface ActionCodesTable {
  id: string;
  purpose: 'password-reset' | 'invitation';
  token_hash: string;
  email: string;
  /** The account a reset is for; null for an invitation. */
  user_id: string | null;
  /** The role an invitation gives; null for a reset. */
  role: 'super' | 'admin' | null;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** An account's authenticator secret (AES-256-GCM under a key derived from AUTH_SECRET, never in clear). */
export interface TwoFactorTable {
  user_id: string;
  /** The confirmed secret, encrypted; null while off. */
  secret: string | null;
  /** A secret being set up, encrypted, until a code confirms it. */
  pending_secret: string | null;
  enabled_at: string | null;
  /** The newest TOTP time step accepted: a code is accepted once. */
  last_step: number | null;
  updated_at: string;
  /** Wrong codes in a row since the last right one. */
  failed_codes: Generated<number>;
  /** When that run reached the limit: two-factor sign-in stops until a super-admin resets it. */
  locked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use recovery code, by its HMAC (or, made before that, its SHA-256). */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** The step between a right password and the second factor, by the SHA-256 of the challenge. */
export interface SignInChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A person who answered a form, by their e-mail address (lower case, unique): supporters/repository.ts. */
export interface SupportersTable {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  updated_at: string;
}

/** One answer to a form: its values (JSON text, by field id) and when retention deletes it. */
export interface FormAnswersTable {
  id: string;
  supporter_id: string;
  form_id: string;
  /** The form's title when the answer was given. */
  form_title: string;
  lang: string;
  values: string;
  consent_version_id: string | null;
  created_at: string;
  expires_at: string;
}

/** A form's consent text in one language, numbered per (form, language); text_hash is the text's SHA-256. */
export interface ConsentVersionsTable {
  id: string;
  form_id: string;
  lang: string;
  version: number;
  text: string;
  text_hash: string;
  created_at: string;
}

/** One person's registration for an event (events/repository.ts); unique per (event, supporter), removed with the person. */
export interface EventRegistrationsTable {
  id: string;
  event_id: string;
  /** The event's title when the person registered. */
  event_title: string;
  supporter_id: string;
  /** shared/events.ts `RegistrationState`. */
  state: string;
  lang: string;
  /** The answers to the extra questions: JSON text, by question id. */
  values: string;
  attended_at: string | null;
  reminded_at: string | null;
  /** The SHA-256 of the cancel link's token. */
  cancel_token_hash: string;
  cancel_used_at: string | null;
  created_at: string;
  updated_at: string;
  /** When retention deletes it: the event's end plus its retention months. */
  expires_at: string;
}

/** A person's subscription to the newsletter (newsletter/repository.ts): one per person, removed with them. */
export interface NewsletterSubscriptionsTable {
  id: string;
  supporter_id: string;
  lang: string;
  /** shared/newsletter.ts `SubscriptionState`. */
  state: string;
  /** Where the consent came from: the footer, a form, an import. */
  source: string;
  /** The consent text agreed to (supporters' consent_versions, form id `newsletter`). */
  consent_version_id: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** The issue whose link the reader left by. */
  unsubscribed_by: string | null;
}

/** One issue of the newsletter in one language. */
export interface NewslettersTable {
  id: string;
  lang: string;
  subject: string;
  intro: string;
  /** JSON text: the items picked, shared/newsletter.ts `NewsletterItem[]`. */
  items: string;
  /** shared/newsletter.ts `NewsletterState`. */
  state: string;
  send_at: string | null;
  archived: ColumnType<number, number | undefined, number>;
  unsubscribes: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** One issue's mail to one reader: the newsletter's queue. */
export interface NewsletterDeliveriesTable {
  id: string;
  newsletter_id: string;
  subscription_id: string;
  /** waiting, sent, failed or skipped. */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}
