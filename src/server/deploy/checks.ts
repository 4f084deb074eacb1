/**
 * The doctor's checks: what a person would otherwise find the hard way, each
 * with one plain sentence and the fix. Everything the checks look at outside
 * the configuration goes through `Probes`, so a test can prepare a bad
 * machine (a full disk, a root service) without making one.
 */
import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { apiPaths } from '../../shared/api-paths.js';
import { nextScheduledTime } from '../backup/schedule.js';
import { configFromEnv, sharedStateDigest, type AppConfig } from '../config.js';
import { isPostgresUrl, migrationStatus, openDatabase, sqliteFile } from '../db/index.js';
import { instancePortsVariable, proxyAddress } from './files.js';
import { lastVerifiedBackupAt } from '../backup/repository.js';
import { smtpProbe } from './smtp-probe.js';

export type CheckStatus = 'ok' | 'warn' | 'error';

export const checkResultSchema = z.object({
  id: z.string(),
  status: z.enum(['ok', 'warn', 'error']),
  message: z.string(),
  fix: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
export const doctorReportSchema = z.object({ checks: z.array(checkResultSchema) });

/** Less free space than this (or than `lowDiskShare` of the disk) is a warning. */
export const lowDiskBytes = 1024 ** 3;
export const lowDiskShare = 0.1;
/** A certificate ending sooner than this is a warning (Let's Encrypt renews at 30 days left). */
export const certificateWarnDays = 14;
/** Less memory than this on the machine is a warning (builds, image resizing and the database share it). */
export const lowMemoryBytes = 1024 ** 3;
/** A documentation address (TEST-NET-2) the doctor forges as X-Forwarded-For. */
export const forgedAddress = '198.51.100.23';

export interface DiskSpace {
  /** Bytes free for an unprivileged user. */
  free: number;
  total: number;
}

export interface PeerCertificate {
  validTo: Date;
  /** Why the certificate is not trusted (expired, unknown issuer, wrong name), or null. */
  problem: string | null;
}

export interface Probes {
  nodeVersion: string;
  now(): Date;
  diskSpace(dir: string): Promise<DiskSpace>;
  memory(): { total: number; free: number };
  /** The user id and group id the service runs as, and its name; undefined when unknown. */
  serviceUser(): { name: string; uid: number; gid: number } | undefined;
  /** GET with extra headers; says what the server answered and the local address the request left from. */
  get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string; localAddress: string }>;
  peerCertificate(host: string, port: number): Promise<PeerCertificate>;
  /** The newest verified backup's time, undefined when none. */
  lastVerifiedBackup(config: AppConfig): Promise<Date | undefined>;
  /** The TXT records at a DNS name, each as its strings (absent: DNS is not asked, the DKIM check only reads the key). */
  txt?(name: string): Promise<string[][]>;
}

export interface DoctorInput {
  env: Record<string, string | undefined>;
  /** The environment file setup wrote (its mode is checked). */
  envFile?: string | undefined;
  /** Send a test mail to this address. */
  mailTo?: string | undefined;
  /** Only the checks that take no network and no database (at every start in production). */
  quick?: boolean;
  probes: Probes;
}

/** The installation's folder: the nearest one above this module with the site's package.json (src/ or dist/ alike). */
export function installRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && /"name":\s*"ngo-site"/.test(fs.readFileSync(file, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json of the site above ${from}`);
  }
}

function result(id: string, status: CheckStatus, message: string, fix = ''): CheckResult {
  return { id, status, message, fix };
}

function gib(n: number): string {
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

/** The supported Node.js lines, from package.json's engines ("^22.22.0 || ^24.0.0"), as check-node.cjs reads them. */
export function supportedNodeLines(): [number, number][] {
  const pkg = z.object({ engines: z.object({ node: z.string() }) }).parse(JSON.parse(fs.readFileSync(path.join(installRoot(), 'package.json'), 'utf8')));
  return pkg.engines.node.split('||').map((part) => {
    const m = /(\d+)\.(\d+)/.exec(part);
    return [Number(m?.[1]), Number(m?.[2])];
  });
}

export function checkNode(version: string): CheckResult {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number) as [number, number];
  let lines: [number, number][];
  try {
    lines = supportedNodeLines();
  } catch (err) {
    return result('node', 'warn', `Node.js ${version}: the supported lines could not be read (${(err as Error).message}).`, 'Run the site from its own folder, with its package.json.');
  }
  const names = lines.map(([a, b]) => (b ? `${a} (${a}.${b} or later)` : String(a))).join(' or ');
  const ok = lines.some(([a, b]) => major === a && minor >= b);
  return ok
    ? result('node', 'ok', `Node.js ${version} is a supported line.`)
    : result('node', 'error', `Node.js ${version} is not supported: the site needs Node.js ${names}.`, 'Install Node.js 24 (see "Node.js" in README.md) and point the service at it (setup --node).');
}

function checkPublicUrl(config: AppConfig): CheckResult {
  const https = config.publicUrl.startsWith('https://');
  if (!config.production) return result('public-url', https ? 'ok' : 'warn', `PUBLIC_URL is ${config.publicUrl}${https ? '' : ' and NODE_ENV is not production'}.`, https ? '' : 'A public site runs with NODE_ENV=production and an https:// PUBLIC_URL (setup writes both).');
  return https
    ? result('public-url', 'ok', `PUBLIC_URL is ${config.publicUrl}.`)
    : result('public-url', 'error', `PUBLIC_URL is ${config.publicUrl}: in production it must be https://, or sign-in cookies and links in mails go out over plain HTTP.`, 'Set PUBLIC_URL=https://your-domain in the environment file and restart.');
}

function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/** A folder the service writes: owned by (so writable by) the service user, and not writable by anybody else. */
function checkFolder(id: string, label: string, dir: string, probes: Probes, quick: boolean): CheckResult {
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch {
    return result(id, 'error', `${label} ${dir} does not exist.`, `Create it for the service user: sudo install -d -m 0750 -o ngo-site -g ngo-site ${dir}`);
  }
  const user = probes.serviceUser();
  const fixOwner = `sudo chown -R ${user?.name ?? 'ngo-site'}: ${dir} && sudo chmod 0750 ${dir}`;
  if (st.mode & 0o002) return result(id, 'error', `${label} ${dir} is writable by every user on the machine (mode ${modeText(st.mode)}).`, fixOwner);
  if (st.mode & 0o020 && (!user || st.gid !== user.gid)) return result(id, 'error', `${label} ${dir} is writable by the group ${st.gid}, which is not the service's (mode ${modeText(st.mode)}).`, fixOwner);
  if (user) {
    const writable = st.uid === user.uid ? (st.mode & 0o200) !== 0 : st.gid === user.gid && (st.mode & 0o020) !== 0;
    if (!writable) return result(id, 'error', `${label} ${dir} is not writable by the service user ${user.name} (owner ${st.uid}, mode ${modeText(st.mode)}).`, fixOwner);
  } else if (!quick) {
    return result(id, 'warn', `${label} ${dir}: the service user is not known (no unit file), so who may write it was not checked.`, 'Run setup, or run the doctor on the server where the unit is installed.');
  }
  return result(id, 'ok', `${label} ${dir} is writable by the service user and by no one else.`);
}

function checkSecretFiles(config: AppConfig, envFile: string | undefined): CheckResult {
  const files = [envFile, path.join(config.dataDir, 'auth-secret')].filter((f): f is string => !!f && fs.existsSync(f));
  const loose = files.filter((f) => (fs.statSync(f).mode & 0o077) !== 0);
  if (loose.length > 0) {
    const list = loose.map((f) => `${f} (mode ${modeText(fs.statSync(f).mode)})`).join(', ');
    return result('secret-files', 'error', `Secret files can be read by other users: ${list}.`, `sudo chmod 0600 ${loose.join(' ')}`);
  }
  return result('secret-files', 'ok', files.length ? `Secret files are private (mode 0600): ${files.join(', ')}.` : 'No secret file yet (AUTH_SECRET is made at the first start).');
}

async function checkDisk(dir: string, probes: Probes): Promise<CheckResult> {
  let space: DiskSpace;
  try {
    space = await probes.diskSpace(dir);
  } catch (err) {
    return result('disk', 'warn', `The free space under ${dir} could not be read (${(err as Error).message}).`, 'Check with: df -h');
  }
  const share = space.total > 0 ? space.free / space.total : 0;
  const text = `${gib(space.free)} free of ${gib(space.total)} (${Math.round(share * 100)} %) under ${dir}`;
  if (space.free < lowDiskBytes || share < lowDiskShare) return result('disk', 'warn', `Little free disk space: ${text}. Backups, uploads and upgrades stop when it runs out.`, 'Delete old files (see du -sh /var/lib/ngo-site/*), keep fewer backups (BACKUP_KEEP), or rent a bigger disk.');
  return result('disk', 'ok', `${text}.`);
}

function checkMemory(probes: Probes): CheckResult {
  const { total, free } = probes.memory();
  const text = `${gib(total)} of memory, ${gib(free)} free`;
  if (total < lowMemoryBytes) return result('memory', 'warn', `Only ${text}: building and resizing images may fail.`, 'Add a swap file (docs/deployment.md) or rent a machine with 1 GB or more.');
  return result('memory', 'ok', `${text}.`);
}

function checkServiceUser(probes: Probes): CheckResult {
  const user = probes.serviceUser();
  if (!user) return result('service-user', 'warn', 'The service user is not known (no systemd unit was found).', 'Run setup, which installs the unit with its own user.');
  if (user.uid === 0) return result('service-user', 'error', `The service runs as root (${user.name}): a flaw in the site would give away the whole machine.`, 'Run setup (it creates the ngo-site user), or set User=ngo-site in the unit, chown DATA_DIR to it and restart.');
  return result('service-user', 'ok', `The service runs as ${user.name} (uid ${user.uid}), not as root.`);
}

async function checkDatabase(config: AppConfig): Promise<CheckResult> {
  if (!isPostgresUrl(config.databaseUrl)) {
    const file = sqliteFile(config);
    // The doctor creates nothing: a missing file is made (and migrated) by the first start.
    if (file !== ':memory:' && !fs.existsSync(file)) return result('database', 'warn', `There is no database yet (${file}).`, 'Start the service: the first start creates and migrates it.');
  }
  let db;
  try {
    db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    return result('database', 'error', `The database cannot be opened: ${(err as Error).message}.`, 'Check DATABASE_URL (or DATA_DIR for SQLite), that the database server runs, and that the service user owns DATA_DIR and every file in it (sudo chown -R ngo-site: /var/lib/ngo-site).');
  }
  try {
    const status = await migrationStatus(db);
    if (status.unknown.length) return result('database', 'error', `The database has migrations this code does not know (${status.unknown.join(', ')}): a newer version ran on it.`, 'Deploy that newer version again, or go back as docs/operations.md says ("Going back to the previous version").');
    if (status.pending.length) return result('database', 'warn', `The database answers; ${status.pending.length} migration(s) are not applied yet (${status.pending.at(-1)}).`, 'Start (or restart) the service: it takes an upgrade backup, then migrates.');
    return result('database', 'ok', `The database answers and is at the code's migration level (${status.applied.at(-1) ?? 'none'}).`);
  } catch (err) {
    return result('database', 'error', `The database does not answer: ${(err as Error).message.split('\n')[0]}.`, 'Check DATABASE_URL and that the database server runs (systemctl status postgresql).');
  } finally {
    await db.close().catch(() => undefined);
  }
}

async function checkSmtp(config: AppConfig, mailTo: string | undefined): Promise<CheckResult> {
  const from = config.mailFrom ?? `no-reply@${new URL(config.publicUrl).hostname}`;
  if (!config.smtpUrl) return result('smtp', 'warn', `SMTP_URL is not set: mails (password resets, invitations) are kept in ${config.dataDir}/outbox and nobody receives them.`, 'Set SMTP_URL=smtp://user:password@smtp.your-provider:587 in the environment file and restart.');
  const outcome = await smtpProbe(config.smtpUrl, from, mailTo, { allowPlaintextAuth: config.smtpAllowPlaintextAuth });
  if (outcome.ok) return result('smtp', 'ok', `The SMTP server answers and accepts ${from} as the sender${mailTo ? `; a test mail went to ${mailTo}` : ''}.`);
  return result('smtp', 'error', outcome.message, outcome.fix);
}

/** The public key of a DKIM record (`p=`), without spaces; undefined when the record has none. */
function dkimRecordKey(record: string): string | undefined {
  for (const part of record.split(';')) {
    const [tag, ...rest] = part.split('=');
    if (tag?.trim() === 'p') return rest.join('=').replace(/\s+/g, '');
  }
  return undefined;
}

/** With DKIM_PRIVATE_KEY and DKIM_SELECTOR: the key is one, and the domain's DNS record publishes its public half. */
async function checkDkim(config: AppConfig, probes: Probes): Promise<CheckResult | null> {
  if (!config.dkim) return null;
  const from = config.mailFrom ?? `no-reply@${new URL(config.publicUrl).hostname}`;
  const name = `${config.dkim.selector}._domainkey.${from.split('@')[1] ?? ''}`;
  let publicKey: string;
  try {
    publicKey = crypto.createPublicKey(config.dkim.privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  } catch {
    return result('dkim', 'error', 'DKIM_PRIVATE_KEY is not a private key that can sign: mails would go unsigned.', 'Put the whole PEM key (-----BEGIN PRIVATE KEY----- …) in DKIM_PRIVATE_KEY, line breaks written as \\n, and restart.');
  }
  if (!probes.txt) return result('dkim', 'ok', `Mails are signed with the key of selector ${config.dkim.selector}; its DNS record was not looked up.`);
  let records: string[][];
  try {
    records = await probes.txt(name);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return result('dkim', 'error', `There is no DKIM record at ${name}: receivers cannot check the signature, and may treat the mail as forged.`, `Publish a TXT record at ${name}: "v=DKIM1; k=rsa; p=${publicKey}".`);
    return result('dkim', 'warn', `The DKIM record at ${name} could not be looked up (${code ?? (err as Error).message}).`, 'Check that this machine can resolve DNS names, then run the doctor again.');
  }
  const published = records.map((r) => dkimRecordKey(r.join(''))).filter((k): k is string => k !== undefined);
  if (published.includes(publicKey)) return result('dkim', 'ok', `The DKIM record at ${name} publishes the public half of DKIM_PRIVATE_KEY.`);
  return result('dkim', 'error', `The DKIM record at ${name} does not match DKIM_PRIVATE_KEY: receivers will find every signature wrong.`, `Publish "v=DKIM1; k=rsa; p=${publicKey}" at ${name}, or set the private key that belongs to the published record.`);
}

async function checkBackups(config: AppConfig, probes: Probes): Promise<CheckResult> {
  if (!config.backupSchedule) return result('backup', 'warn', 'BACKUP_SCHEDULE is not set: no backup is taken unless someone takes one.', 'Set BACKUP_SCHEDULE="0 3 * * *" (every night at 03:00) in the environment file and restart.');
  const now = probes.now();
  const next = nextScheduledTime(config.backupSchedule, 'UTC', now);
  const after = next ? nextScheduledTime(config.backupSchedule, 'UTC', next) : null;
  const period = next && after ? after.getTime() - next.getTime() : 86_400_000;
  let last: Date | undefined;
  try {
    last = await probes.lastVerifiedBackup(config);
  } catch (err) {
    return result('backup', 'error', `The backup records could not be read: ${(err as Error).message.split('\n')[0]}.`, 'Fix the database first (see the database check).');
  }
  if (!last) return result('backup', 'warn', `No backup has been verified yet; the first scheduled one is at ${next?.toISOString() ?? 'an unknown time'}.`, 'Take one now: Backups in the staff app, or npm run cli -- backup.');
  const age = now.getTime() - last.getTime();
  if (age > 2 * period) return result('backup', 'error', `The last verified backup is from ${last.toISOString()}, more than two scheduled periods ago: scheduled backups are failing or the service was down.`, 'Look at Backups in the staff app for the failure, and at journalctl -u ngo-site; then take one with npm run cli -- backup.');
  return result('backup', 'ok', `The last verified backup is from ${last.toISOString()}.`);
}

async function checkCertificate(config: AppConfig, probes: Probes): Promise<CheckResult> {
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:') return result('certificate', config.production ? 'error' : 'ok', `PUBLIC_URL is not https: there is no certificate to check.`, config.production ? 'See the public-url check.' : '');
  let cert: PeerCertificate;
  try {
    cert = await probes.peerCertificate(url.hostname, Number(url.port || 443));
  } catch (err) {
    return result('certificate', 'error', `${url.host} does not answer over HTTPS: ${(err as Error).message}.`, 'Check that DNS points at this server, ports 80 and 443 are open and the proxy runs (systemctl status caddy, or nginx).');
  }
  const days = Math.floor((cert.validTo.getTime() - probes.now().getTime()) / 86_400_000);
  if (days < 0) return result('certificate', 'error', `The certificate of ${url.hostname} expired on ${cert.validTo.toISOString().slice(0, 10)}: browsers refuse the site.`, 'Caddy: journalctl -u caddy shows why it was not renewed. nginx: sudo certbot renew, then systemctl reload nginx.');
  if (cert.problem) return result('certificate', 'error', `Browsers do not trust the certificate of ${url.hostname}: ${cert.problem}.`, 'Let the proxy obtain one from Let\'s Encrypt (DNS must point here first; see journalctl -u caddy or certbot certificates).');
  if (days < certificateWarnDays) return result('certificate', 'warn', `The certificate of ${url.hostname} ends in ${days} day(s) (${cert.validTo.toISOString().slice(0, 10)}): it should have been renewed at 30 days.`, 'Caddy: journalctl -u caddy. nginx: sudo certbot renew --dry-run shows what fails.');
  return result('certificate', 'ok', `The certificate of ${url.hostname} is trusted and valid for ${days} more days.`);
}

/** Through the proxy, the server must see the visitor's address, and never an X-Forwarded-For a visitor wrote. */
async function checkTrustProxy(config: AppConfig, probes: Probes): Promise<CheckResult> {
  let answer;
  try {
    answer = await probes.get(`${config.publicUrl}${apiPaths.clientAddress}`, { 'x-forwarded-for': forgedAddress });
  } catch (err) {
    return result('trust-proxy', 'error', `${config.publicUrl} does not answer: ${(err as Error).message}.`, 'Start the service and the proxy (systemctl status ngo-site caddy), and check DNS.');
  }
  const seen = z.object({ ip: z.string() }).safeParse(answer.status === 200 ? JSON.parse(answer.body || '{}') : {});
  if (!seen.success) return result('trust-proxy', 'error', `${config.publicUrl}${apiPaths.clientAddress} answered ${answer.status}: PUBLIC_URL does not lead to this site.`, 'Check the proxy configuration and DNS.');
  const ip = seen.data.ip.replace(/^::ffff:/, '');
  const mine = answer.localAddress.replace(/^::ffff:/, '');
  if (ip === forgedAddress) return result('trust-proxy', 'error', `A forged X-Forwarded-For from outside is believed: the site took ${forgedAddress}, written by the visitor, as their address (sign-in limits and logs can be fooled).`, `Set TRUST_PROXY=${proxyAddress} (the proxy's address, not true), and let the proxy replace X-Forwarded-For (nginx: proxy_set_header X-Forwarded-For $remote_addr).`);
  if (ip !== mine) return result('trust-proxy', 'error', `Through the proxy the site sees ${ip} instead of the visitor's ${mine}: every visitor looks the same, so one visitor's sign-in attempts lock out everybody.`, `Set TRUST_PROXY=${proxyAddress} in the environment file and restart.`);
  return result('trust-proxy', 'ok', `Through the proxy the site sees the visitor's address (${mine}) and ignores a forged X-Forwarded-For.`);
}

const healthAnswer = z.object({ status: z.literal('ok'), shared: z.string() });

/**
 * Several instances (INSTANCE_PORTS, written by setup --instances): each one
 * answers its health check, and each works on the database, Redis and media
 * folder of the environment file (its `shared` value is the one computed
 * here from that file; an instance started with other settings differs).
 */
async function checkInstances(env: Record<string, string | undefined>, config: AppConfig, probes: Probes): Promise<CheckResult | null> {
  const listed = env[instancePortsVariable]?.trim();
  if (!listed) return null;
  const ports = listed.split(/\s+/).map(Number);
  if (ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) return result('instances', 'error', `${instancePortsVariable}="${listed}" is not a list of ports.`, 'Run setup --instances N again, which writes it.');
  if (!isPostgresUrl(config.databaseUrl)) return result('instances', 'error', `${ports.length} instances on SQLite: only one process may write a SQLite database.`, 'Set DATABASE_URL to a PostgreSQL database (setup --database-url), or run one instance (setup --instances 1).');
  if (!config.redisUrl) return result('instances', 'error', `${ports.length} instances without REDIS_URL: each would keep its own sign-in throttles and rate limits, so they would allow ${ports.length} times what they should.`, 'Set REDIS_URL (setup --redis-url) and restart the instances.');
  let secret = env.AUTH_SECRET;
  try {
    secret ??= fs.readFileSync(path.join(config.dataDir, 'auth-secret'), 'utf8').trim();
  } catch (err) {
    return result('instances', 'warn', `Whether the instances share the database, Redis and media could not be checked: ${path.join(config.dataDir, 'auth-secret')} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`, 'Run the doctor with sudo, after the first start.');
  }
  const expected = sharedStateDigest({ ...config, authSecret: secret });
  const silent: { port: number; why: string }[] = [];
  const apart: number[] = [];
  await Promise.all(
    ports.map(async (port) => {
      try {
        const answer = await probes.get(`http://${proxyAddress}:${port}${apiPaths.health}`, {});
        const health = answer.status === 200 ? healthAnswer.safeParse(JSON.parse(answer.body || '{}')) : null;
        if (!health?.success) silent.push({ port, why: `answered ${answer.status}` });
        else if (health.data.shared !== expected) apart.push(port);
      } catch (err) {
        silent.push({ port, why: (err as Error).message });
      }
    }),
  );
  // In the order of the ports, whatever order the answers came in.
  silent.sort((a, b) => a.port - b.port);
  apart.sort((a, b) => a - b);
  if (silent.length > 0) return result('instances', 'error', `${silent.length} of ${ports.length} instances do not answer: ${silent.map((s) => `${s.port} (${s.why})`).join(', ')}.`, `sudo systemctl status ${ports.map((p) => `ngo-site@${p}`).join(' ')}, and journalctl -u ngo-site@PORT for why one stopped.`);
  if (apart.length > 0) return result('instances', 'error', `The instances on ${apart.join(', ')} do not work on the database, Redis and media folder of the environment file: visitors would see different sites.`, 'Start every instance from the same environment file (the template unit setup writes does): sudo systemctl restart ngo-site@PORT.');
  return result('instances', 'ok', `All ${ports.length} instances answer (${ports.join(', ')}) and share the database, Redis and the media folder.`);
}

/** Runs the checks in a fixed order; the quick ones only when `quick`. */
export async function runChecks(input: DoctorInput): Promise<CheckResult[]> {
  const { probes } = input;
  const quick = input.quick ?? false;
  const checks: CheckResult[] = [checkNode(probes.nodeVersion)];
  let config: AppConfig;
  try {
    // Without AUTH_SECRET, reading the configuration would create DATA_DIR/auth-secret: the doctor creates nothing.
    config = configFromEnv({ ...input.env, AUTH_SECRET: input.env.AUTH_SECRET ?? 'x'.repeat(32) });
    checks.push(result('config', 'ok', 'The configuration is valid.'));
  } catch (err) {
    checks.push(result('config', 'error', (err as Error).message, `Correct it in ${input.envFile ?? 'the environment'} and restart.`));
    return checks;
  }
  checks.push(checkPublicUrl(config));
  checks.push(checkServiceUser(probes));
  checks.push(checkFolder('data-dir', 'DATA_DIR', config.dataDir, probes, quick));
  const backupDir = config.backupDir ?? path.join(config.dataDir, 'backups');
  if (fs.existsSync(backupDir)) checks.push(checkFolder('backup-dir', 'BACKUP_DIR', backupDir, probes, quick));
  else if (backupDir.startsWith(config.dataDir + path.sep)) checks.push(result('backup-dir', 'ok', `BACKUP_DIR ${backupDir} is made inside DATA_DIR at the first backup.`));
  else checks.push(result('backup-dir', 'error', `BACKUP_DIR ${backupDir} does not exist: backups fail.`, `Create it for the service user: sudo install -d -m 0750 -o ngo-site -g ngo-site ${backupDir}, and add it to ReadWritePaths= in the unit (sudo systemctl edit ngo-site).`));
  checks.push(checkSecretFiles(config, input.envFile));
  checks.push(await checkDisk(config.dataDir, probes));
  checks.push(checkMemory(probes));
  if (quick) return checks;
  checks.push(await checkDatabase(config));
  checks.push(await checkSmtp(config, input.mailTo));
  const dkim = await checkDkim(config, probes);
  if (dkim) checks.push(dkim);
  checks.push(await checkBackups(config, probes));
  checks.push(await checkCertificate(config, probes));
  checks.push(await checkTrustProxy(config, probes));
  const instances = await checkInstances(input.env, config, probes);
  if (instances) checks.push(instances);
  return checks;
}

export function exitCodeOf(checks: readonly CheckResult[]): 0 | 1 | 2 {
  if (checks.some((c) => c.status === 'error')) return 2;
  if (checks.some((c) => c.status === 'warn')) return 1;
  return 0;
}

export interface SystemProbeOptions {
  /** The user the service runs as: from the unit file's User=, else the current process. */
  unitFile?: string | undefined;
  /** The service user as already read from the unit (the doctor reads it before it stops being root). */
  user?: { name: string; uid: number; gid: number } | undefined;
  /** Extra trusted roots (tests: the local ACME server's). */
  ca?: string | undefined;
  /** Where PUBLIC_URL's host resolves to (tests); the system's resolver when absent. */
  resolveTo?: string | undefined;
  /** The local address requests leave from (tests: 127.0.0.2, so the proxy's own 127.0.0.1 is told apart). */
  localAddress?: string | undefined;
}

function passwdEntry(name: string): { name: string; uid: number; gid: number } | undefined {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [n, , uid, gid] = line.split(':');
      if (n === name) return { name, uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // no passwd file: unknown
  }
  return undefined;
}

/** The service user named by a unit file's User= (root when it has none), or undefined without a unit. */
export function unitUser(unitFile: string): { name: string; uid: number; gid: number } | undefined {
  if (!fs.existsSync(unitFile)) return undefined;
  const name = /^User=(\S+)/m.exec(fs.readFileSync(unitFile, 'utf8'))?.[1] ?? 'root';
  return passwdEntry(name) ?? (name === 'root' ? { name, uid: 0, gid: 0 } : undefined);
}

export function systemProbes(options: SystemProbeOptions = {}): Probes {
  const lookup: net.LookupFunction | undefined = options.resolveTo
    ? (_host, opts, cb) => {
        const address = options.resolveTo!;
        const family = net.isIPv6(address) ? 6 : 4;
        if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
        else cb(null, address, family);
      }
    : undefined;
  return {
    nodeVersion: process.version,
    now: () => new Date(),
    async diskSpace(dir) {
      const s = await fs.promises.statfs(dir);
      return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
    },
    memory: () => ({ total: os.totalmem(), free: os.freemem() }),
    serviceUser() {
      if (options.user) return options.user;
      if (options.unitFile) return unitUser(options.unitFile);
      const uid = process.getuid?.();
      const gid = process.getgid?.();
      if (uid === undefined || gid === undefined) return undefined;
      return { name: os.userInfo().username, uid, gid };
    },
    get(url, headers) {
      const u = new URL(url);
      const mod = u.protocol === 'https:' ? https : http;
      return new Promise((resolve, reject) => {
        const req = mod.request(u, { method: 'GET', headers, timeout: 10_000, ...(lookup ? { lookup } : {}), ...(options.ca ? { ca: [...tls.rootCertificates, options.ca] } : {}), ...(options.localAddress ? { localAddress: options.localAddress } : {}), agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, localAddress: res.socket.localAddress ?? '' }));
        });
        req.on('timeout', () => req.destroy(new Error('no answer in 10 s')));
        req.on('error', reject);
        req.end();
      });
    },
    peerCertificate(host, port) {
      return new Promise((resolve, reject) => {
        const socket = tls.connect({ host, port, servername: host, rejectUnauthorized: false, timeout: 10_000, ...(lookup ? { lookup } : {}), ...(options.ca ? { ca: [...tls.rootCertificates, options.ca] } : {}) }, () => {
          const cert = socket.getPeerCertificate();
          const problem = socket.authorized ? null : String(socket.authorizationError ?? 'not trusted');
          socket.end();
          if (!cert.valid_to) return reject(new Error('no certificate was sent'));
          resolve({ validTo: new Date(cert.valid_to), problem });
        });
        socket.on('timeout', () => socket.destroy(new Error('no answer in 10 s')));
        socket.on('error', reject);
      });
    },
    async lastVerifiedBackup(config) {
      if (!isPostgresUrl(config.databaseUrl) && !fs.existsSync(sqliteFile(config))) return undefined;
      const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        return await lastVerifiedBackupAt(db.kysely);
      } finally {
        await db.close().catch(() => undefined);
      }
    },
    txt: (name) => dns.promises.resolveTxt(name),
  };
}
