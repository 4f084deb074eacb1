/** Configuration from the environment (docs/deployment.md lists the variables), checked with zod. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isPostgresUrl, sqliteFile } from './db/index.js';
import { scheduleProblem } from './backup/schedule.js';
import { defaultPreviewLinkDays, defaultTrashRetentionDays } from '../shared/editorial.js';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  /** Lifetime of an idToken in seconds. */
  authTokenTtl: number;
  /** SESSION_IDLE_TIMEOUT: a staff session not used for this many seconds ends (its refresh token expires). */
  sessionIdleTimeout: number;
  /** SESSION_MAX_AGE: a staff session ends this many seconds after its sign-in, however much it is used. */
  sessionMaxAge: number;
  bootstrapSuperEmail: string | undefined;
  bootstrapSuperPassword: string | undefined;
  mediaStore: 'fs' | 'postgres';
  redisUrl: string | undefined;
  logLevel: string;
  /** Where the built browser app and server-render bundle are (dist/). */
  distDir: string;
  /** Seed demo content into an empty database at start-up. */
  seedDemo: boolean;
  production: boolean;
  /** Fastify's trustProxy: false, true, or comma-separated addresses of trusted proxies. */
  trustProxy: boolean | string;
  /** Where `backup` writes archives without --out (default DATA_DIR/backups). */
  backupDir?: string | undefined;
  /** When set, backups are encrypted with it and restores need it. Never printed. */
  backupPassphrase?: string | undefined;
  /** BACKUP_SCHEDULE: when the server takes backups (cron, in the site's time zone); absent: never. */
  backupSchedule?: string | undefined;
  /** BACKUP_KEEP: how many scheduled, manual and command-line backups rotation keeps (default 14). */
  backupKeep?: number | undefined;
  /** SMTP_URL: where mail goes (`smtp://user:pass@host:port`, `smtps://…`); absent: written to DATA_DIR/outbox. Never printed. */
  smtpUrl?: string | undefined;
  /** SMTP_ALLOW_PLAINTEXT_AUTH=yes: the SMTP password may go without TLS to a server that is not on this machine (default: never). */
  smtpAllowPlaintextAuth?: boolean | undefined;
  /** TRASH_RETENTION_DAYS: how long deleted blocks stay in the trash (default 30). */
  trashRetentionDays?: number | undefined;
  /** VISITS_RETENTION_MONTHS: how many months of daily page-view counts are kept (default 25; 0 keeps them all). */
  visitsRetentionMonths?: number | undefined;
  /** MAIL_FROM: the sender's address (default no-reply@ the public URL's host). */
  mailFrom?: string | undefined;
  /** DKIM_PRIVATE_KEY (PEM), DKIM_SELECTOR: every mail is signed for the sender's domain when both are set. Never printed. */
  dkim?: { privateKey: string; selector: string } | undefined;
  /** NEWSLETTER_RATE_PER_MINUTE: at most this many newsletter mails a minute, across every instance (default 60). */
  newsletterRatePerMinute?: number | undefined;
  /** PREVIEW_LINK_DAYS: how many days a preview link works (default `defaultPreviewLinkDays`). */
  previewLinkDays?: number | undefined;
  /** PAGE_WEIGHT_BROWSER: the Chromium that loads pages to weigh their first view; null: none, pages are weighed whole from their HTML. */
  pageWeightBrowser?: string | null | undefined;
}

export const defaultBackupKeep = 14;

/** Daily page-view counts are kept this many months unless VISITS_RETENTION_MONTHS says otherwise. */
export const defaultVisitsRetentionMonths = 25;

/**
 * Staff sessions (ASVS 7.3.1, 7.3.2): an hour without use ends one, so a
 * browser left open in a shared office or cybercafé does not stay signed in
 * for long; twelve hours end it however much it is used, so a working day
 * needs one sign-in and a stolen session lasts at most that long.
 */
