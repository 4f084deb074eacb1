/**
 * What `setup` writes on a server, as text: the environment file, the systemd
 * unit and the reverse proxy's configuration (Caddy, or nginx with certbot).
 * Pure functions of the choices, so `--dry-run`, `--prefix` and the tests see
 * exactly what a real run installs. The paths here are the installed ones.
 */
import path from 'node:path';
import { z } from 'zod';
import { scheduleProblem } from '../backup/schedule.js';
import nodeFlags from '../node-flags.json' with { type: 'json' };
import { apiPaths } from '../../shared/api-paths.js';

/** The first line of every file setup writes: a file without it was not written by setup. */
export const writtenBySetup = '# Written by `npm run cli -- setup` (ngo-site).';

/** In DATA_DIR: the folder was made by setup, so a later run may use it again (any other non-empty folder is refused). */
export const dataDirMarker = '.ngo-site-data-dir';

export const serviceName = 'ngo-site';

/** A value the environment file can hold in double quotes, read the same by systemd and by the doctor. */
const envValue = z.string().refine((v) => !/["\\\n\r$`]/.test(v), 'must not contain quotes, backslashes, $, ` or line breaks');

const domainSchema = z
  .string({ error: 'is required: the site\'s address, such as example.org' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as example.org (no https://, no path)');

/** Folders of the system itself: never the site's folder (setup chowns DATA_DIR to the service user and opens it with ReadWritePaths=). */
export const systemFolders: readonly string[] = [
  '/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/libx32', '/media', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/snap', '/srv', '/sys', '/tmp',
  '/usr', '/usr/bin', '/usr/lib', '/usr/lib64', '/usr/libexec', '/usr/local', '/usr/local/bin', '/usr/local/lib', '/usr/local/sbin', '/usr/local/share', '/usr/sbin', '/usr/share', '/usr/src',
  '/var', '/var/backups', '/var/cache', '/var/lib', '/var/local', '/var/lock', '/var/log', '/var/mail', '/var/opt', '/var/run', '/var/spool', '/var/tmp', '/var/www',
];

/** Trees the site's data never belongs in: the system's programs and settings, what the kernel shows, and temporary folders the service does not see (PrivateTmp). */
const notForData = ['/bin', '/boot', '/dev', '/etc', '/lib', '/lib32', '/lib64', '/libx32', '/proc', '/run', '/sbin', '/sys', '/tmp', '/usr', '/var/tmp'];

function within(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent === '/' ? '/' : `${parent}/`);
}

/**
 * A path setup writes into the unit, the environment file and a chown: plain
 * characters only (a line break or a quote would add unit or environment
 * lines, a space would split ReadWritePaths=), absolute, without `..`, and
 * normalised (no `//`, `/./` or trailing `/`).
 */
const plainPath = z
  .string()
  .regex(/^\/[A-Za-z0-9._+@/-]*$/, 'must be a plain absolute path such as /opt/ngo-site: letters, digits and . _ - + @ / only (no spaces, quotes or line breaks)')
  .refine((p) => !p.split('/').includes('..'), 'must not contain ".." (give the folder itself)')
  .transform((p) => path.posix.normalize(p).replace(/(.)\/+$/, '$1'));

/** A folder of its own for the site: not / nor a folder of the system (a typo such as /var/lib must not be handed to the service user). */
const ownFolder = plainPath.refine((p) => !systemFolders.includes(p), {
  error: (issue) => `${String(issue.input)} is a folder of the system, not one of the site's own: give a folder for the site alone, such as /opt/ngo-site or /var/lib/ngo-site`,
});

export const setupChoicesSchema = z.object({
  domain: domainSchema,
  email: z.email({ error: (issue) => (issue.input === undefined ? 'is required: the admin\'s e-mail, such as admin@example.org' : 'must be an e-mail address such as admin@example.org') }),
  smtpUrl: envValue
    .optional()
    .refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), 'must look like smtp://user@host:587 or smtps://user@host:465'),
  mailFrom: z.email('must be an e-mail address such as website@example.org').optional(),
  backupSchedule: envValue
    .superRefine((v, ctx) => {
      const problem = scheduleProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default('0 3 * * *'),
  proxy: z.enum(['caddy', 'nginx']).default('caddy'),
  /** The port the server listens on, on 127.0.0.1 only (the proxy is the way in). */
  port: z.coerce.number().int().min(1024).max(65535).default(3000),
  /** Where the built site is (a checkout after `npm ci && npm run build`). */
  installDir: ownFolder.default('/opt/ngo-site'),
  /** Owned by the service user (chown -R) and the one folder it may write (ReadWritePaths=). */
  dataDir: ownFolder
    .refine((p) => !notForData.some((tree) => within(p, tree)), 'must not be inside /etc, /usr, /boot, /dev, /proc, /sys, /run or a temporary folder: use a folder such as /var/lib/ngo-site')
    .default('/var/lib/ngo-site'),
  /** The Node.js the service runs (22 or 24; not under /home or /root, which the service cannot see). */
  node: plainPath.refine((p) => p !== '/', 'must be the path of the node program, such as /opt/node-24/bin/node'),
  user: z
    .string()
    .regex(/^[a-z_][a-z0-9_-]{0,31}$/, 'must be a system user name such as ngo-site')
    .refine((u) => u !== 'root', 'must not be root: the service runs as a system user of its own, such as ngo-site')
    .default(serviceName),
  /** The first super-admin's password (generated by setup). */
  bootstrapPassword: envValue.optional(),
  /** How many server processes run behind the proxy, on `port`, `port + 1`, … (more than one needs PostgreSQL and Redis). */
  instances: z.coerce.number().int().min(1, 'must be a whole number from 1 to 16').max(16, 'must be a whole number from 1 to 16').default(1),
  /** PostgreSQL, shared by every instance (SQLite serves one process). */
  databaseUrl: envValue.optional().refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v), 'must look like postgres://user@host:5432/database'),
  /** Redis, shared by every instance (sign-in throttles, rate limits). */
  redisUrl: envValue.optional().refine((v) => v === undefined || /^rediss?:\/\/[^\s]+$/.test(v), 'must look like redis://host:6379'),
}).superRefine((c, ctx) => {
  if (c.instances > 1 && !c.databaseUrl) ctx.addIssue({ code: 'custom', path: ['databaseUrl'], message: `is required with --instances ${c.instances}: every instance works on one PostgreSQL database (SQLite serves one process), such as postgres://ngo@127.0.0.1:5432/ngo_site` });
  if (c.instances > 1 && !c.redisUrl) ctx.addIssue({ code: 'custom', path: ['redisUrl'], message: `is required with --instances ${c.instances}: the instances share sign-in throttles and rate limits in Redis, such as redis://127.0.0.1:6379` });
  if (c.port + c.instances - 1 > 65535) ctx.addIssue({ code: 'custom', path: ['port'], message: `${c.port} leaves no room for ${c.instances} instances (ports ${c.port} to ${c.port + c.instances - 1})` });
  // DATA_DIR is handed to the service user: holding the code (or inside it) would let the service rewrite what it runs.
  if (within(c.dataDir, c.installDir) || within(c.installDir, c.dataDir)) ctx.addIssue({ code: 'custom', path: ['dataDir'], message: `${c.dataDir} and --install-dir ${c.installDir} must be separate folders: the service user owns the data folder and must not be able to change the site's code` });
});
export type SetupChoices = z.infer<typeof setupChoicesSchema>;

/** Where each installed file goes (without the prefix). */
export const installedPaths = {
  envFile: `/etc/${serviceName}/${serviceName}.env`,
  unit: `/etc/systemd/system/${serviceName}.service`,
  /** The unit of several instances: `ngo-site@3000.service` runs the one on port 3000. */
  unitTemplate: `/etc/systemd/system/${serviceName}@.service`,
  caddyfile: '/etc/caddy/Caddyfile',
  nginxHttp: `/etc/nginx/sites-available/${serviceName}.conf`,
  nginxHttps: `/etc/nginx/sites-available/${serviceName}-https.conf`,
  acmeWebroot: `/var/www/${serviceName}-acme`,
  letsencryptLive: '/etc/letsencrypt/live',
} as const;

/** The address the proxy connects from, and so the only one the server believes X-Forwarded-For from. */
export const proxyAddress = '127.0.0.1';

export function publicUrlOf(choices: Pick<SetupChoices, 'domain'>): string {
  return `https://${choices.domain}`;
}

/** The ports the instances listen on, one each. */
export function instancePorts(c: Pick<SetupChoices, 'port' | 'instances'>): number[] {
  return Array.from({ length: c.instances }, (_, i) => c.port + i);
}

/** The systemd units that run the site: the one service, or one instance of the template per port. */
export function serviceUnits(c: Pick<SetupChoices, 'port' | 'instances'>): string[] {
  return c.instances === 1 ? [serviceName] : instancePorts(c).map((port) => `${serviceName}@${port}`);
}

/** The environment file's list of the instances' ports (the doctor asks each one). */
export const instancePortsVariable = 'INSTANCE_PORTS';

/** The units an environment file setup wrote ran: one per port of INSTANCE_PORTS, or the one service. */
export function serviceUnitsOfEnv(env: Readonly<Record<string, string>>): string[] {
  const listed = env[instancePortsVariable]?.trim();
  if (!listed) return [serviceName];
  return listed.split(/\s+/).filter((p) => /^\d{1,5}$/.test(p)).map((port) => `${serviceName}@${port}`);
}

/** The environment the service starts with (the secrets stay in this file, mode 0600). */
export function envEntries(c: SetupChoices): [string, string][] {
  const entries: [string, string][] = [
    ['NODE_ENV', 'production'],
    ['HOST', proxyAddress],
    // Several instances: each unit sets its own PORT (a PORT here would win over the unit's).
    c.instances === 1 ? ['PORT', String(c.port)] : [instancePortsVariable, instancePorts(c).join(' ')],
    ['DATA_DIR', c.dataDir],
    ['PUBLIC_URL', publicUrlOf(c)],
    ['TRUST_PROXY', proxyAddress],
    ['MAIL_FROM', c.mailFrom ?? `no-reply@${c.domain}`],
    ['BACKUP_SCHEDULE', c.backupSchedule],
  ];
  if (c.smtpUrl) entries.push(['SMTP_URL', c.smtpUrl]);
  if (c.databaseUrl) entries.push(['DATABASE_URL', c.databaseUrl]);
  if (c.redisUrl) entries.push(['REDIS_URL', c.redisUrl]);
  entries.push(['BOOTSTRAP_SUPER_EMAIL', c.email]);
  if (c.bootstrapPassword) entries.push(['BOOTSTRAP_SUPER_PASSWORD', c.bootstrapPassword]);
  return entries;
}

export function renderEnvFile(c: SetupChoices): string {
  const lines = [
    writtenBySetup,
    `# The service's settings (docs/deployment.md). After a change: sudo systemctl restart ${serviceName}`,
    '# BOOTSTRAP_SUPER_PASSWORD is the first sign-in only: change it on /account, then delete the line.',
    ...envEntries(c).map(([k, v]) => `${k}="${v}"`),
  ];
  return lines.join('\n') + '\n';
}

/** Reads an environment file as systemd's EnvironmentFile= does for the lines setup writes (KEY=value, KEY="value", # comments). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    if (value.length >= 2 && ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))) value = value.slice(1, -1);
    out[m[1]!] = value;
  }
  return out;
}

export function renderUnit(c: SetupChoices): string {
  const several = c.instances > 1;
  return `${writtenBySetup}
[Unit]
Description=NGO website and content manager (${c.domain})${several ? ', the instance on port %i' : ''}
Documentation=file://${c.installDir}/docs/deployment.md
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=${c.user}
Group=${c.user}
WorkingDirectory=${c.installDir}
EnvironmentFile=${installedPaths.envFile}
# As \`npm start\` runs it, without the build (setup and upgrades build as root).
Environment=NODE_ENV=production${several ? '\n# The instance name is its port: ngo-site@3001 listens on 3001.\nEnvironment=PORT=%i' : ''}
ExecStart=${c.node} ${nodeFlags.flags.join(' ')} ${c.installDir}/dist/server/main.js
Restart=on-failure
RestartSec=5
TimeoutStopSec=30
UMask=0027

# Hardening. Not MemoryDenyWriteExecute: V8's compiler writes machine code it then runs.
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=${c.dataDir}
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
PrivateUsers=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
ProtectProc=invisible
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
RemoveIPC=yes
KeyringMode=private
DevicePolicy=closed
CapabilityBoundingSet=
AmbientCapabilities=
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallFilter=~@privileged
SystemCallErrorNumber=EPERM

[Install]
WantedBy=multi-user.target
`;
}

/** How long the proxy keeps trying other instances for a request whose instance does not answer, and how often it asks each one's health. */
export const proxyRetrySeconds = 5;
export const healthIntervalSeconds = 2;

export function renderCaddyfile(c: SetupChoices): string {
  const upstreams = instancePorts(c).map((port) => `${proxyAddress}:${port}`).join(' ');
  const proxy =
    c.instances === 1
      ? `\treverse_proxy ${upstreams}`
      : `\t# Several instances: a request goes to the next one when an instance does not answer (a refused
\t# connection, for any request; other failures only for GET and HEAD, which can be sent twice), and an
\t# instance whose health check fails gets nothing until it answers again.
\treverse_proxy ${upstreams} {
\t\tlb_policy round_robin
\t\tlb_try_duration ${proxyRetrySeconds}s
\t\tlb_try_interval 250ms
\t\tfail_duration 10s
\t\thealth_uri ${apiPaths.health}
\t\thealth_interval ${healthIntervalSeconds}s
\t\thealth_timeout 2s
\t}`;
  return `${writtenBySetup}
# Caddy obtains and renews the certificate itself (Let's Encrypt) and sends
# http:// to https://. The site sets its own headers (HSTS, CSP, caching,
# ETag, compression): Caddy passes them on unchanged.
{
\temail ${c.email}
}

${c.domain} {
${proxy}
}
`;
}

/** Port 80: Let's Encrypt's HTTP challenge (certbot --webroot) and a redirect to https for everything else. */
export function renderNginxHttp(c: SetupChoices): string {
  return `${writtenBySetup}
server {
    listen 80;
    listen [::]:80;
    server_name ${c.domain};
    location /.well-known/acme-challenge/ {
        root ${installedPaths.acmeWebroot};
    }
    location / {
        return 301 https://$host$request_uri;
    }
}
`;
}

/** Port 443 once certbot has the certificate. The site's own headers pass through; X-Forwarded-For is replaced, never appended to. */
export function renderNginxHttps(c: SetupChoices): string {
  const live = `${installedPaths.letsencryptLive}/${c.domain}`;
  const several = c.instances > 1;
  return `${writtenBySetup}
# Connections to the site are kept open between requests (keepalive), as Caddy does.${
    several
      ? `
# Several instances: an instance that refuses or fails a request is left alone for 10 s; the request goes
# to the next one (proxy_next_upstream below: never a POST, PUT, PATCH or DELETE, which nginx does not send twice).`
      : ''
  }
upstream ngo_site {
${instancePorts(c)
  .map((port) => `    server ${proxyAddress}:${port}${several ? ' max_fails=1 fail_timeout=10s' : ''};`)
  .join('\n')}
    keepalive 32;
}

server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name ${c.domain};
    ssl_certificate ${live}/fullchain.pem;
    ssl_certificate_key ${live}/privkey.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:ngo_site:10m;
    client_max_body_size 100m;
    location / {
        proxy_pass http://ngo_site;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto https;
        proxy_set_header X-Forwarded-Host $host;
        proxy_buffering off;${
          several
            ? `
        proxy_next_upstream error timeout http_502 http_503 http_504;
        proxy_next_upstream_tries ${c.instances};
        proxy_next_upstream_timeout ${proxyRetrySeconds}s;`
            : ''
        }
    }
}
`;
}

export interface PlannedFile {
  path: string;
  content: string;
  mode: number;
}

/** Every file setup writes for these choices, in the order it writes them. */
export function plannedFiles(c: SetupChoices): PlannedFile[] {
  const files: PlannedFile[] = [
    { path: installedPaths.envFile, content: renderEnvFile(c), mode: 0o600 },
    { path: c.instances === 1 ? installedPaths.unit : installedPaths.unitTemplate, content: renderUnit(c), mode: 0o644 },
  ];
  if (c.proxy === 'caddy') files.push({ path: installedPaths.caddyfile, content: renderCaddyfile(c), mode: 0o644 });
  else {
    files.push({ path: installedPaths.nginxHttp, content: renderNginxHttp(c), mode: 0o644 });
    files.push({ path: installedPaths.nginxHttps, content: renderNginxHttps(c), mode: 0o644 });
  }
  return files;
}