export const defaultSessionIdleTimeout = 3600;
export const defaultSessionMaxAge = 12 * 3600;
const sessionSeconds = (name: string, min: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number of seconds, at least ${min}` })
    .int(`${name} must be a whole number of seconds, at least ${min}`)
    .min(min, `${name} must be a whole number of seconds, at least ${min}`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  AUTH_TOKEN_TTL: z.coerce.number().int().min(10).max(86_400).default(3600),
  // Replaced by the two limits below; refused rather than ignored, so a server set up for 30-day sessions says so.
  REFRESH_TOKEN_TTL: z.undefined({ message: 'REFRESH_TOKEN_TTL is no longer read: set SESSION_IDLE_TIMEOUT and SESSION_MAX_AGE (seconds) instead' }).optional(),
  // At least 10 minutes: the staff app renews a session at most every 5 minutes of use.
  SESSION_IDLE_TIMEOUT: sessionSeconds('SESSION_IDLE_TIMEOUT', 600).default(defaultSessionIdleTimeout),
  SESSION_MAX_AGE: sessionSeconds('SESSION_MAX_AGE', 600).default(defaultSessionMaxAge),
  BOOTSTRAP_SUPER_EMAIL: z.email().optional(),
  BOOTSTRAP_SUPER_PASSWORD: z.string().min(1).optional(),
  MEDIA_STORE: z.enum(['fs', 'postgres']).optional(),
  REDIS_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DIST_DIR: z.string().min(1).default('./dist'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_PASSPHRASE: z.string().min(12, 'BACKUP_PASSPHRASE must be at least 12 characters').optional(),
  // Empty means unset, so a compose file can switch scheduled backups off with `BACKUP_SCHEDULE=`.
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : scheduleProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), 'SMTP_URL must look like smtp://user:password@host:587 or smtps://…'),
  // Said in so many words: any other value is a mistake, not a quiet "no".
  SMTP_ALLOW_PLAINTEXT_AUTH: z
    .enum(['yes', 'no'], 'SMTP_ALLOW_PLAINTEXT_AUTH must be "yes" (send the SMTP password without TLS to a server that is not on this machine) or "no"')
    .default('no'),
  DKIM_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\\n/g, '\n').trim() : undefined))
    .refine((v) => v === undefined || /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/.test(v), 'DKIM_PRIVATE_KEY must be a private key in PEM form (-----BEGIN PRIVATE KEY----- …)'),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, 'DKIM_SELECTOR must be the selector of the DNS record <selector>._domainkey.<domain>, such as mail2026')
    .optional(),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number({ message: 'NEWSLETTER_RATE_PER_MINUTE must be a whole number of mails a minute, from 1 to 100000' })
    .int('NEWSLETTER_RATE_PER_MINUTE must be a whole number of mails a minute, from 1 to 100000')
    .min(1, 'NEWSLETTER_RATE_PER_MINUTE must be a whole number of mails a minute, from 1 to 100000')
    .max(100_000, 'NEWSLETTER_RATE_PER_MINUTE must be a whole number of mails a minute, from 1 to 100000')
    .default(60),
  MAIL_FROM: z.email('MAIL_FROM must be an e-mail address such as website@example.org').optional(),
  TRASH_RETENTION_DAYS: z.coerce
    .number({ message: 'TRASH_RETENTION_DAYS must be a whole number of days, at least 1' })
    .int('TRASH_RETENTION_DAYS must be a whole number of days, at least 1')
    .min(1, 'TRASH_RETENTION_DAYS must be a whole number of days, at least 1')
    .default(defaultTrashRetentionDays),
  VISITS_RETENTION_MONTHS: z.coerce
    .number({ message: 'VISITS_RETENTION_MONTHS must be a whole number of months (0 keeps every count)' })
    .int('VISITS_RETENTION_MONTHS must be a whole number of months (0 keeps every count)')
    .min(0, 'VISITS_RETENTION_MONTHS must be a whole number of months (0 keeps every count)')
    .default(defaultVisitsRetentionMonths),
  PREVIEW_LINK_DAYS: z.coerce
    .number({ message: 'PREVIEW_LINK_DAYS must be a whole number of days from 1 to 365' })
    .int('PREVIEW_LINK_DAYS must be a whole number of days from 1 to 365')
    .min(1, 'PREVIEW_LINK_DAYS must be a whole number of days from 1 to 365')
    .max(365, 'PREVIEW_LINK_DAYS must be a whole number of days from 1 to 365')
    .default(defaultPreviewLinkDays),
  PAGE_WEIGHT_BROWSER: z.string().min(1, 'PAGE_WEIGHT_BROWSER must be the path of a Chromium, or "off"').optional(),
  BACKUP_KEEP: z.coerce.number({ message: 'BACKUP_KEEP must be a whole number of at least 1' }).int('BACKUP_KEEP must be a whole number of at least 1').min(1, 'BACKUP_KEEP must be a whole number of at least 1').default(defaultBackupKeep),
});

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** Reads AUTH_SECRET from DATA_DIR, creating it (mode 0600) on first start. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  if (e.SESSION_MAX_AGE < e.SESSION_IDLE_TIMEOUT) throw new Error('Invalid configuration: SESSION_MAX_AGE must be at least SESSION_IDLE_TIMEOUT');
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    authTokenTtl: e.AUTH_TOKEN_TTL,
    sessionIdleTimeout: e.SESSION_IDLE_TIMEOUT,
    sessionMaxAge: e.SESSION_MAX_AGE,
    bootstrapSuperEmail: e.BOOTSTRAP_SUPER_EMAIL,
    bootstrapSuperPassword: e.BOOTSTRAP_SUPER_PASSWORD,
    mediaStore: e.MEDIA_STORE ?? (isPostgresUrl(e.DATABASE_URL) ? 'postgres' : 'fs'),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve(e.DIST_DIR),
    seedDemo: e.SEED_DEMO === 'true',
    production: e.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupPassphrase: e.BACKUP_PASSPHRASE,
    backupSchedule: e.BACKUP_SCHEDULE,
    backupKeep: e.BACKUP_KEEP,
    smtpUrl: e.SMTP_URL,
    smtpAllowPlaintextAuth: e.SMTP_ALLOW_PLAINTEXT_AUTH === 'yes',
    mailFrom: e.MAIL_FROM,
    dkim: e.DKIM_PRIVATE_KEY && e.DKIM_SELECTOR ? { privateKey: e.DKIM_PRIVATE_KEY, selector: e.DKIM_SELECTOR } : undefined,
    newsletterRatePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    visitsRetentionMonths: e.VISITS_RETENTION_MONTHS,
    previewLinkDays: e.PREVIEW_LINK_DAYS,
    pageWeightBrowser: pageWeightBrowser(e.PAGE_WEIGHT_BROWSER),
  };
}

/** Debian's and Ubuntu's Chromium, where `apt-get install chromium` puts it: used to weigh pages when present. */
export const defaultPageWeightBrowser = '/usr/bin/chromium';

/** PAGE_WEIGHT_BROWSER: `off`, a path (which must exist), or absent: Debian's Chromium if installed. */
function pageWeightBrowser(value: string | undefined): string | null {
  if (value === 'off') return null;
  if (value === undefined) return fs.existsSync(defaultPageWeightBrowser) ? defaultPageWeightBrowser : null;
  if (!fs.existsSync(value)) throw new Error(`Invalid configuration: PAGE_WEIGHT_BROWSER: no file at ${value} (the path of a Chromium, or "off")`);
  return path.resolve(value);
}

/** Where a setting's shared thing lives, without a password: host, port and name, or a file's full path. */
function placeOf(url: string | undefined, defaultPort: string): string {
  if (!url) return 'none';
  if (!URL.canParse(url)) return path.resolve(url);
  const u = new URL(url);
  return `${u.hostname}:${u.port || defaultPort}${u.pathname}`;
}

function folderOf(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/**
 * The same value on every instance that works on the same database, Redis
 * and media folder, and a different one otherwise: what `/api/health` answers
 * as `shared`, and what the doctor computes from the environment file to
 * check that the instances behind the proxy share all three. Keyed with
 * AUTH_SECRET, so the public answer says nothing about where they are.
 */
export function sharedStateDigest(config: Pick<AppConfig, 'authSecret' | 'databaseUrl' | 'dataDir' | 'mediaStore' | 'redisUrl'>): string {
  const database = isPostgresUrl(config.databaseUrl) ? placeOf(config.databaseUrl, '5432') : folderOf(sqliteFile(config));
  const media = config.mediaStore === 'postgres' ? 'the database' : folderOf(path.join(config.dataDir, 'media'));
  const redis = placeOf(config.redisUrl, '6379');
  return crypto.createHmac('sha256', config.authSecret).update(JSON.stringify({ database, redis, media })).digest('hex').slice(0, 16);
}
